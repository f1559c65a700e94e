"""A report's figures by path ("games.3.prize"), compared: what changed between two versions, the figures a live
module recorded that the report changes, and a path in words for the Board."""

from __future__ import annotations

from django.utils.translation import gettext as _

from licensing.reports.content.schema import SCHEMAS, section


def flatten(data: dict, kind: str) -> dict[str, object]:
    """Every figure of the document by path: "admissions.count", "games.3.prize" (rows count from 1).
    A record holds only the parts, and in them only the fields, its module recorded: the others are no
    figure of it (a cleaned report holds every field)."""
    flat: dict[str, object] = {}
    for found in SCHEMAS[kind]:
        if found.name not in data:
            continue
        value = data.get(found.name)
        if found.many:
            for index, row in enumerate(value or [], start=1):
                for field in found.fields:
                    if field.name in row:
                        flat[f"{found.name}.{index}.{field.name}"] = row[field.name]
        else:
            for field in found.fields:
                if field.name in (value or {}):
                    flat[f"{found.name}.{field.name}"] = value[field.name]
    return flat


def diff(kind: str, old: dict, new: dict) -> list[dict]:
    """What changed between two versions, path by path, in schema order: [{path, old, new}]."""
    before, after = flatten(old, kind), flatten(new, kind)
    paths = list(before) + [p for p in after if p not in before]
    changes = [{"path": p, "old": before.get(p), "new": after.get(p)} for p in paths
               if before.get(p) != after.get(p)]
    old_reasons, new_reasons = old.get("corrections", {}), new.get("corrections", {})
    for path in sorted(set(old_reasons) | set(new_reasons)):
        if old_reasons.get(path) != new_reasons.get(path):
            changes.append({"path": f"corrections.{path}", "old": old_reasons.get(path),
                            "new": new_reasons.get(path)})
    return changes


def corrected_figures(kind: str, recorded: dict, data: dict) -> list[dict]:
    """The figures the live module recorded that the report changes: [{path, recorded, reported, reason}].
    Only paths the record holds count; a row the organization added is no correction."""
    if not recorded:
        return []
    held, reported = flatten(recorded, kind), flatten(data, kind)
    reasons = data.get("corrections", {})
    return [{"path": path, "recorded": value, "reported": reported.get(path), "reason": reasons.get(path, "")}
            for path, value in held.items() if reported.get(path) != value]


def label_of(kind: str, path: str) -> str:
    """A path in words: "Games, row 3: Prize"."""
    parts = path.split(".")
    try:
        found = section(kind, parts[0])
    except KeyError:
        return path
    if found.many and len(parts) == 3 and parts[1].isdigit():
        try:
            return _("%(section)s, row %(row)s: %(field)s") % {
                "section": found.label, "row": parts[1], "field": found.field(parts[2]).label}
        except StopIteration:
            return path
    if not found.many and len(parts) == 2:
        try:
            return f"{found.label}: {found.field(parts[1]).label}"
        except StopIteration:
            return path
    return str(found.label)

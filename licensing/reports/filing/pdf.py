"""An event financial report as a PDF (WeasyPrint, like licensing.licenses.certificates): every part of the
report as filed, the totals, each recorded figure the organization corrected with both values and the
reason (30 DCMR 1410), and the compliance findings kept at submission.

The document is driven by the report's schema (licensing.reports.content.schema), so a part added there is printed
without touching this module. A regulated record: always in English."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.money import money_text
from licensing.models import Report
from licensing.reports.content import schema
from licensing.reports.content.changes import corrected_figures, flatten, label_of
from licensing.reports.content.totals import totals as report_totals

DASH = "—"
TOTAL_LABELS = (
    ("handle", gettext_lazy("Handle: bingo cards (30 DCMR 9900)")),
    ("charity_tickets", gettext_lazy("Charity game tickets sold (not handle)")),
    ("gross_receipts", gettext_lazy("Gross receipts")),
    ("prizes", gettext_lazy("Prizes")),
    ("expenses", gettext_lazy("Expenses and reimbursements")),
    ("net_proceeds", gettext_lazy("Net proceeds")),
    ("disbursed", gettext_lazy("Used for the lawful purpose")),
)


money = money_text  # one way to write an amount (core.money)


def shown(field: schema.Field | None, value) -> str:
    """A figure as the report prints it."""
    if value is None or value == "":
        return DASH
    kind = field.type if field is not None else None
    if kind == schema.MONEY:
        return money(value)
    if kind == schema.BOOL:
        return _("Yes") if value else _("No")
    if kind == schema.CHOICE:
        return str(dict(field.choices).get(value, value))
    return str(value)


def _field_of(kind: str, path: str) -> schema.Field | None:
    parts = path.split(".")
    try:
        return schema.section(kind, parts[0]).field(parts[-1])
    except (KeyError, StopIteration):
        return None


def _cell(field: schema.Field, value, path: str, marks: dict[str, str]) -> dict:
    return {"text": shown(field, value), "money": field.type == schema.MONEY, "mark": marks.get(path, "")}


def _marks(report: Report) -> dict[str, str]:
    """R on a figure reported as the live module recorded it, C on one the organization corrected."""
    held = flatten(report.recorded, report.kind) if report.recorded else {}
    corrected = {change["path"] for change in corrected_figures(report.kind, report.recorded, report.data)}
    return {path: "C" if path in corrected else "R" for path in held}


def _sections(report: Report, recorded: dict[str, str]) -> list[dict]:
    found = []
    for section in schema.sections(report.kind):
        value = report.data.get(section.name)
        entry = {"name": section.name, "label": section.label, "hint": section.hint, "many": section.many}
        if section.many:
            entry["columns"] = [{"label": f.label, "money": f.type == schema.MONEY} for f in section.fields]
            entry["rows"] = [[_cell(f, row.get(f.name), f"{section.name}.{index}.{f.name}", recorded)
                              for f in section.fields] for index, row in enumerate(value or [], start=1)]
        else:
            entry["items"] = [{"label": f.label, **_cell(f, (value or {}).get(f.name), f"{section.name}.{f.name}",
                                                         recorded)} for f in section.fields]
        found.append(entry)
    return found


def _corrections(report: Report) -> list[dict]:
    return [{"figure": label_of(report.kind, change["path"]), "path": change["path"],
             "recorded": shown(_field_of(report.kind, change["path"]), change["recorded"]),
             "reported": shown(_field_of(report.kind, change["path"]), change["reported"]),
             "reason": change["reason"] or _("No reason given")}
            for change in corrected_figures(report.kind, report.recorded, report.data)]


def report_context(report: Report) -> dict:
    license = report.license
    recorded = _marks(report)
    totals = report_totals(report.kind, report.data).as_dict()
    return {
        "report": report,
        "license": license,
        "organization": report.organization,
        "sections": _sections(report, recorded),
        "totals": [{"label": label, "amount": money(totals[name])} for name, label in TOTAL_LABELS],
        "corrections": _corrections(report),
        "findings": [{"rule": f.get("rule", ""), "message": f.get("message", ""),
                      "figure": label_of(report.kind, f["field"]) if f.get("field") else ""}
                     for f in report.findings or []],
        "has_recorded": bool(recorded),
        "previous": report.previous,
    }


def report_html(report: Report) -> str:
    with translation.override("en"):
        return render_to_string("licensing/reports/filing/report_pdf.html", report_context(report))


def report_pdf(report: Report) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    return HTML(string=report_html(report), base_url=str(settings.BASE_DIR)).write_pdf()

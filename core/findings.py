"""Findings: the outcome of a rule check, always carrying its regulation citation.

A blocking finding stops a write; `RuleViolation` turns findings into a
ValidationError that forms show inline and the API returns as a 400 naming the
field and the rule."""

import re
from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

# A message some engines and checks begin with the input it concerns: "date_of_birth: ...", "hand_start: ...",
# "occasions[2].date: ...", "settings.decks: ...". A reader sees messages in words, never a field's name: the
# field travels beside the message (Finding.field, the API's "field"), so the name is dropped from the words.
_MACHINE_NAME = re.compile(
    r"^(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\[[^\]]*\])?(?:\.[a-z0-9_]+(?:\[[^\]]*\])?)*): (?P<rest>\S)")


def in_words(message, field: str | None = None):
    """`message` without a leading machine name ("date_of_birth: no one under 18..." -> "no one under 18..."):
    a name with "_", "." or "[", or the very `field` the message concerns. A lazy (untranslated) message is kept."""
    if not isinstance(message, str):
        return message
    match = _MACHINE_NAME.match(message)
    if match is None:
        return message
    name = match["name"]
    if not (set(name) & set("_.[") or (field and name in {field, field.rsplit(".", 1)[-1]})):
        return message
    return message[match.start("rest"):]


@dataclass(frozen=True)
class Finding:
    rule: str  # "30 DCMR 1408.1"
    message: str
    field: str | None = None
    blocking: bool = True

    def __post_init__(self):
        object.__setattr__(self, "message", in_words(self.message, self.field))

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class RuleError(ValidationError):
    """One broken rule: a ValidationError that remembers the citation."""

    def __init__(self, finding: Finding, *, code: str = "rule"):
        super().__init__(str(finding), code=code)
        self.rule = finding.rule


class RuleViolation(ValidationError):
    """Every blocking finding of a check, grouped by the field it concerns."""

    def __init__(self, findings: list[Finding] | Finding):
        findings = [findings] if isinstance(findings, Finding) else list(findings)
        by_field: dict[str, list[RuleError]] = {}
        for finding in findings:
            by_field.setdefault(finding.field or NON_FIELD_ERRORS, []).append(RuleError(finding))
        super().__init__(by_field)
        self.findings = findings

"""Findings: the outcome of a rule check, always carrying its regulation citation.

A blocking finding stops a write; `RuleViolation` turns findings into a
ValidationError that forms show inline and the API returns as a 400 naming the
field and the rule."""

from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError


@dataclass(frozen=True)
class Finding:
    rule: str  # "30 DCMR 1408.1"
    message: str
    field: str | None = None
    blocking: bool = True

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

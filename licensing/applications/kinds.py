"""What an application of a license type checks and records, for the license types another app defines the
particulars of (a vendor license: vendors/applications/). Licensing imports no other app, so that app
registers its hooks here when it starts (AppConfig.ready); the common machinery (drafts, submission, fees,
review, votes, issue, enforcement) stays licensing's.

- `findings(application, today)`: every finding of the licensee's own rules (the vendor's 1206.4, 1207.2);
  licensing adds what every application shares (the license renewed or amended, its timing, the fee).
- `snapshot(application)`: what the licensee looked like when it filed, kept with the application.
- `prepare(application)`: called once a draft exists (a renewal starting from the license in force)."""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from core.findings import Finding


@dataclass(frozen=True)
class LicenseTypeHooks:
    findings: Callable[..., list[Finding]]
    snapshot: Callable[..., dict]
    prepare: Callable[..., None] = lambda application, *, actor: None


_HOOKS: dict[str, LicenseTypeHooks] = {}


def license_type_register(license_type: str, hooks: LicenseTypeHooks) -> None:
    _HOOKS[str(license_type)] = hooks


def hooks_for(license_type: str) -> LicenseTypeHooks | None:
    return _HOOKS.get(str(license_type))


def registered_findings(application, *, today: dt.date) -> list[Finding] | None:
    hooks = hooks_for(application.license_type)
    return None if hooks is None else hooks.findings(application, today=today)

"""The filing fixtures (a frozen day, an eligible filer, its API client): tests.licensing.filing."""

from tests.licensing.filing import api, filer, frozen  # noqa: F401

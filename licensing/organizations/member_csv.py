"""The member list as a CSV file (30 DCMR 1202.2(l): names and addresses of active members).

Reading only: this module turns the uploaded bytes into rows and reports what is wrong
with the format. Whether a row makes a valid member is the service's job.

The file: UTF-8 (a spreadsheet's byte order mark is fine), comma separated, a header row
naming the columns in any order. Rows are numbered as a spreadsheet shows them: the
header is row 1, the first member row 2."""

import csv
import io
import re
from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.spreadsheets import spreadsheet

REQUIRED_COLUMNS = ("full_name", "street_address", "city", "state", "postal_code")
OPTIONAL_COLUMNS = ("date_of_birth", "is_disabled")
COLUMNS = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
MAX_BYTES = 1024 * 1024
MAX_ROWS = 5000
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
TRUE_WORDS = frozenset({"yes", "y", "true", "1", "x"})
FALSE_WORDS = frozenset({"", "no", "n", "false", "0"})
NUL = "\x00"


@dataclass(frozen=True)
class RowError:
    row: int
    field: str
    message: str
    code: str = "invalid"

    @property
    def path(self) -> str:
        """Where the error is, in the API's error shape: rows[3].postal_code."""
        return f"rows[{self.row}].{self.field}"


@dataclass
class MemberRow:
    number: int
    values: dict


def _file_error(message: str, code: str = "invalid") -> ValidationError:
    return ValidationError({"file": [ValidationError(message, code=code)]})


def _read_bytes(file) -> bytes:
    size = getattr(file, "size", None)
    if size is not None and size > MAX_BYTES:
        raise _file_error(_("The file is larger than 1 MB; split it into smaller files."), code="too_large")
    if hasattr(file, "seek"):
        file.seek(0)
    data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _file_error(_("The file is larger than 1 MB; split it into smaller files."), code="too_large")
    return data if isinstance(data, bytes) else data.encode()


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")  # the -sig codec drops a byte order mark if there is one
    except UnicodeDecodeError:
        raise _file_error(_("The file is not UTF-8 text. Save it from your spreadsheet as \"CSV UTF-8\"."),
                          code="encoding")


def _header(cells: list[str]) -> list[str]:
    names = [cell.strip().lower().replace(" ", "_") for cell in cells]
    if len(names) == 1 and ";" in names[0]:
        raise _file_error(_("Separate the columns with commas, not semicolons."), code="header")
    unknown = [name for name in names if name not in COLUMNS]
    missing = [name for name in REQUIRED_COLUMNS if name not in names]
    duplicated = sorted({name for name in names if names.count(name) > 1})
    if unknown or missing or duplicated:
        problems = []
        if missing:
            problems.append(_("missing columns: %(names)s") % {"names": ", ".join(missing)})
        if unknown:
            problems.append(_("unknown columns: %(names)s") % {"names": ", ".join(unknown)})
        if duplicated:
            problems.append(_("repeated columns: %(names)s") % {"names": ", ".join(duplicated)})
        raise _file_error(
            _("The header row is wrong (%(problems)s). Expected: %(columns)s.")
            % {"problems": "; ".join(problems), "columns": ", ".join(COLUMNS)},
            code="header",
        )
    return names


def _row(number: int, header: list[str], cells: list[str]) -> tuple[MemberRow, list[RowError]]:
    errors = []
    if any(cell.strip() for cell in cells[len(header):]):
        errors.append(RowError(number, "row", _("This row has more values than the header has columns.")))
    raw = {name: (cells[index].strip() if index < len(cells) else "") for index, name in enumerate(header)}
    for name, cell in raw.items():
        if NUL in cell:  # PostgreSQL text holds no NUL: refused here, with its row and column
            errors.append(RowError(number, name, _("This value contains a NUL character (\\x00); remove it."),
                                   code="null_characters_not_allowed"))
            raw[name] = cell.replace(NUL, "")
    values = {name: raw[name] for name in REQUIRED_COLUMNS}

    born = raw.get("date_of_birth", "")
    values["date_of_birth"] = None
    if born:
        try:
            if not ISO_DATE.match(born):
                raise ValueError(born)
            values["date_of_birth"] = date.fromisoformat(born)
        except ValueError:
            errors.append(RowError(number, "date_of_birth", _("Write the date as YYYY-MM-DD, e.g. 1950-07-31.")))

    disabled = raw.get("is_disabled", "").lower()
    values["is_disabled"] = disabled in TRUE_WORDS
    if disabled not in TRUE_WORDS | FALSE_WORDS:
        errors.append(RowError(number, "is_disabled", _("Write yes or no.")))
    return MemberRow(number=number, values=values), errors


def parse_member_csv(file) -> tuple[list[MemberRow], list[RowError]]:
    """Rows and format errors of an uploaded member list.

    Raises ValidationError on "file" when the file as a whole cannot be read: larger
    than MAX_BYTES, more than MAX_ROWS members, not UTF-8, a wrong header, no rows."""
    text = _decode(_read_bytes(file))
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[MemberRow] = []
    errors: list[RowError] = []
    header = None
    try:
        for number, cells in enumerate(reader, start=1):
            if header is None:
                header = _header(cells)
                continue
            if not any(cell.strip() for cell in cells):
                continue  # a blank line keeps its number, so later rows still match the spreadsheet
            if len(rows) == MAX_ROWS:
                raise _file_error(_("The file has more than %(count)s members; split it into smaller files.")
                                  % {"count": f"{MAX_ROWS:,}"}, code="too_many_rows")
            row, row_errors = _row(number, header, cells)
            rows.append(row)
            errors.extend(row_errors)
    except csv.Error as exc:
        raise _file_error(_("The file is not a readable CSV file (line %(line)s: %(problem)s).")
                          % {"line": reader.line_num, "problem": exc}, code="format")
    if header is None or not rows:
        raise _file_error(_("The file has no members: a header row, then one row per member."), code="empty")
    return rows, errors


def members_export_csv(members) -> str:
    """The members as a CSV file in the import's own columns (COLUMNS), so an export imports back as it is (text
    that a spreadsheet would run as a formula is kept as text with a leading apostrophe)."""
    return spreadsheet(COLUMNS, ([member.full_name, member.street_address, member.city, member.state,
                                  member.postal_code, member.date_of_birth.isoformat() if member.date_of_birth else "",
                                  "yes" if member.is_disabled else "no"] for member in members)).export("csv")

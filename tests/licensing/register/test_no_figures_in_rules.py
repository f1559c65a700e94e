"""No rule module holds a figure the register holds (issue 27): the rules read every fee, bond, cap, deadline and
threshold from the Board's register (licensing.register.values), so a Board that changes one changes what the rules
do, from its date. This reads the source of every module that decides and flags each numeric literal equal to a value
of DC's pack, unless the allow-list below says why that literal is something else (an index, arithmetic, a bound on
input). A new figure belongs in the catalog and the pack, not here."""

import ast
import tomllib
from decimal import Decimal, InvalidOperation
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
APPS = ("licensing", "vendors", "bingo", "montecarlo")
# Modules that decide with figures besides the rules.py of every feature.
DECIDING = ("licensing/licenses/limits.py", "licensing/fees/quotes.py", "licensing/reports/deadlines.py",
            "licensing/reports/checks.py", "licensing/board/cross_check/selectors.py",
            "licensing/enforcement/services.py",
            "licensing/organizations/eligibility.py", "licensing/organizations/services.py",
            "licensing/review/services.py", "licensing/review/dossier.py", "licensing/licenses/services.py",
            "bingo/live/payout.py", "bingo/cards/services.py", "bingo/cards/charity.py")
TRIVIAL = {Decimal(0), Decimal(1), Decimal(100)}  # nothing, one of a thing, a whole in percent
# (module, literal): why the literal is not a Board number.
ALLOWED = {
    ("bingo/cards/charity.py", "20"): "a vendor license number is at most 20 characters (the field's length)",
    ("bingo/cards/charity.py", "60"): "an invoice number is at most 60 characters (the field's length)",
    ("bingo/cards/services.py", "20"): "a vendor license number is at most 20 characters (the field's length)",
    ("bingo/cards/services.py", "60"): "an invoice number is at most 60 characters (the field's length)",
    ("bingo/cards/services.py", "200"): "a buyer's name is at most 200 characters (the field's length)",
    ("bingo/cards/services.py", "300"): "a void reason is kept to 300 characters (the field's length)",
    ("bingo/cards/services.py", "3"): "a series is nearly played out at three quarters (played * 4 >= total * 3)",
    ("bingo/cards/services.py", "4"): "a series is nearly played out at three quarters (played * 4 >= total * 3)",
    ("licensing/fees/quotes.py", "365"): "the days of a year, for prorating a multi-hall fee (1414): arithmetic",
    ("licensing/fees/quotes.py", "2"): "a percent is a shift of two decimal places (scaleb(-2))",
    ("licensing/home/rules.py", "2"): "the order of the kinds of thing to do on the home page",
    ("licensing/home/rules.py", "3"): "the order of the kinds of thing to do on the home page",
    ("licensing/licenses/services.py", "5"): "a license number's digits and the tries to draw a free one",
    ("licensing/organizations/services.py", "2"): "a private field's before and after are both hidden (a pair)",
    ("licensing/organizations/services.py", "200"): "a file name kept in the audit trail is cut to 200 characters",
    ("licensing/register/rules.py", "500"): "a reason is at most 500 characters (the field's length)",
    ("licensing/reports/checks.py", "6"): "Sunday is six days after Monday",
    ("licensing/reports/rules.py", "6"): "Sunday is six days after Monday",
    ("licensing/reports/rules.py", "12"): "twelve months in a year (months_before)",
    ("licensing/reports/rules.py", "2"): "the second item of a (payee, row, section) triple",
    ("licensing/reports/deadlines.py", "5"): "Monday to Friday are weekdays 0-4",
    ("licensing/reports/deadlines.py", "12"): "December, the last month of the latest date a deadline can fall on",
    ("licensing/reports/deadlines.py", "2000"): "the earliest year an event date is read for (a bound on input)",
    ("licensing/review/services.py", "365"): "a cure period is at most a year long (a bound on staff input)",
    ("montecarlo/nights/rules.py", "10"): "chips are at most 10**9 (a bound on input)",
    ("montecarlo/nights/rules.py", "200"): "a prize's description is at most 200 characters",
    ("vendors/owners/rules.py", "3"): "released on 29 February: the anniversary is 1 March (month 3)",
}


def _pack_values() -> set[Decimal]:
    found = set()
    for name in ("dc.toml", "demo-board-data.toml"):
        for row in tomllib.loads((ROOT / "rulepacks" / name).read_text())["number"]:
            text = str(row["value"])
            if ":" in text:
                continue  # a time of day: checked as dt.time(...) below
            found.add(Decimal(text))
    return found - TRIVIAL


def _times() -> set[tuple[int, int]]:
    rows = tomllib.loads((ROOT / "rulepacks" / "dc.toml").read_text())["number"]
    return {tuple(int(p) for p in str(r["value"]).split(":")) for r in rows if ":" in str(r["value"])}


def _modules() -> list[Path]:
    paths = {p for app in APPS for p in (ROOT / app).rglob("rules.py") if "migrations" not in p.parts}
    return sorted(paths | {ROOT / name for name in DECIDING if (ROOT / name).exists()})


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _literals(tree: ast.AST):
    """(line, value) of every number: int and float constants, Decimal("...") strings, dt.time(h, m) pairs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = node.args
            if name == "Decimal" and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                number = _decimal(args[0].value)
                if number is not None:
                    yield node.lineno, number, True
            if name == "time" and len(args) >= 2 and all(isinstance(a, ast.Constant) for a in args[:2]):
                yield node.lineno, (args[0].value, args[1].value), False
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
            yield node.lineno, Decimal(str(node.value)), False


def test_no_rule_module_holds_a_figure_of_the_register():
    figures, times = _pack_values(), _times()
    offending = []
    for path in _modules():
        relative = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(), filename=relative)
        for line, literal, _decimal in _literals(tree):
            if isinstance(literal, tuple):
                hit = literal in times and literal != (0, 0)
            else:
                hit = literal in figures
            if hit and (relative, str(literal)) not in ALLOWED:
                offending.append(f"{relative}:{line}: {literal}")
    assert not offending, ("A rule module holds a figure of the register; read it with licensing.register.values "
                           "(or, if it is not a Board number, allow it with a reason):\n" + "\n".join(offending))


def test_the_allow_list_names_only_literals_that_are_there():
    """An entry left behind after its literal is gone would hide the next one."""
    present = set()
    for path in _modules():
        relative = path.relative_to(ROOT).as_posix()
        present |= {(relative, str(literal)) for _line, literal, _d in _literals(ast.parse(path.read_text()))}
    assert set(ALLOWED) <= present, sorted(set(ALLOWED) - present)


def test_every_number_of_the_catalog_is_read_by_a_rule():
    """The catalog lists only numbers some code reads (a fee or bond key is built by fee_key/bond_key): a key no rule
    reads would be a number the Board edits for nothing."""
    from licensing.register.catalog import BOND, CATALOG, FEE

    source = "\n".join(p.read_text() for app in APPS for p in (ROOT / app).rglob("*.py")
                       if "migrations" not in p.parts and p.parts[-2:] != ("register", "catalog.py"))
    def read(key: str) -> bool:
        parts = key.split(".")
        # The key itself, or an f-string that builds it from a prefix: f"reports.due_days.{period}".
        return f'"{key}"' in source or any('"' + ".".join(parts[:i]) + ".{" in source for i in range(1, len(parts)))

    unread = [key for key, known in CATALOG.items() if known.group not in (FEE, BOND) and not read(key)]
    assert not unread, unread

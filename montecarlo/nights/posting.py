"""What a night posts at its entrance and at each table (30 DCMR 1603.2, 1604.5): the house rules, the prize list
and how prizes are awarded, each table's game with its limits, variant and pay table, the dice rules of 1604.1
where dice are thrown, and the chips' lack of any cash value (1603.21). One context for the public page and the
printable sheet (PDF, WeasyPrint)."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from core.public_url import public_url
from licensing.licenses.certificates import qr_svg
from montecarlo.catalog.variants import pays_text, variant_words
from montecarlo.models import Night, TableStatus
from montecarlo.tablegames import GAMES

DICE_GAMES = frozenset({"craps", "banca-francesa"})
JACKPOT_FIXED = (("four of a kind", "four_of_a_kind"), ("full house", "full_house"), ("flush", "flush"))


def table_rules(table) -> dict:
    """A table as posted: its game, limits, variant settings and pay table (the engine's bet kinds)."""
    engine = GAMES[table.game.code](table.game_settings)
    limits = {"min_bet": engine.min_bet, "max_bet": engine.max_bet}
    bets = [{"kind": kind.kind, "label": _(kind.label), "pays": pays_text(kind), "unit": kind.unit,
             "limits": engine.limits(kind), "rule": kind.rule} for kind in engine.bet_kinds()]
    view = engine.view()  # the table as set up: its pay table and jackpot terms, not its play
    jackpot = view.get("jackpot")
    if jackpot:
        # Where the meter stands now is the jackpot ledger's last entry (the engine above has played nothing).
        meter = table.jackpot_entries.order_by("-seq").values_list("meter", flat=True).first()
        jackpot = {**jackpot, "meter": jackpot["meter"] if meter is None else meter}
    # Caribbean poker's bet pays by the player's hand (001 art. 14), and the jackpot's awards (001 art. 17).
    return {"table": table, "limits": limits, "variant": variant_words(engine.settings), "bets": bets,
            "pay_table": view.get("pay_table") if table.game.code == "caribbean-poker" else [],
            "jackpot": jackpot,
            "jackpot_fixed": [(hand, engine.settings[f"jackpot_{name}"]) for hand, name in JACKPOT_FIXED]
            if jackpot else []}


def house_rules_context(night: Night) -> dict:
    """The tables in play while the night is open; once it is counted (every table closed), all of them."""
    tables = night.tables.select_related("game").order_by("number")
    if night.is_open:
        tables = tables.exclude(status=TableStatus.CLOSED)
    tables = [table_rules(table) for table in tables]
    public_path = reverse("montecarlo:night_public", args=[night.public_key])
    return {
        "night": night,
        "license": night.license,
        "organization": night.license.organization,
        "tables": tables,
        "dice": any(row["table"].game.code in DICE_GAMES for row in tables),
        "public_url": public_url(public_path),
        "qr": qr_svg(public_url(public_path)),
    }


def house_rules_pdf(night: Night) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    html = render_to_string("montecarlo/nights/sheet_pdf.html", house_rules_context(night))
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


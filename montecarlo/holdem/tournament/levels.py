"""The blind structure: levels of small blind, big blind, ante and minutes, with breaks.

House rules set the antes and the structure (30 DCMR 1604.3(c), 1604.4); `check_levels`
finds the problems a director must fix before the structure is used.
"""

from dataclasses import asdict, dataclass

HOUSE_RULES = "30 DCMR 1604.4"
ANTE_RULE = "30 DCMR 1604.3(c)"
BLIND_RULE = "30 DCMR 1604.3(e),(f)"


@dataclass(frozen=True)
class Level:
    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: int = 20
    is_break: bool = False


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_levels(levels: list[Level]) -> list[tuple[str, str, int]]:
    """Problems as (rule, message, level_index); empty when the structure is fine."""
    problems: list[tuple[str, str, int]] = []
    if not any(not lv.is_break for lv in levels):
        problems.append((HOUSE_RULES, "the structure needs at least one playing level", 0))
    previous: Level | None = None
    for i, lv in enumerate(levels):
        n = i + 1
        if not isinstance(lv.is_break, bool):
            # JSON's "false" is a string, and a string is true: never guess which a level is.
            problems.append((HOUSE_RULES, f"level {n}: is_break is true or false", i))
            continue
        if not _whole(lv.minutes) or lv.minutes < 1:
            problems.append((HOUSE_RULES, f"level {n}: minutes must be a whole number of at least 1", i))
        if lv.is_break:
            if lv.small_blind or lv.big_blind or lv.ante:
                problems.append((HOUSE_RULES, f"level {n}: a break has no blinds or ante", i))
            if i and levels[i - 1].is_break is True:
                problems.append((HOUSE_RULES, f"level {n}: two breaks in a row", i))
            continue
        if not all(_whole(v) for v in (lv.small_blind, lv.big_blind, lv.ante)):
            problems.append((HOUSE_RULES, f"level {n}: blinds and ante are whole numbers of chips", i))
            continue
        if not 1 <= lv.small_blind <= lv.big_blind:
            problems.append((BLIND_RULE, f"level {n}: the small blind must be at least 1 and at most the big blind", i))
        if lv.ante < 0:
            problems.append((ANTE_RULE, f"level {n}: the ante cannot be negative", i))
        elif lv.small_blind >= 1 and lv.ante > lv.small_blind:
            # House rule under 1604.3(c): an ante above the small blind makes short stacks
            # unable to post far earlier than the blinds alone would. Against a small blind
            # below 1 (already refused) every ante would read as too high.
            problems.append((ANTE_RULE, f"level {n}: the ante {lv.ante} is above the small blind {lv.small_blind}", i))
        if previous is not None and (
            lv.small_blind < previous.small_blind or lv.big_blind < previous.big_blind or lv.ante < previous.ante
        ):
            problems.append((HOUSE_RULES, f"level {n}: blinds and ante never go down from one level to the next", i))
        previous = lv
    return problems


def level_from_dict(d: dict) -> Level:
    return Level(
        small_blind=d.get("small_blind", 0),
        big_blind=d.get("big_blind", 0),
        ante=d.get("ante", 0),
        minutes=d.get("minutes", 20),
        is_break=d.get("is_break", False),
    )


def level_to_dict(level: Level) -> dict:
    return asdict(level)


def structure(blinds: list[tuple[int, int, int]], minutes: int, break_every: int) -> list[Level]:
    """Levels of (small blind, big blind, ante), each `minutes` long, with a break before every
    `break_every`-th level after the first: 10 minutes for levels of up to 20 minutes, else 15."""
    out: list[Level] = []
    for i, (sb, bb, ante) in enumerate(blinds):
        if i and i % break_every == 0:
            out.append(Level(0, 0, 0, minutes=10 if minutes <= 20 else 15, is_break=True))
        out.append(Level(sb, bb, ante, minutes=minutes))
    return out


_STANDARD = [
    (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 25), (150, 300, 25), (200, 400, 50),
    (300, 600, 75), (400, 800, 100), (500, 1000, 100), (600, 1200, 200), (800, 1600, 200),
    (1000, 2000, 300), (1500, 3000, 400), (2000, 4000, 500), (3000, 6000, 1000), (4000, 8000, 1000),
]  # fmt: skip

# Starting chips of 10,000 in mind: "standard" is about four hours, "turbo" two, "deep" six.
TEMPLATES: dict[str, list[Level]] = {
    "standard": structure(_STANDARD, 20, 4),
    "turbo": structure(_STANDARD[1:], 10, 6),
    "deep": structure([(10, 20, 0), (15, 30, 0)] + _STANDARD, 30, 4),
}

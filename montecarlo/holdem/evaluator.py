"""Best five of five to seven cards (30 DCMR 1604.3(u)), as one integer where higher is better.

Speed comes from two precomputed tables instead of trying the 21 five-card subsets of seven:
- every card adds a 3-bit counter for its rank and one for its suit to a single integer key;
- if no suit reaches five, the hand is decided by its rank multiset alone, looked up in a dict
  built once from every multiset of 5-7 ranks (73,775 of them);
- otherwise the ranks held in the flush suit, as a 13-bit mask, index the flush table.
With at most seven cards a flush excludes four of a kind and a full house, so the flush
table's answer is the best hand whenever a flush exists.

The rank packs the category (0 high card .. 9 royal flush) above up to five 4-bit card ranks
in the order they break ties, so integer comparison is the full 1604.3(v) ordering: kickers
break ties (1604.3(v)(2)(A)) and suits never do (1604.3(a)); equal integers split the pot
(1604.3(v)(2)(B)).
"""

from itertools import product

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND = range(8)
STRAIGHT_FLUSH, ROYAL_FLUSH = 8, 9

# 1604.3(v)(1), lowest first so that CATEGORIES[rank >> 20] names a rank.
CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)

ACE = 12
_RANK_BITS = 39  # 13 ranks x 3-bit counters; the four suit counters sit above them
_RANK_MASK = (1 << _RANK_BITS) - 1


def _pack(cat: int, ranks) -> int:
    value = cat
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def _straight_high(mask: int) -> int:
    """Top rank of the best straight in a rank mask, or -1. The ace plays low only in
    A-2-3-4-5, whose top card is the five (1604.3(a), 1604.3(v)(1)(F))."""
    for top in range(ACE, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    wheel = (1 << ACE) | 0b1111
    return 3 if mask & wheel == wheel else -1


def _best_without_flush(counts) -> int:
    present = [r for r in range(ACE, -1, -1) if counts[r]]
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        q = quads[0]
        return _pack(FOUR_OF_A_KIND, [q] + [r for r in present if r != q][:1])
    if trips:
        t = trips[0]
        # A second set of trips plays as the pair of the full house.
        pair_ranks = [r for r in present if r != t and counts[r] >= 2]
        if pair_ranks:
            return _pack(FULL_HOUSE, [t, pair_ranks[0]])
    mask = sum(1 << r for r in present)
    high = _straight_high(mask)
    if high >= 0:
        return _pack(STRAIGHT, [high])
    if trips:
        t = trips[0]
        return _pack(THREE_OF_A_KIND, [t] + [r for r in present if r != t][:2])
    if len(pairs) >= 2:
        p1, p2 = pairs[0], pairs[1]
        return _pack(TWO_PAIR, [p1, p2] + [r for r in present if r not in (p1, p2)][:1])
    if pairs:
        p = pairs[0]
        return _pack(ONE_PAIR, [p] + [r for r in present if r != p][:3])
    return _pack(HIGH_CARD, present[:5])


def _best_flush(mask: int) -> int:
    high = _straight_high(mask)
    if high == ACE:
        return _pack(ROYAL_FLUSH, [high])
    if high >= 0:
        return _pack(STRAIGHT_FLUSH, [high])
    return _pack(FLUSH, [r for r in range(ACE, -1, -1) if mask >> r & 1][:5])


def _rank_multisets(total_min: int, total_max: int):
    """Every vector of 13 rank counts (each 0-4, a deck has four of a rank) summing into range."""

    def walk(rank: int, left: int, counts: list[int]):
        if rank == 13:
            if total_max - left >= total_min:
                yield counts
            return
        for n in range(min(4, left) + 1):
            counts[rank] = n
            yield from walk(rank + 1, left - n, counts)
        counts[rank] = 0

    yield from walk(0, total_max, [0] * 13)


def _build_tables():
    nonflush = {}
    for counts in _rank_multisets(5, 7):
        key = 0
        for r in range(13):
            key |= counts[r] << (3 * r)
        nonflush[key] = _best_without_flush(counts)
    flush = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() >= 5:
            flush[mask] = _best_flush(mask)
    flush_suit = [-1] * 4096
    for c in product(range(8), repeat=4):
        key = c[0] | c[1] << 3 | c[2] << 6 | c[3] << 9
        for suit in range(4):
            if c[suit] >= 5:
                flush_suit[key] = suit
    keys = [(1 << (3 * (card >> 2))) | (1 << (_RANK_BITS + 3 * (card & 3))) for card in range(52)]
    return nonflush, flush, flush_suit, keys


_NONFLUSH, _FLUSH, _FLUSH_SUIT, _KEYS = _build_tables()


def _make_hand_rank():
    # Locals of a closure are the cheapest names for CPython to reach, and this function is
    # the hot loop of showdowns, simulations and the 7-card count.
    key_of = _KEYS.__getitem__
    nonflush = _NONFLUSH
    flush = _FLUSH
    flush_suit = _FLUSH_SUIT
    rank_mask = _RANK_MASK
    shift = _RANK_BITS

    def hand_rank(cards) -> int:
        """Rank of the best five of 5-7 distinct cards (ints from `cards`); higher is better.
        No validation: `evaluate` is the checked entry point."""
        key = sum(map(key_of, cards))
        suit = flush_suit[key >> shift]
        if suit < 0:
            return nonflush[key & rank_mask]
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        return flush[mask]

    return hand_rank


hand_rank = _make_hand_rank()


def category(rank: int) -> str:
    """The 1604.3(v)(1) name of a rank returned by `hand_rank`."""
    return CATEGORIES[rank >> 20]


def evaluate(cards) -> tuple[int, str]:
    """(rank, category name) of the best five of 5-7 distinct cards (1604.3(u), (v))."""
    cards = list(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is the best five of five to seven cards, not {len(cards)} (30 DCMR 1604.3(u))")
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) and 0 <= c < 52 for c in cards):
        raise ValueError("cards must be distinct cards of one standard 52-card deck (30 DCMR 1603.22)")
    rank = hand_rank(cards)
    return rank, CATEGORIES[rank >> 20]

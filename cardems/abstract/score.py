"""Abstract's scoring, written to be read (see shared/rules/abstract.md).

The base game (and its suit and unlimited variants) scores combinations: sets
of one rank and maximal sequences in one suit, times the number of cards the
opponent took, with the misery rule. Abstract 52 scores each half as a product:
longest suit x longest run of consecutive ranks x largest set, times twice the
shortfall below 13 cards. The solver (:mod:`cardems.abstract.solver`) has its own
bit-mask tables; tests check the two agree.

>>> a = score_combinations(["AS", "AH", "AD", "KS", "QS"], ["JS", "JH", "JD", "JC"])
>>> [b.points for b in a], [b.score for b in a]
([5, 8], [20, 40])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardems.cards import JOKER, Card, rank_of, suit_of

SEQUENCE_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SHORT_RANKS: tuple[str, ...] = SEQUENCE_RANKS[:6]  # the 24-card pack: A K Q J 10 9
SUIT_ORDER: tuple[str, ...] = ("S", "H", "C", "D")
SET_POINTS = {3: 2, 4: 8}
SEQUENCE_POINTS = {3: 3, 4: 4, 5: 6, 6: 12}
FULL_HALF = 13  # cards each player takes in an even half of Abstract 52


def rank_index(card: Card) -> int:
    """0 for an Ace, 1 for a King ... 12 for a two: consecutive indices are a sequence."""
    return SEQUENCE_RANKS.index(rank_of(card))


def sort_taken(cards: Sequence[Card]) -> list[Card]:
    """Cards as they lie in front of their owner: by suit, then rank (Ace first); the joker last."""
    return sorted(
        cards, key=lambda c: (9, 0) if c == JOKER else (SUIT_ORDER.index(suit_of(c)), rank_index(c))
    )


@dataclass(frozen=True)
class Combination:
    """A scoring set or sequence, with its cards (Ace first)."""

    kind: str  # "set" or "sequence"
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


def combinations(cards: Sequence[Card]) -> list[Combination]:
    """Every scoring combination in ``cards``: sets of 3 or 4, then maximal suit sequences of 3+."""
    found: list[Combination] = []
    real = [c for c in cards if c != JOKER]
    by_rank: dict[str, list[Card]] = {}
    for card in real:
        by_rank.setdefault(rank_of(card), []).append(card)
    for rank in SEQUENCE_RANKS:
        group = by_rank.get(rank, [])
        if len(group) >= 3:
            found.append(Combination("set", tuple(sort_taken(group)), SET_POINTS[len(group)]))
    for suit in SUIT_ORDER:
        held = sorted(rank_index(c) for c in real if suit_of(c) == suit)
        run: list[int] = []
        for index in held + [99]:
            if run and index == run[-1] + 1:
                run.append(index)
                continue
            if len(run) >= 3:
                points = SEQUENCE_POINTS.get(len(run), 0)
                found.append(Combination("sequence", tuple(SEQUENCE_RANKS[i] + suit for i in run), points))
            run = [index]
    return found


@dataclass(frozen=True)
class Breakdown:
    """One player's score for a deal (base game and the suit and unlimited variants)."""

    cards: int
    combinations: tuple[Combination, ...]
    points: int  # combination points
    multiplier: int  # the opponent's cards, or under misery one's own
    misery: bool  # this player made no combination and takes the other's score
    score: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "combinations": [c.as_dict() for c in self.combinations],
            "points": self.points,
            "multiplier": self.multiplier,
            "misery": self.misery,
            "score": self.score,
        }


def score_combinations(a: Sequence[Card], b: Sequence[Card]) -> tuple[Breakdown, Breakdown]:
    """Score a finished deal of the base game from both players' taken cards."""
    taken = (a, b)
    combos = [tuple(combinations(cards)) for cards in taken]
    points = [sum(c.points for c in cs) for cs in combos]
    out = []
    for me in (0, 1):
        other = 1 - me
        mine, theirs = len(taken[me]), len(taken[other])
        if points[me] and points[other]:
            misery, multiplier, score = False, theirs, points[me] * theirs
        elif points[other]:  # misery: I take what the other would have scored
            misery, multiplier, score = True, mine, points[other] * mine
        else:  # I made combinations but the other is in misery, or nobody did
            misery, multiplier, score = False, theirs, 0
        out.append(Breakdown(mine, combos[me], points[me], multiplier, misery, score))
    return out[0], out[1]


def longest_run(indices: set[int]) -> tuple[int, ...]:
    """The longest run of consecutive rank indices (the highest one on a tie)."""
    best: tuple[int, ...] = ()
    for start in sorted(indices):
        if start - 1 in indices:
            continue
        run = [start]
        while run[-1] + 1 in indices:
            run.append(run[-1] + 1)
        if len(run) > len(best):
            best = tuple(run)
    return best


@dataclass(frozen=True)
class HalfBreakdown:
    """One player's score for a half of Abstract 52."""

    cards: int
    longest_suit: tuple[Card, ...]  # the cards of the longest suit
    longest_sequence: tuple[str, ...]  # ranks of the longest run, regardless of suit
    largest_set: tuple[Card, ...]  # the cards of the largest set (one card if no pair)
    short: int  # the opponent's excess over this player's take (0 if none)
    score: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "longest_suit": list(self.longest_suit),
            "longest_sequence": list(self.longest_sequence),
            "largest_set": list(self.largest_set),
            "short": self.short,
            "score": self.score,
        }


def score_half(a: Sequence[Card], b: Sequence[Card]) -> tuple[HalfBreakdown, HalfBreakdown]:
    """Score one half of Abstract 52 from both players' taken cards."""
    out = []
    for mine, theirs in ((a, b), (b, a)):
        suits = {s: [c for c in mine if suit_of(c) == s] for s in SUIT_ORDER}
        suit = max(SUIT_ORDER, key=lambda s: len(suits[s]))
        ranks: dict[str, list[Card]] = {}
        for card in mine:
            ranks.setdefault(rank_of(card), []).append(card)
        rank = max(SEQUENCE_RANKS, key=lambda r: len(ranks.get(r, [])))
        run = longest_run({rank_index(c) for c in mine})
        short = len(theirs) - len(mine) if len(mine) < FULL_HALF else 0
        score = len(suits[suit]) * len(run) * len(ranks.get(rank, []))
        if short > 0:
            score *= short
        out.append(
            HalfBreakdown(
                len(mine),
                tuple(sort_taken(suits[suit])),
                tuple(SEQUENCE_RANKS[i] for i in run),
                tuple(sort_taken(ranks.get(rank, []))),
                max(short, 0),
                score,
            )
        )
    return out[0], out[1]


@dataclass(frozen=True)
class DealScore:
    """A finished deal: per seat, the breakdowns (one per half in Abstract 52) and the total."""

    halves: tuple[tuple[Any, Any], ...]  # per half: (seat 0's, seat 1's) breakdown
    totals: tuple[int, int]
    firsts: tuple[int, ...] = field(default=())  # who moved first in each half
    rows: tuple[tuple[Card, ...], ...] = field(default=())  # each half's row as dealt
    takes: tuple[tuple[tuple[int, int], ...], ...] = field(default=())  # each half's (seat, size) takes

    def as_dict(self) -> dict[str, Any]:
        return {
            "halves": [[b.as_dict() for b in half] for half in self.halves],
            "totals": list(self.totals),
            "firsts": list(self.firsts),
            "rows": [list(r) for r in self.rows],
            "takes": [[list(t) for t in h] for h in self.takes],
        }

"""Abstract and its variants: the rules, and nothing else (see shared/rules/abstract.md).

All cards lie face up in a row; in turn the players take cards from its exposed
end, and score what they took. A game is a match of deals to a target (or one
deal, ``mode=deal``). The non-dealer of each deal first chooses to go
``first`` or ``second``; then every move is a take size.

>>> game = Abstract.new(deck="AS AD QS 9H QH AC JH KH KS KD 10S 9D 9S JS KC JC JD 10H 10D 10C AH QD QC 9C")
>>> game.to_move, game.legal_moves()
(0, ['first', 'second'])
>>> for move in "first 2 2 2 3 1 1 2 3 1 3 2 2".split():
...     _ = game.play(move)
>>> game.deal_results[-1].totals
(168, 250)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.abstract.events import Choose, Deal, DealScored, HalfScored, Take
from cardems.abstract.options import MAX_TARGET, OPTIONS, VARIANTS, PointsOption  # noqa: F401  (re-exported)
from cardems.abstract.score import (
    SEQUENCE_RANKS,
    SHORT_RANKS,
    SUIT_ORDER,
    DealScore,
    score_combinations,
    score_half,
)
from cardems.cards import JOKER, Card, suit_of
from cardems.errors import BadInput
from cardems.game import DealtMatch, Event, GameType, Reason, Result, SeatView, shown, whole_number

Move = str | int  # "first" / "second", or a take size
CHOICES = ("first", "second")
SUIT_LIMIT = {"S": 1, "H": 2, "C": 3, "D": 4}
BASE_LIMIT = 3
UNLIMITED_FIRST = 12
HALF_52 = 26


GAME_TYPE = GameType(seats=(2,), perfect_information=True, unit="deal")


def full_deck(variant: str) -> list[Card]:
    """The variant's pack in a fixed order."""
    ranks = SEQUENCE_RANKS if variant == "52" else SHORT_RANKS
    cards = [r + s for s in SUIT_ORDER for r in ranks]
    return [JOKER] + cards if variant == "unlimited" else cards


def take_limit(variant: str, exposed: Card, previous: int | None, remaining: int) -> int:
    """The most cards the player to move may take (at least one is always allowed)."""
    if variant == "base":
        most = BASE_LIMIT
    elif variant == "unlimited":
        most = UNLIMITED_FIRST if previous is None else previous + 1
    else:
        most = SUIT_LIMIT[suit_of(exposed) or "C"]
    return min(most, remaining)


@dataclass(frozen=True)
class AbstractView(SeatView):
    """What a seat may know: everything dealt is public. Only Abstract 52's second row
    is not dealt yet during the first half (its cards are known: the other 26, its
    order is not)."""

    variant: str
    mode: str
    target: int
    deal_no: int
    dealer: int
    chooser: int  # the non-dealer, who chooses first or second
    half: int  # 0, or 1 in Abstract 52's second half
    first: int | None  # who moves first in this half (None before the choice)
    choosing: bool  # the chooser has still to choose
    dealt: tuple[Card, ...]  # this half's row as dealt, exposed end first
    taken_count: int  # cards of it taken so far
    takes: tuple[tuple[int, int], ...]  # this half's takes: (seat, size)
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]  # per seat, this half's taken cards in order
    limit: int  # the most the player to move may take (0 when choosing)
    previous: int | None  # the previous take of this half (for the unlimited rule)
    next_row: int  # cards still to be dealt in a later half
    half_scores: tuple[tuple[int, int], ...]  # this deal's finished halves (Abstract 52)
    match_scores: tuple[int, int]
    last_deal: dict[str, Any] | None  # the last finished deal's breakdown (DealScore.as_dict)
    deals: tuple[DealScore, ...]  # every finished deal (breakdowns, rows, firsts, takes)
    captured: tuple[int, int]  # cards each seat took in this deal (in between: the last one)

    @property
    def row(self) -> tuple[Card, ...]:
        """The cards still in the row, exposed end first."""
        return self.dealt[self.taken_count :]

    def take_for(self, card: Card) -> int | None:
        """The take that ends with ``card`` (every card from the exposed end down to it),
        if it is a legal take now."""
        row = self.row[: self.limit]
        return row.index(card) + 1 if card in row else None


class Abstract(DealtMatch[Move, AbstractView]):
    """Abstract: a match of deals (or one deal) of one variant."""

    name = "abstract"
    game_type = GAME_TYPE
    options_spec = OPTIONS
    why_words = {
        "choose_first": "{move}: seat {seat} must first choose to go first or second",
        "chosen": "{move}: the order of play is already chosen",
        "suit_limit": "taking {move}: the exposed card {card} allows 1 to {limit}",
        "previous_take": "taking {move}: the previous take was {previous}, so 1 to {limit} may be taken",
        "take_limit": "taking {move}: 1 to {limit} cards may be taken",
        "too_few": "taking {move}: only {n} cards remain",
    }
    copied = ("match_scores", "deal_results", "takes", "halves", "firsts", "half_takes")
    copied_nested = ("rows", "taken", "deal_taken")

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        super().__init__(options, seed, arranged)
        self.variant: str = options["variant"]
        self.match_scores = [0, 0]
        self.deal_results: list[DealScore] = []
        self.deal_no = 0
        # per deal
        self.dealer = 1
        self.rows: list[list[Card]] = []
        self.half = 0
        self.first: int | None = None
        self.turn: int | None = None
        self.pos = 0
        self.takes: list[tuple[int, int]] = []
        self.taken: list[list[Card]] = [[], []]
        self.deal_taken: list[list[Card]] = [[], []]
        self.halves: list[tuple[Any, Any]] = []
        self.firsts: list[int] = []
        self.half_takes: list[tuple[tuple[int, int], ...]] = []

    # ----------------------------------------------------------- creation
    @classmethod
    def pack(cls, options: dict[str, Any]) -> list[Card]:
        return full_deck(options["variant"])

    def _begin(self, deck: list[Card] | None) -> list[Event]:
        if deck is not None and self.variant == "unlimited" and deck[0] != JOKER:
            raise BadInput("in unlimited Abstract the joker X must be the first card (the exposed end)")
        return self._start_deal(deck)

    def _shuffled(self) -> list[Card]:
        deck = full_deck(self.variant)
        if self.variant == "unlimited":
            rest = deck[1:]
            self.rng.shuffle(rest)
            return [JOKER] + rest
        self.rng.shuffle(deck)
        return deck

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        self.deal_no += 1
        self.dealer = 1 if self.deal_no % 2 else 0  # the computer deals first: the human chooses
        deck = deck if deck is not None else self._shuffled()
        self.rows = [deck[:HALF_52], deck[HALF_52:]] if self.variant == "52" else [deck]
        self.halves = []
        self.firsts = []
        self.half_takes = []
        self.deal_taken = [[], []]
        self._start_half(0, None)
        self.turn = self.chooser
        return [Deal(self.dealer, tuple(self.rows[0]), self.deal_no, 0)]

    def _start_half(self, half: int, first: int | None) -> None:
        self.half = half
        self.first = first
        self.pos = 0
        self.takes = []
        self.taken = [[], []]
        self.turn = first

    @property
    def chooser(self) -> int:
        return 1 - self.dealer

    @property
    def row(self) -> list[Card]:
        """This half's row as dealt, exposed end first."""
        return self.rows[self.half]

    # ----------------------------------------------------------- protocol
    @property
    def choosing(self) -> bool:
        return not self.over and self.first is None

    def limit(self) -> int:
        """The most the player to move may take now (0 while the choice is pending or over)."""
        if self.over or self.first is None:
            return 0
        previous = self.takes[-1][1] if self.takes else None
        row = self.row
        return take_limit(self.variant, row[self.pos], previous, len(row) - self.pos)

    def _legal_moves(self) -> list[Move]:
        if self.over:
            return []
        if self.first is None:
            return list(CHOICES)
        return list(range(1, self.limit() + 1))

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise BadInput(f"not a move: {shown(text)}")
        word = text.strip().lower()
        if word in CHOICES:
            return word
        size = whole_number(word, 1, 52)
        if size is not None:
            return size
        raise BadInput(
            f"{shown(text)} is not a move (write first, second, or how many cards to take, e.g. 2)"
        )

    def format_move(self, move: Move) -> str:
        return str(move)

    def why_illegal(self, move: Move) -> Reason:
        if self.first is None:
            return Reason("choose_first", {"seat": self.chooser})
        if move in CHOICES:
            return Reason("chosen")
        limit = self.limit()
        left = len(self.row) - self.pos
        if int(move) > left:
            return Reason("too_few", {"n": left})
        if self.variant in ("suit", "52"):
            return Reason("suit_limit", {"card": self.row[self.pos], "limit": limit})
        if self.variant == "unlimited" and self.takes:
            return Reason("previous_take", {"previous": self.takes[-1][1], "limit": limit})
        return Reason("take_limit", {"limit": limit})

    def _apply(self, move: Move) -> list[Event]:
        seat = self.turn
        assert seat is not None
        if isinstance(move, str):
            first = seat if move == "first" else 1 - seat
            self._start_half(0, first)
            return [Choose(seat, move, first)]
        cards = self.row[self.pos : self.pos + move]
        self.pos += move
        self.takes.append((seat, move))
        self.taken[seat].extend(cards)
        self.deal_taken[seat].extend(cards)
        events: list[Event] = [Take(seat, tuple(cards))]
        if self.pos < len(self.row):
            self.turn = 1 - seat
            return events
        return events + self._end_half()

    def _end_half(self) -> list[Event]:
        assert self.first is not None
        scorer = score_half if self.variant == "52" else score_combinations
        half = scorer(self.taken[0], self.taken[1])
        self.halves.append(half)
        self.firsts.append(self.first)
        self.half_takes.append(tuple(self.takes))
        events: list[Event] = [HalfScored(self.half, (half[0].score, half[1].score), half)]
        if self.half + 1 < len(self.rows):
            first = 1 - self.first
            self._start_half(self.half + 1, first)
            events.append(Deal(self.dealer, tuple(self.rows[self.half]), self.deal_no, self.half))
            return events
        totals = (sum(h[0].score for h in self.halves), sum(h[1].score for h in self.halves))
        score = DealScore(
            tuple(self.halves),
            totals,
            tuple(self.firsts),
            tuple(tuple(r) for r in self.rows),
            tuple(self.half_takes),
        )
        self.deal_results.append(score)
        for seat in (0, 1):
            self.match_scores[seat] += totals[seat]
        events.append(DealScored(self.deal_no, totals, (self.match_scores[0], self.match_scores[1])))
        return self._next_deal_or_end(events)

    def _decide(self) -> int | str | None:
        """The winner, ``"draw"`` (one deal only), or ``None`` if another deal is due."""
        if self.options["mode"] == "deal":
            a, b = self.deal_results[-1].totals
            return "draw" if a == b else (0 if a > b else 1)
        a, b = self.match_scores
        if max(a, b) < self.options["target"] or a == b:
            return None
        return 0 if a > b else 1

    # ----------------------------------------------------------- outcome and views
    def deal_scores(self) -> tuple[int, int]:
        """The current deal's score so far: its finished halves."""
        return (sum(h[0].score for h in self.halves), sum(h[1].score for h in self.halves))

    def captured(self) -> tuple[int, int]:
        """Cards each seat took in this deal, or, before the next deal's first move, in the
        deal just scored."""
        if self.between_rounds():
            takes = self.deal_results[-1].takes
            return (
                sum(n for half in takes for s, n in half if s == 0),
                sum(n for half in takes for s, n in half if s == 1),
            )
        return (len(self.deal_taken[0]), len(self.deal_taken[1]))

    def result(self) -> Result:
        if self.options["mode"] == "match":
            scores = tuple(self.match_scores)
        elif self.over:
            scores = self.deal_results[-1].totals
        else:
            scores = self.deal_scores()
        captured = self.captured()
        detail = {"deals": [d.as_dict() for d in self.deal_results]}
        return Result(self.over, self.winner if self.over else None, scores, captured, detail)

    def next_up(self) -> int | None:
        """The other seat, unless the take may end the half (then it depends on the take)."""
        if self.turn is None or self.first is None or len(self.row) - self.pos <= self.limit():
            return None
        return 1 - self.turn

    def rounds_done(self) -> int:
        return len(self.deal_results)

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(d.totals for d in self.deal_results)

    def between_rounds(self) -> bool:
        return bool(self.deal_results) and self.first is None and not self.over

    def view(self, seat: int) -> AbstractView:
        common = self._seat_view(seat)
        previous = self.takes[-1][1] if self.takes else None
        later = sum(len(r) for r in self.rows[self.half + 1 :])
        last = self.deal_results[-1].as_dict() if self.deal_results else None
        return AbstractView(
            **common,
            variant=self.variant,
            mode=self.options["mode"],
            target=self.options["target"],
            deal_no=self.deal_no,
            dealer=self.dealer,
            chooser=self.chooser,
            half=self.half,
            first=self.first,
            choosing=self.choosing,
            dealt=tuple(self.row),
            taken_count=self.pos,
            takes=tuple(self.takes),
            taken=(tuple(self.taken[0]), tuple(self.taken[1])),
            limit=self.limit(),
            previous=previous,
            next_row=later,
            half_scores=tuple((h[0].score, h[1].score) for h in self.halves),
            match_scores=(self.match_scores[0], self.match_scores[1]),
            last_deal=last,
            deals=tuple(self.deal_results),
            captured=self.captured(),
        )

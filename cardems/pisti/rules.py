"""Pişti: the rules, and nothing else (see shared/rules/pisti.md).

>>> game = Pisti.new(seed=1)
>>> len(game.hands[0]), len(game.pile), game.to_move
(4, 4, 0)
>>> events = game.play(game.legal_moves()[0])
>>> events[0]
Play(seat=0, card='8H')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.cards import Card, parse_card, rank_of, standard_deck
from cardems.game import DealtMatch, Event, GameType, Reason, Result, SeatView
from cardems.pisti.events import Capture, Deal, DealScored, Opening, Play, Redeal, Sweep
from cardems.pisti.options import OPTIONS

HAND = 4
OPENING = 4
PISTI_POINTS = 10
JACK_PISTI_POINTS = 20
MOST_CARDS_POINTS = 3
FULL_DECK = tuple(standard_deck())


def card_points(card: Card) -> int:
    """Points a single card is worth when captured."""
    if card == "10D":
        return 3
    if card == "2C":
        return 2
    return 1 if card[0] in "AJ" else 0


def is_jack(card: Card) -> bool:
    return card[0] == "J"


GAME_TYPE = GameType(
    seats=(2, 3, 4), seats_option="players", partnerships=((4, ((0, 2), (1, 3))),), unit="deal"
)


def side_of(seat: int, players: int) -> int:
    """Partners (4 players) share a side: seats 0+2 are side 0, 1+3 side 1."""
    return GAME_TYPE.side(seat, players)


def side_count(players: int) -> int:
    return GAME_TYPE.sides(players)


@dataclass(frozen=True)
class Breakdown:
    """One side's score for one deal."""

    cards: int
    aces: int
    jacks: int
    two_clubs: int
    ten_diamonds: int
    most_cards: int
    pistis: int
    jack_pistis: int
    jack_pisti_worth: int = JACK_PISTI_POINTS  # what each Jack pişti was worth (option jack_pisti)

    @property
    def pisti_points(self) -> int:
        return self.pistis * PISTI_POINTS + self.jack_pistis * self.jack_pisti_worth

    @property
    def total(self) -> int:
        return (
            self.aces + self.jacks + self.two_clubs + self.ten_diamonds + self.most_cards + self.pisti_points
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "cards": self.cards,
            "aces": self.aces,
            "jacks": self.jacks,
            "two_clubs": self.two_clubs,
            "ten_diamonds": self.ten_diamonds,
            "most_cards": self.most_cards,
            "pistis": self.pistis,
            "jack_pistis": self.jack_pistis,
            "total": self.total,
        }


def most_cards_side(counts: list[int], tie: str = "nobody", last: int | None = None) -> int | None:
    """The side that gets the most-cards points: the one with the most cards; on a tie
    for the most, nobody, or (``tie="last"``) the side that captured last (``last``) if
    it is one of those tied. (``"carry"`` gives nobody: the caller carries the points.)"""
    top = max(counts)
    if counts.count(top) == 1:
        return counts.index(top)
    if tie == "last" and last is not None and counts[last] == top:
        return last
    return None


def score_deal(
    captured: list[list[Card]],
    pistis: list[list[int]],
    jack_pisti: int = JACK_PISTI_POINTS,
    tie: str = "nobody",
    last: int | None = None,
    most_points: int = MOST_CARDS_POINTS,
) -> list[Breakdown]:
    """Score one deal from each side's captured cards and [piştis, Jack piştis]: a Jack
    pişti worth ``jack_pisti``, the most-cards points (``most_points``: 3, more with points
    carried from tied deals) given by :func:`most_cards_side`."""
    winner = most_cards_side([len(cards) for cards in captured], tie, last)
    most = [most_points if side == winner else 0 for side in range(len(captured))]
    return [
        Breakdown(
            cards=len(cards),
            aces=sum(1 for c in cards if c[0] == "A"),
            jacks=sum(1 for c in cards if c[0] == "J"),
            two_clubs=2 if "2C" in cards else 0,
            ten_diamonds=3 if "10D" in cards else 0,
            most_cards=most[side],
            pistis=pistis[side][0],
            jack_pistis=pistis[side][1],
            jack_pisti_worth=jack_pisti,
        )
        for side, cards in enumerate(captured)
    ]


@dataclass(frozen=True)
class PistiView(SeatView):
    """What one seat may know. Nothing in it depends on a card the seat cannot see."""

    mode: str
    target: int
    last_card_pisti: bool
    deal_no: int
    lead: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile_size: int
    pile_hidden: int  # face-down opening cards at the bottom of the pile
    pile_up: tuple[Card, ...]  # the face-up cards above them, bottom to top
    opening_up: Card  # the face-up card of the opening pile
    opening_known: tuple[Card, ...]  # opening cards everybody saw (a Jack exchanged away)
    hidden_holder: int | None  # side holding the captured face-down cards
    history: tuple[tuple[int, Card], ...]  # every card played this deal, in order
    captured_known: tuple[tuple[Card, ...], ...]  # per side, the captured cards all have seen
    captured_counts: tuple[int, ...]
    pistis: tuple[tuple[int, int], ...]  # per side: (piştis, Jack piştis)
    pisti_points: int  # what a pişti is worth
    jack_pisti_points: int  # and a Jack pişti
    pisti_now: bool  # a pişti made now would count (not in a first round without them)
    most_cards_points: int  # what most cards is worth this deal (3, plus points carried)
    last_capturer: int | None
    match_scores: tuple[int, ...]
    deal_scores: tuple[dict[str, int], ...] | None  # last finished deal, per side
    deals: tuple[tuple[Breakdown, ...], ...]  # every finished deal, per side
    revealed: tuple[Card, ...]  # the last finished deal's face-down opening cards

    @property
    def pile_top(self) -> Card | None:
        return self.pile_up[-1] if self.pile_up else None

    def seen(self) -> set[Card]:
        """Every card this seat has seen: its hand, played cards, shown opening cards."""
        seen = set(self.hand)
        seen.update(card for _, card in self.history)
        seen.update(self.opening_known)
        seen.add(self.opening_up)
        seen.update(self.pile_up)
        for cards in self.captured_known:
            seen.update(cards)
        return seen

    def not_holding(self) -> dict[int, set[str]]:
        """Ranks each other seat has shown it does not hold: since its hand was dealt it
        played onto a pile topped by that rank without taking it. (Players take a pile
        they can match; this is what an attentive player at the table infers.)"""
        per_round = HAND * self.players
        start = len(self.history) // per_round * per_round
        top: Card | None = self.opening_up
        out: dict[int, set[str]] = {}
        for i, (seat, card) in enumerate(self.history):
            takes = top is not None and (rank_of(card) == rank_of(top) or is_jack(card))
            if i >= start and seat != self.seat and top is not None and not takes:
                out.setdefault(seat, set()).add(rank_of(top))
            top = None if takes else card
        return out

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen, in a fixed order."""
        seen = self.seen()
        return [card for card in FULL_DECK if card not in seen]

    def known_points(self, side: int) -> int:
        """Points of a side that everybody can count so far (no hidden card, no most-cards)."""
        return (
            sum(card_points(c) for c in self.captured_known[side])
            + self.pistis[side][0] * self.pisti_points
            + self.pistis[side][1] * self.jack_pisti_points
        )


class Pisti(DealtMatch[Card, PistiView]):
    """A Pişti game: one deal (Classic) or a match of deals to a target."""

    name = "pisti"
    game_type = GAME_TYPE
    options_spec = OPTIONS
    why_words = {"not_in_hand": "{card} is not in the hand of seat {seat}, whose turn it is"}
    copied = (
        "match_scores",
        "deal_results",
        "revealed",
        "stock",
        "pile",
        "opening_hidden",
        "opening_known",
        "history",
    )
    copied_nested = ("hands", "captured", "pistis")

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        super().__init__(options, seed, arranged)
        self.sides = side_count(self.players)
        self.match_scores = [0] * self.sides
        self.deal_results: list[tuple[Breakdown, ...]] = []
        self.revealed: list[Card] = []
        self.deal_no = 0
        # per deal, set by _start_deal
        self.lead = 0
        self.turn: int | None = 0
        self.stock: list[Card] = []
        self.hands: list[list[Card]] = []
        self.pile: list[Card] = []
        self.pile_hidden = 0
        self.opening_hidden: list[Card] = []
        self.opening_known: list[Card] = []
        self.opening_up: Card = ""
        self.hidden_holder: int | None = None
        self.captured: list[list[Card]] = []
        self.pistis: list[list[int]] = []
        self.last_capturer: int | None = None
        self.history: list[tuple[int, Card]] = []
        self.round_no = 0
        self.carried = 0  # most-cards points carried into this deal (most_cards_tie=carry)

    # ----------------------------------------------------------- creation
    @classmethod
    def pack(cls, options: dict[str, Any]) -> list[Card]:
        return list(FULL_DECK)

    def _shuffled(self) -> list[Card]:
        deck = list(FULL_DECK)
        self.rng.shuffle(deck)
        return deck

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        events: list[Event] = []
        self.deal_no += 1
        self.lead = (self.deal_no - 1) % self.players if self.options["mode"] == "match" else 0
        if deck is None:
            deck = self._shuffled()
        while all(is_jack(c) for c in deck[:OPENING]):
            events.append(Redeal())
            deck = self._shuffled()
        pile = deck[:OPENING]
        known: list[Card] = []
        if is_jack(pile[-1]):
            below = next(i for i in (2, 1, 0) if not is_jack(pile[i]))
            known.append(pile[-1])
            pile[-1], pile[below] = pile[below], pile[-1]
        self.pile = pile
        self.pile_hidden = OPENING - 1
        self.opening_hidden = pile[: OPENING - 1]
        self.opening_known = known
        self.opening_up = pile[-1]
        self.hidden_holder = None
        self.stock = deck[OPENING:][::-1]  # next card at the end, so pop() deals it
        self.hands = [[] for _ in range(self.players)]
        self.captured = [[] for _ in range(self.sides)]
        self.pistis = [[0, 0] for _ in range(self.sides)]
        self.last_capturer = None
        self.history = []
        self.round_no = 0
        self.turn = self.lead
        events.append(Opening(self.deal_no, self.lead, pile[-1], known[0] if known else None))
        events.append(self._deal_round())
        return events

    def _deal_round(self) -> Event:
        self.round_no += 1
        for k in range(self.players):
            seat = (self.lead + k) % self.players
            for _ in range(HAND):
                self.hands[seat].append(self.stock.pop())
        return Deal(self.round_no, len(self.stock))

    # ----------------------------------------------------------- protocol
    def _legal_moves(self) -> list[Card]:
        if self.over or self.turn is None:
            return []
        return list(dict.fromkeys(self.hands[self.turn]))

    def parse_move(self, text: str) -> Card:
        return parse_card(text)

    def format_move(self, move: Card) -> str:
        return move

    def why_illegal(self, move: Card) -> Reason:
        return Reason("not_in_hand", {"card": move, "seat": self.turn})

    def _apply(self, card: Card) -> list[Event]:
        seat = self.turn
        assert seat is not None
        side = self.side(seat)
        hand = self.hands[seat]
        hand.remove(card)
        self.history.append((seat, card))
        events: list[Event] = [Play(seat, card)]
        last_card = not self.stock and not any(self.hands)
        top = self.pile[-1] if self.pile else None
        if top is not None and (rank_of(card) == rank_of(top) or is_jack(card)):
            single = len(self.pile) == 1
            kind = None
            if single and rank_of(card) == rank_of(top):
                kind = "jack_pisti" if is_jack(card) else "pisti"
                if last_card and not self.options["last_card_pisti"]:
                    kind = None
                if not self.pisti_now():
                    kind = None
            points = 0
            if kind:
                self.pistis[side][1 if kind == "jack_pisti" else 0] += 1
                points = self.options["jack_pisti"] if kind == "jack_pisti" else PISTI_POINTS
            self.pile.append(card)
            shown, count = self._take(side, capture=True)
            events.append(Capture(seat, side, shown, count, kind, points))
        else:
            self.pile.append(card)
        if last_card:
            if self.pile:
                taker = self.last_capturer if self.last_capturer is not None else self.side(0)
                events.append(Sweep(taker, *self._take(taker, capture=False)))
            events.extend(self._end_deal())
        else:
            self.turn = (seat + 1) % self.players
            if not any(self.hands):
                events.append(self._deal_round())
        return events

    def pisti_now(self) -> bool:
        """Whether a pişti made now counts (option ``first_round_pisti``: not in the deal's
        first round of hands)."""
        return self.options["first_round_pisti"] or self.round_no > 1

    def _score(self) -> list[Breakdown]:
        """The current deal's scores by the options' rules, as if it ended now."""
        return score_deal(
            self.captured,
            self.pistis,
            self.options["jack_pisti"],
            self.options["most_cards_tie"],
            self.last_capturer,
            MOST_CARDS_POINTS + self.carried,
        )

    def _take(self, side: int, capture: bool) -> tuple[tuple[Card, ...], int]:
        """Move the whole pile to ``side``: the cards all saw (the face-down opening cards
        stay secret), and how many."""
        if self.pile_hidden:
            self.hidden_holder = side
            self.pile_hidden = 0
        shown = tuple(c for c in self.pile if c not in self.opening_hidden or c in self.opening_known)
        taken = len(self.pile)
        self.captured[side].extend(self.pile)
        self.pile = []
        if capture:
            self.last_capturer = side
        return shown, taken

    def _end_deal(self) -> list[Event]:
        scores = tuple(self._score())
        tied = not any(b.most_cards for b in scores)
        carry = self.options["most_cards_tie"] == "carry" and self.options["mode"] == "match"
        self.carried = self.carried + MOST_CARDS_POINTS if tied and carry else 0
        self.deal_results.append(scores)
        self.revealed = [c for c in self.opening_hidden if c not in self.opening_known]
        for side, breakdown in enumerate(scores):
            self.match_scores[side] += breakdown.total
        events: list[Event] = [
            DealScored(self.deal_no, scores, tuple(self.match_scores), tuple(self.opening_hidden))
        ]
        return self._next_deal_or_end(events)

    def _decide(self) -> int | str | None:
        """The winning side, ``"draw"``, or ``None`` if another deal is due."""
        if self.options["mode"] == "classic":
            last = self.deal_results[-1]
            keys = [(b.total, b.cards) for b in last]
            best = max(keys)
            return keys.index(best) if keys.count(best) == 1 else "draw"
        target = self.options["target"]
        reached = [s for s in range(self.sides) if self.match_scores[s] >= target]
        if not reached:
            return None
        high = max(self.match_scores[s] for s in reached)
        leaders = [s for s in reached if self.match_scores[s] == high]
        return leaders[0] if len(leaders) == 1 else None

    # ----------------------------------------------------------- outcome and views
    def result(self) -> Result:
        if self.over or self.options["mode"] == "match":
            scores = tuple(self.match_scores)
        else:
            scores = tuple(b.total for b in self._score())
        if (self.over and self.options["mode"] == "classic") or self.between_rounds():
            captured = tuple(b.cards for b in self.deal_results[-1])
        else:
            captured = tuple(len(c) for c in self.captured)
        detail = {"deals": [[b.as_dict() for b in deal] for deal in self.deal_results]}
        return Result(self.over, self.winner if self.over else None, scores, captured, detail)

    def next_up(self) -> int | None:
        if self.turn is None:
            return None
        if not self.stock and sum(len(h) for h in self.hands) == 1:  # the deal's last card
            return self.deal_no % self.players if self.options["mode"] == "match" else None
        return (self.turn + 1) % self.players

    def rounds_done(self) -> int:
        return len(self.deal_results)

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(side.total for side in deal) for deal in self.deal_results)

    def between_rounds(self) -> bool:
        return bool(self.deal_results) and not self.history and not self.over

    def view(self, seat: int) -> PistiView:
        common = self._seat_view(seat)
        hidden = set(self.opening_hidden) - set(self.opening_known)
        known = tuple(tuple(c for c in cards if c not in hidden) for cards in self.captured)
        last = self.deal_results[-1] if self.deal_results else None
        return PistiView(
            **common,
            mode=self.options["mode"],
            target=self.options["target"],
            last_card_pisti=self.options["last_card_pisti"],
            deal_no=self.deal_no,
            lead=self.lead,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            pile_size=len(self.pile),
            pile_hidden=self.pile_hidden,
            pile_up=tuple(self.pile[self.pile_hidden :]),
            opening_up=self.opening_up,
            opening_known=tuple(self.opening_known),
            hidden_holder=self.hidden_holder,
            history=tuple(self.history),
            captured_known=known,
            captured_counts=tuple(len(c) for c in self.captured),
            pistis=tuple((p[0], p[1]) for p in self.pistis),
            pisti_points=PISTI_POINTS,
            jack_pisti_points=self.options["jack_pisti"],
            pisti_now=self.pisti_now(),
            most_cards_points=MOST_CARDS_POINTS + self.carried,
            last_capturer=self.last_capturer,
            match_scores=tuple(self.match_scores),
            deal_scores=tuple(b.as_dict() for b in last) if last else None,
            deals=tuple(tuple(deal) for deal in self.deal_results),
            revealed=tuple(self.revealed),
        )

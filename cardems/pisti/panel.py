"""Pişti's panel: opponents unlike Normal, against which Hard is measured (``arena panel``).

None of them shares code with Hard's model of the others (the Normal judgement of
:mod:`cardems.pisti.normal`, the playout and likelihood of :mod:`cardems.pisti.hard`);
like every bot they see only the view and the legal moves.

- **greedy** takes the capture worth the most points now (a pişti counted), and
  otherwise throws the card worth the fewest points, Jacks last.
- **hunter** plays for piştis: it takes one whenever it can, and keeps its Jacks and
  the ranks it hopes to pişti with (a lone copy of a rank others still hold), so it
  often covers a card it could have taken; it throws the ranks the others are least
  likely to hold.
- **sampler** is Monte Carlo sampling of its own: it deals the cards it has not seen
  at random (no reading of the others' plays), plays each card in each deal and the
  deal out with everyone playing as greedy on its own compact deal (:class:`Deal`),
  and plays the best average of its side's score less the others'.
"""

from __future__ import annotations

from cardems.pisti.rules import (
    FULL_DECK,
    HAND,
    JACK_PISTI_POINTS,
    MOST_CARDS_POINTS,
    PISTI_POINTS,
    PistiView,
    card_points,
    side_count,
    side_of,
)
from cardems.rng import Rng

VALUE = {card: card_points(card) for card in FULL_DECK}
RANK = {card: card[:-1] for card in FULL_DECK}
SAMPLER_SAMPLES = 32  # deals per decision (the independent engine's strongest bot: 32, greedy rollouts)
HUNT_PILE = 4  # the hunter takes a pile without a pişti only from this many cards...
HUNT_POINTS = 2  # ... or this many points (known ones) ...
HUNT_JACK_PILE = 5  # ... and spends a Jack only on this many cards, or HUNT_JACK_POINTS
HUNT_JACK_POINTS = 3


def pisti_bonus(rank: str) -> int:
    return JACK_PISTI_POINTS if rank == "J" else PISTI_POINTS


def greedy_card(hand: list[str], top: str | None, size: int, pile_points: int, pisti_counts: bool) -> str:
    """The greedy player's card: the capture worth most points now (then most cards, then
    not a Jack), else the discard worth fewest points (Jacks last); ties: first in hand."""
    best, best_key = hand[0], None
    key: tuple[int, int, int]
    for card in hand:
        rank = RANK[card]
        if size and (rank == top or rank == "J"):
            gain = pile_points + VALUE[card]
            if size == 1 and rank == top and pisti_counts:
                gain += pisti_bonus(rank)
            key = (1, gain, rank != "J")
        else:
            key = (0, -VALUE[card] - (10 if rank == "J" else 0), 0)
        if best_key is None or key > best_key:
            best, best_key = card, key
    return best


def _pile(view: PistiView) -> tuple[str | None, int, int, bool]:
    """Top rank, size and known points of the pile, and whether a pişti now would count."""
    top = RANK[view.pile_up[-1]] if view.pile_up else None
    last = view.stock_size == 0 and sum(view.hand_sizes) == 1
    return (
        top,
        view.pile_size,
        sum(VALUE[c] for c in view.pile_up),
        view.pisti_now and (view.last_card_pisti or not last),
    )


class PistiGreedy:
    """Best immediate points."""

    level = "greedy"

    def choose(self, view: PistiView, legal: list[str], rng: Rng) -> str:
        return greedy_card(list(legal), *_pile(view))


class PistiHunter:
    """A player who plays for piştis (see the module's docstring)."""

    level = "hunter"

    def choose(self, view: PistiView, legal: list[str], rng: Rng) -> str:
        top, size, points, counts = _pile(view)
        hand = list(legal)
        last_hand = view.stock_size == 0
        seen: dict[str, int] = {}
        for card in view.seen():
            seen[RANK[card]] = seen.get(RANK[card], 0) + 1
        mine = [RANK[c] for c in view.hand]
        if size:
            for card in hand:  # a pişti, whenever there is one
                if size == 1 and RANK[card] == top and counts:
                    return card
            for card in hand:  # a pile worth taking
                rank = RANK[card]
                if rank == top and (
                    size >= HUNT_PILE or points >= HUNT_POINTS or last_hand or mine.count(rank) > 1
                ):
                    return card
            for card in hand:
                if RANK[card] == "J" and (size >= HUNT_JACK_PILE or points >= HUNT_JACK_POINTS or last_hand):
                    return card

        def live(card: str) -> int:  # copies of its rank that the others may still hold
            return 4 - seen.get(RANK[card], 0)

        # throw the rank the others are least likely to hold; keep Jacks and lone live ranks
        return min(hand, key=lambda c: (RANK[c] == "J", live(c) - (mine.count(RANK[c]) > 1), VALUE[c]))


class Deal:
    """A Pişti deal reduced to what the sampler's playouts need (the next card of the
    stock last, ranks as the rules write them)."""

    __slots__ = (
        "players",
        "lead",
        "turn",
        "hands",
        "stock",
        "top",
        "size",
        "pile_points",
        "captured",
        "points",
        "last_side",
        "left",
        "last_card_pisti",
    )
    players: int
    lead: int
    turn: int  # -1 once the deal is over
    hands: list[list[str]]
    stock: list[str]  # the next card last
    top: str | None  # the rank on the pile
    size: int
    pile_points: int
    captured: list[int]
    points: list[int]
    last_side: int | None
    left: int
    last_card_pisti: bool

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        other.players, other.lead, other.turn = self.players, self.lead, self.turn
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.top, other.size, other.pile_points = self.top, self.size, self.pile_points
        other.captured, other.points = self.captured[:], self.points[:]
        other.last_side, other.left, other.last_card_pisti = self.last_side, self.left, self.last_card_pisti
        return other

    def play(self, card: str) -> None:
        """Play ``card`` for the player to move (the deal's end and new hands included)."""
        players = self.players
        seat = self.turn
        side = seat % 2 if players == 4 else seat
        self.hands[seat].remove(card)
        self.left -= 1
        rank = RANK[card]
        if self.size and (rank == self.top or rank == "J"):
            if self.size == 1 and rank == self.top and (self.left or self.last_card_pisti):
                self.points[side] += pisti_bonus(rank)
            self.captured[side] += self.size + 1
            self.points[side] += self.pile_points + VALUE[card]
            self.size = self.pile_points = 0
            self.top = None
            self.last_side = side
        else:
            self.size += 1
            self.pile_points += VALUE[card]
            self.top = rank
        if not self.left:
            if self.size:
                taker = self.last_side if self.last_side is not None else 0
                self.captured[taker] += self.size
                self.points[taker] += self.pile_points
                self.size = self.pile_points = 0
            self.turn = -1
            return
        self.turn = (seat + 1) % players
        if not any(self.hands):
            for k in range(players):
                hand = self.hands[(self.lead + k) % players]
                for _ in range(HAND):
                    hand.append(self.stock.pop())

    def playout(self) -> None:
        """Everyone plays greedy to the deal's end."""
        while self.turn >= 0:
            self.play(
                greedy_card(
                    self.hands[self.turn],
                    self.top,
                    self.size,
                    self.pile_points,
                    self.left > 1 or self.last_card_pisti,
                )
            )

    def scores(self) -> list[int]:
        scores = self.points[:]
        most = max(self.captured)
        if self.captured.count(most) == 1:
            scores[self.captured.index(most)] += MOST_CARDS_POINTS
        return scores


def sample_deal(view: PistiView, rng: Rng) -> Deal:
    """The deal of ``view`` with the cards it has not seen dealt at random."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands = [
        list(view.hand) if seat == view.seat else [unseen.pop() for _ in range(size)]
        for seat, size in enumerate(view.hand_sizes)
    ]
    hidden = [unseen.pop() for _ in range(3 - len(view.opening_known))]
    deal = Deal.__new__(Deal)
    deal.players, deal.lead = view.players, view.lead
    deal.turn = view.to_move if view.to_move is not None else -1
    deal.hands, deal.stock = hands, unseen
    deal.points = [view.known_points(s) for s in range(side_count(view.players))]
    deal.captured = list(view.captured_counts)
    deal.top = RANK[view.pile_up[-1]] if view.pile_up else None
    deal.size = view.pile_size
    deal.pile_points = sum(VALUE[c] for c in view.pile_up)
    hidden_points = sum(VALUE[c] for c in hidden)
    if view.pile_hidden:
        deal.pile_points += hidden_points + sum(VALUE[c] for c in view.opening_known)
    elif view.hidden_holder is not None:
        deal.points[view.hidden_holder] += hidden_points
    deal.last_side = view.last_capturer
    deal.left = sum(view.hand_sizes) + len(unseen)
    deal.last_card_pisti = view.last_card_pisti
    return deal


class PistiSampler:
    """Monte Carlo sampling with greedy playouts of its own (see the module's docstring)."""

    level = "sampler"

    def __init__(self, samples: int = SAMPLER_SAMPLES) -> None:
        self.samples = samples

    def choose(self, view: PistiView, legal: list[str], rng: Rng) -> str:
        if len(legal) == 1:
            return legal[0]
        mine = side_of(view.seat, view.players)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = sample_deal(view, rng)
            for i, card in enumerate(legal):
                deal = world.copy()
                deal.play(card)
                deal.playout()
                scores = deal.scores()
                others = [s for side, s in enumerate(scores) if side != mine]
                totals[i] += scores[mine] - sum(others) / len(others)
        return legal[totals.index(max(totals))]

"""War with an active hand: the rules, and nothing else (see shared/rules/war.md).

A battle is a simultaneous move: each seat commits a card from its active hand,
hidden from the other seat's view (which says only that it has chosen), and the
battle is fought when both have. The protocol has one seat to move at a time, so
the seats commit in a fixed order, seat 1 then seat 0 (:data:`COMMIT_ORDER`);
neither sees the other's choice, so the order tells nothing. Every commit is a
move, recorded as its card alone.

A whole battle can also be given at once in the replay notation, seat 0's card
first: ``QS/10D``, recorded as that one move; so saves written as battles (and
ending, perhaps, with seat 1's card alone) replay exactly.

>>> game = War.new(seed=1)
>>> game.to_move, len(game.hands[0]), len(game.draw[0])
(1, 3, 23)
>>> _ = game.play(game.legal_moves()[0])            # seat 1 commits
>>> game.view(0).other_committed, game.view(0).committed, game.to_move
(True, None, 0)
>>> events = game.play(game.legal_moves()[0])       # seat 0 commits: both cards turn
>>> type(events[0]).__name__, events[0].winner
('Battle', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.cards import RANKS, Card, parse_card, rank_of, standard_deck
from cardems.errors import BadInput
from cardems.game import Event, Game, GameType, Reason, Result, SeatView, shown
from cardems.war.events import Battle as BattleEvent
from cardems.war.events import Commit, Deal, Out, Refill, Take, Tie
from cardems.war.options import OPTIONS

HAND = 3  # the active hand's size, by default (option ``hand``)
BURN = 3  # the cards burned in a war, by default (option ``burn``)
SEATS = (0, 1)
COMMIT_ORDER = (1, 0)  # who commits first to a battle: seat 1, as saves of battles have it
FULL_DECK = tuple(standard_deck())
ORDER = RANKS[1:] + RANKS[:1]  # 2 .. K A: Ace high
STRENGTH: dict[Card, int] = {c: ORDER.index(rank_of(c)) for c in FULL_DECK}  # 2 -> 0 .. A -> 12
GAME_TYPE = GameType(seats=(2,), simultaneous=True)

Battle = tuple[Card, Card]  # (seat 0's card, seat 1's card)
Move = Card | Battle


def strength(card: Card) -> int:
    """The rank's place, Ace high: 2 is 0, ..., King 11, Ace 12. Suits do not count."""
    return STRENGTH[card]


@dataclass(frozen=True)
class BattleRecord:
    """One face-up battle, as everybody saw it."""

    cards: Battle  # (seat 0's card, seat 1's card)
    winner: int | None  # None: a tie (a war, or a run-out)
    burned: tuple[int, int]  # face-down cards each side burned after a tie
    pile: int  # cards on the table when the battle was decided


@dataclass(frozen=True)
class WarView(SeatView):
    """What one seat may know. Nothing in it depends on a card the seat cannot see.

    Besides the counts and the face-up history, it carries what an attentive
    player can work out from them: ``known`` lists every card seen face up and
    then won, with the side that won it and where that won pile went in the
    winner's draw pile (``start``, ``size``, counted in cards ever put into that
    pile); ``pile_in`` / ``pile_out`` count, per side, the cards ever put into /
    taken from the top of its draw pile (drawn or burned). A burned card is never
    seen, so ``known`` is what the table *believes*, not necessarily the truth.
    """

    hand: tuple[Card, ...]  # this seat's active hand (a committed card still in it)
    committed: Card | None  # this seat's card, chosen and not yet revealed
    other_committed: bool  # the other seat has chosen (its card stays hidden)
    hand_sizes: tuple[int, int]
    draw_sizes: tuple[int, int]
    counts: tuple[int, int]  # draw pile + active hand: the score shown
    table_up: tuple[tuple[int, Card], ...]  # face-up tied cards on the table, (seat, card), oldest first
    table_down: tuple[int, int]  # face-down burned cards on the table, per seat
    history: tuple[BattleRecord, ...]
    known: tuple[tuple[Card, int, int, int], ...]  # (card, side, start, size), sorted by card
    pile_in: tuple[int, int]
    pile_out: tuple[int, int]

    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def table_size(self) -> int:
        return len(self.table_up) + sum(self.table_down)

    @property
    def at_war(self) -> bool:
        """Cards are already on the table: the next battle decides a war pile."""
        return self.table_size > 0

    @property
    def battles(self) -> int:
        return len(self.history)

    @property
    def wars(self) -> int:
        """Battles that were ties (each starts or extends a war)."""
        return sum(1 for b in self.history if b.winner is None)


class War(Game[Move, WarView]):
    """A game of War with an active hand (3 cards, or the option ``hand``: 1 is classic
    War), between seats 0 and 1; a war burns 3 cards (or the option ``burn``)."""

    name = "war"
    game_type = GAME_TYPE
    options_spec = OPTIONS
    why_words = {
        "not_in_hand": "{card} is not in the active hand of seat {seat}, whose turn it is",
        "not_in_battle_hand": "{move}: {card} is not in the active hand of seat {seat}",
        "chose_other": "{move}: seat {seat} has already chosen another card",
    }
    copied = ("committed", "table", "history", "known", "pile_in", "pile_out")
    copied_nested = ("draw", "hands")

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        super().__init__(options, seed, arranged)
        self.draw: list[list[Card]] = [[], []]  # top first; won cards go to the end
        self.hands: list[list[Card]] = [[], []]
        self.committed: list[Card | None] = [None, None]  # each seat's hidden choice
        self.table: list[tuple[int, Card, bool]] = []  # (seat, card, face up), in the order laid
        self.history: list[BattleRecord] = []
        self.known: dict[Card, tuple[int, int, int]] = {}
        self.pile_in = [0, 0]
        self.pile_out = [0, 0]
        self.hand_size: int = options.get("hand", HAND)
        self.burn: int = options.get("burn", BURN)

    # ----------------------------------------------------------- creation
    @classmethod
    def pack(cls, options: dict[str, Any]) -> list[Card]:
        return list(FULL_DECK)

    def _begin(self, deck: list[Card] | None) -> list[Event]:
        if deck is None:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
        half = len(deck) // 2
        self.draw = [deck[:half], deck[half:]]
        self.pile_in = [half, len(deck) - half]
        self._refill()
        return [Deal((len(self.draw[0]), len(self.draw[1])), (len(self.hands[0]), len(self.hands[1])))]

    # ----------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        """The next seat to commit to this battle."""
        if self.over:
            return None
        return next(seat for seat in COMMIT_ORDER if self.committed[seat] is None)

    def _legal_moves(self) -> list[Move]:
        seat = self.to_move
        if seat is None:
            return []
        return list(dict.fromkeys(self.hands[seat]))

    def parse_move(self, text: str) -> Move:
        """``QS`` (the card of the seat to move) or ``QS/10D`` (a whole battle: seat 0's card / seat 1's)."""
        if not isinstance(text, str):
            raise BadInput(f"not a move: {shown(text)}")
        if "/" in text:
            first, sep, second = text.partition("/")
            if "/" in second:
                raise BadInput(
                    f"{shown(text)} is not a battle (write it as seat 0's card/seat 1's card, e.g. QS/10D)"
                )
            return parse_card(first), parse_card(second)
        return parse_card(text)

    def format_move(self, move: Move) -> str:
        return f"{move[0]}/{move[1]}" if isinstance(move, tuple) else move

    def move_number(self) -> int:
        """A battle counts as one move, as in its notation, and a card committed toward
        the next battle as one more."""
        return len(self.history) + sum(card is not None for card in self.committed)

    def why_illegal(self, move: Move) -> Reason:
        return Reason("not_in_hand", {"card": self.format_move(move), "seat": self.to_move})

    def play(self, move: Move | str) -> list[Event]:
        """Commit the card of the seat to move, or play a whole battle ``(seat 0's, seat 1's)``.

        Raises :class:`IllegalMove` and changes nothing if it is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, tuple):
            return self._play_battle(move)
        return super().play(move)

    def _play_battle(self, battle: Battle) -> list[Event]:
        """Both seats' cards at once (a seat that has committed must have chosen this card)."""
        if self.over:
            raise self.refusal(battle, Reason("over"))
        for seat in COMMIT_ORDER:
            card, chosen = battle[seat], self.committed[seat]
            if chosen is None and card not in self.hands[seat]:
                raise self.refusal(battle, Reason("not_in_battle_hand", {"card": card, "seat": seat}))
            if chosen is not None and card != chosen:
                raise self.refusal(battle, Reason("chose_other", {"seat": seat}))
        events: list[Event] = []
        for seat in COMMIT_ORDER:
            if self.committed[seat] is None:
                events += self._apply(battle[seat])
        self.moves.append(self.format_move(battle))
        return events

    def _apply(self, card: Move) -> list[Event]:
        """The seat to move commits ``card``; once both have, the battle is fought."""
        seat = self.to_move
        assert seat is not None
        assert isinstance(card, str), "a battle is played by _play_battle"
        self.committed[seat] = card
        if any(chosen is None for chosen in self.committed):
            return [Commit(seat)]
        first, second = self.committed
        assert first is not None and second is not None
        self.committed = [None, None]
        return self._battle(first, second)

    # ----------------------------------------------------------- a battle
    def _battle(self, first: Card, second: Card) -> list[Event]:
        """Seat 0's ``first`` against seat 1's ``second``, both turned face up."""
        self.hands[0].remove(first)
        self.hands[1].remove(second)
        for seat, card in ((0, first), (1, second)):
            self.table.append((seat, card, True))
            self.known.pop(card, None)
        a, b = strength(first), strength(second)
        winner = None if a == b else (0 if a > b else 1)
        pile = len(self.table)
        events: list[Event] = [BattleEvent((first, second), winner, pile)]
        if winner is not None:
            self.history.append(BattleRecord((first, second), winner, (0, 0), pile))
            events.append(self._take(winner))
            events.append(self._refill())
            loser = 1 - winner
            if not self.hands[loser] and not self.draw[loser]:
                events.append(self._end(winner, "out"))
            return events
        # a tie: a war, unless a side has run out
        able = [bool(self.hands[s] or self.draw[s]) for s in SEATS]
        if not all(able):
            taker = 0 if not any(able) else able.index(True)  # both out: the rules award seat 0
            self.history.append(BattleRecord((first, second), None, (0, 0), pile))
            events.append(self._take(taker))
            events.append(self._end(taker, "both_out" if not any(able) else "war_out"))
            return events
        burned = []
        for seat in SEATS:
            keep = 0 if self.hands[seat] else 1
            n = max(0, min(self.burn, len(self.draw[seat]) - keep))
            for card in self.draw[seat][:n]:
                self.table.append((seat, card, False))
            del self.draw[seat][:n]
            self._forget(seat, self.pile_out[seat], self.pile_out[seat] + n)
            self.pile_out[seat] += n
            burned.append(n)
        self.history.append(BattleRecord((first, second), None, (burned[0], burned[1]), pile))
        events.append(Tie((burned[0], burned[1]), len(self.table)))
        events.append(self._refill())
        return events

    def _forget(self, seat: int, low: int, high: int) -> None:
        """Burned positions ``low..high-1`` of ``seat``'s pile: its known cards there may have gone."""
        for card, (s, start, n) in list(self.known.items()):
            if s == seat and start < high and low < start + n:
                del self.known[card]

    def _take(self, seat: int) -> Event:
        """The whole table goes, shuffled face down, under ``seat``'s draw pile."""
        cards = [card for _, card, _ in self.table]
        start, size = self.pile_in[seat], len(cards)
        for _, card, up in self.table:
            if up:
                self.known[card] = (seat, start, size)
        shown = tuple(card for _, card, up in self.table if up)
        self.table = []
        self.rng.shuffle(cards)
        self.draw[seat].extend(cards)
        self.pile_in[seat] += size
        return Take(seat, shown, size, self._counts())

    def _refill(self) -> Event:
        drawn = []
        for seat in SEATS:
            n = min(self.hand_size - len(self.hands[seat]), len(self.draw[seat]))
            self.hands[seat].extend(self.draw[seat][:n])
            del self.draw[seat][:n]
            self.pile_out[seat] += n
            drawn.append(n)
        return Refill((drawn[0], drawn[1]), (len(self.draw[0]), len(self.draw[1])))

    def _end(self, winner: int, reason: str) -> Event:
        self.over = True
        self.winner = winner
        return Out(winner, reason, self._counts())

    # ----------------------------------------------------------- outcome and views
    def counts(self) -> list[int]:
        """Each side's cards: draw pile plus active hand (cards on the table are nobody's yet)."""
        return [len(self.draw[s]) + len(self.hands[s]) for s in SEATS]

    def _counts(self) -> tuple[int, int]:
        return len(self.draw[0]) + len(self.hands[0]), len(self.draw[1]) + len(self.hands[1])

    def result(self) -> Result:
        counts = tuple(self.counts())
        detail = {
            "battles": len(self.history),
            "wars": sum(1 for b in self.history if b.winner is None),
            "table": len(self.table),
        }
        return Result(self.over, self.winner if self.over else None, counts, counts, detail)

    def next_up(self) -> int | None:
        """The other seat, if it is still to commit to this battle; else the first to commit
        to the next."""
        waiting = [s for s in COMMIT_ORDER if s != self.to_move and self.committed[s] is None]
        return waiting[0] if waiting else COMMIT_ORDER[0]

    def view(self, seat: int) -> WarView:
        common = self._seat_view(seat)
        up = tuple((s, c) for s, c, face in self.table if face)
        down = [0, 0]
        for s, _, face in self.table:
            if not face:
                down[s] += 1
        return WarView(
            **common,
            hand=tuple(self.hands[seat]),
            committed=self.committed[seat],
            other_committed=self.committed[1 - seat] is not None,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            draw_sizes=(len(self.draw[0]), len(self.draw[1])),
            counts=self._counts(),
            table_up=up,
            table_down=(down[0], down[1]),
            history=tuple(self.history),
            known=tuple(sorted((c, s, a, n) for c, (s, a, n) in self.known.items())),
            pile_in=(self.pile_in[0], self.pile_in[1]),
            pile_out=(self.pile_out[0], self.pile_out[1]),
        )

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (for tests: always the 52)."""
        return (
            [c for d in self.draw for c in d]
            + [c for h in self.hands for c in h]
            + [c for _, c, _ in self.table]
        )

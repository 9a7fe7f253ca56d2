"""War with an active hand: the rules, and nothing else (see shared/rules/war.md).

Seat 0 is the human side, seat 1 the computer. A battle takes two moves, and
the engine's protocol makes the choice simultaneous: the computer's seat moves
first and *commits* a card from its active hand (recorded, but hidden from seat
0's view until the reveal); then seat 0 chooses, and only then are both cards
turned and the battle resolved. So the computer can never know the human's
card, and the human's view never shows the computer's card before choosing.

A whole battle can also be given at once in the replay notation, human's card
first: ``QS/10D``. Completed battles are recorded in that notation in
:attr:`War.moves`; a commit still waiting for seat 0 is recorded as its card
alone, so saves replay exactly.

>>> game = War.new(seed=1)
>>> game.to_move, len(game.hands[0]), len(game.draw[0])
(1, 3, 23)
>>> _ = game.play(game.legal_moves()[0])            # the computer commits
>>> game.view(0).other_committed, game.to_move
(True, 0)
>>> events = game.play(game.legal_moves()[0])       # the human plays; both cards turn
>>> events[0].kind
'battle'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from cardems.cards import RANKS, Card, parse_card, rank_of, standard_deck
from cardems.errors import BadInput
from cardems.game import Event, Game, GameType, Reason, Result, SeatView, shown
from cardems.war.options import OPTIONS

HAND = 3
BURN = 3
HUMAN, COMPUTER = 0, 1
FULL_DECK = tuple(standard_deck())
ORDER = RANKS[1:] + RANKS[:1]                      # 2 .. K A: Ace high
STRENGTH: dict[Card, int] = {c: ORDER.index(rank_of(c)) for c in FULL_DECK}  # 2 -> 0 .. A -> 12
GAME_TYPE = GameType(seats=(2,), simultaneous=True)

Battle = tuple[Card, Card]          # (human's card, computer's card)
Move = Union[Card, Battle]


def strength(card: Card) -> int:
    """The rank's place, Ace high: 2 is 0, ..., King 11, Ace 12. Suits do not count."""
    return STRENGTH[card]


@dataclass(frozen=True)
class BattleRecord:
    """One face-up battle, as everybody saw it."""

    cards: Battle                   # (seat 0's card, seat 1's card)
    winner: int | None              # None: a tie (a war, or a run-out)
    burned: tuple[int, int]         # face-down cards each side burned after a tie
    pile: int                       # cards on the table when the battle was decided


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

    hand: tuple[Card, ...]                 # this seat's active hand
    committed: Card | None                 # this seat's card, chosen and not yet revealed
    other_committed: bool                  # the other seat has chosen (its card stays hidden)
    hand_sizes: tuple[int, int]
    draw_sizes: tuple[int, int]
    counts: tuple[int, int]                # draw pile + active hand: the score shown
    table_up: tuple[tuple[int, Card], ...]  # face-up tied cards on the table, (seat, card), oldest first
    table_down: tuple[int, int]            # face-down burned cards on the table, per seat
    history: tuple[BattleRecord, ...]
    known: tuple[tuple[Card, int, int, int], ...]   # (card, side, start, size), sorted by card
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
    """A game of War with a 3-card active hand, human (seat 0) vs computer (seat 1)."""

    name = "war"
    game_type = GAME_TYPE
    options_spec = OPTIONS
    why_words = {
        "not_in_hand": "{card} is not in the active hand of seat {seat}, whose turn it is",
        "not_in_battle_hand": "{move}: {card} is not in the active hand of seat {seat}",
        "chose_other": "{move}: seat {seat} has already chosen another card",
    }
    copied = ("table", "history", "known", "pile_in", "pile_out", "start_events")
    copied_nested = ("draw", "hands")

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        super().__init__(options, seed, arranged)
        self.draw: list[list[Card]] = [[], []]      # top first; won cards go to the end
        self.hands: list[list[Card]] = [[], []]
        self.committed: Card | None = None          # seat 1's hidden choice
        self.table: list[tuple[int, Card, bool]] = []   # (seat, card, face up), in the order laid
        self.history: list[BattleRecord] = []
        self.known: dict[Card, tuple[int, int, int]] = {}
        self.pile_in = [0, 0]
        self.pile_out = [0, 0]

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
        return [Event("deal", info={"draw": [len(d) for d in self.draw], "hands": [len(h) for h in self.hands]})]

    # ----------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        return HUMAN if self.committed is not None else COMPUTER

    def legal_moves(self) -> list[Card]:
        seat = self.to_move
        if seat is None:
            return []
        return list(dict.fromkeys(self.hands[seat]))

    def parse_move(self, text: str) -> Move:
        """``QS`` (one seat's card) or ``QS/10D`` (a whole battle: human's card / computer's)."""
        if not isinstance(text, str):
            raise BadInput(f"not a move: {shown(text)}")
        if "/" in text:
            human, sep, computer = text.partition("/")
            if "/" in computer:
                raise BadInput(f"{shown(text)} is not a battle (write it as human's card/computer's card, e.g. QS/10D)")
            return parse_card(human), parse_card(computer)
        return parse_card(text)

    def format_move(self, move: Move) -> str:
        return f"{move[0]}/{move[1]}" if isinstance(move, tuple) else move

    def why_illegal(self, move: Move) -> Reason:
        return Reason("not_in_hand", {"card": self.format_move(move), "seat": self.to_move})

    def play(self, move: Move | str) -> list[Event]:
        """Apply one seat's card, or a whole battle ``(human's, computer's)``.

        Raises :class:`IllegalMove` and changes nothing if it is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, tuple):
            return self._play_battle(move)
        seat = self.to_move
        events = super().play(move)
        if seat == HUMAN:       # the battle is complete: record it as one token
            human = self.moves.pop()
            computer = self.moves.pop()
            self.moves.append(f"{human}/{computer}")
        return events

    def _play_battle(self, battle: Battle) -> list[Event]:
        human, computer = battle
        if self.over:
            raise self.refusal(battle, Reason("over"))
        if self.committed is None:
            if computer not in self.hands[COMPUTER]:
                raise self.refusal(battle, Reason("not_in_battle_hand", {"card": computer, "seat": COMPUTER}))
        elif computer != self.committed:
            raise self.refusal(battle, Reason("chose_other", {"seat": COMPUTER}))
        if human not in self.hands[HUMAN]:
            raise self.refusal(battle, Reason("not_in_battle_hand", {"card": human, "seat": HUMAN}))
        events = self.play(computer) if self.committed is None else []
        return events + self.play(human)

    def _apply(self, card: Card) -> list[Event]:
        if self.committed is None:
            self.committed = card
            return [Event("commit", COMPUTER)]
        computer, self.committed = self.committed, None
        return self._battle(card, computer)

    # ----------------------------------------------------------- a battle
    def _battle(self, human: Card, computer: Card) -> list[Event]:
        self.hands[HUMAN].remove(human)
        self.hands[COMPUTER].remove(computer)
        for seat, card in ((HUMAN, human), (COMPUTER, computer)):
            self.table.append((seat, card, True))
            self.known.pop(card, None)
        a, b = strength(human), strength(computer)
        winner = None if a == b else (HUMAN if a > b else COMPUTER)
        pile = len(self.table)
        events = [Event("battle", cards=(human, computer), info={"winner": winner, "pile": pile})]
        if winner is not None:
            self.history.append(BattleRecord((human, computer), winner, (0, 0), pile))
            events.append(self._take(winner))
            events.append(self._refill())
            loser = 1 - winner
            if not self.hands[loser] and not self.draw[loser]:
                events.append(self._end(winner, "out"))
            return events
        # a tie: a war, unless a side has run out
        able = [bool(self.hands[s] or self.draw[s]) for s in (HUMAN, COMPUTER)]
        if not all(able):
            taker = HUMAN if not any(able) else able.index(True)
            self.history.append(BattleRecord((human, computer), None, (0, 0), pile))
            events.append(self._take(taker))
            events.append(self._end(taker, "both_out" if not any(able) else "war_out"))
            return events
        burned = []
        for seat in (HUMAN, COMPUTER):
            keep = 0 if self.hands[seat] else 1
            n = max(0, min(BURN, len(self.draw[seat]) - keep))
            for card in self.draw[seat][:n]:
                self.table.append((seat, card, False))
            del self.draw[seat][:n]
            self._forget(seat, self.pile_out[seat], self.pile_out[seat] + n)
            self.pile_out[seat] += n
            burned.append(n)
        self.history.append(BattleRecord((human, computer), None, (burned[0], burned[1]), pile))
        events.append(Event("war", info={"burned": burned, "table": len(self.table)}))
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
        return Event("take", seat, shown, size, {"count": size, "counts": self.counts()})

    def _refill(self) -> Event:
        drawn = []
        for seat in (HUMAN, COMPUTER):
            n = min(HAND - len(self.hands[seat]), len(self.draw[seat]))
            self.hands[seat].extend(self.draw[seat][:n])
            del self.draw[seat][:n]
            self.pile_out[seat] += n
            drawn.append(n)
        return Event("refill", info={"drawn": drawn, "draw": [len(d) for d in self.draw]})

    def _end(self, winner: int, reason: str) -> Event:
        self.over = True
        self.winner = winner
        return Event("game_over", winner, info={"winner": winner, "reason": reason, "counts": self.counts()})

    # ----------------------------------------------------------- outcome and views
    def counts(self) -> list[int]:
        """Each side's cards: draw pile plus active hand (cards on the table are nobody's yet)."""
        return [len(self.draw[s]) + len(self.hands[s]) for s in (HUMAN, COMPUTER)]

    def result(self) -> Result:
        counts = tuple(self.counts())
        detail = {"battles": len(self.history), "wars": sum(1 for b in self.history if b.winner is None),
                  "table": len(self.table)}
        return Result(self.over, self.winner if self.over else None, counts, counts, detail)

    def next_up(self) -> int | None:
        """The human once the computer has committed; the computer again after a battle."""
        return HUMAN if self.to_move == COMPUTER else COMPUTER

    def view(self, seat: int) -> WarView:
        common = self._seat_view(seat)
        up = tuple((s, c) for s, c, face in self.table if face)
        down = [0, 0]
        for s, _, face in self.table:
            if not face:
                down[s] += 1
        return WarView(
            **common, hand=tuple(self.hands[seat]),
            committed=self.committed if seat == COMPUTER else None,
            other_committed=seat == HUMAN and self.committed is not None,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            draw_sizes=(len(self.draw[0]), len(self.draw[1])),
            counts=(len(self.draw[0]) + len(self.hands[0]), len(self.draw[1]) + len(self.hands[1])),
            table_up=up, table_down=(down[0], down[1]), history=tuple(self.history),
            known=tuple(sorted((c, s, a, n) for c, (s, a, n) in self.known.items())),
            pile_in=(self.pile_in[0], self.pile_in[1]), pile_out=(self.pile_out[0], self.pile_out[1]),
        )

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (for tests: always the 52)."""
        return [c for d in self.draw for c in d] + [c for h in self.hands for c in h] + [c for _, c, _ in self.table]

"""Pis Yedili ("dirty seven"): the rules, and nothing else (see shared/rules/pis-yedili.md).

Moves are texts: a card ``9C``; a Jack with the suit it names ``JH:S``; ``draw``;
``pass``; and, in the muamele at the end of a round, ``pick:N``, the N-th face-down
card counted from the top of the pile the picks come from (``pick:1`` is its top).

>>> game = PisYedili.new(seed=1)
>>> [len(h) for h in game.hands], game.phase, game.to_move
([7, 7], 'opening', 0)
>>> type(game.play(game.legal_moves()[0])[0]).__name__ in {"Play", "Draw"}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from cardems.cards import JOKER, SUITS, Card, parse_card, standard_deck
from cardems.errors import BadInput
from cardems.game import DealtMatch, Event, GameType, Reason, Result, SeatView, shown, whole_number
from cardems.pis_yedili.events import (
    Again,
    Draw,
    Muamele,
    Opened,
    Pass,
    Penalty,
    Pick,
    Play,
    Reverse,
    Round,
    RoundEnd,
    RoundScored,
    Skip,
    Ten,
)
from cardems.pis_yedili.options import OPTIONS

HAND = 7
PENALTY_PER_SEVEN = 3
PICKS_PER_SEVEN = 3
OPENING_RANKS = frozenset({"2", "3", "4", "5", "6", "8", "9", "Q", "K"})
SPECIAL_RANKS = frozenset({"7", "J", "10", "A"})
VALUES = {"A": 11, "J": 25, "Q": 10, "K": 10, "10": 10}
VALUES.update({str(n): n for n in range(2, 10)})
MULTIPLIERS = {"J": 2, "7": 3}
JOKERS = 4  # house rule jokers: two packs' jokers (2 each) join the two decks
JOKER_POINTS = 50  # a joker left in hand (or picked in the muamele)
POINTS = {c: VALUES[c[:-1]] for c in standard_deck()} | {JOKER: JOKER_POINTS}  # by card
MAX_TELLS = 4
DRAW, PASS = "draw", "pass"
MAX_PICK = 2 * 52 + JOKERS  # no stock holds more face-down cards than two packs and their jokers
SUIT_ORDER = {s: i for i, s in enumerate(("S", "H", "C", "D"))}  # alternating colours
JACK_MOVES = {f"J{s}": [f"J{s}:{named}" for named in SUITS] for s in SUITS}  # a Jack names any suit
JOKER_MOVES = [f"{JOKER}:{named}" for named in SUITS]  # ... and so does a joker
RANK_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}

GAME_TYPE = GameType(seats=(2, 3, 4), seats_option="players", lower_is_better=True, unit="round")


def rank(card: Card) -> str:
    return card[:-1]


def suit(card: Card) -> str:
    return card[-1]


def card_value(card: Card) -> int:
    """Penalty points of a card left in hand: 2–10 face value, Q K 10, A 11, J 25, joker 50."""
    return POINTS[card]


def hand_value(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(POINTS[c] for c in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """The page's hand order: by suit, then by rank (2 .. K, A); jokers last."""
    if card == JOKER:
        return len(SUIT_ORDER), 0
    return SUIT_ORDER[card[-1]], RANK_ORDER[card[:-1]]


def wild(card: Card) -> bool:
    """A Jack or a joker: played on any card (but a pending 7), naming the suit to follow."""
    return card == JOKER or card[:-1] == "J"


def deck_for(players: int, jokers: bool = False) -> list[Card]:
    """The round's cards: one deck for 2 players, two for 3-4; two decks and
    :data:`JOKERS` jokers for any number with the house rule ``jokers``."""
    if jokers:
        return standard_deck(packs=2, jokers=JOKERS)
    return standard_deck(packs=1 if players == 2 else 2)


def is_opening_card(card: Card) -> bool:
    return card[-1] == "C" and card[:-1] in OPENING_RANKS


def matches(card: Card, top: Card | None, named: str | None) -> bool:
    """Whether ``card`` may be played on ``top`` (a Jack or a joker goes on anything)."""
    r = card[:-1]
    if r == "J" or card == JOKER or top is None:
        return True
    if named is not None:
        return card[-1] == named
    return card[-1] == top[-1] or r == top[:-1]


class House(NamedTuple):
    """The house rules of a game (its options ``eight_skips`` .. ``jack_doubles``), read
    once: the rules engine, the compact round and the Normal player all ask this."""

    eight_skips: bool = False  # an 8 makes the next player miss a turn
    ace_again: bool = True  # after an Ace its player plays again (else the turn passes)
    seven_double: bool = False  # stacked 7s double the penalty (3, 6, 12) instead of adding 3
    jack_on_jack: bool = True  # a Jack may be played on a Jack
    jack_doubles: bool = True  # going out on a Jack doubles the others' penalties
    jokers: bool = False  # two decks and their 4 jokers, wild cards, for any number of players

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> House:
        return cls(
            bool(options.get("eight_skips", False)),
            options.get("ace", "again") == "again",
            options.get("seven_stack", "add") == "double",
            bool(options.get("jack_on_jack", True)),
            bool(options.get("jack_doubles", True)),
            bool(options.get("jokers", False)),
        )

    def decks(self, players: int) -> int:
        """Decks in play: 1 for 2 players, 2 for 3-4 or with jokers."""
        return 2 if self.jokers or players > 2 else 1

    def penalty(self, sevens: int) -> int:
        """Cards to draw for ``sevens`` stacked 7s: 3, 6, 9 ... (or 3, 6, 12 ... doubling)."""
        if not sevens:
            return 0
        return PENALTY_PER_SEVEN * (1 << (sevens - 1) if self.seven_double else sevens)

    def sevens(self, pending: int) -> int:
        """The stacked 7s behind a pending penalty of ``pending`` cards."""
        if self.seven_double:
            return (pending // PENALTY_PER_SEVEN).bit_length()
        return pending // PENALTY_PER_SEVEN

    def multiplier(self, rank: str) -> int:
        """The others' penalty multiplier when a player goes out on a card of ``rank``."""
        if rank == "J" and not self.jack_doubles:
            return 1
        return MULTIPLIERS.get(rank, 1)

    def twin(self, rank: str) -> bool:
        """Whether a card of ``rank`` on its twin is a pişti (an 8 that skips is special, and
        a joker, rank ``""`` in the rules' ``card[:-1]``, is no ordinary card)."""
        return bool(rank) and rank not in SPECIAL_RANKS and not (rank == "8" and self.eight_skips)


class Tell(NamedTuple):
    """What a seat showed it did not hold, as everybody at the table saw it.

    ``kind`` is ``pass`` (it drew and passed: nothing playable on ``top``/``named``),
    ``decline`` (it drew a 7 penalty: no 7, if it answers whenever it can) or
    ``opening`` (it drew in the opening: no playable club). At least ``old`` of the
    cards it holds now were already in its hand then (cards leave a hand only when played).
    """

    kind: str
    top: Card | None
    named: str | None
    old: int

    def allows(self, card: Card) -> bool:
        """Whether ``card`` could have been held then, given what the seat did."""
        if self.kind == "pass":
            return not matches(card, self.top, self.named)
        if self.kind == "decline":
            return card[:-1] != "7"
        return not is_opening_card(card)


@dataclass(frozen=True)
class RoundScore:
    """One finished round, as everybody sees it once the hands are shown."""

    number: int
    out: int | None  # the seat that went out, None if the stock ran out
    last_card: Card | None  # the card it went out with
    multiplier: int
    hands: tuple[tuple[Card, ...], ...]
    picks: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "out": self.out,
            "last_card": self.last_card,
            "multiplier": self.multiplier,
            "hands": [list(h) for h in self.hands],
            "picks": [list(p) for p in self.picks],
            "penalties": list(self.penalties),
            "totals": list(self.totals),
        }


@dataclass(frozen=True)
class PisYediliView(SeatView):
    """What one seat may know. Nothing in it depends on a card the seat cannot see."""

    ten_rule: str
    target: int
    mode: str
    round_no: int
    first: int  # who opened this round
    phase: str  # opening | play | muamele | over
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]  # every card played this round, bottom to top
    named: str | None  # the suit named with the Jack on top
    pending: int  # cards the player to move must draw unless it answers
    drawn: bool  # the player to move has drawn its card this turn
    stack: tuple[int, ...]  # seats that played a 10 and are owed a turn (bounce)
    direction: int  # +1 or -1 (reverse rule)
    opened: tuple[int, ...]  # seats that made their opening play
    history: tuple[tuple[int, str], ...]  # this round's public moves: (seat, move text)
    totals: tuple[int, ...]
    rounds: tuple[RoundScore, ...]  # every finished round
    ending: dict[str, Any] | None  # during the muamele: the round's end so far
    tells: tuple[tuple[Tell, ...], ...]  # per seat: what its draws showed it did not hold
    winners: tuple[int, ...]  # once over: every seat with the lowest total

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def decks(self) -> int:
        return House.of(self.options).decks(self.players)

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen this round (other hands and the stock), in a
        fixed order; with two decks a card may appear twice (a joker up to four times)."""
        left: dict[Card, int] = {}
        for card in deck_for(self.players, bool(self.options.get("jokers", False))):
            left[card] = left.get(card, 0) + 1
        for card in self.hand:
            left[card] -= 1
        for card in self.pile:
            left[card] -= 1
        return [card for card, n in left.items() for _ in range(n)]


class PisYedili(DealtMatch[str, PisYediliView]):
    """A Pis Yedili match (or one round, ``mode=round``)."""

    name = "pis-yedili"
    game_type = GAME_TYPE
    options_spec = OPTIONS
    why_words = {
        "pick_not_now": "{move}: picks are made only in the muamele at the end of a round",
        "pick_beyond": "{move}: there are only {n} face-down cards to pick from",
        "picking": "{move}: seat {seat} is picking its muamele cards (pick:1 .. pick:{n})",
        "pass_opening": "pass: no passing in the opening round; draw until a playable club arrives",
        "pass_pending": "pass: a 7 penalty is pending; answer with a 7 or draw {n}",
        "pass_undrawn": "pass: a player may pass only after drawing a card this turn",
        "draw_opening": "draw: in the opening, draw only without a playable club (♣2–6, 8, 9, Q, K)",
        "drawn": "draw: a card was already drawn this turn; play a card or pass",
        "not_in_hand": "{move}: {card} is not in the hand of seat {seat}, whose turn it is",
        "opening_club": "{move}: the opening play must be a club other than J, 7, 10 or A",
        "seven_pending": "{move}: a 7 penalty of {n} is pending; only a 7 may answer it",
        "ace_last": "{move}: an Ace may not be the last card in hand",
        "jack_on_jack": "{move}: a Jack may not be played on a Jack (house rule); match the named suit {suit}",
        "named_suit": "{move}: it must match the named suit {suit} (or be a Jack)",
        "must_match": "{move}: it must match {card}'s suit or rank (or be a Jack)",
    }
    copied = (
        "totals",
        "rounds",
        "winners",
        "stock",
        "pile",
        "stack",
        "opened",
        "history",
        "pickers",
        "plays",
    )
    copied_nested = ("hands", "picked", "tells")

    def __init__(self, options: dict[str, Any], seed: int, arranged: list[Card] | None) -> None:
        super().__init__(options, seed, arranged)
        self.house = House.of(options)
        self.decks = self.house.decks(self.players)
        self.bounce = options["ten_rule"] == "bounce"
        self.totals = [0] * self.players
        self.rounds: list[RoundScore] = []
        self.round_no = 0
        self.winners: list[int] = []
        # per round, set by _start_deal
        self.first = 0
        self.turn = 0
        self.phase = "opening"
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []  # the top of the stock is the end of the list
        self.pile: list[Card] = []
        self.named: str | None = None
        self.sevens = 0  # sevens stacked on the pending penalty
        self.drawn = False
        self.stack: list[int] = []
        self.direction = 1
        self.opened: list[int] = []
        self.history: list[tuple[int, str]] = []
        self.ending: Mapping[str, Any] | None = None  # read-only: out, last_card, multiplier, hands
        self.pickers: list[int] = []
        self.picks_left = 0
        self.picked: list[list[Card]] = []
        self.tells: list[list[Tell]] = []  # ``old`` counted from ``plays``: see :meth:`_tell`
        self.plays: list[int] = [0] * self.players  # cards each seat has played this round

    # ----------------------------------------------------------- creation
    @classmethod
    def pack(cls, options: dict[str, Any]) -> list[Card]:
        return deck_for(options["players"], bool(options.get("jokers", False)))

    def _start_deal(self, deck: list[Card] | None) -> list[Event]:
        """Start a round (this game's deal)."""
        self.round_no += 1
        n = self.players
        self.first = (self.round_no - 1) % n
        if deck is None:
            deck = deck_for(n, self.house.jokers)
            self.rng.shuffle(deck)
        self.hands = [[] for _ in range(n)]
        for k in range(n):
            seat = (self.first + k) % n
            self.hands[seat] = deck[k * HAND : (k + 1) * HAND]
        self.stock = deck[n * HAND :][::-1]
        self.pile = []
        self.named = None
        self.sevens = 0
        self.drawn = False
        self.stack = []
        self.direction = 1
        self.opened = []
        self.history = []
        self.ending = None
        self.pickers = []
        self.picks_left = 0
        self.picked = [[] for _ in range(n)]
        self.tells = [[] for _ in range(n)]
        self.plays = [0] * n
        self.phase = "opening"
        self.turn = self.first
        return [Round(self.first, self.round_no, len(self.stock))]

    # ----------------------------------------------------------- protocol
    @property
    def pending(self) -> int:
        """Cards the player to move must draw unless it answers with a 7."""
        return self.house.penalty(self.sevens)

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _legal_moves(self) -> list[str]:
        if self.over:
            return []
        assert self.turn is not None  # None only once over
        hand = self.hands[self.turn]
        if self.phase == "muamele":
            return [f"pick:{i}" for i in range(1, len(self.stock) + 1)]
        if self.phase == "opening":
            clubs = list(dict.fromkeys(c for c in hand if is_opening_card(c)))
            return clubs or [DRAW]
        if self.sevens:
            return list(dict.fromkeys(c for c in hand if c[:-1] == "7")) + [DRAW]
        pile, named = self.pile, self.named
        top = pile[-1] if pile else None
        moves: list[str] = []
        if top is None:
            follow_suit, follow_rank = None, None
        elif named is not None:
            follow_suit, follow_rank = named, None
        else:
            follow_suit, follow_rank = top[-1], top[:-1]
        lone = len(hand) == 1
        jacks = self.house.jack_on_jack or top is None or top[:-1] != "J"
        for card in dict.fromkeys(hand) if self.decks == 2 else hand:
            r = card[:-1]
            if r == "J":
                if jacks:
                    moves += JACK_MOVES[card]
            elif card == JOKER:
                moves += JOKER_MOVES
            elif (follow_suit is None or card[-1] == follow_suit or r == follow_rank) and not (
                lone and r == "A"
            ):
                moves.append(card)
        moves.append(PASS if self.drawn else DRAW)
        return moves

    def parse_move(self, text: str) -> str:
        if not isinstance(text, str):
            raise BadInput(f"not a move: {shown(text)}")
        raw = text.strip()
        low = raw.lower()
        if low in (DRAW, PASS):
            return low
        if low.startswith("pick:"):
            number = whole_number(low[5:], 1, MAX_PICK)
            if number is None:
                raise BadInput(f"{shown(raw)}: a pick is pick:N with N = 1, 2, ... (the N-th face-down card)")
            return f"pick:{number}"
        card_text, sep, named = raw.partition(":")
        card = parse_card(card_text)
        if wild(card):
            if not sep:
                raise BadInput(f"{shown(raw)}: a Jack or a joker names the suit to follow, e.g. {card}:S")
            named = named.strip().upper()
            if named not in SUITS:
                raise BadInput(f"{shown(raw)}: the named suit must be one of S H D C")
            return f"{card}:{named}"
        if sep:
            raise BadInput(f"{shown(raw)}: only a Jack or a joker names a suit")
        return card

    def format_move(self, move: str) -> str:
        return move

    def why_illegal(self, move: str) -> Reason:
        seat = self.turn
        assert seat is not None  # None only once over
        hand = self.hands[seat]
        if move.startswith("pick:"):
            if self.phase != "muamele":
                return Reason("pick_not_now")
            return Reason("pick_beyond", {"n": len(self.stock)})
        if self.phase == "muamele":
            return Reason("picking", {"seat": seat, "n": len(self.stock)})
        if move == PASS:
            if self.phase == "opening":
                return Reason("pass_opening")
            if self.sevens:
                return Reason("pass_pending", {"n": self.pending})
            return Reason("pass_undrawn")
        if move == DRAW:
            return Reason("draw_opening" if self.phase == "opening" else "drawn")
        card = move.partition(":")[0]
        if card not in hand:
            return Reason("not_in_hand", {"card": card, "seat": seat})
        if self.phase == "opening":
            return Reason("opening_club")
        if self.sevens:
            return Reason("seven_pending", {"n": self.pending})
        if card[:-1] == "A" and len(hand) == 1:
            return Reason("ace_last")
        if card[:-1] == "J" and self.top is not None and self.top[:-1] == "J":
            return Reason("jack_on_jack", {"suit": self.named})
        if self.named:
            return Reason("named_suit", {"suit": self.named})
        return Reason("must_match", {"card": self.top})

    # ----------------------------------------------------------- moves
    def _apply(self, move: str) -> list[Event]:
        seat = self.turn
        assert seat is not None  # None only once over
        if self.phase == "muamele":
            return self._pick(seat, int(move[5:]))
        if self.phase == "opening":
            return self._opening(seat, move)
        if move == DRAW:
            return self._draw(seat)
        if move == PASS:
            self.history.append((seat, PASS))
            self._tell(seat, Tell("pass", self.top, self.named, len(self.hands[seat])))
            events: list[Event] = [Pass(seat)]
            self._end_turn(seat)
            return events
        return self._play(seat, move)

    def _opening(self, seat: int, move: str) -> list[Event]:
        if move == DRAW:
            self.history.append((seat, DRAW))
            self._tell(seat, Tell("opening", None, None, len(self.hands[seat])))
            if not self.stock:
                return [Draw(seat, 0, "opening"), *self._end_round(None, None)]
            self.hands[seat].append(self.stock.pop())
            return [Draw(seat, 1, "opening")]
        self.hands[seat].remove(move)
        self.plays[seat] += 1
        self.pile.append(move)
        self.history.append((seat, move))
        self.opened.append(seat)
        events: list[Event] = [Play(seat, move, opening=True)]
        self.turn = self.next_up()
        if len(self.opened) == self.players:
            self.phase = "play"
            self.drawn = False
            assert self.turn is not None  # the opening's next seat
            events.append(Opened(self.turn))
        return events

    def _draw(self, seat: int) -> list[Event]:
        self.history.append((seat, DRAW))
        if self.sevens:
            self._tell(seat, Tell("decline", None, None, len(self.hands[seat])))
            wanted = self.pending
            got = self._take(seat, wanted)
            self.sevens = 0
            events: list[Event] = [Draw(seat, got, "penalty")]
            if got < wanted:
                return events + self._end_round(None, None)
            self.drawn = False  # the penalty taken, a normal turn follows
            return events
        got = self._take(seat, 1)
        events = [Draw(seat, got, "turn")]
        if not got:
            return events + self._end_round(None, None)
        self.drawn = True
        return events

    def _tell(self, seat: int, tell: Tell) -> None:
        """Keep ``tell``. Each card played later leaves one fewer of the cards it covers
        for sure, so it is kept with ``old`` raised by the seat's plays so far and read
        back (:meth:`tells_of`) minus the plays since; a tell covering none is dropped."""
        played = self.plays[seat]
        tells = [t for t in self.tells[seat] if t.old > played]
        tells.append(tell._replace(old=tell.old + played))
        self.tells[seat] = tells[-MAX_TELLS:]

    def tells_of(self, seat: int) -> tuple[Tell, ...]:
        """``seat``'s tells as they stand now (``old``: cards still held from then)."""
        played = self.plays[seat]
        return tuple(t._replace(old=t.old - played) for t in self.tells[seat] if t.old > played)

    def _take(self, seat: int, count: int) -> int:
        """Give ``seat`` up to ``count`` cards from the stock; how many it got."""
        got = min(count, len(self.stock))
        hand = self.hands[seat]
        for _ in range(got):
            hand.append(self.stock.pop())
        return got

    def _play(self, seat: int, move: str) -> list[Event]:
        card, _, named = move.partition(":")
        hand = self.hands[seat]
        under = self.top
        hand.remove(card)
        self.plays[seat] += 1
        self.pile.append(card)
        self.history.append((seat, move))
        r = card[:-1]
        events: list[Event] = [Play(seat, card, named or None)]
        self.named = named or None
        if not hand:
            return events + self._end_round(seat, card)
        if r == "7":
            self.sevens += 1
            events.append(Penalty(seat, self.pending))
            self._end_turn(seat)
            return events
        if r == "10" and self.players > 2:
            if self.bounce:
                self.stack.append(seat)
                self.turn = (seat - 1) % self.players
                self.drawn = False
                events.append(Ten(seat, self.turn, tuple(self.stack)))
                return events
            self.direction = -self.direction
            events.append(Reverse(seat, self.direction))
            self._end_turn(seat)
            return events
        if r == "A":
            n = self.players
            other = seat
            for _ in range(n - 1):
                other = self.next_seat(other)
                got = self._take(other, 1)
                events.append(Draw(other, got, "ace"))
                if not got:
                    return events + self._end_round(None, None)
            if not self.house.ace_again:
                self._end_turn(seat)
                return events
            self.drawn = False
            events.append(Again(seat, "ace"))
            return events
        if r == "8" and self.house.eight_skips:
            skipped = self._following(seat)
            self._end_turn(seat)
            self._end_turn(skipped)
            events.append(Skip(seat, skipped))
            return events
        if self.decks == 2 and under == card and self.house.twin(r):
            self.drawn = False
            events.append(Again(seat, "pisti"))
            return events
        self._end_turn(seat)
        return events

    def _end_turn(self, seat: int) -> None:
        """``seat`` ends its turn without playing a 10: to the seat owed a turn, or the next."""
        self.turn = self._following(seat)
        if self.stack:
            self.stack.pop()
        self.drawn = False

    def _following(self, seat: int) -> int:
        """Who moves when ``seat`` ends its turn in play: the seat owed a turn, or the next."""
        return self.stack[-1] if self.stack else self.next_seat(seat)

    # ----------------------------------------------------------- end of a round
    def _end_round(self, out: int | None, card: Card | None) -> list[Event]:
        multiplier = self.house.multiplier(card[:-1]) if card is not None else 1
        self.sevens = 0
        self.stack = []
        self.ending = MappingProxyType(
            {
                "out": out,
                "last_card": card,
                "multiplier": multiplier,
                "hands": tuple(tuple(sorted(h, key=sort_key)) for h in self.hands),
            }
        )
        self.phase = "muamele"
        events: list[Event] = [
            RoundEnd(out, card, "out" if out is not None else "stock", multiplier, self.ending["hands"])
        ]
        self.pickers = [s for s in range(self.players) if any(c[:-1] == "7" for c in self.hands[s])]
        return events + self._next_picker()

    def _next_picker(self) -> list[Event]:
        events: list[Event] = []
        while self.pickers:
            seat = self.pickers.pop(0)
            self.picks_left = PICKS_PER_SEVEN * sum(1 for c in self.hands[seat] if c[:-1] == "7")
            if self._refill():
                self.turn = seat
                events.append(Muamele(seat, self.picks_left))
                return events
        return events + self._score_round()

    def _refill(self) -> bool:
        """Make sure there is a face-down card to pick: once the stock is empty, the
        discard pile without its top card, shuffled. False if there is none left."""
        if not self.stock and len(self.pile) > 1:
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.rng.shuffle(self.stock)
        return bool(self.stock)

    def _pick(self, seat: int, number: int) -> list[Event]:
        card = self.stock.pop(len(self.stock) - number)
        self.picked[seat].append(card)
        self.history.append((seat, f"pick:{number}"))
        self.picks_left -= 1
        if card[:-1] == "7":
            self.picks_left += PICKS_PER_SEVEN
        events: list[Event] = [Pick(seat, card, self.picks_left)]
        if self.picks_left and self._refill():
            return events
        return events + self._next_picker()

    def _score_round(self) -> list[Event]:
        ending = self.ending
        assert ending is not None
        out, multiplier = ending["out"], ending["multiplier"]
        penalties = []
        for seat in range(self.players):
            if seat == out:
                penalties.append(0)
                continue
            points = hand_value(self.hands[seat]) + hand_value(self.picked[seat])
            penalties.append(multiplier * points)
        for seat, p in enumerate(penalties):
            self.totals[seat] += p
        score = RoundScore(
            number=self.round_no,
            out=out,
            last_card=ending["last_card"],
            multiplier=multiplier,
            hands=ending["hands"],
            picks=tuple(tuple(p) for p in self.picked),
            penalties=tuple(penalties),
            totals=tuple(self.totals),
        )
        self.rounds.append(score)
        events: list[Event] = [RoundScored(score)]
        return self._next_deal_or_end(events)

    def _leaders(self) -> list[int] | None:
        """Once the game is decided, every seat with the lowest score (the totals of a
        match, the penalties of a single round); None while the match goes on."""
        if self.options["mode"] == "match":
            if max(self.totals) < self.options["target"]:
                return None
            scores = self.totals
        else:
            scores = list(self.rounds[-1].penalties)
        low = min(scores)
        return [s for s, t in enumerate(scores) if t == low]

    def _decide(self) -> int | str | None:
        """The seat with the lowest score, ``"draw"`` if it is shared, None while the match goes on."""
        leaders = self._leaders()
        if leaders is None:
            return None
        return leaders[0] if len(leaders) == 1 else "draw"

    def _end(self, winner: int | str) -> Event:
        self.winners = self._leaders() or []
        self.phase = "over"
        return super()._end(winner)

    # ----------------------------------------------------------- outcome and views
    def result(self) -> Result:
        """Scores are penalty totals (lower is better); ``captured`` holds hand sizes.
        In ``mode=round`` the scores are the round's penalties."""
        if self.options["mode"] == "round" and self.rounds:
            scores = self.rounds[-1].penalties
        else:
            scores = tuple(self.totals)
        detail = {"rounds": [r.as_dict() for r in self.rounds], "winners": list(self.winners)}
        return Result(
            self.over,
            self.winner if self.over else None,
            tuple(scores),
            tuple(len(h) for h in self.hands),
            detail,
        )

    def next_up(self) -> int | None:
        """Who moves after the player to move ends its turn (an Ace or a 10 it plays
        changes that); None in the muamele and once over."""
        if self.over or self.phase == "muamele":
            return None
        assert self.turn is not None  # None only once over
        if self.phase == "opening":
            return (self.turn + 1) % self.players
        return self._following(self.turn)

    def rounds_done(self) -> int:
        return len(self.rounds)

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(r.penalties for r in self.rounds)

    def between_rounds(self) -> bool:
        return bool(self.rounds) and not self.history and not self.over

    def view(self, seat: int) -> PisYediliView:
        common = self._seat_view(seat)
        ending = None
        if self.phase == "muamele" and self.ending is not None:
            ending = dict(
                self.ending,
                hands=[list(h) for h in self.ending["hands"]],
                picks=[list(p) for p in self.picked],
                picks_left=self.picks_left,
            )
        return PisYediliView(
            **common,
            ten_rule=self.options["ten_rule"],
            target=self.options["target"],
            mode=self.options["mode"],
            round_no=self.round_no,
            first=self.first,
            phase=self.phase,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            pile=tuple(self.pile),
            named=self.named,
            pending=self.pending,
            drawn=self.drawn,
            stack=tuple(self.stack),
            direction=self.direction,
            opened=tuple(self.opened),
            history=tuple(self.history),
            totals=tuple(self.totals),
            rounds=tuple(self.rounds),
            ending=ending,
            tells=tuple(self.tells_of(s) for s in range(self.players)),
            winners=tuple(self.winners) if self.over else (),
        )

"""A Pis Yedili round reduced to what play, the Normal player's judgement and scoring need.

:class:`Sim` plays one round exactly as :class:`~cardems.pis_yedili.rules.PisYedili`
does (the same legal moves in the same order, the same penalties, the same muamele
with the same shuffles), without events, history, tells or views: the Hard
opponent's playouts and the benchmark's random games run on it. Cards are the
rules' card texts; a card's rank is told by its first character (``1`` is a ten).
:meth:`Sim.normal` is the Normal player's move (:mod:`cardems.pis_yedili.normal`),
computed on the position directly; tests check both against the rules engine and
the Normal bot, move for move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardems.cards import JOKER, SUITS
from cardems.pis_yedili.normal import (
    ACE_BONUS,
    ACE_DRAW_BONUS,
    DANGER,
    FOLLOW,
    KEEP_SEVEN,
    SEVEN_HIT,
    SKIP_BONUS,
    TWIN_BONUS,
    name_suit,
)
from cardems.pis_yedili.rules import (
    DRAW,
    HAND,
    PASS,
    PICKS_PER_SEVEN,
    POINTS,
    House,
    deck_for,
    is_opening_card,
)
from cardems.rng import Rng

if TYPE_CHECKING:
    from cardems.pis_yedili.rules import PisYedili, PisYediliView

OPENING, PLAY, MUAMELE, OVER = 0, 1, 2, 3
PHASES = {"opening": OPENING, "play": PLAY, "muamele": MUAMELE, "over": OVER}
# The bold variant of the Normal player (Hard with 4 players): it sheds its costly cards and its
# Jacks only when another player is down to this many cards, and keeps a Jack to go out with
BOLD_DANGER, BOLD_JACK = 1, 1
CARDS = list(dict.fromkeys(deck_for(2, jokers=True)))  # every card once, the joker (``X``) last
DECKS = {(n, j): deck_for(n, j) for n in (2, 3, 4) for j in (False, True)}  # by players, jokers
VALUE = POINTS  # penalty points of a card
OPENERS = frozenset(c for c in CARDS if is_opening_card(c))
TWINS = frozenset(c for c in CARDS if c[0] not in "7J1AX")  # a pişti with two decks: play again
JACKS = {c: [f"{c}:{s}" for s in SUITS] for c in CARDS if c[0] in "JX"}  # a wild card's moves
JACK_CARDS = frozenset(JACKS)  # the Jacks and the joker
NONE: list[str] = []  # no wild card to play (never changed)
SEVEN, TEN, ACE = 1, 2, 3
KIND = {c: {"7": SEVEN, "1": TEN, "A": ACE}.get(c[0], 0) for c in CARDS}  # Jacks, joker: plain
PICKS = [f"pick:{i}" for i in range(1, 2 * 52 + 4 + 1)]
RANKS = {c[0]: c[:-1] for c in CARDS}  # a card's first character -> its rank (the joker's: "")
BASE = House()  # the seeds' rules: no house rule
# the cards other than Jacks and jokers that may be played on a top card (keyed by the card)
# or on a named suit (keyed by the suit), or on nothing (keyed by None)
PLAIN = [c for c in CARDS if c not in JACKS]
FOLLOWS: dict[str | None, frozenset[str]] = {None: frozenset(PLAIN)}
FOLLOWS.update({s: frozenset(c for c in PLAIN if c[-1] == s) for s in SUITS})
FOLLOWS.update({t: frozenset(c for c in PLAIN if c[-1] == t[-1] or c[0] == t[0]) for t in PLAIN})


class Sim:
    """One Pis Yedili round: play it with :meth:`apply` (moves as the rules write them)."""

    __slots__ = (
        "players",
        "decks",
        "bounce",
        "turn",
        "phase",
        "hands",
        "stock",
        "pile",
        "named",
        "sevens",
        "drawn",
        "stack",
        "direction",
        "opened",
        "totals",
        "rng",
        "out",
        "multiplier",
        "pickers",
        "picks_left",
        "picked",
        "penalties",
        "bold",
        "house",
    )
    players: int
    decks: int
    bounce: bool
    turn: int
    phase: int
    hands: list[list[str]]
    stock: list[str]  # top card last
    pile: list[str]
    named: str | None
    sevens: int
    drawn: bool
    stack: list[int]
    direction: int
    opened: int
    totals: list[int]
    rng: Rng
    out: int | None
    multiplier: int
    pickers: list[int]
    picks_left: int
    picked: list[list[str]]
    penalties: list[int] | None
    bold: int
    house: House

    @classmethod
    def new(cls, players: int, bounce: bool, rng: Rng, house: House = BASE) -> Sim:
        """A fresh first round (seat 0 opens), dealt as the rules deal a shuffled deck,
        played with the ``house`` rules."""
        deck = DECKS[players, house.jokers][:]
        rng.shuffle(deck)
        sim = cls.__new__(cls)
        sim.players = players
        sim.decks = house.decks(players)
        sim.bounce = bounce
        sim.turn = 0
        sim.phase = OPENING
        sim.hands = [deck[k * HAND : (k + 1) * HAND] for k in range(players)]
        sim.stock = deck[players * HAND :][::-1]
        sim.pile = []
        sim.named = None
        sim.sevens = 0
        sim.drawn = False
        sim.stack = []
        sim.direction = 1
        sim.opened = 0
        sim.totals = [0] * players
        sim.rng = rng
        sim.out = None
        sim.multiplier = 1
        sim.pickers = []
        sim.picks_left = 0
        sim.picked = [[] for _ in range(players)]
        sim.penalties = None
        sim.bold = -1
        sim.house = house
        return sim

    @classmethod
    def from_game(cls, game: PisYedili) -> Sim:
        """The round of ``game`` as it stands (a copy; ``game`` is not changed)."""
        sim = cls.__new__(cls)
        sim.players = game.players
        sim.decks = game.decks
        sim.bounce = game.bounce
        sim.turn = game.turn if game.turn is not None else 0  # None once over: the Sim keeps a seat
        sim.phase = PHASES[game.phase]
        sim.hands = [h[:] for h in game.hands]
        sim.stock = game.stock[:]
        sim.pile = game.pile[:]
        sim.named = game.named
        sim.sevens = game.sevens
        sim.drawn = game.drawn
        sim.stack = game.stack[:]
        sim.direction = game.direction
        sim.opened = len(game.opened)
        sim.totals = game.totals[:]
        sim.rng = Rng(game.rng.state)
        ending = game.ending or {}
        sim.out = ending.get("out")
        sim.multiplier = ending.get("multiplier", 1)
        sim.pickers = game.pickers[:]
        sim.picks_left = game.picks_left
        sim.picked = [p[:] for p in game.picked]
        sim.penalties = list(game.rounds[-1].penalties) if game.over else None
        sim.bold = -1
        sim.house = game.house
        return sim

    @classmethod
    def from_view(cls, view: PisYediliView, hands: list[list[str]], stock: list[str], rng: Rng) -> Sim:
        """The round of ``view`` with the cards it cannot see placed: every seat's ``hands``
        and the ``stock`` (top card last), taken, not copied; ``rng`` for the muamele."""
        n = view.players
        sim = cls.__new__(cls)
        sim.players = n
        sim.decks = view.decks
        sim.bounce = view.ten_rule == "bounce"
        sim.turn = view.to_move if view.to_move is not None else view.seat
        sim.phase = PHASES[view.phase]
        sim.hands = hands
        sim.stock = stock
        sim.pile = list(view.pile)
        sim.named = view.named
        sim.house = House.of(view.options)
        sim.sevens = sim.house.sevens(view.pending)
        sim.drawn = view.drawn
        sim.stack = list(view.stack)
        sim.direction = view.direction
        sim.opened = len(view.opened)
        sim.totals = list(view.totals)
        sim.rng = rng
        sim.out, sim.multiplier, sim.pickers, sim.picks_left = None, 1, [], 0
        sim.picked = [[] for _ in range(n)]
        sim.penalties = None
        sim.bold = -1
        return sim

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.players, other.decks, other.bounce = self.players, self.decks, self.bounce
        other.turn, other.phase = self.turn, self.phase
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.pile = self.pile[:]
        other.named, other.sevens, other.drawn = self.named, self.sevens, self.drawn
        other.stack = self.stack[:]
        other.direction, other.opened = self.direction, self.opened
        other.totals = self.totals
        other.rng = Rng(self.rng.state)
        other.out, other.multiplier = self.out, self.multiplier
        other.pickers = self.pickers[:]
        other.picks_left = self.picks_left
        other.picked = [p[:] for p in self.picked]
        other.penalties = self.penalties
        other.bold = self.bold
        other.house = self.house
        return other

    # ----------------------------------------------------------- the rules
    def legal(self) -> list[str]:
        """The legal moves, in the order of :meth:`PisYedili.legal_moves`."""
        phase = self.phase
        if phase == PLAY and not self.sevens:
            hand = self.hands[self.turn]
            pile = self.pile
            follows = FOLLOWS[self.named or (pile[-1] if pile else None)]
            cards = dict.fromkeys(hand) if self.decks == 2 else hand
            if JACK_CARDS.isdisjoint(cards):
                moves = list(filter(follows.__contains__, cards))
            else:
                jacks = not (pile and pile[-1][0] == "J" and not self.house.jack_on_jack)
                moves = []
                for card in cards:
                    if card in follows:
                        moves.append(card)
                    elif card == JOKER or (jacks and card[0] == "J"):
                        moves += JACKS[card]
            if len(hand) == 1 and moves and moves[0][0] == "A":  # an Ace may not be the last card
                moves = []
            moves.append(PASS if self.drawn else DRAW)
            return moves
        if phase == OVER:
            return []
        if phase == MUAMELE:
            return PICKS[: len(self.stock)]
        hand = self.hands[self.turn]
        if phase == OPENING:
            return list(dict.fromkeys(c for c in hand if c in OPENERS)) or [DRAW]
        return list(dict.fromkeys(c for c in hand if c[0] == "7")) + [DRAW]

    def apply(self, move: str) -> None:
        """Play ``move`` (legal: not checked) for the player to move."""
        seat = self.turn
        phase = self.phase
        if phase == PLAY:
            if move == DRAW:
                if self.sevens or not self.stock:
                    self._draw(seat)
                else:
                    self.hands[seat].append(self.stock.pop())
                    self.drawn = True
            elif move == PASS:
                stack = self.stack
                self.turn = stack.pop() if stack else (seat + self.direction) % self.players
                self.drawn = False
            else:
                self._play(seat, move)
        elif phase == OPENING:
            hand = self.hands[seat]
            if move == DRAW:
                if self.stock:
                    hand.append(self.stock.pop())
                else:
                    self._end_round(None, None)
                return
            hand.remove(move)
            self.pile.append(move)
            self.opened += 1
            self.turn = (seat + 1) % self.players
            if self.opened == self.players:
                self.phase = PLAY
                self.drawn = False
        elif phase == MUAMELE:
            self._pick(seat, int(move[5:]))

    def _draw(self, seat: int) -> None:
        stock = self.stock
        hand = self.hands[seat]
        if self.sevens:
            wanted = self.house.penalty(self.sevens)
            self.sevens = 0
            if len(stock) < wanted:
                hand += stock[::-1]
                stock.clear()
                self._end_round(None, None)
                return
            for _ in range(wanted):
                hand.append(stock.pop())
            self.drawn = False
            return
        if not stock:
            self._end_round(None, None)
            return
        hand.append(stock.pop())
        self.drawn = True

    def _play(self, seat: int, move: str) -> None:
        if move[-2] == ":":  # a Jack or a joker naming a suit: "JH:S", "X:S"
            card, named = move[:-2], move[-1]
        else:
            card, named = move, None
        hand = self.hands[seat]
        pile = self.pile
        under = pile[-1] if pile else None
        hand.remove(card)
        pile.append(card)
        self.named = named
        if not hand:
            self._end_round(seat, card)
            return
        kind = KIND[card]
        if not kind:  # a plain card: the turn ends, or a pişti
            if card[0] == "8" and self.house.eight_skips:
                self._end_turn(seat)
                self._end_turn(self.turn)
                return
            if self.decks == 2 and card == under and card in TWINS:
                self.drawn = False
                return
            stack = self.stack
            self.turn = stack.pop() if stack else (seat + self.direction) % self.players
            self.drawn = False
        elif kind == SEVEN:
            self.sevens += 1
            self._end_turn(seat)
        elif kind == ACE:
            stock = self.stock
            other = seat
            for _ in range(self.players - 1):
                other = (other + self.direction) % self.players
                if not stock:
                    self._end_round(None, None)
                    return
                self.hands[other].append(stock.pop())
            if not self.house.ace_again:
                self._end_turn(seat)
                return
            self.drawn = False
        elif self.players == 2:  # a ten with two players: a plain card
            stack = self.stack
            self.turn = stack.pop() if stack else (seat + self.direction) % self.players
            self.drawn = False
        elif self.bounce:
            self.stack.append(seat)
            self.turn = (seat - 1) % self.players
            self.drawn = False
        else:
            self.direction = -self.direction
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        stack = self.stack
        if stack:
            self.turn = stack.pop()
        else:
            self.turn = (seat + self.direction) % self.players
        self.drawn = False

    # ----------------------------------------------------------- end of the round
    def _end_round(self, out: int | None, card: str | None) -> None:
        self.out = out
        self.multiplier = self.house.multiplier(RANKS[card[0]]) if card is not None else 1
        self.sevens = 0
        self.stack = []
        self.phase = MUAMELE
        self.pickers = [s for s, hand in enumerate(self.hands) if any(c[0] == "7" for c in hand)]
        self._next_picker()

    def _next_picker(self) -> None:
        while self.pickers:
            seat = self.pickers.pop(0)
            self.picks_left = PICKS_PER_SEVEN * sum(1 for c in self.hands[seat] if c[0] == "7")
            if self._refill():
                self.turn = seat
                return
        self._score()

    def _refill(self) -> bool:
        if not self.stock and len(self.pile) > 1:
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.rng.shuffle(self.stock)
        return bool(self.stock)

    def _pick(self, seat: int, number: int) -> None:
        card = self.stock.pop(len(self.stock) - number)
        self.picked[seat].append(card)
        self.picks_left -= 1
        if card[0] == "7":
            self.picks_left += PICKS_PER_SEVEN
        if self.picks_left and self._refill():
            return
        self._next_picker()

    def _score(self) -> None:
        out, multiplier = self.out, self.multiplier
        self.penalties = [
            0
            if seat == out
            else multiplier
            * (sum(VALUE[c] for c in self.hands[seat]) + sum(VALUE[c] for c in self.picked[seat]))
            for seat in range(self.players)
        ]
        self.phase = OVER

    # ----------------------------------------------------------- the Normal player
    def normal(self) -> str:
        """The Normal player's move for the player to move (muamele picks: the top card)."""
        if self.phase == PLAY:
            return self.choose()
        if self.phase == OPENING:
            best, value = DRAW, -1
            for card in self.hands[self.turn]:
                if card in OPENERS and VALUE[card] > value:
                    best, value = card, VALUE[card]
            return best
        return "pick:1"

    def choose(self) -> str:
        """:func:`cardems.pis_yedili.normal.choose` on this position, move for move; for the
        :attr:`bold` seat (if any) the bolder variant (:data:`BOLD_DANGER`, :data:`BOLD_JACK`)."""
        seat = self.turn
        hand = self.hands[seat]
        n = len(hand)
        if self.sevens:
            for c in hand:
                if c[0] == "7":
                    return c
            return DRAW
        pile = self.pile
        top = pile[-1] if pile else None
        follows = FOLLOWS[self.named or top]
        house = self.house
        plain = [c for c in hand if c in follows]
        if JACK_CARDS.isdisjoint(hand):
            jacks = NONE
        else:
            jack_ok = house.jack_on_jack or top is None or top[0] != "J"
            jacks = [c for c in hand if c == JOKER] + ([c for c in hand if c[0] == "J"] if jack_ok else [])
        drawn = self.drawn
        if not plain and not jacks:
            return PASS if drawn else DRAW
        if n == 1:  # going out (an Ace may not be the last card)
            if jacks:
                return f"{hand[0]}:{name_suit(hand, hand[0])}"
            if plain[0][0] != "A":
                return hand[0]
            return PASS if drawn else DRAW
        hands = self.hands
        players = self.players
        limit, jack_at = (
            (BOLD_DANGER, BOLD_JACK if house.jack_doubles else 2) if seat == self.bold else (DANGER, 2)
        )
        if players == 2:
            danger = len(hands[1 - seat]) <= limit
        elif n > limit:  # then the shortest hand is another's if any is short
            danger = min(map(len, hands)) <= limit
        else:
            danger = any(len(hands[s]) <= limit for s in range(players) if s != seat)
        if jacks and (danger or n <= jack_at):
            return f"{jacks[0]}:{name_suit(hand, jacks[0])}"
        if plain:
            suits = [c[-1] for c in hand]
            best, best_score = plain[0], -1e9
            weight = 2.0 if danger else 1.0
            for card in plain:
                r = card[0]
                score = VALUE[card] * weight + FOLLOW * (suits.count(card[-1]) - 1)
                if r == "7":
                    stack = self.stack
                    hit = stack[-1] if stack else (seat + self.direction) % players
                    if len(hands[hit]) <= limit + 1 or (players > 2 and hit == self.leader(seat)):
                        score += SEVEN_HIT
                    if n > 3 and not danger and sum(1 for c in hand if c[0] == "7") == 1:
                        score -= KEEP_SEVEN
                elif r == "A":
                    score += ACE_BONUS if house.ace_again else ACE_DRAW_BONUS
                elif r == "8" and house.eight_skips:
                    score += ACE_BONUS if players == 2 else SKIP_BONUS
                    stack = self.stack
                    hit = stack[-1] if stack else (seat + self.direction) % players
                    if len(hands[hit]) <= limit + 1:
                        score += SEVEN_HIT
                elif top == card and self.decks == 2 and card in TWINS:
                    score += TWIN_BONUS
                if n == 2 and r != "A":
                    kept = hand[1] if hand[0] == card else hand[0]
                    if kept[0] == "A":
                        score -= 20.0
                if score > best_score:
                    best, best_score = card, score
            if best_score > 0 or drawn:
                return best
        if jacks and (drawn or n <= 3):
            return f"{jacks[0]}:{name_suit(hand, jacks[0])}"
        if not drawn:
            return DRAW
        return plain[0] if plain else PASS

    def leader(self, seat: int) -> int:
        """The other seat with the lowest total (then the fewest cards; then the first)."""
        totals, hands = self.totals, self.hands
        leader, low = -1, None
        for s in range(self.players):
            if s != seat:
                key = (totals[s], len(hands[s]))
                if low is None or key < low:
                    leader, low = s, key
        return leader

    def playout(self) -> list[int]:
        """Play the round out with everyone choosing as the Normal player; its penalties."""
        apply, choose = self.apply, self.choose
        while True:  # :meth:`normal`, asking :meth:`choose` directly in play: the playout's hot path
            phase = self.phase
            if phase == PLAY:
                apply(choose())
            elif phase == OVER:
                break
            else:
                apply(self.normal())
        assert self.penalties is not None  # set as the phase turns OVER
        return self.penalties

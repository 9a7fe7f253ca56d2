"""Pis Yedili's panel: opponents unlike Normal, against which Hard is measured (``arena panel``).

None of them shares code with Hard's model of the others (the Normal judgement of
:mod:`cardems.pis_yedili.normal` and :meth:`Sim.choose <cardems.pis_yedili.sim.Sim.choose>`,
the inference of :mod:`cardems.pis_yedili.inference`); like every bot they see only the
view and the legal moves. The counterparts of Pişti's styles:

- **greedy** ("best immediate points"): sheds the costliest card it may play now
  (a Jack, 25, first), answers a 7 whenever it can, draws only when nothing fits.
- **hunter** (Pişti's hunter holds cards for a pişti; this one holds its weapons for
  the blow): it keeps its 7s until the player they hit is down to two cards, and its
  Jacks to go out on one (which doubles everyone's penalty); otherwise it follows the
  suit it holds most of, and draws rather than spend a 7 or a Jack.
- **sampler**: Monte Carlo sampling of its own: it deals the cards it cannot see at
  random (no reading of the others' draws or plays), tries each move in each deal and
  plays the round out with everyone playing greedy, and plays the best average of the
  others' penalties less its own. It plays the rules on the compact round of
  :mod:`cardems.pis_yedili.sim` (the rules, tested against the engine move for move),
  with its own policy, never Normal's.
"""

from __future__ import annotations

from cardems.cards import SUITS
from cardems.pis_yedili.rules import DRAW, PASS, POINTS, PisYediliView
from cardems.pis_yedili.sim import MUAMELE, OVER, Sim
from cardems.rng import Rng

SAMPLER_SAMPLES = {2: 24, 3: 16, 4: 12}  # deals per decision, by players (longer rounds, fewer)
PICK = "pick:1"


def cost(card: str) -> int:
    return POINTS[card]


def longest_suit(hand: list[str]) -> str:
    """The suit held most among the cards other than Jacks and jokers (then the first in SUITS)."""
    counts = {s: 0 for s in SUITS}
    for card in hand:
        if card[0] not in "JX":
            counts[card[-1]] += 1
    return max(SUITS, key=lambda s: counts[s])


def greedy_move(hand: list[str], legal: list[str]) -> str:
    """The greedy player's move: the costliest card it may play (a Jack naming the suit
    it holds most of), else draw or pass; in the muamele the top card."""
    best, best_key = legal[-1], (-1, 0)
    suit: str | None = None
    for move in legal:
        if move == DRAW or move == PASS:
            continue
        if move.startswith("pick:"):
            return PICK
        card, _, named = move.partition(":")
        if named:
            if suit is None:
                suit = longest_suit(hand)
            if named != suit:
                continue
        key = (cost(card), 0)
        if key > best_key:
            best, best_key = move, key
    return best


class PisYediliGreedy:
    """Sheds the costliest card now (see the module's docstring)."""

    level = "greedy"

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        return greedy_move(list(view.hand), legal)


class PisYediliHunter:
    """Holds its 7s and Jacks for the blow (see the module's docstring)."""

    level = "hunter"

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        hand = list(view.hand)
        if view.phase != "play" or view.pending:
            return greedy_move(hand, legal)
        cards = [m for m in legal if m != DRAW and m != PASS]
        if not cards:
            return legal[-1]
        if len(hand) == 1:  # going out
            return greedy_move(hand, legal)
        sevens = [m for m in cards if m[0] == "7"]
        jacks = [m for m in cards if m[0] in "JX"]
        plain = [m for m in cards if m[0] not in "7JX"]
        target = view.stack[-1] if view.stack else (view.seat + view.direction) % view.players
        if sevens and (view.hand_sizes[target] <= 2 or len(hand) <= 2):
            return sevens[0]
        if plain:
            held = {s: sum(1 for c in hand if c[-1] == s and c[0] not in "JX") for s in SUITS}
            return max(plain, key=lambda m: (held[m[-1]], cost(m)))
        if not view.drawn:
            return DRAW
        if len(hand) <= 2 and jacks:
            return greedy_move(hand, jacks)
        if len(sevens) > 1 or len(hand) >= 8:
            return greedy_move(hand, cards)
        return PASS


def deal_world(view: PisYediliView, rng: Rng) -> Sim:
    """The round of ``view`` with the cards it cannot see dealt at random."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands = [
        list(view.hand) if seat == view.seat else [unseen.pop() for _ in range(size)]
        for seat, size in enumerate(view.hand_sizes)
    ]
    return Sim.from_view(view, hands, unseen, Rng(rng.next64()))


def greedy_playout(sim: Sim) -> list[int]:
    """Play the round out with everyone greedy; its penalties."""
    while sim.phase != OVER:
        sim.apply(PICK if sim.phase == MUAMELE else greedy_move(sim.hands[sim.turn], sim.legal()))
    assert sim.penalties is not None  # set as the phase turns OVER
    return sim.penalties


class PisYediliSampler:
    """Monte Carlo sampling with greedy playouts of its own (see the module's docstring)."""

    level = "sampler"

    def __init__(self, samples: dict[int, int] | None = None) -> None:
        self.samples = samples or SAMPLER_SAMPLES

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        hand = list(view.hand)
        if view.phase != "play" or len(legal) == 1:
            return greedy_move(hand, legal)
        suit = longest_suit(hand)
        moves = [m for m in legal if m[0] not in "JX" or m.partition(":")[2] == suit]  # each Jack once
        if len(moves) == 1:
            return moves[0]
        seat = view.seat
        totals = [0.0] * len(moves)
        for _ in range(self.samples[view.players]):
            world = deal_world(view, rng)
            for i, move in enumerate(moves):
                sim = world.copy()
                sim.apply(move)
                penalties = greedy_playout(sim)
                others = [p for s, p in enumerate(penalties) if s != seat]
                totals[i] += sum(others) / len(others) - penalties[seat]
        return moves[totals.index(max(totals))]

"""Hard War opponent: each battle is a small simultaneous game, solved by regret matching.

The other side's active hand is hidden, so the bot samples it from its view
(:func:`cardems.war.normal.hand_weights`: the cards it remembers and where
they went). Each sampled hand is one *type* of opponent, choosing among its own
cards; the bot's payoff for each pair of cards weighs what the battle wins or
loses (the cards at stake, high cards worth more) and what each side keeps in
its active hand for later. Regret matching (RM+, linear averaging) on this
Bayesian game gives the bot a mixed strategy that a best-responding opponent,
who knows the strategy but not the bot's draw, cannot exploit; the card is then
drawn from it with the bot's seeded random source.

The battle's payoff alone is short-sighted: it likes winning a battle with a
high card, while a player who keeps high cards in hand and gives away low ones
improves its cards over the game (this is why "always lowest" beats a random
player). So the card the Normal player would choose gets a bonus in every
payoff (``NORMAL_BONUS``), as Pişti's Hard leans on Normal's judgement: the
equilibrium then leans towards saving high cards, and still mixes where the
battle is close. Without it, Hard won only about 55% of games against "always
lowest"; tying a share of the opponent to a model of its recent plays (a
restricted Nash response) lost more games still (README, War).
"""

from __future__ import annotations

from collections.abc import Generator

from cardems.cards import Card
from cardems.rng import Rng
from cardems.search import run_steps
from cardems.war.normal import WarNormal, hand_weights
from cardems.war.rules import STRENGTH, WarView

SAMPLES = 6  # sampled hands of the other side (opponent types)
ITERATIONS = 24  # of regret matching
CARD_VALUE = 1.0  # an Ace is worth 1 + CARD_VALUE cards, a two 1 card
KEEP = 0.6  # what keeping a card of strength s in hand is worth: KEEP * s / 12
PURIFY = 0.04  # probabilities below this are dropped from the final strategy
NORMAL_BONUS = 1.0  # added to every payoff of the card the Normal player would choose


def value(card: Card) -> float:
    return 1.0 + CARD_VALUE * STRENGTH[card] / 12


MEAN_VALUE = 1.0 + CARD_VALUE / 2


def sample_hand(weights: list[tuple[Card, float]], size: int, rng: Rng) -> list[Card]:
    """``size`` cards drawn without replacement, each in proportion to its weight."""
    pool = list(weights)
    total = sum(w for _, w in pool)
    hand = []
    for _ in range(min(size, len(pool))):
        x = rng.random() * total
        i = 0
        while i < len(pool) - 1 and x >= pool[i][1]:
            x -= pool[i][1]
            i += 1
        card, w = pool.pop(i)
        total -= w
        hand.append(card)
    return hand


def stakes(view: WarView) -> tuple[float, float]:
    """The value of the cards already on the table: (this side's, the other side's)."""
    mine = theirs = 0.0
    for seat, card in view.table_up:
        if seat == view.seat:
            mine += value(card)
        else:
            theirs += value(card)
    mine += view.table_down[view.seat] * MEAN_VALUE
    theirs += view.table_down[view.other] * MEAN_VALUE
    return mine, theirs


def payoff(a: Card, b: Card, at_stake: tuple[float, float]) -> float:
    """This side's gain when it plays ``a`` and the other side ``b``."""
    return _payoff(STRENGTH[a], STRENGTH[b], at_stake)


def _payoff(sa: int, sb: int, at_stake: tuple[float, float]) -> float:
    keep = KEEP * (sb - sa) / 12
    if sa > sb:
        return 1.0 + CARD_VALUE * sb / 12 + at_stake[1] + keep
    if sa < sb:
        return keep - 1.0 - CARD_VALUE * sa / 12 - at_stake[0]
    return keep


def solve(
    mine: list[Card],
    types: list[list[Card]],
    at_stake: tuple[float, float],
    iterations: int = ITERATIONS,
    favour: Card | None = None,
    bonus: float = 0.0,
) -> list[float]:
    """This side's mixed strategy over ``mine`` in the Bayesian game against ``types``.

    Each opponent type (a sampled hand; equal hands by rank are merged) keeps its own
    regrets and answers this side's current strategy; this side's regrets are against
    the mixture of the types. Both use RM+; the answer is the linearly weighted average.
    ``bonus`` is added to every payoff of the cards of ``favour``'s rank.
    """
    n = len(mine)
    ms = [STRENGTH[c] for c in mine]
    groups: dict[tuple[int, ...], int] = {}
    for hand in types:
        key = tuple(sorted(STRENGTH[c] for c in hand))
        groups[key] = groups.get(key, 0) + 1
    share = 1.0 / len(types)
    # per type: its weight, its payoff columns (one per card it may play), its regrets
    extra = [bonus if favour is not None and sa == STRENGTH[favour] else 0.0 for sa in ms]
    tables = [
        (
            count * share,
            [[_payoff(sa, sb, at_stake) + e for sa, e in zip(ms, extra)] for sb in key],
            [0.0] * len(key),
        )
        for key, count in groups.items()
    ]
    regret = [0.0] * n
    average = [0.0] * n
    uniform = [1.0 / n] * n
    rows = range(n)
    for it in range(1, iterations + 1):
        pos = sum(regret)
        sigma = [r / pos for r in regret] if pos > 0 else uniform
        values = [0.0] * n
        for weight, cols, reg in tables:
            m = len(cols)
            theirs = [-sum([s * c for s, c in zip(sigma, col)]) for col in cols]
            tpos = sum(reg)
            tau = [r / tpos for r in reg] if tpos > 0 else [1.0 / m] * m
            expect = sum([t * v for t, v in zip(tau, theirs)])
            for j in range(m):
                r = reg[j] + theirs[j] - expect
                reg[j] = r if r > 0 else 0.0
                tw = tau[j] * weight
                col = cols[j]
                for i in rows:
                    values[i] += tw * col[i]
        expect = sum([s * v for s, v in zip(sigma, values)])
        for i in rows:
            r = regret[i] + values[i] - expect
            regret[i] = r if r > 0 else 0.0
            average[i] += it * sigma[i]
    total = sum(average)
    strategy = [a / total for a in average]
    strategy = [p if p >= PURIFY else 0.0 for p in strategy]
    total = sum(strategy)
    return [p / total for p in strategy]


class WarHard:
    level = "hard"

    def __init__(self, samples: int = SAMPLES, iterations: int = ITERATIONS) -> None:
        self.samples = samples
        self.iterations = iterations
        self.normal = WarNormal()

    def choose(self, view: WarView, legal: list[Card], rng: Rng) -> Card:
        return run_steps(self.choose_steps(view, legal, rng))

    def strategy(self, view: WarView, legal: list[Card], rng: Rng) -> list[float]:
        weights = sorted(hand_weights(view).items())
        size = view.hand_sizes[view.other]
        types = [sample_hand(weights, size, rng) for _ in range(self.samples)]
        types = [t for t in types if t] or [[legal[0]]]
        favour = self.normal.choose(view, legal, rng)
        return solve(legal, types, stakes(view), self.iterations, favour, NORMAL_BONUS)

    def choose_steps(self, view: WarView, legal: list[Card], rng: Rng) -> Generator[None, None, Card]:
        if len(legal) == 1:
            return legal[0]
        strategy = self.strategy(view, legal, rng)
        yield
        x = rng.random()
        for card, p in zip(legal, strategy):
            if x < p:
                return card
            x -= p
        return legal[max(range(len(legal)), key=strategy.__getitem__)]

"""Hard Pişti opponent: sampling search (:mod:`cardems.search`) over the cards it cannot see.

The model deals the unseen cards (other hands, the stock, the face-down opening
cards, even once captured: nobody saw them) consistently with the view, weighs
each deal by how well it explains what the others played this hand (with 3 and 4
players they are modelled as the Normal player, and with 4 the partner's plays are
left out; with 2, :data:`ROBUST`, the other as a mixture of styles read from the hands
of this deal it played out, where a rank it declined may still be held), and plays each
candidate on to the end of the deal with a fast playout
(:data:`HORIZON`: the hands a deal has) in which everyone plays as the Normal
player judges, except that one's own side, deciding whether a discard is safe,
looks at the next player's hand of that deal instead of the odds (:data:`SEEING`).
With :data:`ADAPT` (measured, not on) and 2 players, the other's style is read
from the hands of this deal it played out (Normal, greedy or any card alike,
:func:`read_playout_styles`), and each sampled deal's playout has it play in a style
drawn from that reading.
A side's worth is its score minus the mean of the other sides' (with 3 players,
hurting either counts). The playout keeps only what play and scoring need (pile
size, top rank, points); tests check it scores deals exactly as
:class:`cardems.pisti.rules.Pisti` does. At the end of a deal, winning it is worth
a bonus beyond the points. The number of sampled deals grows as the deal goes on and
a sample's playouts get shorter (:meth:`PistiModel.budget`).

With 2 players the deal's last hand is not sampled but solved (:class:`PistiHardBot`):
the stock is empty, so the other's hand is a few cards out of at most seven unseen
(:func:`last_hand_worlds` deals them all, weighed as above), and each card is chosen
by expectimax over what this seat will have seen (:func:`best_strategy`). In the hand
before it, the same expectimax plans the rest of the hand over :data:`HAND_WORLDS`
sampled deals, each then played out to the deal's end.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from itertools import combinations
from typing import Any, cast

from cardems.cards import RANKS
from cardems.pisti.normal import (
    CARD_WORTH,
    HIDDEN_WORTH,
    JACK_KEEP,
    PistiNormal,
    Situation,
    chance_holds,
    judge,
)
from cardems.pisti.rules import (
    FULL_DECK,
    HAND,
    JACK_PISTI_POINTS,
    OPENING,
    PISTI_POINTS,
    PistiView,
    card_points,
    most_cards_side,
    side_count,
    side_of,
)
from cardems.rng import Rng
from cardems.search import SamplingSearch, run_steps

POINTS = {card: card_points(card) for card in FULL_DECK}
SAMPLES_BY_PLAYERS = {2: 64, 3: 64, 4: 64}  # at most this many by players (think time p95 in Pyodide)
SAMPLES = max(SAMPLES_BY_PLAYERS.values())
HORIZON = {2: 6, 3: 4, 4: 3}  # by players: playouts stop after this many hands (the current one
# first): the hands of a whole deal, so playouts score it to its end
TEMPERATURE = 0.15  # of the softmax by which the others are assumed to choose (0: no inference)
PRIOR_WEIGHT = 1.0  # how much the Normal player's judgement counts beside the search
MAX_FACTOR = 3.0  # at most this many times the samples of the deal's first decision
WORK_SHARE = 0.75  # the work of a decision, as a share of the first decision's, samples scale to
SEEING = True  # in playouts one's side plays as Normal would if it saw the next player's hand
INFER_PARTNER = False  # with 4 players, weigh deals by the partner's plays too (as Normal's)
WIN_BONUS = 10.0  # what winning the deal is worth beyond the points, at its end
STYLES: tuple[tuple[float, float | None], ...] = ((0.6, 0.15), (0.3, 1.0), (0.1, None))
# how the others may play, with prior weights: the Normal player's judgement
# by a softmax at a temperature (sharp, then loose), or any card alike; what
# each seat showed in the hands played out weighs them (:func:`read_others`)
DECLINES = (0.05, 1.0)  # the prior of a seat's rate of covering a card it could take: declines, chances
TREMBLE = 0.0  # the likelihood of a play: this share of it any card alike, the rest the softmax
POWER = 1.0  # the likelihood raised to this power: 1 as modelled, 0 uniform (no inference)
DECLINED_FREE = 0.0  # deal a rank a seat declined with this probability (else never; needs TREMBLE)
ROBUST = True  # weigh deals by that mixture of styles, and deal declined ranks too (else:
# everyone as Normal at TEMPERATURE, and a declined rank is never dealt); on since 2026-12-07
ROBUST_PLAYERS = (2,)  # the seat counts where ROBUST applies (measured with 2 players)
OTHERS_GREEDY = 0.0  # the share of sampled deals whose playouts have the other sides play greedy
# (the capture worth the most points now, else the discard worth the fewest, Jacks last) instead
# of as Normal judges; measured, not on (docs/ladder.md, 2026-12-03 evening)
ADAPT = False  # read each other seat's style (Normal, greedy, any card) from the hands of this deal
# played out, and play the others in each sampled deal's playout in a style drawn from that reading
# (with ROBUST's weighing of deals); measured, not on yet (docs/ladder.md, 2026-12-04)
ADAPT_PLAYERS = (2,)  # the seat counts where ADAPT applies (measured only with 2 players)
ADAPT_PRIOR = (0.6, 0.2, 0.2)  # the prior of the styles: Normal, greedy, any card alike
ADAPT_SLIP = 0.05  # a greedy player's chance of another card than greedy's
ADAPT_LAST_HAND = False  # with ADAPT, the solved last hand has the other play in each style too
# (measured: better against Easy, worse against the sampler, which plays its last hand well)
ANY_CARD_PLAYS = 4  # ... and there, this many plays of the other playing any card alike
STYLE_FLOOR = 0.01  # ... and a style the reading gives less than this share is left out
EXACT_LAST_HAND = True  # with 2 players, solve the deal's last hand (else: sample it as before)
HAND_WORLDS = 128  # with 2 players, in the hand before the last: sampled deals over which this seat
# plans the rest of the hand by what it will have seen (:func:`best_strategy`); 0: the flat search
HAND_STOCK = 8  # ... planned while the stock holds at most this many (8: only the hand before the last)
HAND_SLICE = 16  # the planning yields after sampling or playing this many worlds
TIE = 1e-6  # the Normal player's judgement as a tie-break where the last hand is solved
RANK_KEY = {rank: rank[0] for rank in RANKS}  # '10' -> '1': ranks as one character
RANK_NAME = {key: rank for rank, key in RANK_KEY.items()}
WORTH = {card: POINTS[card] + CARD_WORTH for card in FULL_DECK}  # a card's points and card share
PISTI_BONUS = {key: JACK_PISTI_POINTS if key == "J" else PISTI_POINTS for key in RANK_NAME}


def pisti_bonus(jack_pisti: int) -> dict[str, int]:
    """What a pişti of each rank (one character) is worth with a Jack pişti worth ``jack_pisti``."""
    return PISTI_BONUS if jack_pisti == JACK_PISTI_POINTS else {**PISTI_BONUS, "J": jack_pisti}


class Sim:
    """A Pişti deal reduced to what play and scoring need. Ranks are ``card[0]`` ('1' is ten)."""

    __slots__ = (
        "players",
        "lead",
        "turn",
        "hands",
        "stock",
        "top",
        "pile_size",
        "pile_points",
        "captured",
        "points",
        "last_capturer",
        "left",
        "in_hands",
        "last_card_pisti",
        "rounds_left",
        "seen",
        "n_seen",
        "me",
        "bonus",
        "first_stock",
        "most_points",
        "tie",
        "greedy",
        "rand",
    )
    players: int
    lead: int
    turn: int  # -1 once the deal is over
    hands: list[list[str]]
    stock: list[str]  # the next card last
    top: str | None  # the rank on the pile
    pile_size: int
    pile_points: int
    captured: list[int]
    points: list[int]
    last_capturer: int | None
    left: int  # cards in the stock and in hands
    in_hands: int
    last_card_pisti: bool
    rounds_left: int
    seen: dict[str, int]  # rank -> copies seen
    n_seen: int
    me: int  # the searching side
    bonus: dict[str, int]  # rank -> what a pişti with it is worth (option jack_pisti)
    first_stock: int  # the stock's size in the first round if no pişti counts there, else -1
    most_points: int  # what most cards is worth this deal (3, plus points carried)
    tie: str  # the rule of a tie for most cards (option most_cards_tie)
    greedy: bool  # in playouts the other sides take the most points now (else: as Normal judges)
    rand: int  # if not 0: in playouts the other sides play any card alike (this is their generator's state)

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.players, other.lead, other.turn = self.players, self.lead, self.turn
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.top, other.pile_size, other.pile_points = self.top, self.pile_size, self.pile_points
        other.captured, other.points = self.captured[:], self.points[:]
        other.last_capturer, other.left, other.in_hands = self.last_capturer, self.left, self.in_hands
        other.last_card_pisti, other.rounds_left = self.last_card_pisti, self.rounds_left
        other.seen = self.seen.copy()
        other.n_seen = self.n_seen
        other.me = self.me
        other.bonus, other.first_stock = self.bonus, self.first_stock
        other.most_points, other.tie = self.most_points, self.tie
        other.greedy, other.rand = self.greedy, self.rand
        return other

    def play(self, card: str) -> None:
        """Play ``card`` for the player to move."""
        self.run(card, -1, 1)

    def run(self, card: str | None = None, seeing: int = -1, moves: int = -1) -> None:
        """Play ``card`` (if given), then the playout's player (:meth:`club`) until the
        deal or the horizon ends, or ``moves`` cards are played; side ``seeing`` sees
        the next player's hand. One loop on local names: the playout's hot path."""
        players, hands, stock, seen = self.players, self.hands, self.stock, self.seen
        captured, points, lcp = self.captured, self.points, self.last_card_pisti
        turn, top, size, pile_points = self.turn, self.top, self.pile_size, self.pile_points
        last_capturer, left, in_hands = self.last_capturer, self.left, self.in_hands
        rounds_left, n_seen = self.rounds_left, self.n_seen
        four = players == 4
        worth_of, points_of, bonus_of, holds = WORTH, POINTS, self.bonus, HOLDS_TABLE
        first_stock = self.first_stock  # the stock's size in the deal's first round, if no pişti counts there
        greedy, me, rand = self.greedy, self.me, self.rand
        while turn >= 0 and moves:
            moves -= 1
            hand = hands[turn]
            side = turn % 2 if four else turn
            if card is None:
                card = hand[0]
                # hands are played in turn, so the player to move holds 2 cards or more
                # while more cards than players are in hands: then the Normal player's
                # judgement (see :meth:`club`) chooses
                if greedy and side != me and in_hands > players:
                    best_key = (-1, 0, 0)
                    for c in hand:
                        rank = c[0]
                        if size and (rank == top or rank == "J"):
                            gain = pile_points + points_of[c]
                            if size == 1 and rank == top and (lcp or left != 1) and len(stock) != first_stock:
                                gain += bonus_of[rank]
                            key = (1, gain, int(rank != "J"))
                        else:
                            key = (0, -points_of[c] - (10 if rank == "J" else 0), 0)
                        if key > best_key:
                            card, best_key = c, key
                elif rand and side != me and in_hands > players:
                    rand = (rand * 1103515245 + 12345) & 0x7FFFFFFF
                    card = hand[(rand >> 8) % len(hand)]
                elif in_hands > players:
                    nxt = hands[turn + 1 - players]
                    pile = pile_points + size * CARD_WORTH
                    jack_keep = JACK_KEEP * (1.0 if left >= 16 else left / 16)  # left: stock + in hands
                    best_score = -1e9
                    no_pisti = len(stock) == first_stock  # the next player plays in this round too
                    shown = [c[0] for c in nxt] if side == seeing and nxt else None
                    if shown is not None:
                        jack_shown = "J" in shown
                    elif nxt or stock:
                        odds = holds[len(nxt) or HAND][52 - n_seen - len(hand)]
                        ranks = [c[0] for c in hand]
                        jacks_live = 4 - seen["J"] - ranks.count("J")
                    else:  # the deal's last cards: the pile left goes to the last capturer
                        sweep_mine = (last_capturer if last_capturer is not None else 0) == side
                    for c in hand:
                        rank = c[0]
                        if size and (rank == top or rank == "J"):
                            score = pile + worth_of[c] + 0.01
                            if size == 1 and rank == top and (lcp or left != 1) and not no_pisti:
                                score += bonus_of[rank]
                            if rank == "J":
                                score -= jack_keep
                        elif best_score >= 0:  # a discard scores at most 0: it cannot beat it
                            continue
                        else:
                            stake = pile + worth_of[c]
                            if shown is not None:
                                if rank in shown:
                                    risk = stake + (0.0 if size or no_pisti else bonus_of[rank])
                                else:
                                    risk = stake if jack_shown and stake > JACK_KEEP else 0.0
                            elif nxt or stock:
                                live = 4 - seen[rank] - ranks.count(rank)
                                p_match = odds[live]
                                risk = p_match * (stake + (0.0 if size or no_pisti else bonus_of[rank]))
                                if rank != "J" and stake > JACK_KEEP:
                                    risk += (odds[live + jacks_live] - p_match) * stake
                            else:
                                risk = 0.0 if sweep_mine else stake
                            score = -risk - (jack_keep if rank == "J" else 0.0)
                        if score > best_score:
                            card, best_score = c, score
            hand.remove(card)
            left -= 1
            in_hands -= 1
            rank = card[0]
            seen[rank] += 1
            n_seen += 1
            if size and (rank == "J" or rank == top):
                if size == 1 and rank == top and (left or lcp) and len(stock) != first_stock:
                    points[side] += bonus_of[rank]
                captured[side] += size + 1
                points[side] += pile_points + points_of[card]
                size = pile_points = 0
                top = None
                last_capturer = side
            else:
                size += 1
                pile_points += points_of[card]
                top = rank
            card = None
            if not left:
                if size:
                    taker = last_capturer if last_capturer is not None else 0
                    captured[taker] += size
                    points[taker] += pile_points
                    size = pile_points = 0
                turn = -1
                break
            turn = turn + 1 if turn + 1 < players else 0
            if not in_hands:
                rounds_left -= 1
                if not rounds_left:
                    turn = -2  # the playout's horizon: stop before the next hands are dealt
                    break
                for k in range(players):  # each takes the stock's last four, last first
                    hands[(self.lead + k) % players] += stock[: -HAND - 1 : -1]
                    del stock[-HAND:]
                in_hands = HAND * players
        self.turn, self.top, self.pile_size, self.pile_points = turn, top, size, pile_points
        self.last_capturer, self.left, self.in_hands = last_capturer, left, in_hands
        self.rounds_left, self.n_seen, self.rand = rounds_left, n_seen, rand

    def scores(self) -> list[int]:
        """The deal's final scores per side (once the deal is over)."""
        scores = self.points[:]
        most = most_cards_side(self.captured, self.tie, self.last_capturer)
        if most is not None:
            scores[most] += self.most_points
        return scores

    def value(self) -> list[float]:
        """Each side's points so far, with its share of the most-cards bonus by count;
        at the end of the deal, the final scores and a bonus for the winner (the best
        score, or among equal scores the most cards, if one side alone has it)."""
        if self.turn != -1:
            return [p + c * CARD_WORTH for p, c in zip(self.points, self.captured)]
        scores = self.scores()
        values = [float(s) for s in scores]
        best = max(scores)
        if scores.count(best) == 1:
            values[scores.index(best)] += WIN_BONUS
        else:
            keys = list(zip(scores, self.captured))
            best_key = max(keys)
            if keys.count(best_key) == 1:
                values[keys.index(best_key)] += WIN_BONUS
        return values

    def club(self, seeing: bool = False) -> str:
        """The card the playout's player plays here: the Normal player's judgement
        (:func:`~cardems.pisti.normal.judge`), fast, from the cards seen so far and the
        player's own hand. ``seeing``: the next player's hand (of this world) replaces
        the odds of what it holds."""
        trial = self.copy()
        side = self.turn % 2 if self.players == 4 else self.turn
        trial.run(None, side if seeing else -1, 1)
        hand = trial.hands[self.turn]
        return next(card for card in self.hands[self.turn] if card not in hand)


# HOLDS_TABLE[hand][unseen][wanted]: P(a hand of ``hand`` cards from ``unseen`` holds one of ``wanted``)
HOLDS_TABLE = [
    [[chance_holds(hand, unseen, wanted) for wanted in range(9)] for unseen in range(53)]
    for hand in range(HAND + 1)
]


def deal_hands(
    view: PistiView, unseen: list[str], avoid: dict[int, set[str]] | None = None
) -> list[list[str]]:
    """Deal the other seats' hands from ``unseen`` (already shuffled; dealt cards are
    removed from it), keeping away the ranks a seat has shown it does not hold
    (``avoid``: :meth:`PistiView.not_holding`, if already known)."""
    return deal_soft(view, unseen, avoid if avoid is not None else view.not_holding(), {}, None)[0]


def deal_soft(
    view: PistiView, unseen: list[str], avoid: dict[int, set[str]], free: dict[int, float], rng: Rng | None
) -> tuple[list[list[str]], float]:
    """:func:`deal_hands`, where each seat's declined ranks are kept away only with
    probability 1 − ``free[seat]`` (the others' style may decline a capture); returns the
    hands and the importance factor (how much likelier a uniform deal gives these hands
    than this way of dealing, up to a constant) that makes the weights exact."""
    hands: list[list[str]] = []
    factor = 1.0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        ranks = avoid.get(seat)
        if ranks:
            allowed = [i for i, card in enumerate(unseen) if card[:-1] not in ranks]  # rank_of, no joker
            if len(allowed) >= size:
                loose = free.get(seat, 0.0)
                if loose and rng is not None and rng.random() < loose:
                    hand = [unseen.pop() for _ in range(size)]
                else:
                    picked = allowed[len(allowed) - size :]
                    hand = [unseen[i] for i in picked]
                    for i in reversed(picked):
                        del unseen[i]
                if loose:
                    if any(card[:-1] in ranks for card in hand):
                        factor /= loose
                    else:
                        total = len(unseen) + size
                        factor /= loose + (1.0 - loose) * math.comb(total, size) / math.comb(
                            len(allowed), size
                        )
                hands.append(hand)
                continue
        hands.append([unseen.pop() for _ in range(size)])
    return hands, factor


Memo = dict[
    tuple[int, str, int, int], float
]  # (play index, card, unseen of its rank, unseen Jacks) -> judgement
Play = tuple[int, str, list[str], dict[str, int], int, dict[str, Any]]


def observed_plays(view: PistiView, earlier: bool = False) -> list[Play]:
    """What the others played this hand (with ``earlier``, every hand of the deal), each
    play with what its player could see then: (seat, card, the seat's later plays of that
    hand, unseen copies per rank before its hand is taken out, cards seen, the other
    fields of its :class:`Situation`). In a hand played out, a seat's later plays are the
    whole hand it held."""
    players = view.players
    per_round = HAND * players
    history = view.history
    start = len(history) // per_round * per_round
    seen = dict.fromkeys(RANK_NAME, 0)
    seen[view.opening_up[0]] += 1
    for card in view.opening_known:
        seen[card[0]] += 1
    n_seen = 1 + len(view.opening_known)
    top: str | None = view.opening_up[0]
    size, hidden = 4, 3
    known = float(POINTS[view.opening_up])
    last_capturer: int | None = None
    partner = (view.seat + 2) % 4 if players == 4 else -1
    first_round_pisti = view.options.get("first_round_pisti", True)
    plays: list[Play] = []
    for i, (seat, card) in enumerate(history):
        if (i >= start or earlier) and seat != view.seat and (INFER_PARTNER or seat != partner):
            begun = i // per_round * per_round
            later = [c for s, c in history[i : begun + per_round] if s == seat]
            stock = max(0, 52 - 4 - per_round * (i // per_round + 1))
            in_hands = per_round - (i - begun)
            nxt = (seat + 1) % players
            nxt_hand = HAND - sum(1 for s, _ in history[begun:i] if s == nxt) - (nxt == seat)
            sweeper = last_capturer if last_capturer is not None else 0
            fields = dict(
                top=RANK_NAME[top] if top else None,
                pile_size=size,
                pile_value=known + hidden * HIDDEN_WORTH + size * CARD_WORTH,
                next_hand=nxt_hand or (HAND if stock else 0),
                jack_keep=JACK_KEEP * min(1.0, (stock + in_hands) / 16),
                last_card=stock == 0 and in_hands == 1,
                last_card_pisti=view.last_card_pisti,
                sweep_mine=side_of(sweeper, players) == side_of(seat, players),
                jack_pisti=view.jack_pisti_points,
                pisti_now=first_round_pisti or i >= per_round,
                pisti_next=first_round_pisti or i >= per_round - 1,
            )
            plays.append((seat, card, later, {RANK_NAME[k]: 4 - n for k, n in seen.items()}, n_seen, fields))
        rank = card[0]
        seen[rank] += 1
        n_seen += 1
        if size and (rank == "J" or rank == top):
            top, size, known, hidden = None, 0, 0.0, 0
            last_capturer = seat
        else:
            top, size, known = rank, size + 1, known + POINTS[card]
    return plays


def preferences(index: int, play: Play, hand: list[str], memo: Memo) -> list[float]:
    """The Normal player's judgement of each card of ``hand`` (the seat's hand at ``play``,
    the card played included), as the seat saw the table: :func:`~cardems.pisti.normal.judge`.
    A card's judgement depends on the hand only through the unseen copies of its rank and
    of Jacks, so ``memo`` (one per view; ``index`` names the play) keeps it across samples."""
    _seat, _card, _later, unseen_before, n_seen, fields = play
    unseen = dict(unseen_before)
    for c in hand:
        unseen[RANK_NAME[c[0]]] -= 1
    table = None
    prefs = []
    for c in hand:
        key = (index, c, unseen[RANK_NAME[c[0]]], unseen["J"])
        pref = memo.get(key)
        if pref is None:
            if table is None:
                table = Situation(unseen=unseen, unseen_total=52 - n_seen - len(hand), **fields)
            pref = memo[key] = judge(table, c)
        prefs.append(pref)
    return prefs


def chance(prefs: list[float], chosen: int, temperature: float | None) -> float:
    """The probability of the ``chosen`` card for a player choosing by a softmax of
    ``prefs`` at ``temperature`` (``None``: any card alike)."""
    if temperature is None:
        return 1.0 / len(prefs)
    high = max(prefs)
    total = sum(math.exp((p - high) / temperature) for p in prefs)
    return math.exp((prefs[chosen] - high) / temperature) / total


def likelihood(
    view: PistiView,
    hands: list[list[str]],
    temperature: float,
    plays: list[Play] | None = None,
    memo: Memo | None = None,
    tremble: float = 0.0,
    power: float = 1.0,
) -> float:
    """How likely the others' plays of this hand are if they held ``hands``.

    Each seat is modelled as the Normal player (:func:`~cardems.pisti.normal.judge`)
    choosing by a softmax of its judgement; the weight is the product of the
    probabilities of the cards it was seen to play since its hand was dealt
    (``plays``: :func:`observed_plays` of the view, if already known; ``memo``: see
    :func:`preferences`). Tempered toward uniform: each play's probability is the
    softmax's with ``tremble`` of it spread over the hand alike (a player who now and
    then plays another card than Normal would), and the product is raised to ``power``
    (0: every deal alike, no inference).
    """
    if plays is None:
        plays = observed_plays(view)
    if memo is None:
        memo = {}
    weight = 1.0
    for index, play in enumerate(plays):
        hand = hands[play[0]] + play[2]
        p = chance(preferences(index, play, hand, memo), hand.index(play[1]), temperature)
        if tremble:
            p = (1.0 - tremble) * p + tremble / len(hand)
        weight *= p
    return weight if power == 1.0 else weight**power


Styles = dict[int, list[tuple[float, float | None]]]  # seat -> [(weight, temperature or None)]


def takes(card: str, top: str | None) -> bool:
    """Whether ``card`` takes a pile topped by the rank ``top``."""
    return top is not None and (card[:-1] == top or card[0] == "J")


def play_chance(
    play: Play, hand: list[str], prefs: list[float], chosen: int, temperature: float | None, decline: float
) -> float:
    """The probability of the card played at ``play`` from ``hand`` in one style. Holding
    the top's rank, the seat takes the pile with probability 1 − ``decline`` (its rate of
    covering a card it could take, :func:`read_others`) and then chooses among the cards
    that take it (else among the others) by the style: :func:`chance`."""
    top = play[5]["top"]
    if not any(c[:-1] == top for c in hand):
        return chance(prefs, chosen, temperature)
    taking = takes(hand[chosen], top)
    group = [i for i, c in enumerate(hand) if takes(c, top) == taking]
    return (decline if not taking else 1.0 - decline) * chance(
        [prefs[i] for i in group], group.index(chosen), temperature
    )


def read_others(
    plays: list[Play], styles: tuple[tuple[float, float | None], ...] = STYLES, memo: Memo | None = None
) -> tuple[Styles, dict[int, float]]:
    """What each other seat showed in the hands of this deal already played out (there the
    hand it held is known: the cards it played): how much each style of :data:`STYLES`
    explains its choices (their prior weights times the probability of those choices,
    normalised), and how often it covered a card it could take (:data:`DECLINES`: a
    prior count, then its declines among its chances). A seat with no such hand keeps the
    priors."""
    memo = {} if memo is None else memo
    logs: dict[int, list[float]] = {}
    counts: dict[int, list[int]] = {}
    for index, play in enumerate(plays):
        seat, card, later = play[0], play[1], play[2]
        row = logs.setdefault(seat, [math.log(w) for w, _ in styles])
        count = counts.setdefault(seat, [0, 0])
        top = play[5]["top"]
        if any(c[:-1] == top for c in later):
            count[0] += not takes(card, top)
            count[1] += 1
        if len(later) < 2:
            continue  # the hand's last card: no choice
        prefs = preferences(-1 - index, play, later, memo)
        chosen = later.index(card)
        for k, (_w, temperature) in enumerate(styles):
            row[k] += math.log(max(play_chance(play, later, prefs, chosen, temperature, 0.5), 1e-300))
    out: Styles = {}
    for seat, row in logs.items():
        high = max(row)
        total = sum(math.exp(x - high) for x in row)
        out[seat] = [(math.exp(x - high) / total, t) for x, (_w, t) in zip(row, styles)]
    return out, {seat: decline_rate(*count) for seat, count in counts.items()}


def greedy_choices(play: Play, hand: list[str]) -> list[int]:
    """The cards of ``hand`` a greedy player (the capture worth most points now, else the
    discard worth fewest, Jacks last) would play at ``play``: the indices of the best."""
    fields = play[5]
    top, size = fields["top"], fields["pile_size"]
    pisti = fields["pisti_now"] and (fields["last_card_pisti"] or not fields["last_card"])
    keys = []
    for card in hand:
        if size and takes(card, top):
            gain = fields["pile_value"] + POINTS[card]
            if size == 1 and card[:-1] == top and pisti:
                gain += fields["jack_pisti"] if card[0] == "J" else PISTI_POINTS
            keys.append((1, round(gain, 6), card[0] != "J"))
        else:
            keys.append((0, -POINTS[card] - (10 if card[0] == "J" else 0), False))
    best = max(keys)
    return [i for i, key in enumerate(keys) if key == best]


def read_playout_styles(plays: list[Play], memo: Memo) -> list[float]:
    """How well each style of :data:`ADAPT_PRIOR` (the Normal judgement at
    :data:`TEMPERATURE`, greedy, any card alike) explains the others' choices in the
    hands of this deal played out (``plays``: there a seat's later plays are its hand):
    the posterior, normalised."""
    logs = [math.log(w) for w in ADAPT_PRIOR]
    for index, play in enumerate(plays):
        later = play[2]
        if len(later) < 2:
            continue  # the hand's last card: no choice
        chosen = later.index(play[1])
        prefs = preferences(-1 - index, play, later, memo)
        best = greedy_choices(play, later)
        if len(best) == len(later):  # greedy has no preference here
            greedy = 1.0 / len(later)
        elif chosen in best:
            greedy = (1.0 - ADAPT_SLIP) / len(best)
        else:
            greedy = ADAPT_SLIP / (len(later) - len(best))
        logs[0] += math.log(max(chance(prefs, chosen, TEMPERATURE), 1e-300))
        logs[1] += math.log(greedy)
        logs[2] += math.log(1.0 / len(later))
    high = max(logs)
    weights = [math.exp(x - high) for x in logs]
    total = sum(weights)
    return [w / total for w in weights]


def decline_rate(declines: int = 0, chances: int = 0) -> float:
    return (declines + DECLINES[0]) / (chances + DECLINES[1])


def mixture_likelihood(
    hands: list[list[str]],
    plays: list[Play],
    memo: Memo,
    styles: Styles,
    declines: dict[int, float] | None = None,
    default: tuple[tuple[float, float | None], ...] = STYLES,
) -> float:
    """The others' plays of this hand if they held ``hands``, each seat playing in one of
    the styles (a softmax of the Normal judgement at a temperature, or any card alike)
    with the weights ``styles`` gives it, and covering a card it could take at its rate
    (both from :func:`read_others`): per seat, the weighted sum over styles of the
    product of its plays' probabilities (:func:`play_chance`)."""
    declines = declines or {}
    per_seat: dict[int, list[float]] = {}
    for index, play in enumerate(plays):
        seat = play[0]
        mix = styles.get(seat, default)
        row = per_seat.setdefault(seat, [1.0] * len(mix))
        hand = hands[seat] + play[2]
        prefs = preferences(index, play, hand, memo)
        chosen = hand.index(play[1])
        decline = declines.get(seat, decline_rate())
        for k, (_w, temperature) in enumerate(mix):
            row[k] *= play_chance(play, hand, prefs, chosen, temperature, decline)
    weight = 1.0
    for seat, row in per_seat.items():
        weight *= sum(w * p for (w, _t), p in zip(styles.get(seat, default), row))
    return weight


class Known:
    """What every sample of one view shares, worked out once per decision."""

    def __init__(self, view: PistiView) -> None:
        self.unseen = view.unseen()
        self.avoid = view.not_holding()
        self.points = [view.known_points(s) for s in range(side_count(view.players))]
        self.pile_points = sum(POINTS[c] for c in view.pile_up)
        if view.pile_hidden:
            self.pile_points += sum(POINTS[c] for c in view.opening_known)
        self.top = view.pile_up[-1][0] if view.pile_up else None
        self.in_hands = sum(view.hand_sizes)
        seen = dict.fromkeys(RANK_NAME, 0)
        for card in view.seen():
            seen[card[0]] += 1
        for card in view.hand:
            seen[card[0]] -= 1
        self.seen = seen
        self.n_seen = sum(seen.values())
        self.side = side_of(view.seat, view.players)
        self.plays = observed_plays(view)
        self.memo: Memo = {}  # the others' judgements of their cards (:func:`preferences`)
        self.styles: Styles | None = None
        self.free: dict[int, float] = {}  # per seat: how often it covers a card it could take
        self.adapted: list[float] | None = None  # with ADAPT: the others' styles (Normal, greedy, any)
        adapt = ADAPT and view.players in ADAPT_PLAYERS
        if (ROBUST and view.players in ROBUST_PLAYERS) or adapt:
            everything = observed_plays(view, earlier=True)
            played_out = everything[: len(everything) - len(self.plays)]  # the hands before this one
            self.styles, self.free = read_others(played_out, STYLES, self.memo)
            for seat in self.avoid:
                self.free.setdefault(seat, decline_rate())
            if adapt:
                self.adapted = read_playout_styles(played_out, self.memo)
        elif DECLINED_FREE:
            self.free = dict.fromkeys(self.avoid, DECLINED_FREE)

    def weight(self, view: PistiView, hands: list[list[str]], temperature: float) -> float:
        """How well ``hands`` explain the others' plays of this hand (1 without inference)."""
        if not temperature:
            return 1.0
        if self.styles is None:
            return likelihood(view, hands, temperature, self.plays, self.memo, TREMBLE, POWER)
        return mixture_likelihood(hands, self.plays, self.memo, self.styles, self.free)

    def world(
        self, view: PistiView, hands: list[list[str]], stock: list[str], hidden: list[str], rounds: int
    ) -> Sim:
        """The deal of ``view`` with the unseen cards placed: ``hands`` (every seat's),
        ``stock`` (next card last) and ``hidden``, the face-down opening cards not shown;
        playouts stop after ``rounds`` hands."""
        sim = Sim.__new__(Sim)
        sim.players = view.players
        sim.lead = view.lead
        sim.turn = view.to_move if view.to_move is not None else -1
        sim.last_card_pisti = view.last_card_pisti
        sim.hands = hands
        sim.stock = stock
        sim.captured = list(view.captured_counts)
        sim.points = self.points[:]
        hidden_points = sum(POINTS[c] for c in hidden)
        sim.pile_size = view.pile_size
        sim.pile_points = self.pile_points
        if view.pile_hidden:
            sim.pile_points += hidden_points
        elif view.hidden_holder is not None:
            sim.points[view.hidden_holder] += hidden_points
        sim.top = self.top
        sim.last_capturer = view.last_capturer
        sim.in_hands = self.in_hands
        sim.left = self.in_hands + len(stock)
        sim.rounds_left = rounds
        sim.seen = self.seen.copy()
        sim.n_seen = self.n_seen
        sim.me = self.side
        sim.bonus = pisti_bonus(view.jack_pisti_points)
        sim.first_stock = (
            -1 if view.options.get("first_round_pisti", True) else 52 - OPENING - HAND * view.players
        )
        sim.most_points = view.most_cards_points
        sim.tie = view.options.get("most_cards_tie", "nobody")
        sim.greedy = False
        sim.rand = 0
        return sim


class PistiModel:
    """The :class:`~cardems.search.Model` of Pişti for the sampling search."""

    def __init__(self, horizon: int | None = None, temperature: float = TEMPERATURE) -> None:
        self.horizon = horizon
        self.temperature = temperature
        self._view: PistiView | None = None  # the view of the decision under way, and
        self._known: Known | None = None  # what every sample of it shares

    def sample(self, view: PistiView, rng: Rng) -> tuple[Sim, float]:
        if view is not self._view:
            self._view, self._known = view, Known(view)
        known = self._known
        assert known is not None  # set for this view just above
        unseen = known.unseen[:]
        rng.shuffle(unseen)
        hands, factor = deal_soft(view, unseen, known.avoid, known.free, rng)
        hidden_cards = [unseen.pop() for _ in range(3 - len(view.opening_known))]
        assert len(unseen) == view.stock_size, "the view and the sample disagree"
        sim = known.world(view, hands, unseen, hidden_cards, self.horizon or HORIZON[view.players])
        if known.adapted is not None:
            pick = rng.random()
            if pick < known.adapted[1]:
                sim.greedy = True
            elif pick < known.adapted[1] + known.adapted[2]:
                sim.rand = 1 + rng.next64() % 0x7FFFFFFE
        if OTHERS_GREEDY:
            sim.greedy = OTHERS_GREEDY >= 1.0 or rng.random() < OTHERS_GREEDY
        return sim, factor * known.weight(view, hands, self.temperature)

    def budget(self, view: PistiView, samples: int) -> int:
        """At most :data:`SAMPLES_BY_PLAYERS`; more where a sample costs less work
        than at the deal's first decision (a playout per card in hand, as long as the
        cards left): the longest decisions stay as long, the others spend what they save."""
        samples = min(samples, SAMPLES_BY_PLAYERS[view.players])
        left = view.stock_size + sum(view.hand_sizes)
        first = WORK_SHARE * (HAND * (52 - 4)) / (len(view.hand) * left)
        return int(samples * min(MAX_FACTOR, max(1.0, first)))

    def copy(self, state: Sim) -> Sim:
        return state.copy()

    def play(self, state: Sim, move: str) -> None:
        state.run(move, -1, 1)

    def playout(self, state: Sim, rng: Rng) -> list[float]:
        state.run(None, state.me if SEEING else -1)
        return state.value()

    def utility(self, scores: Sequence[float], view: PistiView) -> float:
        """One's side's score minus the mean of the other sides' (the deal's winner
        already has its bonus in ``scores``)."""
        mine = (
            self._known.side
            if view is self._view and self._known is not None
            else side_of(view.seat, view.players)
        )
        if len(scores) == 2:  # the same sum as below, with one term
            return scores[mine] - scores[1 - mine]
        others = [s for i, s in enumerate(scores) if i != mine]
        return scores[mine] - sum(others) / len(others)


def last_hand_worlds(view: PistiView, temperature: float = TEMPERATURE) -> list[tuple[float, Sim]] | None:
    """With 2 players in the deal's last hand, every deal of the cards this seat has not
    seen (the other's hand, the face-down opening cards) with its weight (:meth:`Known.weight`:
    :func:`likelihood`, or with :data:`ROBUST` the mixture of styles; with :data:`ADAPT`,
    each in the styles the other was read in: :func:`styled`);
    ``None`` where that does not hold or the face-down cards are still on the table
    (Normal estimates their points, a world knows them)."""
    if view.players != 2 or view.stock_size or view.pile_hidden or view.to_move != view.seat:
        return None
    other = 1 - view.seat
    size = view.hand_sizes[other]
    unseen = view.unseen()
    known = Known(view)
    declined = set() if known.free else known.avoid.get(other, set())
    worlds: list[tuple[float, Sim]] = []
    for held in combinations(unseen, size):
        if any(card[:-1] in declined for card in held):
            continue
        hands: list[list[str]] = [[], []]
        hands[view.seat], hands[other] = list(view.hand), list(held)
        weight = known.weight(view, hands, temperature)
        if weight > 0.0:
            hidden = [card for card in unseen if card not in held]
            world = known.world(view, hands, [], hidden, 1)
            if known.adapted is None or not ADAPT_LAST_HAND:
                worlds.append((weight, world))
            else:
                worlds.extend(styled(weight, world, known.adapted))
    return worlds or None


def styled(weight: float, world: Sim, reading: list[float]) -> list[tuple[float, Sim]]:
    """``world`` with the other playing in each style of the reading (:data:`ADAPT`):
    as Normal judges, greedy, and any card alike (:data:`ANY_CARD_PLAYS` plays of it,
    each its own generator), weighed by the reading."""
    out = [(weight * reading[0], world)] if reading[0] >= STYLE_FLOOR else []
    if reading[1] >= STYLE_FLOOR:
        greedy = world.copy()
        greedy.greedy = True
        out.append((weight * reading[1], greedy))
    if reading[2] >= STYLE_FLOOR:
        for k in range(ANY_CARD_PLAYS):
            anyhow = world.copy()
            anyhow.rand = 1 + k * 0x9E3779B % 0x7FFFFFFE
            out.append((weight * reading[2] / ANY_CARD_PLAYS, anyhow))
    return out


def best_strategy(worlds: list[tuple[float, Sim]], me: int) -> dict[str, float]:
    """The weighted sum of ``me``'s utility (its value less the other's) for each card
    it can play now, playing on as well as can be done without seeing the other's hand:
    the other plays as the world's playout has it play (as Normal judges, or with
    :data:`ADAPT` in the world's style: a function of its hand), and ``me`` chooses each
    later card knowing only what it has seen played. Exact expectimax over ``me``'s
    information sets; the worlds share every public fact, so one card list serves all."""
    return run_steps(best_strategy_steps(worlds, me))


def best_strategy_steps(worlds: list[tuple[float, Sim]], me: int) -> Generator[None, None, dict[str, float]]:
    """:func:`best_strategy` in slices: it yields after each card tried at each choice, and
    after every :data:`HAND_SLICE` worlds."""
    totals: dict[str, float] = {}
    for card in worlds[0][1].hands[me]:
        groups: dict[tuple[str, ...], list[tuple[float, Sim]]] = {}
        total = 0.0
        for index, (weight, sim) in enumerate(worlds, 1):
            if index % HAND_SLICE == 0:
                yield
            after = sim.copy()
            after.run(card, -1, 1)
            if len(after.hands[me]) > 1:  # a choice is still ahead: see what the other plays
                shown: list[str] = []
                while after.turn >= 0 and after.turn != me:
                    hand = after.hands[after.turn][:]
                    after.run(None, -1, 1)
                    shown.append(next(c for c in hand if c not in after.hands[1 - me]))
                if after.turn >= 0:
                    groups.setdefault(tuple(shown), []).append((weight, after))
                    continue
            after.run(None, -1)  # nothing left to choose: the deal played to its end
            values = after.value()
            total += weight * (values[me] - values[1 - me])
        yield
        for group in groups.values():
            later = yield from best_strategy_steps(group, me)
            total += max(later.values())
        totals[card] = total
    return totals


class PistiHardBot:
    """Hard: the sampling search, except in the last two hands of a 2-player deal. In
    the last (``exact_last_hand``), the few possible hands of the other are all weighed and
    the hand is solved exactly (:func:`best_strategy`), the Normal player's judgement only
    breaking ties; in the one before (:data:`HAND_WORLDS`), the same planning runs over
    sampled deals, with that judgement weighed in as the search weighs it."""

    level = "hard"

    def __init__(self, search: SamplingSearch[Sim, str], exact_last_hand: bool = True) -> None:
        self.search = search
        self.exact_last_hand = exact_last_hand

    def choose(self, view: PistiView, legal: list[str], rng: Rng) -> str:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: PistiView, legal: list[str], rng: Rng) -> Generator[None, None, str]:
        model = cast(PistiModel, self.search.model)  # as PistiHard builds it
        if len(legal) > 1 and self.exact_last_hand:
            worlds = last_hand_worlds(view, model.temperature)
            if worlds is not None:
                return (yield from self.plan(view, legal, worlds, TIE))
        if HAND_WORLDS and len(legal) > 1 and view.players == 2 and 0 < view.stock_size <= HAND_STOCK:
            sampled: list[tuple[float, Sim]] = []
            for index in range(1, HAND_WORLDS + 1):
                sim, weight = model.sample(view, rng)
                if weight > 0.0:
                    sampled.append((weight, sim))
                if index % HAND_SLICE == 0:
                    yield
            if sampled:  # else (no deal explains the other's plays) the flat search, as elsewhere
                return (yield from self.plan(view, legal, sampled, self.search.prior_weight))
        return (yield from self.search.choose_steps(view, legal, rng))

    def plan(
        self, view: PistiView, legal: list[str], worlds: list[tuple[float, Sim]], prior_weight: float
    ) -> Generator[None, None, str]:
        """The card whose planned worth over ``worlds`` (:func:`best_strategy`), a mean a
        deal, plus ``prior_weight`` times the Normal player's judgement of it is the highest."""
        totals = yield from best_strategy_steps(worlds, side_of(view.seat, view.players))
        mass = sum(weight for weight, _ in worlds)
        prior = self.search.prior
        keys = [totals[c] / mass + (prior_weight * prior(view, c) if prior else 0.0) for c in legal]
        return legal[keys.index(max(keys))]


def PistiHard(
    samples: int | None = None,
    horizon: int | None = None,
    prior_weight: float | None = None,
    temperature: float | None = None,
    exact_last_hand: bool | None = None,
) -> PistiHardBot:
    """The Hard level: the search, with the Normal player's judgement as a prior
    (``None``: this module's setting), the 2-player last hand solved and the hand before
    it planned (:data:`HAND_WORLDS`; ``exact_last_hand=False`` leaves that planning on)."""
    search = SamplingSearch(
        PistiModel(horizon, TEMPERATURE if temperature is None else temperature),
        SAMPLES if samples is None else samples,
        level="hard",
        prior=PistiNormal().score,
        prior_weight=PRIOR_WEIGHT if prior_weight is None else prior_weight,
    )
    return PistiHardBot(search, EXACT_LAST_HAND if exact_last_hand is None else exact_last_hand)

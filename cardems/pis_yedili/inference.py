"""What the others' play this round says about their hands, if they play as the Normal player.

:func:`decisions` replays the round's public history (the moves everybody saw) and
keeps each move another seat made with what that seat saw then (the top card, the
named suit, a pending 7, the hand sizes...), and each time a seat got cards (a draw,
a penalty, another's Ace). :func:`likelihood` walks that back from a sampled world's
hands: a card played goes back into its player's hand, cards got leave it (a sampled
hand is dealt oldest card first), so each decision finds
its seat's hand of the right size. Which cards were got when is hidden: the walk
takes the card played soonest after as the one got (then the newest held now), in
every sampled world alike. A world
whose hands explain fewer of the moves seen (the Normal player would have made
another) is less likely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from cardems.pis_yedili.rules import DRAW, HAND, PASS, House, PisYediliView, deck_for
from cardems.pis_yedili.sim import OPENERS, OPENING, PLAY, TWINS, VALUE, Sim


@final  # so that ``type(step) is not Decision`` tells a step's kind to mypy
@dataclass
class Decision:
    """One move a seat made in the opening or in play, and what it saw then."""

    seat: int
    move: str
    table: Sim  # the public position then (other hands: only their sizes are real)

    def agrees(self, hand: list[str]) -> bool:
        """Whether the Normal player holding ``hand`` would have made this move."""
        table = self.table
        move = self.move
        if table.phase == OPENING:
            best = max((VALUE[c] for c in hand if c in OPENERS), default=None)
            return best is None if move == DRAW else VALUE[move] == best
        if table.sevens:
            return (move == DRAW) == all(c[0] != "7" for c in hand)
        table.hands[self.seat] = hand
        choice = table.choose()
        if move[0] == "J" and choice[0] == "J":  # which Jack is only the order in hand
            return move[-1] == choice[-1]
        return choice == move


Step = Decision | tuple[int, int]  # a decision, or (seat, cards it got)


def decisions(view: PisYediliView) -> list[Step]:
    """The other seats' decisions this round and every seat's cards got, oldest first."""
    n = view.players
    sizes = [HAND] * n
    house = House.of(view.options)
    stock = len(deck_for(n, house.jokers)) - HAND * n
    top: str | None = None
    named: str | None = None
    sevens, drawn, direction, opened = 0, False, 1, 0
    stack: list[int] = []
    phase = OPENING
    steps: list[Step] = []
    decks = view.decks
    for seat, move in view.history:
        if move.startswith("pick:"):
            break
        if seat != view.seat:
            table = Sim.__new__(Sim)
            table.players, table.decks, table.bounce = n, decks, view.ten_rule == "bounce"
            table.turn, table.phase = seat, phase
            table.hands = [[""] * size for size in sizes]
            table.pile = [top] if top else []
            table.named, table.sevens, table.drawn = named, sevens, drawn
            table.stack, table.direction = stack[:], direction
            table.totals = list(view.totals)
            table.bold = -1  # the others play as Normal
            table.house = house
            steps.append(Decision(seat, move, table))
        if phase == OPENING:
            if move == DRAW:
                sizes[seat] += 1
                stock -= 1
                steps.append((seat, 1))
                continue
            sizes[seat] -= 1
            top = move
            opened += 1
            if opened == n:
                phase, drawn = PLAY, False
            continue
        if move == DRAW:
            if sevens:
                count = min(house.penalty(sevens), stock)
                sevens, drawn = 0, False
            else:
                count, drawn = 1, True
            sizes[seat] += count
            stock -= count
            steps.append((seat, count))
            continue
        if move == PASS:
            if stack:
                stack.pop()
            drawn = False
            continue
        card, _, suit = move.partition(":")
        under = top
        sizes[seat] -= 1
        top, named = card, suit or None
        r = card[0]
        drawn = False
        if r == "7":
            sevens += 1
            if stack:
                stack.pop()
        elif r == "1" and n > 2:
            if view.ten_rule == "bounce":
                stack.append(seat)
            else:
                direction = -direction
                if stack:
                    stack.pop()
        elif r == "A":
            other = seat
            for _ in range(n - 1):
                other = (other + direction) % n
                sizes[other] += 1
                stock -= 1
                steps.append((other, 1))
            if not house.ace_again and stack:
                stack.pop()
        elif r == "8" and house.eight_skips:
            for _ in range(2):  # its player's turn ends, and the skipped one's
                if stack:
                    stack.pop()
        elif not (decks == 2 and card == under and card in TWINS):
            if stack:
                stack.pop()
    return steps


def misses(steps: list[Step], hands: list[list[str]], seat: int, limit: int | None = None) -> int:
    """How many of the others' decisions (the ``limit`` newest, or all) the sampled ``hands``
    do not explain (``seat``: the one searching, not judged)."""
    kept = [list(h) for h in hands]  # cards held now, oldest first
    back: list[list[str]] = [[] for _ in hands]  # cards played since, newest first
    missed = 0
    left = len(steps) if limit is None else limit
    for step in reversed(steps):
        if type(step) is not Decision:
            who, count = step
            if who != seat:
                for _ in range(count):  # the cards played soonest after are the ones got
                    (back[who] or kept[who]).pop()
            continue
        who = step.seat
        move = step.move
        if move != DRAW and move != PASS:
            back[who].append(move.partition(":")[0])
        if not step.agrees(kept[who] + back[who]):
            missed += 1
        left -= 1
        if not left:
            break
    return missed


def likelihood(
    steps: list[Step], hands: list[list[str]], seat: int, miss: float, limit: int | None = None
) -> float:
    """``miss`` to the power of :func:`misses`."""
    return miss ** misses(steps, hands, seat, limit)

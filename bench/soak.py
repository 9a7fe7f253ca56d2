"""Soak: random legal moves in every game over every option set, invariants checked.

    python -m bench.soak [--moves 1000000] [--seed 1] [--games pisti,war]
    python bench/soak.py --moves 1000

For each game, whole games are played (seeded, :class:`cardems.rng.Rng`) with
the option sets taken in turn (every combination of the game's option values)
until at least ``--moves`` moves were made; the game under way is finished, so
every game ends. Checked:

- cards conserved: after every move, every card of the pack is somewhere, once;
- views unchanged when unseen cards are swapped: every ``SWAP_EVERY`` moves, the
  cards one seat cannot see are shuffled among their places, and that seat's view
  must not change (a game with nothing hidden, Abstract, has nothing to swap);
- saves round-trip: once a game at a random move and at its end, ``from_json``
  of the JSON text of ``to_json`` gives the same save, views and legal moves;
- every game ends within ``MOVE_LIMIT`` moves.

Prints per game the moves per second with the checks, and of ``play()`` alone.
Exit status 1 if any invariant broke (each failure with its replay command).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardems.cards import format_cards, standard_deck  # noqa: E402
from cardems.game import Game  # noqa: E402
from cardems.games import PLANNED, game_class, playable  # noqa: E402
from cardems.rng import Rng  # noqa: E402

SWAP_EVERY = 16
MOVE_LIMIT = 200_000


# ---------------------------------------------------------------- what each game hides
# Per game: where every card is (a multiset equal to the pack), and a copy of the game
# with the cards ``seat`` cannot see shuffled among their places (None: nothing hidden).
def _pisti_cards(game: Any) -> list[str]:
    return game.pile + game.stock + [c for h in game.hands for c in h] + [c for s in game.captured for c in s]


def _pisti_hidden(game: Any, seat: int, rng: Rng) -> Any:
    other = game.copy()
    others = [s for s in range(other.players) if s != seat]
    pool = [c for s in others for c in other.hands[s]] + other.stock
    rng.shuffle(pool)
    other.hands = [list(h) for h in other.hands]
    for s in others:
        n = len(other.hands[s])
        other.hands[s], pool = pool[:n], pool[n:]
    other.stock = pool
    return other


def _war_cards(game: Any) -> list[str]:
    return game.all_cards()  # a committed card stays in its seat's active hand until the reveal


def _war_hidden(game: Any, seat: int, rng: Rng) -> Any:
    """Both draw piles, the other's active hand (its committed card among them), the face-down table cards."""
    other = game.copy()
    rival = 1 - seat
    hidden = other.committed[rival]
    committed = other.hands[rival].index(hidden) if hidden is not None else None
    down = [i for i, (_, _, up) in enumerate(other.table) if not up]
    pool = other.draw[0] + other.draw[1] + other.hands[rival] + [other.table[i][1] for i in down]
    rng.shuffle(pool)
    for s in (0, 1):
        n = len(other.draw[s])
        other.draw[s], pool = pool[:n], pool[n:]
    n = len(other.hands[rival])
    other.hands[rival], pool = pool[:n], pool[n:]
    if committed is not None:  # the other seat's choice, unknown to this one: one of its cards
        other.committed[rival] = other.hands[rival][committed]
    for i, card in zip(down, pool):
        s, _, up = other.table[i]
        other.table[i] = (s, card, up)
    return other


def _pis_yedili_cards(game: Any) -> list[str]:
    return game.stock + game.pile + [c for h in game.hands for c in h] + [c for p in game.picked for c in p]


def _pis_yedili_hidden(game: Any, seat: int, rng: Rng) -> Any:
    if game.phase not in ("opening", "play"):  # the muamele shows the hands
        return None
    return _pisti_hidden(game, seat, rng)  # other hands and the stock, as in Pişti


def _abstract_cards(game: Any) -> list[str]:
    """Every card of the deal's rows once, if this half's row is what either took plus what still lies."""
    row = game.row
    if sorted(game.taken[0] + game.taken[1] + row[game.pos :]) != sorted(row):
        return []
    return [c for r in game.rows for c in r]


def _abstract_pack(game: Any) -> list[str]:
    from cardems.abstract.rules import full_deck

    return full_deck(game.variant)


def _pis_yedili_pack(game: Any) -> list[str]:
    from cardems.pis_yedili.rules import deck_for

    return deck_for(game.players, game.house.jokers)


@dataclass(frozen=True)
class Hiding:
    cards: Callable[[Any], list[str]]  # where every card is, in any order
    pack: Callable[[Any], list[str]]  # the game's pack
    hidden: Callable[[Any, int, Rng], Any] | None


HIDING: dict[str, Hiding] = {
    "pisti": Hiding(_pisti_cards, lambda game: standard_deck(), _pisti_hidden),
    "war": Hiding(_war_cards, lambda game: standard_deck(), _war_hidden),
    "pis-yedili": Hiding(_pis_yedili_cards, _pis_yedili_pack, _pis_yedili_hidden),
    "abstract": Hiding(_abstract_cards, _abstract_pack, None),  # every card lies face up
}


# ---------------------------------------------------------------- the soak
@dataclass
class Figures:
    """One game's soak: what was played and checked, and how fast."""

    game: str
    option_sets: int = 0
    games: int = 0
    moves: int = 0
    conserved: int = 0  # card-conservation checks passed
    swaps: int = 0  # hidden-card swaps that left the view unchanged
    saves: int = 0  # save round trips
    play_seconds: float = 0.0
    seconds: float = 0.0
    longest: int = 0  # most moves in one game
    failures: list[str] = field(default_factory=list)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def play_moves_per_second(self) -> float:
        return self.moves / self.play_seconds if self.play_seconds else 0.0


def option_sets(cls: type[Game]) -> list[dict[str, Any]]:
    """Every combination of the game's option values."""
    specs = cls.options_spec
    return [
        dict(zip((s.name for s in specs), values)) for values in itertools.product(*(s.values for s in specs))
    ]


def covering_sets(cls: type[Game], strength: int = 3) -> list[dict[str, Any]]:
    """Option sets in which every ``strength`` options take every combination of their
    values at least once (a covering array: 54 sets for Pis Yedili's 3,840 at strength
    3), built row by row: the first row is the defaults; each next row starts from the
    first combination not yet covered and gives each other option the value that covers
    the most new combinations with the options already chosen."""
    specs = cls.options_spec
    groups = list(itertools.combinations(range(len(specs)), min(strength, len(specs))))
    uncovered = {(g, vals) for g in groups for vals in itertools.product(*(specs[i].values for i in g))}

    def gain(row: dict[int, Any]) -> int:
        return sum((g, tuple(row[j] for j in g)) in uncovered for g in groups if all(j in row for j in g))

    rows: list[dict[str, Any]] = []
    while uncovered:
        row: dict[int, Any]
        if rows:
            first_group, first_values = min(uncovered, key=repr)
            row = dict(zip(first_group, first_values))
        else:
            row = {i: s.default for i, s in enumerate(specs)}
        for i, spec in enumerate(specs):
            if i not in row:
                row[i] = max(spec.values, key=lambda value, i=i: gain({**row, i: value}))
        for g in groups:
            uncovered.discard((g, tuple(row[j] for j in g)))
        rows.append({s.name: row[i] for i, s in enumerate(specs)})
    return rows


def seats(game: Game) -> range:
    return range(int(game.options.get("players", 2)))


def replay_command(game: Game) -> str:
    options = "".join(f" --option {name}={str(value).lower()}" for name, value in game.options.items())
    deck = f' --deck "{format_cards(game.arranged)}"' if game.arranged else ""
    return f'python -m cardems replay {game.name} --seed {game.seed}{deck}{options} --moves "{" ".join(game.moves)}"'


def round_trip(game: Game) -> str | None:
    """Why the save does not give the same game back, or None."""
    save = game.to_json()
    again = type(game).from_json(json.loads(json.dumps(save)))
    if again.to_json() != save:
        return "the save of the reloaded game differs"
    if again.legal_moves() != game.legal_moves():
        return "the reloaded game's legal moves differ"
    for seat in seats(game):
        if again.view(seat) != game.view(seat):
            return f"the reloaded game's view of seat {seat} differs"
    return None


def play_one(game: Game, hiding: Hiding, rng: Rng, figures: Figures) -> str | None:
    """Play ``game`` to its end by random legal moves, checking as it goes; why it failed, or None."""
    pack = sorted(hiding.pack(game))
    save_at = rng.below(64)
    clock = time.perf_counter
    while not game.is_over():
        if len(game.moves) >= MOVE_LIMIT:
            return f"no end after {MOVE_LIMIT} moves"
        move = rng.choice(game.legal_moves())
        start = clock()
        game.play(move)
        figures.play_seconds += clock() - start
        figures.moves += 1
        if sorted(hiding.cards(game)) != pack:
            return f"cards not conserved after move {len(game.moves)}"
        figures.conserved += 1
        if hiding.hidden is not None and figures.moves % SWAP_EVERY == 0 and not game.is_over():
            seat = rng.below(len(seats(game)))
            other = hiding.hidden(game, seat, rng)
            if other is not None:
                if sorted(hiding.cards(other)) != pack or other.view(seat) != game.view(seat):
                    return f"seat {seat}'s view changed when cards it cannot see were swapped"
                figures.swaps += 1
        if len(game.moves) == save_at:
            why = round_trip(game)
            if why:
                return why
            figures.saves += 1
    why = round_trip(game)
    if why:
        return why
    figures.saves += 1
    return None


def soak_game(name: str, moves: int, seed: int = 1) -> Figures:
    """Play ``name`` over every option set in turn until ``moves`` moves were made."""
    cls = game_class(name)
    sets = option_sets(cls)
    hiding = HIDING[name]
    figures = Figures(name, option_sets=len(sets))
    rng = Rng(seed)
    begin = time.perf_counter()
    for number in itertools.count():
        if figures.moves >= moves:
            break
        game = cls.new(sets[number % len(sets)], seed=rng.below(2**53))
        try:
            why = play_one(game, hiding, rng, figures)
        except Exception as exc:  # any exception is a finding, with its replay
            why = f"{type(exc).__name__}: {exc}"
        figures.games += 1
        figures.longest = max(figures.longest, len(game.moves))
        if why:
            figures.failures.append(f"{name} {game.options}: {why}\n    {replay_command(game)}")
    figures.seconds = time.perf_counter() - begin
    return figures


def report(all_figures: list[Figures], out: Any) -> None:
    out.write(
        f"{'game':<11} {'sets':>4} {'games':>7} {'moves':>10} {'moves/s':>9} {'play/s':>9} "
        f"{'conserved':>10} {'swaps':>8} {'saves':>7} {'longest':>7} failures\n"
    )
    for f in all_figures:
        out.write(
            f"{f.game:<11} {f.option_sets:>4} {f.games:>7} {f.moves:>10} {f.moves_per_second:>9.0f} "
            f"{f.play_moves_per_second:>9.0f} {f.conserved:>10} {f.swaps:>8} {f.saves:>7} "
            f"{f.longest:>7} {len(f.failures)}\n"
        )
    for f in all_figures:
        for failure in f.failures[:5]:
            out.write(f"FAILED {failure}\n")


def main(argv: list[str] | None = None, out: Any = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=100_000, help="random legal moves per game (at least)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--games", default=",".join(playable()), help=f"comma-separated, of: {', '.join(PLANNED)}"
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    out.write(
        f"soak: at least {args.moves} random legal moves per game, every option set, seed {args.seed}; "
        f"python {sys.version.split()[0]}\n"
    )
    all_figures = []
    for name in names:
        all_figures.append(soak_game(name, args.moves, args.seed))
    report(all_figures, out)
    return 1 if any(f.failures for f in all_figures) else 0


if __name__ == "__main__":
    raise SystemExit(main())

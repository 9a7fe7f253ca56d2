"""How well Hard's model of the others reads each panel style (Pişti): a cheap screen.

    python bench/pisti_reading.py [--deals N] [--seed S] [--samples K] [--players P]
        [--styles normal,greedy,hunter,sampler,easy] [--variant NAME=T,TREMBLE,POWER,FREE ...]

Normal plays seat 0 against a style in every other seat; at each of seat 0's decisions
Hard's model (:class:`cardems.pisti.hard.PistiModel`) deals K samples of the cards it has
not seen, weighed as it weighs them. The figure is the share of the next seat's true hand
that the weighted samples hold (uniform dealing: about the hand's share of the unseen
cards), and how often the true hand holds a rank the seat declined (a rank
:meth:`~cardems.pisti.rules.PistiView.not_holding` says it lacks). Higher reads better.
Each variant sets the model's temperature and :data:`~cardems.pisti.hard.TREMBLE`,
:data:`~cardems.pisti.hard.POWER`, :data:`~cardems.pisti.hard.DECLINED_FREE`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardems.bots import bot_move, make_bot
from cardems.games import game_class
from cardems.pisti import hard
from cardems.rng import Rng

DEFAULT_VARIANTS = (
    "base=0.15,0,1,0",
    "uniform=0,0,1,0",
    "tremble=0.15,0.2,1,0.3",
    "tempered=0.15,0.1,0.5,0.3",
)


def positions(style: str, deals: int, seed: int, players: int) -> list[tuple[object, list[str]]]:
    """(view of seat 0, the next seat's true hand) at seat 0's decisions with a choice."""
    normal, other = make_bot("pisti", "normal"), make_bot("pisti", style)
    out = []
    for d in range(deals):
        game = game_class("pisti").new({"players": players, "mode": "classic"}, seed=seed + d)
        while not game.is_over():
            seat = game.to_move
            if seat == 0 and len(game.legal_moves()) > 1 and game.hands[1]:
                out.append((game.view(0), list(game.hands[1])))
            game.play(bot_move(game, normal if seat == 0 else other, seat))
    return out


def read(view: object, true: list[str], samples: int, temperature: float, rng: Rng) -> tuple[float, float]:
    model = hard.PistiModel(temperature=temperature)
    held = total = 0.0
    for _ in range(samples):
        sim, weight = model.sample(view, rng)  # type: ignore[arg-type]
        held += weight * len(set(sim.hands[1]) & set(true)) / len(true)
        total += weight
    return (held / total if total else 0.0), total / samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--styles", default="normal,greedy,hunter,sampler,easy")
    parser.add_argument("--variant", action="append", help="NAME=TEMPERATURE,TREMBLE,POWER,FREE")
    args = parser.parse_args()
    variants = []
    for spec in args.variant or DEFAULT_VARIANTS:
        name, _, values = spec.partition("=")
        t, e, b, f = (float(x) for x in values.split(","))
        variants.append((name, t, e, b, f))
    styles = args.styles.split(",")
    table = {style: positions(style, args.deals, args.seed, args.players) for style in styles}
    declined = {
        s: sum(any(c[:-1] in v.not_holding().get(1, set()) for c in t) for v, t in ps) / max(1, len(ps))  # type: ignore[attr-defined]
        for s, ps in table.items()
    }
    print(f"positions: {', '.join(f'{s} {len(p)}' for s, p in table.items())}")
    print("true hand holds a declined rank: " + ", ".join(f"{s} {declined[s]:.3f}" for s in styles))
    print("| variant (T, tremble, power, free) | " + " | ".join(styles) + " | mean |")
    print("|---|" + "---:|" * (len(styles) + 1))
    for name, t, e, b, f in variants:
        hard.TREMBLE, hard.POWER, hard.DECLINED_FREE = e, b, f
        shares = []
        for style in styles:
            rng = Rng(args.seed)
            got = [read(v, true, args.samples, t, rng)[0] for v, true in table[style]]
            shares.append(sum(got) / len(got))
        row = " | ".join(f"{x:.4f}" for x in shares)
        print(f"| {name} ({t}, {e}, {b}, {f}) | {row} | {sum(shares) / len(shares):.4f} |", flush=True)


if __name__ == "__main__":
    main()

"""``Game.copy`` shares nothing that play can change: over random positions of every game
under a covering of its option sets (any three options in every combination of their
values), every attribute of a copy is a container of its own or immutable, all the way
down, and playing the copy on leaves the original as it was. (Copies are made
by the soak and the leak tests; Hard searches its own compact states.)"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from types import MappingProxyType
from typing import Any

import pytest

from bench.soak import covering_sets
from cardems.games import game_class, playable
from cardems.rng import Rng

ATOMS = (int, float, str, bytes, type(None))


def shared(a: Any, b: Any, path: str) -> list[str]:
    """Where the copy ``b`` of ``a`` shares something mutable with it."""
    if isinstance(a, ATOMS):
        return []
    if isinstance(a, (tuple, frozenset)):
        return [
            p
            for i, (x, y) in enumerate(
                zip(
                    sorted(a, key=repr) if isinstance(a, frozenset) else a,
                    sorted(b, key=repr) if isinstance(b, frozenset) else b,
                )
            )
            for p in shared(x, y, f"{path}[{i}]")
        ]
    if is_dataclass(a) and type(a).__dataclass_params__.frozen:
        return [
            p for f in fields(a) for p in shared(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
        ]
    if isinstance(a, MappingProxyType):  # read-only: only its values could be shared
        return [p for k in a for p in shared(a[k], b[k], f"{path}[{k!r}]")]
    if a is b:
        return [f"{path} (a {type(a).__name__})"]
    if isinstance(a, list):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in shared(x, y, f"{path}[{i}]")]
    if isinstance(a, dict):
        return [p for k in a for p in shared(a[k], b[k], f"{path}[{k!r}]")]
    if isinstance(a, set):
        return [p for x in a for p in shared(x, x, f"{path}{{}}") if not isinstance(x, ATOMS + (tuple,))]
    names = vars(a) if hasattr(a, "__dict__") else type(a).__slots__
    return [p for n in names for p in shared(getattr(a, n), getattr(b, n), f"{path}.{n}")]


# Every three options in every combination of their values (the soak plays every option set).
CASES = [(name, options) for name in playable() for options in covering_sets(game_class(name))]


@pytest.mark.parametrize("name,options", CASES, ids=lambda c: str(c))
def test_a_copy_shares_nothing_play_can_change(name, options):
    cls = game_class(name)
    checked = 0
    for seed in range(2):
        game = cls.new(options, seed=seed)
        rng = Rng(seed)
        steps = 0
        while not game.is_over() and steps < 300:
            if steps % 23 == 0:
                other = game.copy()
                assert set(vars(other)) == set(vars(game))
                assert not shared(game, other, name), shared(game, other, name)
                before = json.dumps(game.to_json()), [game.view(s) for s in range(game.players)]
                rest = Rng(steps)
                for _ in range(40):
                    if other.is_over():
                        break
                    other.play(rest.choice(other.legal_moves()))
                assert (json.dumps(game.to_json()), [game.view(s) for s in range(game.players)]) == before
                checked += 1
            game.play(rng.choice(game.legal_moves()))
            steps += 1
    assert checked >= 2

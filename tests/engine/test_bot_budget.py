"""Decisions are budgeted by work, not by the clock: a bot's move is a pure function of
its view, the legal moves and its seed, so the arena and the browser play the same
opponent whatever the machine's load."""

import ast
import pathlib
import time

import pytest

from cardems.bots import bot_move, bot_rng, levels_for, make_bot
from cardems.games import game_class

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "cardems"
GAMES = [
    ("pisti", {"players": 2}),
    ("pisti", {"players": 4}),
    ("war", {}),
    ("pis-yedili", {"players": 2, "mode": "round"}),
    ("pis-yedili", {"players": 4, "mode": "round"}),
    ("abstract", {"mode": "deal"}),
]


def positions(game_name, options, seed, count):
    """Some positions of a Normal-vs-Normal game: (view, legal, rng seed args) of the player to move."""
    game = game_class(game_name).new(options, seed=seed)
    normal = make_bot(game_name, "normal")
    out = []
    while not game.is_over() and len(out) < count:
        seat = game.to_move
        if len(game.legal_moves()) > 1:
            out.append((game.view(seat), game.legal_moves(), (game.seed, seat, len(game.moves))))
        game.play(bot_move(game, normal, seat))
    return out


@pytest.fixture
def slow_clock(monkeypatch):
    """Every clock jumps ten seconds each time it is read: a machine under heavy load."""
    ticks = [0.0]

    def clock():
        ticks[0] += 10.0
        return ticks[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, clock)
    for name in ("perf_counter_ns", "monotonic_ns", "time_ns", "process_time_ns"):
        monkeypatch.setattr(time, name, lambda: int(clock() * 1e9))


@pytest.mark.parametrize("game_name,options", GAMES)
def test_hard_decides_the_same_under_a_slowed_clock(game_name, options, request):
    found = positions(game_name, game_class(game_name).new(options, seed=0).options, 31, 6)
    assert found
    expected = [make_bot(game_name, "hard").choose(v, legal, bot_rng(*key)) for v, legal, key in found]
    request.getfixturevalue("slow_clock")
    got = []
    for view, legal, key in found:
        bot = make_bot(game_name, "hard")
        bot.time_cap = 0.08  # what the page once set on Pis Yedili's Hard: no knob may read the clock
        got.append(bot.choose(view, legal, bot_rng(*key)))
    assert got == expected


def test_no_engine_module_reads_the_clock():
    """Only the page layer (cardems/web/) and the command line's progress may look at time."""
    for path in ENGINE.rglob("*.py"):
        rel = path.relative_to(ENGINE).as_posix()
        if rel.startswith("web/") or rel in {"ladder.py"}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(n == "time" or n.startswith("time.") for n in names), f"{rel} imports time"


def test_every_game_has_a_hard_level():
    for game_name, _ in GAMES:
        assert "hard" in levels_for(game_name)

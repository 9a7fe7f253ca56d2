"""The session controller under CPython: whole games of every game against bots,
driven by a fake clock, with hints, resumes, auto-play and the rounds of a match."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from cardems.bots import bot_move, make_bot
from cardems.games import game_class
from cardems.rng import Rng
from cardems.web.session import SLICE_MS, Clock, Session

# asyncio.run and threads are not in Pyodide; there the browser tests drive the session
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no asyncio.run in Pyodide")


def run(main: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright keeps an
    event loop running in the main thread for the whole test run."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(main)
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


class FakeTime:
    """Milliseconds that pass only when asked: each reading costs ``tick`` ms, so a
    long computation crosses slice boundaries; a sleep jumps ahead."""

    def __init__(self, tick: float = 0.5) -> None:
        self.ms = 0.0
        self.tick = tick
        self.sleeps: list[float] = []

    def now(self) -> float:
        self.ms += self.tick
        return self.ms

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.ms += seconds * 1000
        await asyncio.sleep(0)

    def clock(self) -> Clock:
        return Clock(self.now, self.sleep)


class Recorder:
    """A table that remembers what it was told."""

    def __init__(self) -> None:
        self.phases: list[str] = []
        self.moves: list[tuple[int, str, bool]] = []
        self.results: list[bool] = []
        self.thoughts: list[str] = []

    def on_phase(self, phase: str) -> None:
        self.phases.append(phase)

    def show_move(self, seat, move, events, started, quiet=False) -> None:
        assert events, "every move has events to show"
        self.moves.append((seat, move, quiet))

    async def after_shown(self, seat, move, events) -> None:
        assert self.moves[-1][:2] == (seat, move), "a move is drawn before what follows it"
        assert not self.moves[-1][2], "a quiet move has nothing after it"

    def on_round_end(self, final: bool) -> None:
        self.results.append(final)

    def on_thought(self, kind: str, started: float) -> None:
        self.thoughts.append(kind)


def new_session(game, level="normal", time=None, speed="fast", saves=None, **kw):
    listener = Recorder()
    store = saves if saves is not None else []
    session = Session(
        game,
        level,
        (time or FakeTime()).clock(),
        listener,
        save=lambda g: store.append(g.to_json()),
        speed=lambda: speed,
        **kw,
    )
    return session, listener


async def drive(session, rng: Rng, *, stop_after: int | None = None, max_steps: int = 200_000) -> None:
    """Play the human's seat with ``rng`` and dismiss every round's result, until the
    game is over (or ``stop_after`` human moves have been made)."""
    made = 0
    for _ in range(max_steps):
        if session.game.is_over() and session.phase == "over":
            return
        if session.phase == "ready":
            if stop_after is not None and made >= stop_after:
                return
            legal = session.legal_texts()
            assert legal, "the human's turn offers moves"
            assert session.play(rng.choice(legal))
            made += 1
        elif session.phase == "between":
            session.next_round()
        await asyncio.sleep(0)
    raise AssertionError(f"the game did not end: phase {session.phase}, moves {len(session.game.moves)}")


CASES = [
    ("pisti", {"players": 2}),
    ("pisti", {"players": 4, "mode": "match", "target": 51}),
    ("war", {}),
    ("pis-yedili", {"players": 3, "mode": "round"}),
    ("pis-yedili", {"players": 2, "mode": "match"}),
    ("abstract", {"mode": "match"}),
    ("abstract", {"variant": "52"}),
]


@pytest.mark.parametrize("name,options", CASES)
def test_a_whole_game_is_played_to_its_end_against_bots(name, options):
    game = game_class(name).new(options, seed=7)
    saves: list = []
    ended: list = []
    session, seen = new_session(
        game, saves=saves, on_over=lambda g: ended.append((g.is_over(), len(seen.results)))
    )

    async def main():
        session.start()
        await drive(session, Rng(11))

    run(main())
    assert game.is_over() and session.phase == "over"
    assert seen.results and seen.results[-1] is True
    assert seen.results.count(True) == 1
    # the end is told once, before its result is shown; a session on the finished game tells it once again
    assert ended == [(True, len(seen.results) - 1)]
    again, _ = new_session(
        game_class(name).from_json(game.to_json()), on_over=lambda g: ended.append(g.is_over())
    )
    again.start()
    assert ended[1:] == [True]
    # every move was shown once, by the seat that made it, and saved right after
    assert len(saves) == len(seen.moves) + 1
    assert saves[-1] == game.to_json()
    # every computer move was a bot's decision from its view, measured as one
    assert seen.thoughts.count("ai") == sum(1 for seat, _, _ in seen.moves if seat != 0)
    replay = game_class(name).new(options, seed=7)
    for seat, move, _ in seen.moves:
        if seat != 0:
            assert move == replay.format_move(bot_move(replay, make_bot(name, "normal"), seat))
        replay.play(move)
    assert replay.to_json() == game.to_json()


@pytest.mark.parametrize("human", [0, 1])
def test_war_is_played_with_the_person_in_either_seat_never_seeing_the_others_choice(human):
    game = game_class("war").new({}, seed=7)
    session, seen = new_session(game, human=human)
    rng = Rng(3)
    looked = 0

    async def main():
        nonlocal looked
        session.start()
        while not (game.is_over() and session.phase == "over"):
            if session.phase == "ready":
                view, other = game.view(human), 1 - human
                assert view.committed is None and view.other_committed == (game.committed[other] is not None)
                assert game.committed[other] is None or game.committed[other] not in view.hand + (
                    view.committed,
                )
                looked += 1
                assert session.play(rng.choice(session.legal_texts()))
            await asyncio.sleep(0)

    run(main())
    assert looked > 50 and [seat for seat, _, _ in seen.moves] == [1, 0] * (
        len(seen.moves) // 2
    )  # seat 1 first
    replay = game_class("war").new({}, seed=7)
    for seat, move, _ in seen.moves:
        if seat != human:
            assert move == replay.format_move(bot_move(replay, make_bot("war", "normal"), seat))
        replay.play(move)
    assert replay.to_json() == game.to_json()


def test_a_war_save_of_battles_ending_with_a_commit_resumes_at_the_persons_choice():
    stored = json.loads((Path(__file__).parents[1] / "engine" / "war_saves_of_battles.json").read_text())
    data = next(s["save"]["game"] for s in stored if "/" not in s["save"]["game"]["moves"][-1])
    game = game_class("war").from_json(data)
    battles = len(game.history)
    session, seen = new_session(game)

    async def main():
        session.start()
        assert session.phase == "ready" and game.view(0).other_committed
        assert session.play(session.legal_texts()[0])
        await asyncio.sleep(0)

    run(main())
    assert len(game.history) == battles + 1 and game.moves[:-1] == data["moves"]


def test_the_rules_are_asked_for_the_legal_moves_once_a_position_and_for_a_refusal_once():
    """What a click costs: the table draws from the session's position (legal moves,
    refusals of the cards it cannot play), the session checks the move, the rules play
    it and the bots choose: one look-up of the legal moves for all of them."""
    game = game_class("pis-yedili").new({"players": 2, "mode": "round"}, seed=4)
    asked: list[int] = []
    refused: list[tuple[int, str]] = []
    legal_moves, why_illegal = game._legal_moves, game.why_illegal
    game._legal_moves = lambda: asked.append(len(game.moves)) or legal_moves()
    game.why_illegal = lambda move: refused.append((len(game.moves), move)) or why_illegal(move)
    session, _ = new_session(game)
    rng = Rng(8)

    async def main():
        session.start()
        while session.phase != "over":
            if session.phase == "ready":
                for _ in range(3):  # a redraw asks again
                    legal = session.legal_texts()
                    for card in session.view().hand:
                        if card not in legal and card[:-1] != "J":
                            assert session.refusal(card).code
                assert session.play(rng.choice(legal))
            await asyncio.sleep(0)

    run(main())
    assert len(game.moves) > 20 and refused
    assert len(asked) == len(set(asked)) and len(refused) == len(set(refused))


def test_the_rounds_of_a_match_wait_for_next():
    game = game_class("pis-yedili").new({"players": 2, "mode": "match"}, seed=3)
    session, seen = new_session(game)

    async def main():
        session.start()
        await drive(session, Rng(5))

    run(main())
    rounds = len(game.rounds)
    assert rounds >= 2
    assert seen.results == [False] * (rounds - 1) + [True]
    assert seen.phases.count("between") == rounds - 1


def test_a_game_resumed_from_its_save_goes_on_as_if_never_stopped():
    options = {"players": 3}
    whole = game_class("pisti").new(options, seed=21)
    session, _ = new_session(whole)

    async def run_whole():
        session.start()
        await drive(session, HumanByMove(whole))

    run(run_whole())

    first = game_class("pisti").new(options, seed=21)
    saves: list = []
    session, _ = new_session(first, saves=saves)

    async def run_half():
        session.start()
        await drive(session, HumanByMove(first), stop_after=6)
        session.close()

    run(run_half())
    assert 0 < len(saves[-1]["moves"]) < len(whole.moves)
    resumed = game_class("pisti").from_json(saves[-1])
    session, seen = new_session(resumed)

    async def run_rest():
        session.start()
        await drive(session, HumanByMove(resumed))

    run(run_rest())
    assert resumed.moves == whole.moves
    assert resumed.result() == whole.result()


class HumanByMove:
    """A human whose choice depends only on the position (the move number), so a
    resumed game makes the same choices as one never stopped."""

    def __init__(self, game) -> None:
        self.game = game

    def choice(self, legal):
        return legal[(len(self.game.moves) * 7 + 3) % len(legal)]


def test_a_game_reloaded_with_a_rounds_result_up_shows_it_again():
    game = game_class("pisti").new({"players": 2, "mode": "match", "target": 51}, seed=4)
    session, _ = new_session(game)

    async def until_between():
        session.start()
        rng = Rng(2)
        while session.phase != "between":
            if session.phase == "ready":
                session.play(rng.choice(session.legal_texts()))
            await asyncio.sleep(0)
        session.close()

    run(until_between())
    resumed = game_class("pisti").from_json(game.to_json())
    session, seen = new_session(resumed)
    session.start()
    assert session.phase == "between" and seen.results == [False]
    assert not session.can_act()


@pytest.mark.parametrize("name,options", [("pisti", {}), ("pis-yedili", {"mode": "round"}), ("war", {})])
def test_a_hint_is_what_the_hard_bot_would_play_and_is_not_played(name, options):
    game = game_class(name).new(options, seed=9)
    session, seen = new_session(game)

    async def main():
        session.start()
        while session.phase != "ready":
            await asyncio.sleep(0)
        before = list(game.moves)
        assert session.ask_hint()
        assert not session.ask_hint()  # one search at a time
        while session.hinting:
            await asyncio.sleep(0)
        assert game.moves == before
        expected = game.format_move(bot_move(game, make_bot(name, "hard"), 0))
        hint = session.current_hint()
        assert game.format_move(hint) == expected
        assert "hint" in seen.thoughts
        session.play(session.legal_texts()[0])
        await asyncio.sleep(0)
        assert session.current_hint() is None  # a hint is for one position only
        session.close()

    run(main())


def test_a_slow_bot_thinks_in_slices_and_yields():
    game = game_class("pisti").new({}, seed=5)
    time = FakeTime(tick=2.0)
    session, _ = new_session(game, level="hard", time=time)

    async def main():
        session.start()
        await drive(session, Rng(1), stop_after=3)
        session.close()

    run(main())
    slices = [s for s in time.sleeps if s == 0]
    assert len(slices) > 10, "a searching bot handed the page back between slices"
    assert SLICE_MS <= 16


def test_illegal_and_out_of_turn_input_changes_nothing():
    game = game_class("pisti").new({}, seed=1)
    session, seen = new_session(game)

    async def main():
        session.start()
        while session.phase != "ready":
            await asyncio.sleep(0)
        hand = session.legal_texts()
        assert not session.play("ZZ")
        assert not session.play(next(c for c in ("AS", "2C", "3D", "4H", "5S") if c not in hand))
        assert not seen.moves
        assert session.play(hand[0])
        assert seen.moves == [(0, hand[0], False)], "the move is drawn within the input that made it"
        assert not session.play(hand[1])  # a double click while the move is shown
        session.close()

    run(main())
    assert len(game.moves) == 1


@pytest.mark.parametrize("switch", ["autoplay", "finish"])
def test_the_helper_plays_the_humans_seat_to_the_end(switch):
    game = game_class("war").new({}, seed=12)
    session, seen = new_session(game, speed="instant")
    shown_before: list[int] = []

    async def main():
        session.start()
        while session.phase != "ready":
            await asyncio.sleep(0)
        shown_before.append(len(seen.moves))
        if switch == "autoplay":
            session.set_autoplay(True)
        else:
            session.set_finishing(True)
        for _ in range(200_000):
            if session.phase == "over":
                break
            assert session.phase != "ready", "the human is never asked while the helper plays"
            await asyncio.sleep(0)

    run(main())
    assert game.is_over()
    quiet = [q for _, _, q in seen.moves[shown_before[0] :]]
    assert all(quiet) if switch == "finish" else not any(quiet)
    assert not session.finishing


def test_turning_autoplay_off_hands_the_turn_back():
    game = game_class("war").new({}, seed=2)
    session, _ = new_session(game, speed="instant")

    async def main():
        session.start()
        while session.phase != "ready":
            await asyncio.sleep(0)
        session.set_autoplay(True)
        for _ in range(50):
            await asyncio.sleep(0)
        session.set_autoplay(False)
        for _ in range(10_000):
            if session.phase == "ready":
                break
            await asyncio.sleep(0)
        assert session.phase == "ready" and not game.is_over()
        session.close()

    run(main())
    assert len(game.moves) > 0


def test_a_closed_session_stops_at_once():
    game = game_class("pis-yedili").new({"players": 4, "mode": "round"}, seed=8)
    session, seen = new_session(game, level="hard", speed="normal")

    async def main():
        session.start()
        await asyncio.sleep(0)
        session.close()
        for _ in range(100):
            await asyncio.sleep(0)

    run(main())
    assert len(game.moves) == len(seen.moves) <= 1


# ------------------------------------------------------------ people at the table
async def drive_people(session, rng: Rng, *, covers: list | None = None, max_steps: int = 200_000) -> None:
    """Play every person's seat with ``rng``: lift each cover (noting who it was for and
    checking the session shows no one's hand under it), dismiss each round's result."""
    game = session.game
    for _ in range(max_steps):
        if game.is_over() and session.phase == "over":
            return
        if session.phase == "cover":
            seat = session.cover_for
            assert seat == game.to_move and session.is_person(seat) and not session.can_act()
            assert session.legal_texts() == [] and not session.play(game.format_move(game.legal_moves()[0]))
            if covers is not None:
                covers.append(seat)
            assert session.uncover() and session.viewer == seat and session.view().seat == seat
        elif session.phase == "ready":
            assert session.viewer == game.to_move and session.is_person(game.to_move)
            assert session.play(rng.choice(session.legal_texts()))
        elif session.phase == "between":
            session.next_round()
        await asyncio.sleep(0)
    raise AssertionError(f"the game did not end: phase {session.phase}")


def movers_of(game) -> list[int]:
    replay = type(game).new(dict(game.options), seed=game.seed)
    seats = []
    for move in game.moves:
        seats.append(replay.to_move)
        replay.play(move)
    return seats


@pytest.mark.parametrize(
    "name,options,seats",
    [
        ("pisti", {"players": 4}, ("p", "normal", "p", "hard")),  # two people in partnership
        ("pis-yedili", {"players": 3, "mode": "round"}, ("p", "p", "easy")),
        ("war", {}, ("p", "p")),
    ],
)
def test_people_pass_the_device_and_every_turn_of_another_person_begins_covered(name, options, seats):
    game = game_class(name).new(options, seed=5)
    session, seen = new_session(game, seats=seats)
    covers: list[int] = []

    async def main():
        session.start()
        await drive_people(session, Rng(2), covers=covers)

    run(main())
    assert game.is_over() and session.people == tuple(s for s, who in enumerate(seats) if who == "p")
    movers = movers_of(game)
    people_moves = [seat for seat in movers if seats[seat] == "p"]
    # a cover before the first person's first turn and at every change of person, none otherwise
    changes = 1 + sum(1 for a, b in zip(people_moves, people_moves[1:]) if a != b)
    assert covers == [people_moves[0]] + [b for a, b in zip(people_moves, people_moves[1:]) if a != b]
    assert len(covers) == changes > 10
    # every computer seat played its own level's bot, as against one person
    replay = game_class(name).new(options, seed=5)
    for seat, move, _ in seen.moves:
        if seats[seat] != "p":
            assert move == replay.format_move(bot_move(replay, make_bot(name, seats[seat]), seat))
        replay.play(move)
    assert replay.to_json() == game.to_json()


def test_war_between_two_people_each_commits_behind_the_cover_then_the_battle_is_fought():
    game = game_class("war").new({}, seed=8)
    session, seen = new_session(game, seats=("p", "p"))
    checked = 0

    async def main():
        nonlocal checked
        session.start()
        while not (game.is_over() and session.phase == "over"):
            if session.phase == "cover":
                assert session.uncover()
            elif session.phase == "ready":
                me = session.viewer
                view = session.view()
                other = game.committed[1 - me]
                # the other person's commit is hidden from this one's view
                assert view.committed is None and (other is None or other not in view.hand)
                assert session.play(session.legal_texts()[0])
                checked += 1
            await asyncio.sleep(0)

    run(main())
    assert checked > 40 and [s for s, _, _ in seen.moves][:4] == [1, 0, 1, 0]
    # the battle happens once seat 0 has committed too: each commit of seat 1 is followed by a cover
    assert seen.phases.count("cover") >= checked - 1


def test_abstract_between_two_people_needs_no_cover():
    game = game_class("abstract").new({}, seed=3)
    session, seen = new_session(game, seats=("p", "p"))

    async def main():
        session.start()
        await drive_people(session, Rng(4))

    run(main())
    assert game.is_over() and "cover" not in seen.phases
    assert {seat for seat, _, _ in seen.moves} == {0, 1}


def test_computers_at_a_mixed_table_choose_from_their_own_view():
    """The leak test at a table of two people and two computers: every computer move is
    the same when every card its seat cannot see is dealt anew."""
    from tests.engine.test_bots import disguise

    seats = ("p", "hard", "p", "normal")
    game = game_class("pisti").new({"players": 4}, seed=12)
    session, _ = new_session(game, seats=seats)

    async def main():
        session.start()
        await drive_people(session, Rng(6))

    run(main())
    replay = game_class("pisti").new({"players": 4}, seed=12)
    checked = 0
    for number, move in enumerate(game.moves):
        seat = replay.to_move
        if seats[seat] != "p" and number % 3 == 0:
            twin = disguise(replay, seat, number)
            assert twin.view(seat) == replay.view(seat)
            assert replay.format_move(bot_move(twin, make_bot("pisti", seats[seat]), seat)) == move
            checked += 1
        replay.play(move)
    assert checked >= 5


# ------------------------------------------------------------ undo
def test_undo_takes_back_the_persons_moves_and_the_computers_after_them_several_steps():
    game = game_class("pisti").new({"players": 3}, seed=9)
    saves: list = []
    undone: list = []
    session, _ = new_session(game, undo=True, saves=saves, on_undo=lambda g: undone.append(len(g.moves)))
    positions: list[tuple[int, dict]] = []  # before each of the person's moves: (moves, view)

    async def main():
        session.start()
        rng = Rng(1)
        while len(positions) < 6:
            if session.phase == "ready":
                positions.append((len(game.moves), game.view(0)))
                assert session.play(rng.choice(session.legal_texts()))
            await asyncio.sleep(0)
        while session.phase != "ready":
            await asyncio.sleep(0)
        assert len(game.moves) > positions[-1][0] + 1  # the computers moved after it
        for moves, view in reversed(positions[2:]):  # four steps back
            assert session.can_undo() and session.undo()
            assert session.phase == "ready" and len(game.moves) == moves and game.view(0) == view
            assert saves[-1] == game.to_json()
        # and the game goes on from there, the computers deciding as before
        assert session.play(session.legal_texts()[0])
        while session.phase != "ready":
            await asyncio.sleep(0)

    run(main())
    assert session.undone == 4 and undone == [m for m, _ in reversed(positions[2:])]
    replay = game_class("pisti").from_json(game.to_json())
    assert replay.to_json() == game.to_json()


def test_undo_is_refused_when_off_in_pass_and_play_before_any_move_and_once_over():
    off, _ = new_session(game_class("war").new({}, seed=1))
    duo, _ = new_session(game_class("war").new({}, seed=1), seats=("p", "p"), undo=True)
    fresh, _ = new_session(game_class("pisti").new({"players": 2}, seed=1), undo=True)

    async def main():
        for session in (off, duo, fresh):
            session.start()
        assert not fresh.undo() and fresh.phase == "ready"
        for _ in range(2):
            while off.phase != "ready":
                await asyncio.sleep(0)
            assert off.play(off.legal_texts()[0])
        assert not off.can_undo() and not off.undo()
        assert duo.phase == "cover" and duo.uncover() and duo.play(duo.legal_texts()[0])
        while duo.phase != "cover":
            await asyncio.sleep(0)
        assert duo.uncover() and not duo.can_undo() and not duo.undo()

    run(main())
    over = game_class("war").new({}, seed=2)
    while not over.is_over():
        over.play(over.legal_moves()[0])
    done, _ = new_session(over, undo=True)
    done.start()
    assert done.phase == "over" and not done.undo()

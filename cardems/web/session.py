"""The session controller: one game being played at the table, with no browser in it.

It owns the turn loop that every game shares: the computer seats thinking in
slices (so the page stays live), the human's turn, hints, the end of a round
or deal of a match and the wait for "next", auto-play and "finish" for the
human seat, saving after every move, resuming a saved game, and taking moves back (:meth:`undo`).

Any seat is a person or a computer of a level (a :data:`cardems.web.seating.Seating`).
``viewer`` is the person whose view the page draws: the one to move, or the one who
moved last while computers play. With two persons or more and hidden hands, the
turn of a person other than the one who acted last begins covered (phase
``cover``): the page shows nothing of any hand until that person says they hold
the device. Computers are given their own seat's view, as ever. It imports
nothing from the browser: the clock and the sleep are passed in, and what the
page must show is told to a :class:`Listener` (the table). Tests under CPython
drive whole games with a fake clock.

Phases (``session.phase``), which the page shows as its ``data-cardems`` hook:

- ``ready``: the person to move may act (a hint being sought keeps it ``ready``);
- ``cover``: the table is covered until the person to move, not the one who acted
  last, holds the device (pass-and-play with hidden hands; :meth:`uncover`);
- ``busy``: computers are playing, or a move is being shown;
- ``between``: a round of a match is over, its result is up, ``next`` goes on;
- ``over``: the game is over.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardems.bots import Bot, bot_move_steps, make_bot
from cardems.errors import BadInput, Reason
from cardems.game import Event, Game, SeatView
from cardems.web.seating import PERSON, Seating, default_seats, people

SLICE_MS = 8.0  # a thinking bot hands the page back at least this often
PAUSES = {"normal": 0.9, "fast": 0.35, "instant": 0.0}  # before each computer move, seconds


@dataclass(frozen=True)
class Clock:
    """Time for the session: ``now()`` in milliseconds, ``sleep(seconds)`` to yield."""

    now: Callable[[], float]
    sleep: Callable[[float], Awaitable[None]]


class Listener(Protocol):
    """What the session tells the page (the table implements it)."""

    def on_phase(self, phase: str) -> None:
        """The phase changed (or the hint did): redraw the controls and the status."""

    def show_move(
        self, seat: int, move: str, events: list[Event], started: float | None, quiet: bool = False
    ) -> None:
        """A move was played and saved: draw it now (a human's move within the input
        that made it: ``started`` is that input's time). ``quiet``: the rest of the game
        is being finished at once; log it, redraw now and then."""

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        """After a move is drawn (not when quiet): a banner, a pause to let it be seen."""

    def on_round_end(self, final: bool) -> None:
        """A round, deal or the whole game ended: show its result."""

    def on_thought(self, kind: str, started: float) -> None:
        """A computer decided (``kind`` ``ai``) or a hint was found (``hint``)."""


HintSource = Callable[[Game[Any, Any], int], Generator[None, None, Any]]


@dataclass
class Position:
    """One position as the session shows it, asked of the rules once: the person's view,
    the legal moves (texts, of the seat to move) and the refusals asked for so far."""

    moves: int  # moves made: what tells one position from the next
    view: SeatView
    legal: tuple[str, ...]
    refusals: dict[str, Reason] = field(default_factory=dict)


def bot_hint(level: str) -> HintSource:
    """The default hint: what the bot of ``level`` would play in the human's place."""
    bot: list[Bot] = []

    def steps(game: Game[Any, Any], seat: int) -> Generator[None, None, Any]:
        if not bot:
            bot.append(make_bot(game.name, level))
        return (yield from bot_move_steps(game, bot[0], seat))

    return steps


class Session:
    """One game in play. Create it, then :meth:`start`; feed it the persons' input
    with :meth:`play`, :meth:`uncover`, :meth:`undo`, :meth:`ask_hint`, :meth:`next_round`,
    :meth:`set_autoplay`, :meth:`set_finishing`; :meth:`close` when the table goes away.

    ``seats``: who sits where (default: a person in seat ``human``, computers of
    ``level`` elsewhere). ``undo``: whether a person may take moves back."""

    def __init__(
        self,
        game: Game[Any, Any],
        level: str,
        clock: Clock,
        listener: Listener,
        *,
        save: Callable[[Game[Any, Any]], None],
        speed: Callable[[], str] = lambda: "normal",
        human: int = 0,
        seats: Seating | None = None,
        undo: bool = False,
        hint: HintSource | None = None,
        helper_level: str = "normal",
        on_over: Callable[[Game[Any, Any]], None] | None = None,
        on_undo: Callable[[Game[Any, Any]], None] | None = None,
    ) -> None:
        self.game = game
        self.on_over = on_over  # told once, when the session sees the game over
        self.on_undo = on_undo  # told after every move taken back (the save is written)
        self.clock = clock
        self.listener = listener
        self.save = save
        self.speed = speed
        self.level = level
        self.seating: Seating = (
            tuple(seats) if seats is not None else default_seats(game.players, level, human)
        )
        if len(self.seating) != game.players:
            raise ValueError(f"a seating of {len(self.seating)} seats for {game.players} players")
        self.people = people(self.seating)
        if not self.people:
            raise ValueError("a seating with no person")
        self.undo_allowed = undo
        self.undone = 0  # moves taken back in this session
        # the person whose view is drawn: the one to move, or the first person
        first = game.to_move if game.to_move in self.people else self.people[0]
        self.viewer = first
        self.acted: int | None = None  # the person who acted last (None: nobody yet, or a reload)
        self.cover_for: int | None = None
        self._position: Position | None = None
        self._movers: list[int] | None = None
        self.bots = {seat: make_bot(game.name, who) for seat, who in enumerate(self.seating) if who != PERSON}
        self.hint_source = hint or bot_hint("hard")
        self.helper_level = helper_level
        self._helper: Bot | None = None
        seen = self.view()
        self.shown_rounds = seen.rounds_done
        self._between_at_start = seen.between_rounds and not seen.over
        self.phase = "busy"
        self.alive = True
        self.autoplay = False
        self.finishing = False
        self.hint: Any = None  # the hint for move number hint_for
        self.hint_for = -1
        self.hinting = False
        self._running = False  # a loop task is live
        self._tasks: set[asyncio.Future[Any]] = set()
        self._over_told = False

    # ------------------------------------------------------------ facts
    @property
    def human(self) -> int:
        """The person whose view is drawn (the viewer)."""
        return self.viewer

    @property
    def pass_and_play(self) -> bool:
        """Two persons or more at the table."""
        return len(self.people) > 1

    @property
    def hidden_hands(self) -> bool:
        return not self.game.game_type.perfect_information

    def is_person(self, seat: int | None) -> bool:
        return seat in self.people

    def needs_cover(self, seat: int) -> bool:
        """Whether the turn of the person in ``seat`` begins covered: hands are hidden,
        another person is at the table, and ``seat`` is not the one who acted last."""
        return self.pass_and_play and self.hidden_hands and seat != self.acted

    @property
    def covered(self) -> bool:
        return self.phase == "cover"

    def position(self) -> Position:
        """The position now, made once (the game changes only by the moves played)."""
        game = self.game
        known = self._position
        if known is None or known.moves != len(game.moves) or known.view.seat != self.viewer:
            legal = tuple(game.format_move(m) for m in game.legal_moves())
            known = self._position = Position(len(game.moves), game.view(self.viewer), legal)
        return known

    def view(self) -> SeatView:
        """The viewer's view of the position now."""
        return self.position().view

    @property
    def players(self) -> int:
        return self.view().players

    def rounds(self) -> int:
        """Rounds or deals of the match scored so far (as the human's view says)."""
        return self.view().rounds_done

    @property
    def pause(self) -> float:
        return PAUSES.get(self.speed(), PAUSES["normal"])

    @property
    def move_no(self) -> int:
        return len(self.game.moves)

    def human_to_move(self) -> bool:
        """Whether a person is to move (the viewer, once uncovered)."""
        return self.is_person(self.game.to_move)

    def can_act(self) -> bool:
        """Whether the viewer may play now (their turn, nothing else running)."""
        return (
            self.alive
            and self.phase == "ready"
            and self.game.to_move == self.viewer
            and not self.game.is_over()
        )

    def legal_texts(self) -> list[str]:
        """The human's legal moves now, as texts (none while the human may not act)."""
        return list(self.position().legal) if self.can_act() else []

    def refusal(self, move: str) -> Reason:
        """Why the rules refuse the human's ``move`` (a text) now; asked once per position."""
        position = self.position()
        reason = position.refusals.get(move)
        if reason is None:
            game = self.game
            try:
                reason = game.why_illegal(game.parse_move(move))
            except BadInput:
                reason = Reason("not_legal")
            position.refusals[move] = reason
        return reason

    def current_hint(self) -> Any:
        return self.hint if self.hint_for == self.move_no else None

    # ------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Begin (or resume): show a result left on screen, or hand out the turn."""
        self.save(self.game)
        if self.game.is_over():
            self._set_phase("over")
            self._tell_over()
            self.listener.on_round_end(True)
        elif self._between_at_start:
            self._set_phase("between")
            self.listener.on_round_end(False)
        else:
            self._continue()

    def close(self) -> None:
        self.alive = False
        self.autoplay = self.finishing = False
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.listener.on_phase(phase)

    def _continue(self) -> None:
        """Hand the turn to the human (``ready``) or start the loop (``busy``)."""
        if not self.alive or self.phase == "between":
            return
        if self.game.is_over():
            self._set_phase("over")
            return
        seat = self.game.to_move
        if self.is_person(seat) and not (self.autoplay or self.finishing):
            assert seat is not None
            if self.needs_cover(seat):
                self.cover_for = seat
                self._set_phase("cover")
            else:
                self.viewer = seat
                self._set_phase("ready")
            return
        self._set_phase("busy")
        if not self._running:
            self._spawn(self._loop())

    # ------------------------------------------------------------ the persons
    def uncover(self) -> bool:
        """The person the table was covered for holds the device: their turn begins."""
        if not self.alive or self.phase != "cover" or self.cover_for is None:
            return False
        self.viewer, self.acted, self.cover_for = self.cover_for, self.cover_for, None
        self._set_phase("ready")
        return True

    def play(self, move: str, started: float | None = None) -> bool:
        """Play the viewer's ``move`` (its text) if it is legal now; False otherwise
        (out of turn, while computers play, a double click, an illegal move)."""
        if not self.can_act() or move not in self.position().legal:
            return False
        seat = self.viewer
        self.acted = seat
        self._set_phase("busy")
        events = self._commit(move)
        self.listener.show_move(seat, move, events, started, False)
        self._spawn(self._after_human_move(seat, move, events))
        return True

    async def _after_human_move(self, seat: int, move: str, events: list[Event]) -> None:
        await self.listener.after_shown(seat, move, events)
        if self.alive:
            self._after_move()

    # ------------------------------------------------------------ taking moves back
    def movers(self) -> list[int]:
        """The seat that made each move of the game (found by replaying it once, then
        kept up by every move)."""
        game = self.game
        if self._movers is not None and len(self._movers) == len(game.moves):
            return self._movers
        replay = type(game).new(
            dict(game.options),
            seed=game.seed,
            deck=list(game.arranged) if game.arranged is not None else None,
        )
        seats = []
        for text in game.moves:
            seats.append(int(replay.to_move))  # type: ignore[arg-type]
            replay.play(text)
        self._movers = seats
        return seats

    def undo_target(self) -> int | None:
        """How many moves stay when the viewer's last move (and every move after it) is
        taken back; None when there is none to take back."""
        if not self.undo_allowed or self.pass_and_play or self.game.is_over():
            return None
        movers = self.movers()
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] == self.viewer:
                return index
        return None

    def can_undo(self) -> bool:
        return (
            self.alive
            and self.phase in ("ready", "between")
            and not self.hinting
            and self.undo_target() is not None
        )

    def undo(self) -> bool:
        """Take back the viewer's last move and the computers' moves after it: the game is
        replayed to the position before it (the same object, so every holder sees it),
        saved, and the person's turn is back. False when there is nothing to take back."""
        if not self.can_undo():
            return False
        keep = self.undo_target()
        assert keep is not None
        game = self.game
        data = game.to_json()
        data["moves"] = data["moves"][:keep]
        earlier = type(game).from_json(data)
        game.__dict__.clear()
        game.__dict__.update(earlier.__dict__)
        if self._movers is not None:
            del self._movers[keep:]
        self._position = None
        self.hint, self.hint_for = None, -1
        self.undone += 1
        self.shown_rounds = self.rounds()
        self.save(game)
        if self.on_undo is not None:
            self.on_undo(game)
        self.phase = "busy"
        self._continue()
        return True

    def ask_hint(self) -> bool:
        """Look for a hint for the human's position (shown, not played)."""
        if not self.can_act() or self.hinting or self.hint_for == self.move_no:
            return False
        self.hinting = True
        self.hint_for = self.move_no
        self.hint = None
        self.listener.on_phase(self.phase)
        self._spawn(self._find_hint())
        return True

    async def _find_hint(self) -> None:
        started = self.clock.now()
        try:
            value = await self.think(self.hint_source(self.game, self.human))
        finally:
            self.hinting = False
        if value is not None and self.alive and self.hint_for == self.move_no:
            self.hint = value
            self.listener.on_thought("hint", started)
        if self.alive:
            self.listener.on_phase(self.phase)

    def next_round(self) -> None:
        """The player dismissed a round's result: the match goes on."""
        if self.phase == "between" and self.alive:
            self.shown_rounds = self.rounds()
            self.phase = "busy"
            self._continue()

    def set_autoplay(self, on: bool) -> None:
        """A helper bot plays the human's seat, one move at a time at the chosen speed."""
        self.autoplay = on
        self._switched()

    def set_finishing(self, on: bool) -> None:
        """Play the rest of the game at once (the helper for the human)."""
        self.finishing = on
        self._switched()

    def _switched(self) -> None:
        if not self.alive or self.game.is_over():
            return
        if self.phase in ("ready", "cover"):
            self.cover_for = None
            self._continue()  # a person was waiting: the helper takes over now
        else:
            self.listener.on_phase(self.phase)  # a running loop picks the switch up

    # ------------------------------------------------------------ the loop
    def helper(self) -> Bot:
        if self._helper is None:
            self._helper = make_bot(self.game.name, self.helper_level)
        return self._helper

    async def think(self, steps: Generator[None, None, Any]) -> Any:
        """Drive a sliced computation, yielding to the page every :data:`SLICE_MS`;
        None if the session closed or the game moved on meanwhile."""
        moves = self.move_no
        slice_start = self.clock.now()
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value
            if self.clock.now() - slice_start >= SLICE_MS:
                await self.clock.sleep(0)
                if not self.alive or self.move_no != moves:
                    steps.close()
                    return None
                slice_start = self.clock.now()

    def _seat_bot(self, seat: int) -> Bot | None:
        if not self.is_person(seat):
            return self.bots[seat]
        return self.helper() if (self.autoplay or self.finishing) else None

    async def _loop(self) -> None:
        """Computers (and the helper, in the human's seat) play until the human's turn,
        the end of a round or of the game."""
        self._running = True
        breath = self.clock.now()
        try:
            while self.alive and not self.game.is_over():
                seat = self.game.to_move
                assert seat is not None  # the game is not over
                bot = self._seat_bot(seat)
                if bot is None:
                    break
                if not self.finishing:
                    await self.clock.sleep(self.pause)
                    if not self.alive or self._seat_bot(seat) is None:
                        continue
                started = self.clock.now()
                move = await self.think(bot_move_steps(self.game, bot, seat))
                if move is None or not self.alive:
                    return
                if not self.is_person(seat):
                    self.listener.on_thought("ai", started)
                text = move if isinstance(move, str) else self.game.format_move(move)
                events = self._commit(text)
                quiet = self.finishing
                self.listener.show_move(seat, text, events, None, quiet)
                if not quiet:
                    await self.listener.after_shown(seat, text, events)
                if self._round_ended():
                    break
                if self.clock.now() - breath >= 2 * SLICE_MS:  # finishing never sleeps otherwise
                    await self.clock.sleep(0)
                    breath = self.clock.now()
        finally:
            self._running = False
        if self.alive:
            if self.finishing and self.game.is_over():
                self.finishing = False
            self._after_move()

    def _commit(self, move: str) -> list[Event]:
        """Play ``move`` at once and save: the game never waits on what the page shows."""
        mover = self.game.to_move
        events = self.game.play(move)
        if self._movers is not None and mover is not None:
            self._movers.append(mover)
        self.hint, self.hint_for = None, -1
        self.save(self.game)
        return events

    def _tell_over(self) -> None:
        """The game is over: tell ``on_over`` (the record of the game), once."""
        if not self._over_told and self.on_over is not None:
            self._over_told = True
            self.on_over(self.game)

    def _round_ended(self) -> bool:
        return self.game.is_over() or self.rounds() > self.shown_rounds

    def _after_move(self) -> None:
        if self.game.is_over():
            self.finishing = False
            self._set_phase("over")
            self._tell_over()
            self.listener.on_round_end(True)
        elif self.rounds() > self.shown_rounds:
            self.finishing = False
            self._set_phase("between")
            self.listener.on_round_end(False)
        else:
            self._continue()

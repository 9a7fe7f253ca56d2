"""The session controller: one game being played at the table, with no browser in it.

It owns the turn loop that every game shares: the computer seats thinking in
slices (so the page stays live), the human's turn, hints, the end of a round
or deal of a match and the wait for "next", auto-play and "finish" for the
human seat, saving after every move, and resuming a saved game. It imports
nothing from the browser: the clock and the sleep are passed in, and what the
page must show is told to a :class:`Listener` (the table). Tests under CPython
drive whole games with a fake clock.

Phases (``session.phase``), which the page shows as its ``data-cardems`` hook:

- ``ready``: the human may act (a hint being sought keeps it ``ready``);
- ``busy``: computers are playing, or a move is being shown;
- ``between``: a round of a match is over, its result is up, ``next`` goes on;
- ``over``: the game is over.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Generator, Protocol

from cardems.bots import Bot, bot_move_steps, make_bot
from cardems.errors import BadInput, Reason
from cardems.game import Event, Game, SeatView

SLICE_MS = 8.0     # a thinking bot hands the page back at least this often
PAUSES = {"normal": 0.9, "fast": 0.35, "instant": 0.0}   # before each computer move, seconds


@dataclass(frozen=True)
class Clock:
    """Time for the session: ``now()`` in milliseconds, ``sleep(seconds)`` to yield."""

    now: Callable[[], float]
    sleep: Callable[[float], Awaitable[None]]


class Listener(Protocol):
    """What the session tells the page (the table implements it)."""

    def on_phase(self, phase: str) -> None:
        """The phase changed (or the hint did): redraw the controls and the status."""

    def show_move(self, seat: int, move: str, events: list[Event], started: float | None,
                  quiet: bool = False) -> None:
        """A move was played and saved: draw it now (a human's move within the input
        that made it: ``started`` is that input's time). ``quiet``: the rest of the game
        is being finished at once; log it, redraw now and then."""

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        """After a move is drawn (not when quiet): a banner, a pause to let it be seen."""

    def on_round_end(self, final: bool) -> None:
        """A round, deal or the whole game ended: show its result."""

    def on_thought(self, kind: str, started: float) -> None:
        """A computer decided (``kind`` ``ai``) or a hint was found (``hint``)."""


@dataclass
class Seats:
    """Who plays where: the human's seat, and a bot for every other one."""

    human: int
    bots: dict[int, Bot]


HintSource = Callable[[Game[Any, Any], int], Generator[None, None, Any]]


@dataclass
class Position:
    """One position as the session shows it, asked of the rules once: the person's view,
    the legal moves (texts, of the seat to move) and the refusals asked for so far."""

    moves: int                          # moves made: what tells one position from the next
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
    """One game in play. Create it, then :meth:`start`; feed it the human's input
    with :meth:`play`, :meth:`ask_hint`, :meth:`next_round`, :meth:`set_autoplay`,
    :meth:`set_finishing`; :meth:`close` when the table goes away."""

    def __init__(self, game: Game[Any, Any], level: str, clock: Clock, listener: Listener, *,
                 save: Callable[[Game[Any, Any]], None], speed: Callable[[], str] = lambda: "normal",
                 human: int = 0, hint: HintSource | None = None, helper_level: str = "normal",
                 on_over: Callable[[Game[Any, Any]], None] | None = None) -> None:
        self.game = game
        self.on_over = on_over         # told once, when the session sees the game over
        self.clock = clock
        self.listener = listener
        self.save = save
        self.speed = speed
        self.human = human
        self._position: Position | None = None
        self.level = level
        self.bots = {seat: make_bot(game.name, level) for seat in range(self.players) if seat != human}
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
        self.hint: Any = None          # the hint for move number hint_for
        self.hint_for = -1
        self.hinting = False
        self._running = False          # a loop task is live
        self._tasks: set[asyncio.Future[Any]] = set()
        self._over_told = False

    # ------------------------------------------------------------ facts
    def position(self) -> Position:
        """The position now, made once (the game changes only by the moves played)."""
        game = self.game
        known = self._position
        if known is None or known.moves != len(game.moves):
            legal = tuple(game.format_move(m) for m in game.legal_moves())
            known = self._position = Position(len(game.moves), game.view(self.human), legal)
        return known

    def view(self) -> SeatView:
        """The human's view of the position now."""
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
        return self.game.to_move == self.human

    def can_act(self) -> bool:
        """Whether the human may play now (their turn, nothing else running)."""
        return self.alive and self.phase == "ready" and self.human_to_move() and not self.game.is_over()

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
        if self.human_to_move() and not (self.autoplay or self.finishing):
            self._set_phase("ready")
            return
        self._set_phase("busy")
        if not self._running:
            self._spawn(self._loop())

    # ------------------------------------------------------------ the human
    def play(self, move: str, started: float | None = None) -> bool:
        """Play the human's ``move`` (its text) if it is legal now; False otherwise
        (out of turn, while computers play, a double click, an illegal move)."""
        if not self.can_act() or move not in self.position().legal:
            return False
        self._set_phase("busy")
        events = self._commit(move)
        self.listener.show_move(self.human, move, events, started, False)
        self._spawn(self._after_human_move(move, events))
        return True

    async def _after_human_move(self, move: str, events: list[Event]) -> None:
        await self.listener.after_shown(self.human, move, events)
        if self.alive:
            self._after_move()

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
        if self.phase == "ready":
            self._continue()        # the human was waiting: the helper takes over now
        else:
            self.listener.on_phase(self.phase)   # a running loop picks the switch up

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
        if seat != self.human:
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
                assert seat is not None         # the game is not over
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
                if seat != self.human:
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
        events = self.game.play(move)
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

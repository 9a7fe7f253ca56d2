"""What every game's table on the page shares: the life cycle, the bot loop,
thinking in slices, the hint, saving, the top bar and the result dialog.

A game's table is ``cardems/web/<stem>/table.py`` defining ``TABLE``, a
subclass of :class:`Table`. The app opens it with ``TABLE(app, route, game)``
and calls :meth:`mount`; it then routes clicks to :meth:`on_click`. A subclass
draws the felt from ``game.view(0)`` only (:meth:`render_felt`), so no hidden
card reaches the DOM, and says when a round ends (:meth:`round_finished`) and
what the result dialog shows (:meth:`show_result`, usually via
:meth:`open_result`). Everything else has a sensible default:

- :meth:`on_card` plays ``data-card`` buttons as moves (the card's code is the
  move's text); override :meth:`card_move` or :meth:`on_action` for other input
  (``data-action`` buttons other than ``next``, ``close`` and ``hint``).
- :meth:`apply` plays a move, saves, logs its events (:meth:`describe` turns an
  event into a line), redraws and records ``cardems:move``; override
  :meth:`animate` to show what happened before play goes on.
- Bots play every seat but 0 (:meth:`bot_seats`), each decision in 8 ms
  slices with a ``cardems:ai`` measure, pausing :attr:`pause` seconds first.

The page's hooks (DESIGN.md) are kept here: ``data-cardems`` is ``ready`` only
when the human may act, ``busy`` while computers play, ``over`` at the end;
the result dialog carries ``data-winner`` and ``data-scores`` when a game ends.
The game's stylesheet ``cardems/web/<stem>/style.css`` is loaded when a table opens.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from pyscript import window

from cardems.bots import Bot, bot_move_steps, make_bot
from cardems.game import Event, Game
from cardems.web import dom
from cardems.web.card_art import back_svg, card_svg
from cardems.web.route import SPEEDS, Route

PAUSES = {"normal": 0.9, "fast": 0.35, "instant": 0.0}
SLICE_MS = 8.0  # a thinking bot hands the page back at least this often
LOG_LINES = 3


class Table:
    """The base of every game's table (see the module docstring)."""

    game_name: ClassVar[str]            # "war", "pis-yedili"...
    hint_level: ClassVar[str] = "hard"  # whose advice the hint gives

    def __init__(self, app: Any, route: Route, game: Game) -> None:
        self.app = app
        self.route = route
        self.game = game
        self.bots: dict[int, Bot] = {seat: make_bot(self.game_name, route.level) for seat in self.bot_seats()}
        self.hint_bot: Bot | None = None
        self.busy = False
        self.alive = True
        self.log: list[str] = []
        self.awaiting_next = False       # a round's result is up; "next" goes on
        self.hint_move: Any = None
        self.hinting = False
        self.hint_for = -1               # the move number the hint (or its search) is for

    # ------------------------------------------------------------ names
    def t(self, key: str, **params: Any) -> str:
        return self.app.t(key, **params)

    @property
    def seats(self) -> int:
        return int(getattr(self.game, "players", 2))

    def bot_seats(self) -> range:
        return range(1, self.seats)

    def seat_name(self, seat: int | None) -> str:
        if seat == 0:
            return self.t("seat.you")
        if self.seats == 2:
            return self.t("seat.computer")
        return self.t("seat.computer_n", n=seat)

    def card_label(self, card: str) -> str:
        return self.app.catalog.card_name(card)

    def own_hand_html(self, hand: list[str]) -> str:
        """The player's hand: a button per card, the legal ones enabled, the hint marked."""
        playable = set(self.game.legal_moves()) if self.can_act() else set()
        cards = "".join(
            f'<button type="button" class="card face{" hint" if c == self.hint_move else ""}" data-card="{c}" '
            f'aria-label="{dom.esc(self.t("card.play", card=self.card_label(c)))}"'
            f'{"" if c in playable else " disabled"}>{card_svg(c)}</button>'
            for c in hand)
        return f'<div class="hand mine" role="group" aria-label="{dom.esc(self.t("table.your_hand"))}">{cards}</div>'

    def other_hand_html(self, seat: int, backs: int, size: int | None = None) -> str:
        """An opponent's hand face down: ``backs`` cards shown, ``size`` (default ``backs``) told."""
        cards = "".join(f'<div class="card back" data-card="back">{back_svg()}</div>' for _ in range(backs))
        label = dom.esc(self.t("table.hand_of", name=self.seat_name(seat), n=backs if size is None else size))
        return f'<div class="hand theirs" role="img" aria-label="{label}">{cards}</div>'

    @property
    def pause(self) -> float:
        return PAUSES.get(self.app.speed, 0.9)

    # ------------------------------------------------------------ life cycle
    def mount(self) -> None:
        window.document.getElementById("table").hidden = False
        self.render()
        self.app.save(self.route, self.game)
        if self.game.is_over() or self.between_rounds():
            self.show_result()
        else:
            self.continue_play()

    def between_rounds(self) -> bool:
        """Reloaded while a round's result was up (a match): show it again."""
        return False

    def close(self) -> None:
        self.alive = False
        dialog = dom.by_id("result")
        if dialog is not None and dialog.open:
            dialog.close()

    def continue_play(self) -> None:
        """Hand the turn to the human (``ready``) or start the computers (``busy``)."""
        if self.game.is_over() or not self.alive or self.awaiting_next:
            return
        if self.human_to_move():
            self.busy = False
            dom.set_state("ready")
            self.render()
        else:
            self.busy = True
            dom.set_state("busy")
            self.render()
            asyncio.ensure_future(self.run_bots())

    def human_to_move(self) -> bool:
        return self.game.to_move == 0

    def can_act(self) -> bool:
        return self.alive and not self.busy and not self.awaiting_next and not self.game.is_over() \
            and self.human_to_move()

    # ------------------------------------------------------------ input
    def on_click(self, target: Any, action: str | None, event: Any) -> None:
        card = dom.attr(target, "data-card")
        started = float(event.timeStamp)
        if action is None and card and card != "back":
            self.on_card(card, started)
        elif action == "next":
            dialog = dom.by_id("result")
            if dialog.open:
                dialog.close()
            self.next_round()
        elif action == "close":
            dom.by_id("result").close()
        elif action == "hint":
            self.on_hint()
        elif action is not None:
            self.on_action(action, target, started)

    def on_action(self, action: str, target: Any, started: float) -> None:
        """A game's own ``data-action`` buttons (``draw``, ``first``...)."""

    def card_move(self, card: str) -> Any:
        """The move a click on the human's card ``card`` means (None: no move)."""
        return card

    def on_card(self, card: str, started: float) -> None:
        move = self.card_move(card)
        if move is not None:
            self.human_play(move, started)

    def human_play(self, move: Any, started: float) -> bool:
        """Play the human's ``move`` if it is legal now; ignored otherwise
        (out of turn, during the computer's pause, a double click)."""
        if not self.can_act():
            return False
        text = move if isinstance(move, str) else self.game.format_move(move)
        legal = {self.game.format_move(m) for m in self.game.legal_moves()}
        if text not in legal:
            return False
        self.busy = True
        self.hint_move = None
        dom.set_state("busy")
        asyncio.ensure_future(self._human_move(text, started))
        return True

    async def _human_move(self, move: str, started: float) -> None:
        await self.apply(0, move, started)
        if self.alive:
            await self.after_move()

    def on_dialog_closed(self) -> None:
        """The result dialog closed (a button, or Escape): a match goes on."""
        dialog = dom.by_id("result")
        if dialog is not None and not dialog.open:
            self.next_round()

    def next_round(self) -> None:
        if self.awaiting_next:
            self.awaiting_next = False
            self.busy = False
            self.continue_play()

    # ------------------------------------------------------------ thinking
    async def think(self, bot: Bot, seat: int) -> tuple[Any, float]:
        """``seat``'s move as ``bot`` sees it, awaiting between slices of its work.

        Returns the move (None if the table closed or the game moved on meanwhile)
        and the time the thinking started, for the ``cardems:ai`` measure.
        """
        moves = len(self.game.moves)
        steps = bot_move_steps(self.game, bot, seat)
        started = slice_start = dom.now()
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value, started
            if dom.now() - slice_start >= SLICE_MS:
                await asyncio.sleep(0)
                if not self.alive or len(self.game.moves) != moves:
                    steps.close()
                    return None, started
                slice_start = dom.now()

    def on_hint(self) -> None:
        if not self.can_act() or self.hinting:
            return
        if self.hint_move is not None and self.hint_for == len(self.game.moves):
            return  # already shown
        self.hinting = True
        self.hint_for = len(self.game.moves)
        self.render()
        asyncio.ensure_future(self.find_hint())

    async def find_hint(self) -> None:
        """What the strongest bot would play from seat 0's view: shown, not played."""
        if self.hint_bot is None:
            self.hint_bot = make_bot(self.game_name, self.hint_level)
        try:
            move, _ = await self.think(self.hint_bot, 0)
        finally:
            self.hinting = False
        if move is not None and self.alive and self.hint_for == len(self.game.moves):
            self.hint_move = move
        if self.alive:
            self.render()

    async def run_bots(self) -> None:
        while self.alive and not self.game.is_over() and not self.human_to_move():
            seat = self.game.to_move
            self.render()
            await asyncio.sleep(self.pause)
            if not self.alive:
                return
            move, started = await self.think(self.bots[seat], seat)
            if move is None or not self.alive:
                return
            dom.measure("cardems:ai", started)
            await self.apply(seat, move, None)
            if self.round_finished():
                break
        if self.alive:
            await self.after_move()

    async def after_move(self) -> None:
        if self.round_finished() or self.game.is_over():
            self.show_result()
            return
        self.continue_play()

    def round_finished(self) -> bool:
        """Whether the last move ended a round whose result is not shown yet."""
        return self.game.is_over()

    # ------------------------------------------------------------ moves
    async def apply(self, seat: int, move: Any, started: float | None) -> list[Event]:
        before = self.game.view(0)
        events = self.game.play(move)
        self.hint_move = None
        self.app.save(self.route, self.game)
        self.log_events(events)
        self.render()
        if started is not None:
            dom.measure("cardems:move", started)
        await self.animate(seat, move, events, before)
        return events

    async def animate(self, seat: int, move: Any, events: list[Event], before: Any) -> None:
        """Show what ``events`` did before play goes on (default: nothing); wait
        only when :attr:`pause` is not zero (instant speed)."""

    def log_events(self, events: list[Event]) -> None:
        for event in events:
            line = self.describe(event)
            if line:
                self.log.append(line)
        self.log = self.log[-LOG_LINES:]

    def describe(self, event: Event) -> str | None:
        """One line of the table's log for ``event`` (None: not worth a line)."""
        return None

    def celebrate(self, word: str, detail: str = "") -> None:
        """A big word across the felt (``#banner`` in the felt, if the table has one)."""
        banner = dom.by_id("banner")
        if banner is None:
            return
        banner.innerHTML = (f'<span class="banner-word">{dom.esc(word)}</span>'
                            + (f'<span class="banner-who">{dom.esc(detail)}</span>' if detail else ""))
        banner.classList.remove("show")
        banner.offsetWidth  # restart the CSS animation
        banner.classList.add("show")

    # ------------------------------------------------------------ drawing
    def render(self) -> None:
        if not self.alive:
            return
        dom.ROOT.classList.toggle("instant", self.app.speed == "instant")
        dom.set_html("table-bar", self.render_bar())
        dom.set_html("scoreline", self.render_scoreline())
        felt = dom.by_id("felt")
        if felt is not None:
            felt.setAttribute("data-game", self.game_name)
            felt.setAttribute("data-players", str(self.seats))
            felt.innerHTML = self.render_felt()
        dom.set_html("log", "".join(f"<li>{dom.esc(line)}</li>" for line in self.log))

    def render_felt(self) -> str:
        raise NotImplementedError

    def render_scoreline(self) -> str:
        """A strip above the felt (match totals...); empty by default."""
        return ""

    def title_parts(self) -> list[str]:
        return [self.t(f"game.{self.game_name}.name"), self.t("level." + self.route.level)]

    def extra_controls(self) -> str:
        """More buttons for the top bar (e.g. War's auto-play)."""
        return ""

    def render_bar(self) -> str:
        t = self.t
        speeds = "".join(
            f'<option value="{s}"{" selected" if s == self.app.speed else ""}>{dom.esc(t("speed." + s))}</option>'
            for s in SPEEDS)
        return (
            f'<a class="back" href="#/">{dom.esc(t("nav.back"))}</a>'
            f'<h2 class="table-title">{dom.esc(" · ".join(self.title_parts()))}</h2>'
            f'<div class="bar-controls">{self.extra_controls()}'
            f'<label class="speed"><span>{dom.esc(t("speed.label"))}</span>'
            f'<select id="speed">{speeds}</select></label>'
            f'<button type="button" class="btn" data-action="options" aria-haspopup="dialog">{dom.esc(t("action.options"))}</button>'
            f'<button type="button" class="btn primary" data-action="new-game">{dom.esc(t("action.new_game"))}</button>'
            f'</div>'
        )

    def hint_button(self) -> str:
        ok = self.can_act() and not self.hinting
        return (f'<button type="button" class="btn hint-btn" data-action="hint"{"" if ok else " disabled"}>'
                f'{dom.esc(self.t("action.hint"))}</button>')

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        """Fill and open the result dialog (usually through :meth:`open_result`)."""
        raise NotImplementedError

    def open_result(self, title: str, body: str, *, final: bool, next_label: str = "") -> None:
        """Open the result dialog. ``final``: the game is over (sets ``data-winner`` /
        ``data-scores`` from ``game.result()`` and ``data-cardems="over"``); otherwise
        a round of a match ended and a ``next`` button goes on."""
        t = self.t
        dialog = dom.by_id("result")
        if final:
            result = self.game.result()
            dialog.setAttribute("data-winner", str(result.winner))
            dialog.setAttribute("data-scores", ",".join(str(s) for s in result.scores))
            buttons = (f'<button type="button" class="btn" data-action="close">{dom.esc(t("action.close"))}</button>'
                       f'<button type="button" class="btn" data-action="options" aria-haspopup="dialog">{dom.esc(t("action.options"))}</button>'
                       f'<button type="button" class="btn primary" data-action="new-game" autofocus>{dom.esc(t("action.new_game"))}</button>')
        else:
            dialog.removeAttribute("data-winner")
            dialog.removeAttribute("data-scores")
            buttons = (f'<button type="button" class="btn primary" data-action="next" autofocus>'
                       f'{dom.esc(next_label or t("action.next_round"))}</button>')
        dialog.setAttribute("data-game", self.game_name)
        dialog.innerHTML = (f'<h2 class="result-title" id="result-title">{dom.esc(title)}</h2>{body}'
                            f'<div class="dialog-buttons">{buttons}</div>')
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0
        self.busy = not final
        self.awaiting_next = not final
        self.hint_move = None
        self.render()
        dom.set_state("over" if final else "ready")

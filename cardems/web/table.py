"""What every game's table on the page shares: it binds a :class:`Session` (the
pure turn loop) to the DOM.

A game's table is ``cardems/web/<stem>/table.py`` defining ``TABLE``, a subclass
of :class:`Table`. The app opens it with ``TABLE(app, route, game)``, calls
:meth:`mount`, and routes clicks to :meth:`on_click`. A subclass keeps only what
is its own:

- how its felt looks (:meth:`render_felt`, and :meth:`render_scoreline`), drawn
  from ``self.view`` (seat 0's view) only, with :mod:`cardems.web.markup`;
- how events read (:meth:`describe`, one log line per event);
- how its cards travel (:meth:`travel_hints`) and what a move shows after it is
  drawn (:meth:`after_shown`: a banner, a pause to see a capture);
- what its result dialog says (:meth:`show_result`, through :meth:`open_result`).

Every region is morphed, not replaced, so a card, the status line and each log
line stay the same node across a move; keyboard focus stays where it was, or
goes to its neighbour when its control went away. The page's hooks (DESIGN.md)
are kept here: ``data-cardems`` is ``ready`` when the human may act, ``busy``
while computers play, ``over`` at the end (set once the result dialog is
filled); the dialog carries ``data-winner`` and ``data-scores``.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from cardems.errors import Reason
from cardems.game import Event, Game
from cardems.games import module_name
from cardems.web import card_art, display, dom, markup, sound
from cardems.web.host import TableHost
from cardems.web.review import deal_starts
from cardems.web.route import Route
from cardems.web.session import Clock, HintSource, Session

LOG_LINES = 3
REPLAYED = 16  # a resumed game's log is told again from its last moves, this many at most
REGIONS = ("table-bar", "scoreline", "felt", "log")
TRAVELLING = ("scoreline", "felt")
TRAVEL_MS = {"normal": 300, "fast": 160, "instant": 0}  # how long a card takes to travel
QUIET_RENDER_MS = 120.0  # while a game is being finished at once, redraw this often


async def _sleep(seconds: float) -> None:
    await asyncio.sleep(seconds)


CLOCK = Clock(dom.now, _sleep)


@dataclass
class LogEntry:
    """The lines one move (or the table) told: worded again when the language changes."""

    first: int  # the number of its first line (its element id)
    words: Callable[[], list[str]]  # its lines in the page's language now
    lang: str  # the language ``lines`` are in
    lines: list[str]


class Table:
    """The base of every game's table (see the module docstring)."""

    game_name: ClassVar[str]  # "war", "pis-yedili"...
    own_order: ClassVar[str] = "dealt"  # the hand's order when the player has chosen the game's own
    hint_level: ClassVar[str] = "hard"  # whose advice the hint gives
    helper_level: ClassVar[str] = "normal"  # who plays the human's seat on auto-play
    tells_new_cards: ClassVar[bool] = True  # the log says which cards came into the hand

    def __init__(self, app: TableHost, route: Route, game: Game[Any, Any]) -> None:
        self.app = app
        self.route = route
        self.game = game
        self.alive = True
        self.entries: list[LogEntry] = []  # the log's last lines, by the move that told them
        self._lines = 0
        self._view_at: Any = None  # the view a log entry is worded from (the one of its move)
        self._title_entry: LogEntry | None = None
        self._moving = False  # a human move is being shown: its render comes with it
        self._drawn = 0.0
        self._regions: dict[str, str] = {}  # each region's markup as last morphed into the page
        self._card_ids: dict[str, list[str]] = {}  # each card code's element ids in the drawing being made
        self._result_told = False  # the log told this round's result
        self.session = Session(
            game,
            route.level,
            CLOCK,
            self,
            save=lambda g: app.save(route, g),
            speed=lambda: app.speed,
            hint=self.hint_source(),
            seats=route.seating,
            undo=app.undo_allowed(route),
            helper_level=self.helper_level,
            on_over=app.game_over,
            on_undo=app.undone,
        )
        self.reviewing: tuple[str, ...] | None = None  # a finished game's moves, looked back at
        self.review_at = 0  # the move shown, counted from the game's first
        self.review_starts: tuple[int, ...] = (0,)  # the move each deal of a match begins after
        self.review_deal = 1  # the deal of the match shown (from 1)
        self.review_deal_scores: tuple[tuple[int, ...], ...] = ()
        self.names = [app.person_name(i) for i in range(len(self.session.people))]  # the persons' own
        self._hand_told: list[str] = []  # the person's cards told of

    # ------------------------------------------------------------ names
    def t(self, key: str, **params: Any) -> str:
        return self.app.t(key, **params)

    @property
    def view(self) -> Any:
        """The viewer's view (the person whose turn it is, or who moved last), made once
        per position by the session (while a log line is worded, the view of the move that told it)."""
        return self._view_at if self._view_at is not None else self.session.view()

    @property
    def seats(self) -> int:
        players: int = self.view.players
        return players

    @property
    def me(self) -> int:
        """The seat whose hand is drawn face up: the viewer's."""
        return self.session.viewer

    @property
    def together(self) -> bool:
        """Pass-and-play: two persons or more at the table (each named, none "you")."""
        return self.session.pass_and_play

    def is_you(self, seat: Any) -> bool:
        """Whether texts say "you" of ``seat``: the one person at a table of computers."""
        return seat == self.me and not self.together

    def where(self, seat: int) -> str:
        """Where ``seat`` sits on the felt, seen from the viewer's (bottom) seat."""
        return markup.POSITIONS[self.seats][(seat - self.me) % self.seats]

    def seat_name(self, seat: int | None) -> str:
        session = self.session
        if seat is not None and session.is_person(seat):
            if not self.together:
                return self.t("seat.you")
            person = session.people.index(seat)
            return self.names[person] or self.t("seat.person_n", n=person + 1)
        computers = [s for s in range(self.seats) if not session.is_person(s)]
        if len(computers) == 1:
            return self.t("seat.computer")
        return self.t("seat.computer_n", n=computers.index(seat) + 1 if seat in computers else seat)

    def side_names(self, side: int) -> str:
        """The names of a side's seats (partners joined)."""
        return self.t("list.sep").join(self.seat_name(s) for s in self.view.teams[side])

    def winner_title(self, winner: Any) -> str:
        """The result's title at a pass-and-play table: who won, by name."""
        if winner == "draw":
            return self.t("result.draw")
        return self.t("result.named_win", names=self.side_names(int(winner)))

    def said(self, key: str, seat: int | None, **params: Any) -> str:
        """A message whose subject is ``seat``: for the person's seat the catalog's own form,
        ``<key>_you`` (the verb agreeing with "you", the pronoun as the language puts it in
        the sentence), else ``key`` with the seat's ``name``."""
        if self.is_you(seat):
            return self.t(key + "_you", **params)
        return self.t(key, name=self.seat_name(seat), **params)

    def card_key(self, code: str) -> str:
        """The element id of the next physical card ``code`` in the drawing being made: the
        first is ``card-2S``, a second copy (two decks) ``card-2S-1``, so no id repeats and
        the morph keeps every card's node apart."""
        ids = self._card_ids.setdefault(code, [])
        ids.append(markup.card_id(code, len(ids)))
        return ids[-1]

    def card_ids(self, code: str) -> list[str]:
        """The element ids the last drawing gave the copies of card ``code``."""
        return self._card_ids.get(code) or [markup.card_id(code)]

    def card_label(self, card: str) -> str:
        return self.app.catalog.card_name(card)

    def why_not(self, move: str) -> str:
        """Why the human may not play ``move`` (its text) now, in the player's language."""
        if not self.can_act():
            return self.t("why.wait")
        return self.reason_words(self.session.refusal(move))

    def reason_words(self, reason: Reason) -> str:
        """A refusal of the rules (``why_illegal``) in the catalog's words: the game's
        ``<stem>.why.<code>``, else the shared ``why.<code>``, else a general refusal."""
        values = {name: self.reason_value(name, value) for name, value in reason.params.items()}
        for key in (f"{module_name(self.game_name)}.why.{reason.code}", f"why.{reason.code}"):
            if self.app.catalog.has(key):
                return self.t(key, **values)
        return self.t("why.not_now")

    def reason_value(self, name: str, value: Any) -> Any:
        """A reason's parameter as its words show it (see :class:`cardems.errors.Reason`)."""
        if name == "card":
            return self.card_label(value)
        if name == "suit":
            return self.t("suit." + value)
        if name == "seat":
            return self.seat_name(value)
        return value

    def refused_move(self, card: str) -> str:
        """The move the rules are asked to refuse for an unplayable card of the hand."""
        return card

    # ------------------------------------------------------------ the session's state, for drawing
    def can_act(self) -> bool:
        return self.alive and self.session.can_act()

    @property
    def busy(self) -> bool:
        return self.session.phase == "busy"

    @property
    def awaiting_next(self) -> bool:
        return self.session.phase == "between"

    @property
    def hinting(self) -> bool:
        return self.session.hinting

    @property
    def hint_move(self) -> Any:
        return self.session.current_hint()

    def legal(self) -> list[str]:
        """The human's legal moves now, as texts (none while it is not their turn)."""
        return self.session.legal_texts()

    @property
    def speed(self) -> str:
        return self.app.speed

    # ------------------------------------------------------------ what a game may override
    def hint_source(self) -> HintSource | None:
        """What the hint asks (default: the Hard bot's move for the human's seat)."""
        return None

    def card_move(self, card: str) -> str | None:
        """The move a click on the human's card ``card`` means (None: no move)."""
        return card

    def on_action(self, action: str, target: Any, started: float) -> None:
        """A game's own ``data-action`` buttons (``draw``, ``first``...)."""

    def describe(self, event: Event) -> str | None:
        """One line of the log for ``event`` (None: not worth a line)."""
        return None

    def sound(self, event: Event) -> str | None:
        """The effect ``event`` makes (one of static/js/sound.js), if any."""
        return None

    def travel_hints(self, seat: int, move: str, events: list[Event]) -> dict[str, dict[str, str]]:
        """Where cards with no past come from, and where cards that leave go
        (``{"from": {id: selector}, "to": {id: selector}}``)."""
        return {}

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        """After a move is drawn: a banner, a pause to let a capture be seen..."""

    def render_felt(self) -> str:
        raise NotImplementedError

    def render_scoreline(self) -> str:
        """A strip above the felt (match totals...); empty by default."""
        return ""

    def title_parts(self) -> list[str]:
        return [self.t(f"game.{self.game_name}.name"), self.level_part()]

    def level_part(self) -> str:
        """The title's part about the opponents: their level, or how many persons play."""
        if self.together:
            return self.t("seats.people_n", n=len(self.session.people))
        return self.t("level." + self.route.level)

    def extra_controls(self) -> str:
        """More buttons for the top bar (e.g. War's auto-play)."""
        return ""

    def show_result(self) -> None:
        """Fill and open the result dialog (usually through :meth:`open_result`)."""
        raise NotImplementedError

    # ------------------------------------------------------------ life cycle
    def mount(self) -> None:
        dom.by_id("table").hidden = False
        dom.ensure_sheet(card_art.SHEET_ID, card_art.sheet_svg())
        if self.reviewing is not None:
            self.start_review()
            return
        if not self.session.move_no:
            self.log_events(list(self.game.start_events))
        else:  # told after the first drawing: a long game's replay does not hold up its resume
            self._hand_told = self.own_cards()
            self._rebuilding = asyncio.ensure_future(self.rebuild_log(self.session.move_no))
        self.render()
        self.session.start()

    def close(self) -> None:
        self.alive = False
        self.session.close()
        dialog = dom.by_id("result")
        if dialog is not None and dialog.open:
            dialog.close()

    def on_dialog_closed(self) -> None:
        """The result dialog closed (a button, or Escape): a match goes on."""
        dialog = dom.by_id("result")
        if dialog is not None and not dialog.open:
            self.session.next_round()

    # ------------------------------------------------------------ input
    def on_click(self, target: Any, action: str | None, event: Any) -> None:
        card = dom.attr(target, "data-card")
        started = float(event.timeStamp)
        if action is None and card and card != "back":
            if dom.attr(target, "aria-disabled") == "true":
                self.say(dom.attr(target, "data-why") or "")
                return
            move = self.card_move(card)
            if move is not None:
                self.human_play(move, started)
        elif action == "next":
            dialog = dom.by_id("result")
            if dialog.open:
                dialog.close()
            self.session.next_round()
        elif action == "close":
            dialog = target.closest("dialog")
            if not dom.absent(dialog):
                dialog.close()
        elif action == "result":
            self.show_result()
        elif action == "keys":
            self.open_keys()
        elif action is not None and action.startswith("review-") and self.reviewing is not None:
            steps = {
                "review-first": -len(self.reviewing),
                "review-prev": -1,
                "review-next": 1,
                "review-last": len(self.reviewing),
            }
            if action in steps:
                self.review_to(self.review_at + steps[action])
            elif action == "review-go":
                self.review_to(int(dom.attr(target, "data-at") or "0"))
        elif action == "review":
            self.app.review(self.game, self.route)
        elif action == "uncover":
            self.session.uncover()
        elif action == "undo":
            self.undo()
        elif action == "hint":
            self.session.ask_hint()
        elif action == "autoplay":
            self.session.set_autoplay(not self.session.autoplay)
        elif action == "finish":
            self.session.set_finishing(not self.session.finishing)
        elif action is not None:
            self.on_action(action, target, started)

    def human_play(self, move: str, started: float) -> bool:
        """Play the human's ``move`` if it is legal now; ignored otherwise
        (out of turn, during the computer's pause, a double click)."""
        self._moving = True
        try:
            return self.session.play(move, started)
        finally:
            self._moving = False

    # ------------------------------------------------------------ looking back at a deal
    def start_review(self) -> None:
        """Open the review the route names: its deal (``deal``, else the last) at its move
        (``at``, counted within the deal, else its last). A deal the game does not have is
        a notice, and its last deal is shown."""
        moves = self.reviewing or ()
        self.review_starts = deal_starts(type(self.game), self.game.to_json(), moves)
        self.review_deal_scores = self.game.round_scores()  # each deal's, as the game ended
        deals = len(self.review_starts)
        deal = self.route.deal
        if deal is not None and deal > deals:
            self.app.add_notice("notice.bad_review_deal", n=deal, total=deals)
            deal, self.route.at = None, None
        self.review_deal = deals if deal is None else deal
        start, end = self.deal_bounds()
        self.review_to(end if self.route.at is None else min(end, start + self.route.at))

    def deal_bounds(self, deal: int | None = None) -> tuple[int, int]:
        """The moves of deal ``deal`` (the one shown): after the first, up to the second."""
        k = self.review_deal if deal is None else deal
        starts = self.review_starts
        end = starts[k] if k < len(starts) else len(self.reviewing or ())
        return starts[k - 1], end

    def review_deal_to(self, deal: int) -> None:
        """Show deal ``deal`` of the match as it was dealt."""
        self.review_deal = max(1, min(len(self.review_starts), deal))
        self.review_to(self.deal_bounds()[0])

    def review_to(self, number: int) -> None:
        """Show the reviewed deal as it was after ``number`` of the game's moves, within the
        deal shown (every hand face up, the captures and scores as they were, the log the
        events of that move)."""
        moves = self.reviewing or ()
        start, end = self.deal_bounds()
        number = max(start, min(end, number))
        game = self.game
        data = game.to_json()
        data["moves"] = list(moves[: max(0, number - 1)])
        earlier = type(game).from_json(data)
        events = list(earlier.start_events) if number == 0 else earlier.play(moves[number - 1])
        game.__dict__.clear()
        game.__dict__.update(earlier.__dict__)
        session = self.session
        session._position = None
        self.review_at = number
        self.entries = []
        self.log_events(events)
        self.render()
        self.route.deal = self.review_deal if len(self.review_starts) > 1 else None
        self.route.at = number - start
        self.app.replace_hash(self.route)
        dom.set_state("review")

    def review_scores(self) -> str:
        return ",".join(str(s) for s in self.game.result().scores)

    def review_marks(self) -> dict[int, str]:
        """Marks of the deal's moves for the step list (by the move's number in the game):
        a game's own judgement of them (Abstract: the value lost); none by default."""
        return {}

    def review_move_words(self, move: str) -> str:
        """A move as the step list shows it (markup): its text, left to right."""
        return markup.ltr(move)

    def render_review_steps(self) -> str:
        """The moves of the deal shown, as a list to jump to, each with its mark (none
        without marks)."""
        marks = self.review_marks()
        if not marks:
            return ""
        start, end = self.deal_bounds()
        items = ""
        for number in range(start + 1, end + 1):
            mark = marks.get(number, "")
            current = ' aria-current="step"' if number == self.review_at else ""
            items += (
                f'<li><button type="button" class="review-step{" marked" if mark else ""}" '
                f'data-action="review-go" data-at="{number}"{current}>'
                f'<span class="rs-n">{number - start}</span>'
                f'<span class="rs-move">{self.review_move_words((self.reviewing or ())[number - 1])}</span>'
                f'{mark}</button></li>'
            )
        return f'<ol class="review-steps" aria-label="{dom.esc(self.t("review.steps"))}">{items}</ol>'

    def render_review_bar(self) -> str:
        """The review's controls: the deal of a match, to its first move, back, forward, to
        its last, any move; the moves' marks, if the game judges them."""
        t = self.t
        start, end = self.deal_bounds()
        total, at = end - start, self.review_at - start
        deals = len(self.review_starts)
        steps = (
            markup.button(
                "review-first", t("review.first"), enabled=at > 0, extra={"aria-label": t("review.first")}
            )
            + markup.button("review-prev", t("review.prev"), enabled=at > 0)
            + markup.button("review-next", t("review.next"), enabled=at < total, classes="primary")
            + markup.button("review-last", t("review.last"), enabled=at < total)
        )
        picker = ""
        if deals > 1:
            scores = self.review_deal_scores
            options = ""
            for k in range(1, deals + 1):
                words = t("review.deal_n", n=k, total=deals)
                if k <= len(scores):
                    words += " · \u2066" + "–".join(str(s) for s in scores[k - 1]) + "\u2069"
                options += f'<option value="{k}"{" selected" if k == self.review_deal else ""}>{dom.esc(words)}</option>'
            picker = (
                f'<label class="review-deal"><span class="sr-only">{dom.esc(t("review.deal"))}</span>'
                f'<select id="review-deal">{options}</select></label>'
            )
        return (
            f'<a class="back" href="#/">{dom.esc(t("nav.back"))}</a>'
            f'<h1 class="table-title">{dom.esc(t("review.title", game=t(f"game.{self.game_name}.name")))}</h1>'
            f'<div class="bar-controls review-controls" data-focus-group="bar" data-review-at="{at}" '
            f'data-review-total="{total}" data-review-deal="{self.review_deal}" data-review-deals="{deals}" '
            f'data-review-scores="{self.review_scores()}">{picker}{steps}'
            f'<label class="review-at"><span>{dom.esc(t("review.move", n=at, total=total))}</span>'
            f'<input type="range" id="review-at" min="0" max="{total}" value="{at}" step="1"></label></div>'
            + self.render_review_steps()
        )

    def undo(self) -> None:
        """Take the person's last move back (and the computers' after it)."""
        result = dom.by_id("result")
        if self.session.undo():
            if result is not None and result.open:
                result.close()
            self._hand_told = self.own_cards()
            self._regions.clear()
            self.add_line(self.t("undo.done"))
            self.render()

    # ------------------------------------------------------------ what the session tells
    def on_phase(self, phase: str) -> None:
        if phase in ("ready", "busy", "cover"):
            dom.set_state("covered" if phase == "cover" else phase)
        if not self._moving:
            self.render()

    def on_thought(self, kind: str, started: float) -> None:
        if kind == "ai":
            dom.measure("cardems:ai", started)

    def on_round_end(self, final: bool) -> None:
        if self.alive:
            self._result_told = False
            self.show_result()

    def sound_of(self, events: list[Event]) -> str | None:
        """The one effect a move makes: the strongest of its events' (see :meth:`sound`)."""
        return min(filter(None, map(self.sound, events)), key=sound.rank, default=None)

    def show_move(
        self, seat: int, move: str, events: list[Event], started: float | None, quiet: bool = False
    ) -> None:
        if not self.alive:
            return
        self.log_events(events)
        if not quiet:
            sound.play(self.sound_of(events))
        if quiet:
            if dom.now() - self._drawn >= QUIET_RENDER_MS or self.view.over:
                self.render()
            return
        before = dom.snapshot(TRAVELLING) if self.travel_ms else None
        self.render()
        if started is not None:
            dom.measure("cardems:move", started)
        dom.travel(TRAVELLING, before, self.travel_hints(seat, move, events), self.travel_ms)

    @property
    def travel_ms(self) -> int:
        return TRAVEL_MS.get(self.speed, TRAVEL_MS["normal"])

    @property
    def pause(self) -> float:
        return self.session.pause

    # ------------------------------------------------------------ the log
    def log_events(self, events: list[Event]) -> None:
        """The lines a move's events tell (and the cards it brought into the hand)."""
        self.log_move(list(events), self.view)

    def log_move(self, events: list[Event], view: Any) -> None:
        """Log ``events`` as told from ``view`` (the human's, after the move): kept as the
        events and the view, worded now and again in another language."""
        new: list[str] = []
        # none at a pass-and-play table (the next person would read them) nor in a review
        if self.tells_new_cards and not self.together and self.reviewing is None:
            hand = list(getattr(view, "hand", None) or ())
            left = Counter(self._hand_told)
            for card in hand:  # a twin of a card held (two decks) is new too
                if left[card]:
                    left[card] -= 1
                else:
                    new.append(card)
            self._hand_told = hand
        self.add_words(partial(self.words_at, events, view, new))

    def words_at(self, events: list[Event], view: Any, new: list[str]) -> list[str]:
        """The lines of a move's ``events`` worded from ``view``, in the page's language now."""
        self._view_at = view
        try:
            lines = [line for line in self.event_lines(events) if line]
            if new:
                lines.append(self.t("event.new_cards", cards=self.cards_words(new)))
        finally:
            self._view_at = None
        return lines

    def event_lines(self, events: list[Event]) -> list[str | None]:
        """The log's lines for one move's events (default: one per event, see :meth:`describe`)."""
        return [self.describe(event) for event in events]

    async def rebuild_log(self, upto: int) -> None:
        """A resumed game's log, told again from a replay of its moves up to ``upto`` (the
        moves made when it was resumed): a reload loses nothing of what the log said."""
        await asyncio.sleep(0)
        if not self.alive:
            return
        live, told = self.entries, self._hand_told
        self.entries = []
        try:
            game = self.game
            replay = type(game).from_json({**game.to_json(), "moves": []})
            moves = list(game.moves[:upto])
            viewer = self.me
            start = max(0, len(moves) - REPLAYED)
            for move in moves[:start]:
                replay.play(move)
            if start == 0:
                self._hand_told = []
                self.log_move(list(replay.start_events), replay.view(viewer))
            else:
                self._hand_told = list(getattr(replay.view(viewer), "hand", None) or ())
            for move in moves[start:]:
                self.log_move(replay.play(move), replay.view(viewer))
        except Exception as exc:  # a log is not worth a resumed game: it starts empty
            dom.warn(f"cardems: the log could not be told again: {exc}")
            self.entries = []
        self.entries += live
        self._hand_told = told
        self._trim_log()
        self.render()

    def own_cards(self) -> list[str]:
        """The cards in the human's hand now (none in a game without a hand)."""
        return list(getattr(self.view, "hand", None) or ())

    def cards_words(self, cards: list[str] | tuple[str, ...]) -> str:
        return self.t("list.sep").join(self.card_label(c) for c in cards)

    def score_words(self, scores: list[tuple[str, Any]]) -> str:
        """``Score: You 12, Computer 3``: each side's figure, for a line of the log."""
        return self.t(
            "event.score", scores=self.t("list.sep").join(f"{name} {value}" for name, value in scores)
        )

    def add_line(self, text: str | None) -> None:
        """A new line in the log (announced once: lines keep their ids)."""
        if text:
            self.add_words(lambda: [text])

    def add_words(self, words: Callable[[], list[str]]) -> LogEntry | None:
        """New lines in the log, worded by ``words()`` (again after a change of language)."""
        lines = words()
        if not lines:
            return None
        entry = LogEntry(self._lines + 1, words, self.app.catalog.lang, lines)
        self._lines += len(lines)
        self.entries.append(entry)
        self._trim_log()
        return entry

    def _trim_log(self) -> None:
        """Keep only the entries the log's last :data:`LOG_LINES` lines come from."""
        shown = 0
        for i in range(len(self.entries) - 1, 0, -1):
            shown += len(self.entries[i].lines)
            if shown >= LOG_LINES:
                del self.entries[:i]
                return

    @property
    def log(self) -> list[tuple[int, str]]:
        """The log's last lines (number, text) in the page's language now."""
        lang = self.app.catalog.lang
        numbered: list[tuple[int, str]] = []
        for entry in self.entries:
            if entry.lang != lang:
                lines = entry.words()
                if len(lines) == len(entry.lines):  # the same lines, in other words
                    entry.lines, entry.lang = lines, lang
            numbered += [(entry.first + i, line) for i, line in enumerate(entry.lines)]
        return numbered[-LOG_LINES:]

    def say(self, text: str) -> None:
        """Tell the player something in the status line (a refusal), until the next redraw."""
        status = dom.by_id("status")
        if status is not None and text:
            status.textContent = text
            self._regions.clear()  # the next redraw puts the status back

    def celebrate(self, word: str, detail: str = "") -> None:
        """A big word across the felt (``#banner`` in the felt, if the table has one)."""
        banner = dom.by_id("banner")
        if banner is None:
            return
        self._regions.clear()  # the next redraw clears the banner, as ever
        banner.innerHTML = f'<span class="banner-word">{dom.esc(word)}</span>' + (
            f'<span class="banner-who">{dom.esc(detail)}</span>' if detail else ""
        )
        banner.classList.remove("show")
        _ = banner.offsetWidth  # reading it restarts the CSS animation
        banner.classList.add("show")

    # ------------------------------------------------------------ drawing
    def render(self) -> None:
        if not self.alive:
            return
        self._drawn = dom.now()
        self._card_ids = {}
        dom.ROOT.classList.toggle("instant", self.speed == "instant")
        kept = dom.keep_focus("table")
        self.morph("table-bar", self.render_review_bar() if self.reviewing is not None else self.render_bar())
        self.morph("scoreline", self.render_scoreline())
        felt = dom.by_id("felt")
        if felt is not None:
            felt.setAttribute("data-game", self.game_name)
            felt.setAttribute("data-players", str(self.seats))
            self.morph("felt", self.render_cover() if self.session.covered else self.render_felt())
        self.morph("log", markup.log_lines(self.log))
        dom.restore_focus("table", kept)

    def morph(self, region: str, html: str) -> None:
        """Bring ``region`` to ``html`` (its text's digits the language's), unless it already
        shows exactly that."""
        html = self.app.catalog.markup(html)
        if self._regions.get(region) != html:
            dom.morph(region, html)
            self._regions[region] = html

    def render_bar(self) -> str:
        t = self.t
        speeds = "".join(
            f'<option value="{s}"{" selected" if s == self.speed else ""}>{dom.esc(t("speed." + s))}</option>'
            for s in TRAVEL_MS
        )
        return (
            f'<a class="back" href="#/">{dom.esc(t("nav.back"))}</a>'
            f'<h1 class="table-title">{dom.esc(" · ".join(self.title_parts()))}</h1>'
            f'<div class="bar-controls" data-focus-group="bar">{self.extra_controls()}'
            f'<a class="btn rules-link" href="#/rules/{self.game_name}" data-rules-link>{dom.esc(t("lobby.rules"))}</a>'
            f'<label class="speed"><span>{dom.esc(t("speed.label"))}</span>'
            f'<select id="speed">{speeds}</select></label>'
            + self.undo_button()
            + self.result_button()
            + markup.button("keys", t("action.keys"), extra={"aria-haspopup": "dialog"})
            + markup.button("options", t("action.options"), extra={"aria-haspopup": "dialog"})
            + markup.button("new-game", t("action.new_game"), classes="primary")
            + '</div>'
        )

    def render_cover(self) -> str:
        """What the felt shows while it is covered: no card of anyone's hand, only whom to
        pass the device to and the button that person presses."""
        seat = self.session.cover_for
        name = self.seat_name(seat)
        return (
            f'<section class="cover" data-cover-for="{seat}" role="dialog" aria-modal="false" '
            f'aria-labelledby="cover-title">'
            f'<h2 id="cover-title" class="cover-title">{dom.esc(self.t("cover.pass_to", name=name))}</h2>'
            f'<p class="cover-note">{dom.esc(self.t("cover.note", name=name))}</p>'
            + markup.button(
                "uncover", self.t("cover.ready", name=name), classes="primary", extra={"autofocus": ""}
            )
            + '</section>'
        )

    def undo_button(self) -> str:
        """Take back: shown while undo is allowed here (not in the daily deal, nor in
        pass-and-play), enabled when there is a move of the person's to take back."""
        session = self.session
        if not session.undo_allowed or session.pass_and_play:
            return ""
        return markup.button("undo", self.t("action.undo"), enabled=session.can_undo())

    def result_button(self) -> str:
        """Opens the result of the deal, round or game again once it was dismissed."""
        if self.session.phase not in ("over", "between"):
            return ""
        return markup.button("result", self.t("action.result"), extra={"aria-haspopup": "dialog"})

    def open_keys(self) -> None:
        """The keyboard help: what the arrows and the shortcuts do."""
        dialog = dom.dialog("keys", "keys-title")
        t = self.t
        rows = [(t("keys.arrows"), t("keys.arrows_do")), (t("keys.enter"), t("keys.enter_do"))]
        rows += [
            (key.upper() if key.isalpha() else key, t("keys." + action.replace("-", "_")))
            for action, key in markup.SHORTCUTS.items()
        ]
        body = "".join(
            f"<tr><th scope='row'><kbd>{dom.esc(k)}</kbd></th><td>{dom.esc(v)}</td></tr>" for k, v in rows
        )
        dialog.innerHTML = markup.dialog(  # the keys' names as the keyboard has them
            t("keys.title"),
            f'<table class="keys">{body}</table>',
            markup.button("close", t("action.close"), extra={"autofocus": ""}),
            ident="keys-title",
        )
        if not dialog.open:
            dialog.showModal()

    def seat_box(self, seat: int, where: str, body: str, **parts: Any) -> str:
        """A seat at its place around the table, under its name (:func:`markup.seat`)."""
        return markup.seat(seat, where, self.seat_name(seat), body, **parts)

    def own_hand(
        self,
        hand: Any,
        *,
        playable: set[str] | None = None,
        marked: str | None = None,
        classes: str = "",
        card_classes: Any = None,
        fan: bool = False,
    ) -> str:
        """The human's hand, in the order the player chose: a button per card, the legal
        ones playable, the hint marked.
        ``playable``: the cards that can be played (default: the legal moves);
        ``card_classes(card)``: more classes for a card."""
        legal = set(self.legal()) if playable is None else playable
        t = self.t
        hand = display.ordered(hand, self.app.hand_order, self.own_order)
        cards = "".join(
            markup.card_button(
                c,
                t("card.play", card=self.card_label(c)),
                playable=c in legal,
                why=None if c in legal else self.why_not(self.refused_move(c)),
                classes=" ".join(
                    filter(None, ("hint" if c == marked else "", card_classes(c) if card_classes else ""))
                ),
                style=f"--k:{k}" if fan else None,
                key=self.card_key(c),
            )
            for k, c in enumerate(hand)
        )
        return markup.hand(
            cards, t("table.your_hand"), classes=classes, style=f"--n:{len(hand)}" if fan else None
        )

    def other_hand(self, seat: int, shown: int, size: int | None = None) -> str:
        """An opponent's hand face down: ``shown`` backs, ``size`` (default ``shown``) told;
        face up in the review of a finished deal."""
        n = shown if size is None else size
        if self.reviewing is not None:
            cards = tuple(getattr(self.game.view(seat), "hand", ()) or ())
            faces = "".join(markup.face(c, self.card_label(c)) for c in cards)
            return (
                f'<div class="hand theirs open" id="hand-{seat}" role="group" '
                f'aria-label="{dom.esc(self.t("table.hand_of", name=self.seat_name(seat), n=len(cards)))}">'
                f'{faces}</div>'
            )
        return markup.hidden_hand(seat, shown, self.t("table.hand_of", name=self.seat_name(seat), n=n))

    def hint_button(self, label: str | None = None, *, shown: bool = False) -> str:
        if self.reviewing is not None:
            return ""
        ok = self.can_act() and not self.hinting and not shown
        return markup.button("hint", label or self.t("action.hint"), enabled=ok, classes="hint-btn")

    def turn_text(self, prompt: str, *, hint_words: str | None = None) -> str:
        """The status line while the game goes on: whose turn, or the human's prompt,
        the hint being sought or shown."""
        view = self.view
        if self.reviewing is not None:
            return self.t("review.to_move", name=self.seat_name(view.to_move))
        if view.to_move != self.me:
            return self.t("turn.other", name=self.seat_name(view.to_move))
        if self.busy:
            return ""
        if self.hinting:
            return self.t("hint.thinking")
        if hint_words is not None:
            return hint_words
        if self.together:
            return self.t("turn.person", name=self.seat_name(self.me), what=prompt)
        return prompt

    # ------------------------------------------------------------ the result
    def open_result(self, title: str, body: str, *, final: bool, next_label: str = "") -> None:
        """Open the result dialog. ``final``: the game is over (sets ``data-winner`` /
        ``data-scores`` from the view's outcome and ``data-cardems="over"``); otherwise
        a round of a match ended and a ``next`` button goes on."""
        t = self.t
        dialog = dom.by_id("result")
        if final:
            body += self.app.result_extra(self.game)
            if self.game.arranged is None and self.reviewing is None:
                body += f'<p class="review-line">{markup.button("review", t("review.open"))}</p>'

            view = self.view
            dialog.setAttribute("data-winner", str(view.winner))
            dialog.setAttribute("data-scores", ",".join(str(s) for s in view.final_scores or ()))
            buttons = (
                markup.button("close", t("action.close"))
                + markup.button("options", t("action.options"), extra={"aria-haspopup": "dialog"})
                + markup.button("new-game", t("action.new_game"), classes="primary", extra={"autofocus": ""})
            )
        else:
            dialog.removeAttribute("data-winner")
            dialog.removeAttribute("data-scores")
            buttons = markup.button(
                "next", next_label or t("action.next_round"), classes="primary", extra={"autofocus": ""}
            )
        dialog.setAttribute("data-game", self.game_name)
        dialog.innerHTML = self.app.catalog.markup(markup.dialog(title, body, buttons))
        if not dialog.open and not self._result_told:
            self._title_entry = self.add_words(
                lambda: [title]
            )  # the log tells the end once, beside the dialog
            self._result_told = True
        elif self._title_entry is not None and self._title_entry in self.entries:
            self._title_entry.words = lambda: [title]  # the dialog worded again (a change of language)
            self._title_entry.lang = ""  # so the log's line is worded again too
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0
        self.render()
        dom.set_state("over" if final else "ready")

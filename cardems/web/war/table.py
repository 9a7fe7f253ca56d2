"""The War table: draws seat 0's view and turns clicks into battles.

A battle takes two moves (see :mod:`cardems.war.rules`): the computer commits first
(its card appears face down in the battle area), then the human picks one of
the three active cards, and both are turned together. The table reads only
``game.view(0)``, so the computer's chosen card never reaches the DOM before
the reveal.

War games can be long, so the table has an auto-play switch (the Normal bot
plays for the human at the chosen speed) and a "finish" button that plays the
game out at once, a slice at a time; both stop when pressed again.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cardems.bots import Bot, make_bot
from cardems.cards import Card
from cardems.game import Event
from cardems.war.rules import BattleRecord, War, WarView
from cardems.web import dom
from cardems.web.card_art import back_svg, card_svg
from cardems.web.route import Route
from cardems.web.table import SLICE_MS, Table

AUTO_LEVEL = "normal"      # who plays for the human on auto-play and when finishing
STACK_SHOWN = 14           # face-down cards drawn in the war stack (the count says the rest)
FINISH_RENDER_MS = 120.0   # how often the felt is redrawn while a game is being finished


class WarTable(Table):
    game_name = "war"

    def __init__(self, app: Any, route: Route, game: War) -> None:
        super().__init__(app, route, game)
        self.auto_bot: Bot | None = None
        self.autoplay = False
        self.finishing = False
        self.running = False       # an auto-play or finish task is live

    # ------------------------------------------------------------ life cycle
    def mount(self) -> None:
        if not self.game.moves:
            self.log_events(self.game.start_events)
        super().mount()

    def close(self) -> None:
        self.autoplay = self.finishing = False
        super().close()

    def continue_play(self) -> None:
        if self.game.is_over() or not self.alive:
            return
        if self.human_to_move() and (self.autoplay or self.finishing):
            self.busy = True
            dom.set_state("busy")
            self.render()
            if not self.running:
                asyncio.ensure_future(self.run_for_human())
            return
        super().continue_play()

    def helper(self) -> Bot:
        if self.auto_bot is None:
            self.auto_bot = make_bot("war", AUTO_LEVEL)
        return self.auto_bot

    async def run_for_human(self) -> None:
        """One move for the human while auto-play is on (at the chosen speed), or the
        whole rest of the game while finishing; then play goes on as usual."""
        self.running = True
        try:
            if not self.finishing:
                await asyncio.sleep(self.pause)
                if self.alive and self.autoplay and not self.finishing and self.human_to_move():
                    move, _ = await self.think(self.helper(), 0)
                    if move is not None and self.alive and self.autoplay and self.human_to_move():
                        await self.apply(0, move, None)
            if self.alive and self.finishing:
                await self.finish()
                return
        finally:
            self.running = False
        if self.alive:
            self.busy = False
            await self.after_move()

    async def finish(self) -> None:
        """Play the game to its end at once: the Normal bot for the human, the table's bot
        for the computer. The page gets the hand back every few milliseconds, so it stays
        live and the button can stop it; the felt is redrawn now and then."""
        game = self.game
        drawn = breath = dom.now()
        while self.alive and self.finishing and not game.is_over():
            seat = game.to_move
            bot = self.helper() if seat == 0 else self.bots[seat]
            move, _ = await self.think(bot, seat)
            if move is None or not (self.alive and self.finishing):
                break
            self.log_events(game.play(move))
            if dom.now() - breath >= 2 * SLICE_MS:
                await asyncio.sleep(0)
                breath = dom.now()
            if dom.now() - drawn >= FINISH_RENDER_MS:
                self.render()
                drawn = dom.now()
        self.finishing = False
        self.hint_move = None
        self.app.save(self.route, game)
        if self.alive:
            self.busy = False
            self.render()
            if game.is_over():
                self.show_result()
            else:
                self.continue_play()

    # ------------------------------------------------------------ input
    def on_action(self, action: str, target: Any, started: float) -> None:
        if self.game.is_over():
            return
        if action == "autoplay":
            self.autoplay = not self.autoplay
        elif action == "finish":
            self.finishing = not self.finishing
        else:
            return
        if self.can_act():
            self.continue_play()    # the human was waiting: the helper takes over now
        else:
            self.render()           # the loop that is running picks the switch up

    async def after_move(self) -> None:
        if self.game.is_over():
            self.show_result()
            return
        self.continue_play()

    # ------------------------------------------------------------ moves
    async def animate(self, seat: int, move: Any, events: list[Event], before: Any) -> None:
        battle = next((e for e in events if e.kind == "battle"), None)
        if battle is not None and any(e.kind == "war" for e in events):
            self.celebrate(self.t("war.banner"), self.t("war.at_stake", n=len(self.game.table)))
        if battle is not None and self.pause:
            await asyncio.sleep(self.pause)   # let both cards be seen before the next battle

    def log_events(self, events: list[Event]) -> None:
        """One line per battle: both cards and what came of it."""
        after_battle = False
        for event in events:
            line = self.describe(event)
            if line is None:
                continue
            if after_battle and event.kind in ("take", "war") and self.log:
                self.log[-1] += self.t("war.log.then", what=line)
            else:
                self.log.append(line)
            after_battle = event.kind == "battle"
        self.log = self.log[-3:]

    def describe(self, event: Event) -> str | None:
        t = self.t
        if event.kind == "battle":
            mine, theirs = (self.card_label(c) for c in event.cards)
            return t("war.log.battle", mine=mine, theirs=theirs)
        if event.kind == "take":
            n = event.info["count"]
            return t("war.log.take_you", n=n) if event.seat == 0 else t("war.log.take_them", n=n)
        if event.kind == "war":
            return t("war.log.war", n=event.info["table"])
        if event.kind == "deal":
            return t("war.log.deal")
        return None

    # ------------------------------------------------------------ drawing
    def extra_controls(self) -> str:
        t = self.t
        over = self.game.is_over()
        auto = "true" if self.autoplay else "false"
        finish = "true" if self.finishing else "false"
        return (f'<button type="button" class="btn toggle" data-action="autoplay" aria-pressed="{auto}"'
                f'{" disabled" if over or self.finishing else ""}>{dom.esc(t("war.autoplay"))}</button>'
                f'<button type="button" class="btn toggle" data-action="finish" aria-pressed="{finish}"'
                f'{" disabled" if over else ""}>{dom.esc(t("war.stop") if self.finishing else t("war.finish"))}</button>')

    def render_felt(self) -> str:
        view: WarView = self.game.view(0)
        return (self.render_seat(view, 1, "top") + self.render_battle(view)
                + self.render_status(view) + self.render_seat(view, 0, "bottom"))

    def status_text(self, view: WarView) -> str:
        t = self.t
        if view.over:
            return t("war.turn.over")
        if self.finishing:
            return t("war.turn.finishing", n=view.battles)
        if view.to_move == 1:
            return t("turn.other", name=self.seat_name(1))
        if self.autoplay:
            return t("war.turn.autoplay")
        if self.busy:
            return ""
        if self.hinting:
            return t("hint.thinking")
        if self.hint_move is not None:
            return t("hint.shown", card=self.card_label(self.hint_move))
        return t("war.turn.you_war") if view.at_war else t("war.turn.you")

    def render_status(self, view: WarView) -> str:
        return (f'<div class="status-row">'
                f'<p class="status" id="status" aria-live="polite">{dom.esc(self.status_text(view))}</p>'
                f'{self.hint_button()}</div>')

    def render_pile(self, view: WarView, seat: int) -> str:
        """A draw pile with its count; just after a battle, the winner's shows what it gained."""
        n = view.draw_sizes[seat]
        label = dom.esc(self.t("war.draw_pile_of", name=self.seat_name(seat), n=n))
        card = f'<div class="card back" data-card="back">{back_svg()}</div>' if n else '<div class="card slot"></div>'
        shown = self.shown_battle(view)
        gained = ""
        if shown is not None and shown.winner == seat and not view.over:
            gained = f'<span class="gain" aria-hidden="true">+{shown.pile}</span>'
        cls = "draw-pile" + (" empty" if not n else "") + (" gained" if gained else "")
        return (f'<div class="{cls}" data-pile="{seat}" role="img" aria-label="{label}">'
                f'{card}<span class="count" data-draw-count="{n}">{n}</span>{gained}</div>')

    def render_seat(self, view: WarView, seat: int, where: str) -> str:
        t = self.t
        turn = " turn" if view.to_move == seat and not view.over else ""
        count = view.counts[seat]
        stats = (f'<dl class="stats" data-side="{seat}">'
                 f'<div><dt>{dom.esc(t("war.cards"))}</dt><dd data-stat="cards">{count}</dd></div>'
                 f'<div><dt>{dom.esc(t("war.in_pile"))}</dt><dd data-stat="pile">{view.draw_sizes[seat]}</dd></div>'
                 f'</dl>')
        head = f'<header class="seat-head"><h3 class="seat-name">{dom.esc(self.seat_name(seat))}</h3>{stats}</header>'
        attrs = f'class="seat seat-{where}{turn}" data-seat="{seat}"'
        if seat == 0:
            hand = self.own_hand_html(view.hand)
        else:
            n = view.hand_sizes[seat] - (1 if view.other_committed else 0)
            hand = self.other_hand_html(seat, n, view.hand_sizes[seat])
        return f'<section {attrs}>{head}<div class="war-row">{self.render_pile(view, seat)}{hand}</div></section>'

    def shown_battle(self, view: WarView) -> BattleRecord | None:
        """The last battle, shown face up until the computer commits to the next one."""
        if view.other_committed or not view.history:
            return None
        return view.history[-1]

    def slot(self, seat: int, card: Card | None, face_down: bool, mark: str) -> str:
        name = dom.esc(self.seat_name(seat))
        if face_down:
            inner = (f'<div class="card back chosen" data-card="back" role="img" '
                     f'aria-label="{dom.esc(self.t("war.chosen", name=self.seat_name(seat)))}">{back_svg()}</div>')
        elif card is not None:
            inner = (f'<div class="card face{mark}" data-card="{card}" role="img" '
                     f'aria-label="{dom.esc(self.card_label(card))}">{card_svg(card)}</div>')
        else:
            inner = '<div class="card slot"></div>'
        return f'<div class="battle-slot" data-slot="{seat}"><span class="slot-name">{name}</span>{inner}</div>'

    def render_stack(self, view: WarView) -> str:
        """The war pile: the tied cards face up, the burned cards face down, growing."""
        size = view.table_size
        if not size:
            return ""
        layers = ""
        downs = min(sum(view.table_down), STACK_SHOWN)
        for i in range(downs):
            layers += f'<div class="card back" data-card="back" style="--i:{i}">{back_svg()}</div>'
        for j, (seat, card) in enumerate(view.table_up[-4:]):
            layers += (f'<div class="card face tied" data-card="{card}" style="--i:{downs}; --j:{j}" role="img" '
                       f'aria-label="{dom.esc(self.card_label(card))}">{card_svg(card)}</div>')
        text = dom.esc(self.t("war.at_stake", n=size))
        return (f'<div class="war-stack" data-table="{size}"><div class="stack-cards">{layers}</div>'
                f'<span class="pile-count">{text}</span></div>')

    def outcome_text(self, record: BattleRecord) -> str:
        if record.winner is None:
            return self.t("war.outcome.tie")
        key = "war.outcome.you" if record.winner == 0 else "war.outcome.them"
        return self.t(key, n=record.pile)

    def render_last(self, view: WarView) -> str:
        """While the next battle is being chosen, the last one in small: both cards and its outcome."""
        if not view.other_committed or not view.history:
            return ""
        record = view.history[-1]
        minis = "".join(f'<span class="mini card face" data-card="{c}" role="img" '
                        f'aria-label="{dom.esc(self.card_label(c))}">{card_svg(c)}</span>' for c in record.cards)
        return (f'<div class="last-battle"><span class="last-title">{dom.esc(self.t("war.last"))}</span>'
                f'<span class="mini-row">{minis}</span><span>{dom.esc(self.outcome_text(record))}</span></div>')

    def render_battle(self, view: WarView) -> str:
        shown = self.shown_battle(view)
        mine = theirs = None
        mark = ["", ""]
        outcome = ""
        if shown is not None:
            mine, theirs = shown.cards
            if shown.winner is None:
                mark = [" tied", " tied"]
            else:
                mark[shown.winner] = " won"
                mark[1 - shown.winner] = " lost"
            outcome = self.outcome_text(shown)
        slots = (self.slot(1, theirs, view.other_committed, mark[1])
                 + f'<div class="battle-outcome{"" if outcome else " idle"}" aria-live="polite">'
                   f'{dom.esc(outcome or self.t("war.vs"))}</div>'
                 + self.slot(0, mine, False, mark[0]))
        return (f'<section class="center battle" aria-label="{dom.esc(self.t("war.battle"))}">'
                f'{self.render_last(view)}<div class="battle-slots">{slots}</div>{self.render_stack(view)}'
                f'<div id="banner" class="banner" aria-live="assertive"></div></section>')

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        game = self.game
        result = game.result()
        t = self.t
        self.autoplay = self.finishing = False
        title = t("result.win") if result.winner == 0 else t("result.lose", name=self.seat_name(1))
        wars = result.detail["wars"]
        body = (f'<p class="note">{dom.esc(t("war.result.summary", battles=result.detail["battles"], wars=wars))}</p>'
                f'<table class="breakdown"><thead><tr><td></td>'
                f'<th scope="col">{dom.esc(self.seat_name(0))}</th><th scope="col">{dom.esc(self.seat_name(1))}</th>'
                f'</tr></thead><tbody><tr class="row-total"><th scope="row">{dom.esc(t("war.cards"))}</th>'
                f'<td><bdi dir="ltr">{result.scores[0]}</bdi></td><td><bdi dir="ltr">{result.scores[1]}</bdi></td>'
                f'</tr></tbody></table>')
        self.open_result(title, body, final=True)


TABLE = WarTable

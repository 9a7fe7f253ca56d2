"""The Pişti table: draws seat 0's view and turns clicks into moves.

It reads only ``game.view(0)`` to draw, so no hidden card ever reaches the DOM.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import window

from cardems.bots import bot_move, make_bot
from cardems.cards import SUIT_SYMBOLS, rank_of, suit_of
from cardems.game import Event
from cardems.pisti import Pisti, PistiView
from cardems.web import dom
from cardems.web.card_art import back_svg, card_svg
from cardems.web.route import Route

PAUSES = {"normal": 0.9, "fast": 0.35, "instant": 0.0}
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}
ROWS = ("aces", "jacks", "two_clubs", "ten_diamonds", "most_cards", "pistis", "jack_pistis", "cards", "total")


class PistiTable:
    def __init__(self, app: Any, route: Route, game: Pisti) -> None:
        self.app = app
        self.route = route
        self.game = game
        self.bots = {seat: make_bot("pisti", route.level) for seat in range(1, game.players)}
        self.busy = False
        self.alive = True
        self.log: list[str] = []
        self.flash: dict[str, Any] | None = None
        self.shown_deal = len(game.deal_results)

    # ------------------------------------------------------------ names
    def t(self, key: str, **params: Any) -> str:
        return self.app.t(key, **params)

    def seat_name(self, seat: int | None) -> str:
        if seat == 0:
            return self.t("seat.you")
        if self.game.players == 2:
            return self.t("seat.computer")
        return self.t("seat.computer_n", n=seat)

    def side_name(self, side: int) -> str:
        if self.game.players == 4:
            return self.t("side.us") if side == 0 else self.t("side.them")
        return self.seat_name(side)

    def card_label(self, card: str) -> str:
        return self.app.catalog.card_name(card)

    def short(self, card: str) -> str:
        suit = suit_of(card)
        return rank_of(card) + (SUIT_SYMBOLS[suit] if suit else "")

    # ------------------------------------------------------------ life cycle
    def mount(self) -> None:
        window.document.getElementById("table").hidden = False
        if not self.game.moves:
            self.log_events(self.game.start_events)
        self.render()
        if self.game.is_over():
            self.show_result()
        else:
            self.app.save(self.route, self.game)
            self.continue_play()

    def close(self) -> None:
        self.alive = False
        dialog = dom.by_id("result")
        if dialog is not None and dialog.open:
            dialog.close()

    def continue_play(self) -> None:
        if self.game.is_over():
            return
        if self.game.to_move == 0:
            self.busy = False
            dom.set_state("ready")
            self.render()
        else:
            self.busy = True
            dom.set_state("busy")
            asyncio.ensure_future(self.run_bots())

    @property
    def pause(self) -> float:
        return PAUSES.get(self.app.speed, 0.9)

    # ------------------------------------------------------------ input
    def on_click(self, target: Any, action: str | None, event: Any) -> None:
        card = dom.attr(target, "data-card")
        if action is None and card and card != "back":
            self.on_card(card, float(event.timeStamp))
        elif action == "next":
            dialog = dom.by_id("result")
            if dialog.open:
                dialog.close()
            self.continue_play()
        elif action == "close":
            dom.by_id("result").close()

    def on_card(self, card: str, started: float) -> None:
        game = self.game
        if self.busy or not self.alive or game.to_move != 0 or card not in game.legal_moves():
            return  # out of turn, during the computer's pause, a double click: ignore
        self.busy = True
        dom.set_state("busy")
        asyncio.ensure_future(self.human_move(card, started))

    async def human_move(self, card: str, started: float) -> None:
        await self.apply(0, card, started)
        if self.alive:
            await self.after_move()

    async def run_bots(self) -> None:
        while self.alive and not self.game.is_over() and self.game.to_move != 0:
            seat = self.game.to_move
            self.render()
            await asyncio.sleep(self.pause)
            if not self.alive:
                return
            started = dom.now()
            move = bot_move(self.game, self.bots[seat], seat)
            dom.measure("cardems:ai", started)
            await self.apply(seat, move, None)
            if self.alive and self.game.deal_results and len(self.game.deal_results) > self.shown_deal:
                break
        if self.alive:
            await self.after_move()

    async def after_move(self) -> None:
        game = self.game
        if len(game.deal_results) > self.shown_deal:
            self.shown_deal = len(game.deal_results)
            self.show_result()
            if not game.is_over():
                return  # a match goes on when the player presses "next"
            return
        self.continue_play()

    async def apply(self, seat: int, move: str, started: float | None) -> None:
        before = self.game.view(0)
        events = self.game.play(move)
        self.app.save(self.route, self.game)
        took = next((e for e in events if e.kind in ("capture", "sweep")), None)
        if took is not None and took.kind == "capture" and self.pause:
            self.flash = {"pile": before.pile_up + (move,), "hidden": before.pile_hidden,
                          "size": before.pile_size + 1, "seat": seat}
        self.log_events(events)
        self.render()
        if started is not None:
            dom.measure("cardems:move", started)
        pisti = next((e for e in events if e.kind == "capture" and e.info.get("pisti")), None)
        if pisti is not None:
            self.celebrate(pisti)
        if self.flash is not None:
            await asyncio.sleep(self.pause)
            self.flash = None
            if self.alive:
                self.render()

    # ------------------------------------------------------------ events to words
    def log_events(self, events: list[Event]) -> None:
        for e in events:
            text = None
            if e.kind == "play":
                text = self.t("event.play", name=self.seat_name(e.seat), card=self.card_label(e.cards[0]))
            elif e.kind == "capture":
                text = self.t("event.capture", name=self.seat_name(e.seat), n=e.info["count"])
                if e.info.get("pisti"):
                    text += " · " + self.t("event." + e.info["pisti"])
            elif e.kind == "sweep":
                text = self.t("event.sweep", n=e.info["count"], name=self.side_name(e.info["side"]))
            elif e.kind == "deal" and e.info["round"] > 1:
                text = self.t("event.deal", n=e.info["stock"])
            elif e.kind == "redeal":
                text = self.t("event.redeal")
            elif e.kind == "opening":
                if e.info.get("exchanged_jack"):
                    self.log.append(self.t("event.exchanged", card=self.card_label(e.info["exchanged_jack"])))
                text = self.t("event.open", name=self.seat_name(e.info["lead"]), card=self.card_label(e.cards[0]))
            if text:
                self.log.append(text)
        self.log = self.log[-3:]

    def celebrate(self, event: Event) -> None:
        banner = dom.by_id("banner")
        if banner is None:
            return
        key = "event." + event.info["pisti"]
        banner.innerHTML = (f'<span class="banner-word">{dom.esc(self.t(key))}</span>'
                            f'<span class="banner-who">{dom.esc(self.t("event.pisti_by", name=self.seat_name(event.seat), points=event.points))}</span>')
        banner.classList.remove("show")
        banner.offsetWidth  # restart the CSS animation
        banner.classList.add("show")

    # ------------------------------------------------------------ drawing
    def render(self) -> None:
        if not self.alive:
            return
        view = self.game.view(0)
        dom.ROOT.classList.toggle("instant", self.app.speed == "instant")
        dom.set_html("table-bar", self.render_bar(view))
        dom.set_html("felt", self.render_felt(view))
        dom.set_html("log", "".join(f"<li>{dom.esc(line)}</li>" for line in self.log))

    def render_bar(self, view: PistiView) -> str:
        t = self.t
        mode = t(f"mode.{view.mode}")
        title = f'{t("game.pisti.name")} · {mode} · {t("level." + self.route.level)}'
        if view.mode == "match":
            title += f' · {t("table.deal", n=view.deal_no)}'
        speeds = "".join(
            f'<option value="{s}"{" selected" if s == self.app.speed else ""}>{dom.esc(t("speed." + s))}</option>'
            for s in ("normal", "fast", "instant"))
        return (
            f'<a class="back" href="#/">{dom.esc(t("nav.back"))}</a>'
            f'<h2 class="table-title">{dom.esc(title)}</h2>'
            f'<label class="speed"><span>{dom.esc(t("speed.label"))}</span>'
            f'<select id="speed">{speeds}</select></label>'
            f'<button type="button" class="btn primary" data-action="new-game">{dom.esc(t("action.new_game"))}</button>'
        )

    def render_felt(self, view: PistiView) -> str:
        positions = POSITIONS[view.players]
        seats = "".join(self.render_seat(view, seat, positions[seat]) for seat in range(view.players))
        return seats + self.render_center(view) + self.render_status(view)

    def render_status(self, view: PistiView) -> str:
        if view.over:
            text = self.t("turn.over")
        elif view.to_move == 0 and not self.busy:
            text = self.t("turn.you")
        elif view.to_move == 0:
            text = ""
        else:
            text = self.t("turn.other", name=self.seat_name(view.to_move))
        return f'<p class="status" id="status" aria-live="polite">{dom.esc(text)}</p>'

    def render_seat(self, view: PistiView, seat: int, where: str) -> str:
        side = view.side if seat == view.seat else (seat % 2 if view.players == 4 else seat)
        turn = " turn" if view.to_move == seat and not view.over else ""
        stats = self.render_stats(view, side)
        name = dom.esc(self.seat_name(seat))
        if seat == 0:
            playable = set(self.game.legal_moves()) if view.to_move == 0 and not self.busy and not view.over else set()
            cards = "".join(
                f'<button type="button" class="card face" data-card="{c}" '
                f'aria-label="{dom.esc(self.t("card.play", card=self.card_label(c)))}"'
                f'{"" if c in playable else " disabled"}>{card_svg(c)}</button>'
                for c in view.hand)
            hand = f'<div class="hand mine" role="group" aria-label="{dom.esc(self.t("table.your_hand"))}">{cards}</div>'
            return f'<section class="seat seat-{where}{turn}" data-seat="{seat}"><header class="seat-head"><h3 class="seat-name">{name}</h3>{stats}</header>{hand}</section>'
        n = view.hand_sizes[seat]
        backs = "".join(f'<div class="card back" data-card="back">{back_svg()}</div>' for _ in range(n))
        label = dom.esc(self.t("table.hand_of", name=self.seat_name(seat), n=n))
        hand = f'<div class="hand theirs" role="img" aria-label="{label}">{backs}</div>'
        return f'<section class="seat seat-{where}{turn}" data-seat="{seat}"><header class="seat-head"><h3 class="seat-name">{name}</h3>{stats}</header>{hand}</section>'

    def render_stats(self, view: PistiView, side: int) -> str:
        t = self.t
        pistis = view.pistis[side][0] + view.pistis[side][1]
        points = view.known_points(side)
        total = f' <span class="match-total">/ {view.match_scores[side]}</span>' if view.mode == "match" else ""
        return (
            f'<dl class="stats" data-side="{side}">'
            f'<div><dt>{dom.esc(t("table.captured"))}</dt><dd data-stat="captured">{view.captured_counts[side]}</dd></div>'
            f'<div><dt>{dom.esc(t("table.points"))}</dt><dd data-stat="points">{points}{total}</dd></div>'
            f'<div><dt>{dom.esc(t("table.pistis"))}</dt><dd data-stat="pistis">{pistis}</dd></div>'
            f'</dl>')

    def render_center(self, view: PistiView) -> str:
        t = self.t
        flash = self.flash
        pile_up, hidden, size = view.pile_up, view.pile_hidden, view.pile_size
        if flash is not None:
            pile_up, hidden, size = flash["pile"], flash["hidden"], flash["size"]
        layers = "".join(f'<div class="card back under" data-card="back" style="--i:{i}">{back_svg()}</div>'
                         for i in range(hidden))
        shown = pile_up[-3:]
        offset = hidden
        for i, card in enumerate(shown):
            top = i == len(shown) - 1
            cls = "card face" + (" top" if top else " under") + (" taking" if top and flash else "")
            label = f' role="img" aria-label="{dom.esc(self.card_label(card))}"'
            layers += f'<div class="{cls}" data-card="{card}" style="--i:{offset + i}"{label}>{card_svg(card)}</div>'
        count = t("table.pile_count", n=size) if size else t("table.pile_empty")
        stock = ""
        if view.stock_size:
            stock = (f'<div class="stock" aria-label="{dom.esc(t("table.stock_count", n=view.stock_size))}" role="img">'
                     f'<div class="card back" data-card="back">{back_svg()}</div>'
                     f'<span class="count">{view.stock_size}</span></div>')
        return (f'<section class="center">{stock}'
                f'<div class="pile{" empty" if not size else ""}" aria-label="{dom.esc(t("table.pile"))}">'
                f'<div class="pile-cards">{layers}</div>'
                f'<span class="pile-count" data-pile-count="{size}">{dom.esc(count)}</span></div>'
                f'<div id="banner" class="banner" aria-live="assertive"></div></section>')

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        game = self.game
        view = game.view(0)
        result = game.result()
        t = self.t
        dialog = dom.by_id("result")
        sides = range(view.sides)
        deal = view.deal_scores or ()
        head = "".join(f"<th scope='col'>{dom.esc(self.side_name(s))}</th>" for s in sides)
        rows = ""
        for key in ROWS:
            cells = ""
            for s in sides:
                value = deal[s][key] if deal else 0
                if key == "pistis":
                    value = f"{value} × 10"
                elif key == "jack_pistis":
                    value = f"{value} × 20"
                cells += f"<td><bdi dir='ltr'>{value}</bdi></td>"
            rows += f'<tr class="row-{key}"><th scope="row">{dom.esc(t("result." + key))}</th>{cells}</tr>'
        if view.mode == "match":
            cells = "".join(f"<td>{view.match_scores[s]}</td>" for s in sides)
            rows += f'<tr class="row-match"><th scope="row">{dom.esc(t("mode.match"))}</th>{cells}</tr>'
        if result.over:
            winner = result.winner
            title = (t("result.draw") if winner == "draw" else
                     t("result.win") if winner == 0 else t("result.lose", name=self.side_name(int(winner))))
            dialog.setAttribute("data-winner", str(winner))
            dialog.setAttribute("data-scores", ",".join(str(s) for s in result.scores))
            buttons = (f'<button type="button" class="btn" data-action="close">{dom.esc(t("action.close"))}</button>'
                       f'<button type="button" class="btn primary" data-action="new-game" autofocus>{dom.esc(t("action.new_game"))}</button>')
        else:
            title = t("table.deal", n=len(game.deal_results))
            dialog.removeAttribute("data-winner")
            dialog.removeAttribute("data-scores")
            buttons = f'<button type="button" class="btn primary" data-action="next" autofocus>{dom.esc(t("table.deal", n=view.deal_no))} →</button>'
        tie = ""
        if deal and len({deal[s]["total"] for s in sides}) == 1 and result.winner != "draw":
            tie = f'<p class="tiebreak">{dom.esc(t("result.tiebreak"))}</p>'
        opening = "".join(f'<span class="mini card face" data-card="{c}" role="img" aria-label="{dom.esc(self.card_label(c))}">{card_svg(c)}</span>'
                          for c in view.revealed)
        dialog.innerHTML = (
            f'<h2 class="result-title">{dom.esc(title)}</h2>{tie}'
            f'<table class="breakdown"><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>'
            f'<div class="revealed"><p>{dom.esc(t("result.opening"))}</p><div class="mini-row">{opening}</div></div>'
            f'<div class="dialog-buttons">{buttons}</div>')
        if not dialog.open:
            dialog.showModal()
        self.busy = not result.over
        self.render()
        dom.set_state("over" if result.over else "ready")

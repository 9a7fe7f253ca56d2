"""The Pişti table: draws seat 0's view and turns clicks into moves.

It reads only ``game.view(0)`` to draw, so no hidden card ever reaches the DOM.
Computer opponents (and the hint) think through :func:`bot_move_steps`, a
slice at a time, so the page stays responsive while a searching bot works.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cardems.game import Event
from cardems.pisti.rules import Pisti, PistiView
from cardems.web import dom
from cardems.web.card_art import back_svg, card_svg
from cardems.web.route import Route
from cardems.web.table import Table

# Play goes counterclockwise, so seen from the human (bottom) seat 1 sits to the right.
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}
ROWS = ("aces", "jacks", "two_clubs", "ten_diamonds", "most_cards", "pistis", "jack_pistis", "cards", "total")


class PistiTable(Table):
    game_name = "pisti"

    def __init__(self, app: Any, route: Route, game: Pisti) -> None:
        super().__init__(app, route, game)
        self.flash: dict[str, Any] | None = None
        self.shown_deal = len(game.deal_results)

    # ------------------------------------------------------------ names
    @property
    def partners(self) -> bool:
        return self.game.players == 4

    def side_name(self, side: int) -> str:
        if self.partners:
            return self.t("side.us") if side == 0 else self.t("side.them")
        return self.seat_name(side)

    # ------------------------------------------------------------ life cycle
    def mount(self) -> None:
        if not self.game.moves:
            self.log_events(self.game.start_events)
        super().mount()

    def between_rounds(self) -> bool:
        return bool(self.game.deal_results) and not self.game.history

    def round_finished(self) -> bool:
        return len(self.game.deal_results) > self.shown_deal

    async def apply(self, seat: int, move: Any, started: float | None) -> list[Event]:
        before = self.game.view(0)
        events = self.game.play(move)
        self.hint_move = None
        self.app.save(self.route, self.game)
        took = next((e for e in events if e.kind in ("capture", "sweep")), None)
        if took is not None and took.kind == "capture" and self.pause and not self.game.deal_results[self.shown_deal:]:
            self.flash = {"pile": before.pile_up + (move,), "hidden": before.pile_hidden,
                          "size": before.pile_size + 1, "seat": seat}
        self.log_events(events)
        self.render()
        if started is not None:
            dom.measure("cardems:move", started)
        pisti = next((e for e in events if e.kind == "capture" and e.info.get("pisti")), None)
        if pisti is not None:
            self.celebrate(self.t("event." + pisti.info["pisti"]),
                           self.t("event.pisti_by", name=self.seat_name(pisti.seat), points=pisti.points))
        if self.flash is not None:
            await asyncio.sleep(self.pause)
            self.flash = None
            if self.alive:
                self.render()
        return events

    # ------------------------------------------------------------ events to words
    def log_events(self, events: list[Event]) -> None:
        for e in events:
            text = None
            you = e.seat == 0
            if e.kind == "play":
                card = self.card_label(e.cards[0])
                text = (self.t("event.play_you", card=card) if you else
                        self.t("event.play", name=self.seat_name(e.seat), card=card))
            elif e.kind == "capture":
                n = e.info["count"]
                text = self.t("event.capture_you", n=n) if you else self.t("event.capture", name=self.seat_name(e.seat), n=n)
                if e.info.get("pisti"):
                    text += " · " + self.t("event." + e.info["pisti"])
            elif e.kind == "sweep":
                side = e.info["side"]
                if self.partners:
                    text = self.t("event.sweep_us" if side == 0 else "event.sweep_them", n=e.info["count"])
                elif side == 0:
                    text = self.t("event.sweep_you", n=e.info["count"])
                else:
                    text = self.t("event.sweep", n=e.info["count"], name=self.side_name(side))
            elif e.kind == "deal" and e.info["round"] > 1:
                text = self.t("event.deal", n=e.info["stock"])
            elif e.kind == "redeal":
                text = self.t("event.redeal")
            elif e.kind == "opening":
                if e.info.get("exchanged_jack"):
                    self.log.append(self.t("event.exchanged", card=self.card_label(e.info["exchanged_jack"])))
                card = self.card_label(e.cards[0])
                lead = e.info["lead"]
                text = (self.t("event.open_you", card=card) if lead == 0 else
                        self.t("event.open", name=self.seat_name(lead), card=card))
                if self.game.options["mode"] == "match":
                    text = self.t("table.deal", n=e.info["deal"]) + " · " + text
            if text:
                self.log.append(text)
        self.log = self.log[-3:]

    # ------------------------------------------------------------ drawing
    def title_parts(self) -> list[str]:
        t = self.t
        view = self.game.view(0)
        mode = t("table.match_to", n=view.target) if view.mode == "match" else t("mode.classic")
        parts = [t("game.pisti.name"), mode]
        if view.players > 2:
            parts.append(t(f"players.{view.players}"))
        parts.append(t("level." + self.route.level))
        return parts

    def render_scoreline(self) -> str:
        """The compact scoreboard above the felt: the deal and match totals (match),
        and each partnership's pooled cards and points (4 players)."""
        view = self.game.view(0)
        if view.mode != "match" and not self.partners:
            return ""
        t = self.t
        items = ""
        if view.mode == "match":
            items += (f'<div class="deal-chip" data-deal="{view.deal_no}">'
                      f'<strong>{dom.esc(t("table.deal", n=view.deal_no))}</strong>'
                      f'<span>{dom.esc(t("table.first_to", n=view.target))}</span></div>')
        best = max(view.match_scores) if view.mode == "match" and any(view.match_scores) else None
        for side in range(view.sides):
            stats = self.render_stats(view, side) if self.partners else ""
            total = ""
            if view.mode == "match":
                total = (f'<span class="side-total" data-match-total="{view.match_scores[side]}">'
                         f'<small>{dom.esc(t("table.match_score"))}</small><bdi>{view.match_scores[side]}</bdi></span>')
            lead = " leading" if best is not None and view.match_scores[side] == best else ""
            team = f" team-{'us' if side == 0 else 'them'}" if self.partners else ""
            items += (f'<div class="side-chip{team}{lead}" data-side="{side}">'
                      f'<span class="side-name">{dom.esc(self.side_name(side))}</span>{stats}{total}</div>')
        return f'<section class="scoreline-inner" aria-label="{dom.esc(t("table.scoreboard"))}">{items}</section>'

    def render_felt(self) -> str:
        view = self.game.view(0)
        positions = POSITIONS[view.players]
        seats = "".join(self.render_seat(view, seat, positions[seat]) for seat in range(view.players))
        return seats + self.render_center(view) + self.render_status(view)

    def status_text(self, view: PistiView) -> str:
        if view.over:
            return self.t("turn.match_over" if view.mode == "match" else "turn.over")
        if self.awaiting_next:
            return self.t("turn.deal_over", n=len(self.game.deal_results))
        if view.to_move == 0:
            if self.busy:
                return ""
            if self.hinting:
                return self.t("hint.thinking")
            if self.hint_move is not None:
                return self.t("hint.shown", card=self.card_label(self.hint_move))
            return self.t("turn.you")
        if self.partners and view.to_move == 2:
            return self.t("turn.partner")
        return self.t("turn.other", name=self.seat_name(view.to_move))

    def render_status(self, view: PistiView) -> str:
        return (f'<div class="status-row">'
                f'<p class="status" id="status" aria-live="polite">{dom.esc(self.status_text(view))}</p>'
                f'{self.hint_button()}</div>')

    def render_seat(self, view: PistiView, seat: int, where: str) -> str:
        side = seat % 2 if self.partners else seat
        turn = " turn" if view.to_move == seat and not view.over and not self.awaiting_next else ""
        team = f" team-{'us' if side == 0 else 'them'}" if self.partners else ""
        stats = "" if self.partners else self.render_stats(view, side)
        tag = ""
        if self.partners and seat != 0:
            word = self.t("table.partner") if seat == 2 else self.t("side.them")
            tag = f'<span class="seat-tag{" partner" if seat == 2 else ""}">{dom.esc(word)}</span>'
        elif self.partners:
            tag = f'<span class="seat-tag">{dom.esc(self.t("side.us"))}</span>'
        lead = (f'<span class="seat-tag lead-mark">{dom.esc(self.t("table.leads"))}</span>'
                if view.mode == "match" and view.lead == seat else "")
        name = dom.esc(self.seat_name(seat))
        head = f'<header class="seat-head"><h3 class="seat-name">{name}{tag}{lead}</h3>{stats}</header>'
        attrs = f'class="seat seat-{where}{turn}{team}" data-seat="{seat}" data-side="{side}"'
        if seat == 0:
            return f'<section {attrs}>{head}{self.own_hand_html(view.hand)}</section>'
        hand = self.other_hand_html(seat, view.hand_sizes[seat])
        return f'<section {attrs}>{head}{hand}</section>'

    def render_stats(self, view: PistiView, side: int) -> str:
        t = self.t
        pistis = view.pistis[side][0] + view.pistis[side][1]
        points = view.known_points(side)
        return (
            f'<dl class="stats" data-side="{side}">'
            f'<div><dt>{dom.esc(t("table.captured"))}</dt><dd data-stat="captured">{view.captured_counts[side]}</dd></div>'
            f'<div><dt>{dom.esc(t("table.points"))}</dt><dd data-stat="points">{points}</dd></div>'
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
    def result_title(self, winner: Any, match: bool) -> str:
        t = self.t
        if winner == "draw":
            return t("result.draw")
        winner = int(winner)
        if self.partners:
            key = ("result.match_we_win" if winner == 0 else "result.match_they_win") if match else \
                  ("result.we_win" if winner == 0 else "result.they_win")
            return t(key)
        if winner == 0:
            return t("result.match_win" if match else "result.win")
        name = self.side_name(winner)
        return t("result.match_lose", name=name) if match else t("result.lose", name=name)

    def breakdown_table(self, deal: tuple[dict[str, int], ...] | list[dict[str, int]], caption: str) -> str:
        t = self.t
        sides = range(len(deal))
        head = "".join(f"<th scope='col'>{dom.esc(self.side_name(s))}</th>" for s in sides)
        rows = ""
        for key in ROWS:
            cells = ""
            for s in sides:
                value = deal[s][key]
                if key == "pistis":
                    value = f"{value} × 10"
                elif key == "jack_pistis":
                    value = f"{value} × 20"
                cells += f"<td><bdi dir='ltr'>{value}</bdi></td>"
            rows += f'<tr class="row-{key}"><th scope="row">{dom.esc(t("result." + key))}</th>{cells}</tr>'
        cap = f"<caption>{dom.esc(caption)}</caption>" if caption else ""
        return (f'<table class="breakdown">{cap}<thead><tr><td></td>{head}</tr></thead>'
                f'<tbody>{rows}</tbody></table>')

    def scoreboard_table(self, view: PistiView, deals: list[list[dict[str, int]]], winner: Any) -> str:
        t = self.t
        sides = range(view.sides)
        win = winner if isinstance(winner, int) else None
        head = "".join(f"<th scope='col'{' class=winner' if s == win else ''}>{dom.esc(self.side_name(s))}</th>"
                       for s in sides)
        rows = ""
        for i, deal in enumerate(deals, 1):
            cells = "".join(f"<td><bdi dir='ltr'>{deal[s]['total']}</bdi></td>" for s in sides)
            rows += f'<tr data-deal="{i}"><th scope="row">{dom.esc(t("table.deal", n=i))}</th>{cells}</tr>'
        totals = "".join(f"<td data-side='{s}'{' class=winner' if s == win else ''}><bdi dir='ltr'>"
                         f"{view.match_scores[s]}</bdi></td>" for s in sides)
        return (f'<table class="breakdown scoreboard"><caption>{dom.esc(t("table.scoreboard"))}</caption>'
                f'<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody>'
                f'<tfoot><tr class="row-match"><th scope="row">{dom.esc(t("result.match_total"))}</th>{totals}</tr></tfoot>'
                f'</table>')

    def show_result(self) -> None:
        game = self.game
        view = game.view(0)
        result = game.result()
        t = self.t
        match = view.mode == "match"
        self.shown_deal = len(game.deal_results)
        deals = result.detail["deals"]
        deal = deals[-1]
        deal_no = len(deals)
        notes = ""
        if result.over:
            title = self.result_title(result.winner, match)
            if not match and len({d["total"] for d in deal}) == 1 and result.winner != "draw":
                notes += f'<p class="note">{dom.esc(t("result.tiebreak"))}</p>'
            if match:
                notes += f'<p class="note">{dom.esc(t("result.match_final", n=view.target))}</p>'
        else:
            title = t("result.deal_over", n=deal_no)
            if max(view.match_scores) >= view.target:
                notes += f'<p class="note">{dom.esc(t("result.match_tie"))}</p>'
            lead = view.lead
            notes += (f'<p class="note">' + dom.esc(t("result.next_you") if lead == 0 else
                                                 t("result.next_lead", name=self.seat_name(lead))) + '</p>')
        opening = "".join(f'<span class="mini card face" data-card="{c}" role="img" aria-label="{dom.esc(self.card_label(c))}">{card_svg(c)}</span>'
                          for c in view.revealed)
        tables = self.breakdown_table(deal, t("table.deal", n=deal_no) if match else "")
        if match:
            tables += self.scoreboard_table(view, deals, result.winner if result.over else None)
        dom.by_id("result").classList.toggle("match", match)
        self.open_result(title, f'{notes}<div class="result-tables">{tables}</div>'
                                f'<div class="revealed"><p>{dom.esc(t("result.opening"))}</p>'
                                f'<div class="mini-row">{opening}</div></div>',
                         final=result.over, next_label=t("action.next_deal", n=view.deal_no))


TABLE = PistiTable

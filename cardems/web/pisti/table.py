"""The Pişti table: draws seat 0's view and turns clicks into moves.

It reads only the viewer's view (the session's: seat 0's against computers, the
person's to move at a pass-and-play table) to draw, so no hidden card ever reaches the DOM.
Computer opponents (and the hint) think through :func:`bot_move_steps`, a
slice at a time, so the page stays responsive while a searching bot works.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cardems.game import Event
from cardems.pisti.events import Capture, Deal, Opening, Play, Redeal, Sweep
from cardems.pisti.rules import MOST_CARDS_POINTS, Pisti, PistiView
from cardems.web import dom, markup
from cardems.web.host import TableHost
from cardems.web.route import Route
from cardems.web.table import Table

ROWS = ("aces", "jacks", "two_clubs", "ten_diamonds", "most_cards", "pistis", "jack_pistis", "cards", "total")


class PistiTable(Table):
    game_name = "pisti"

    def __init__(self, app: TableHost, route: Route, game: Pisti) -> None:
        self.flash: dict[str, Any] | None = None
        self.last_drawn: PistiView | None = None
        self.last_take: Capture | Sweep | None = None  # the last pile taken, shown on a tap
        super().__init__(app, route, game)

    # ------------------------------------------------------------ names
    def k(self, key: str, **params: Any) -> str:
        """Pişti's own words (its catalog, ``cardems/web/pisti/locales``)."""
        return self.t("pisti." + key, **params)

    @property
    def partners(self) -> bool:
        """The human plays in a partnership (4 players)."""
        return bool(self.view.partners)

    def ours(self, side: int) -> bool:
        mine: int = self.view.side
        return side == mine

    def side_name(self, side: int) -> str:
        if self.together:
            return self.side_names(side)
        if self.partners:
            return self.k("side.us") if self.ours(side) else self.k("side.them")
        return self.seat_name(self.view.teams[side][0])

    # ------------------------------------------------------------ moves shown
    def travel_hints(self, seat: int, move: str, events: list[Event]) -> dict[str, dict[str, str]]:
        """A computer's card comes out of its hand; a taken pile goes to the taker's seat."""
        hints: dict[str, dict[str, str]] = {"from": {}, "to": {}}
        if seat != self.me:
            hints["from"][markup.card_id(move)] = f"#hand-{seat}"
        if any(isinstance(e, Deal) for e in events):
            for card in self.view.hand:
                hints["from"][markup.card_id(card)] = ".center .stock"
        if self.flash is None:
            took = next((e for e in events if isinstance(e, (Capture, Sweep))), None)
            if took is not None:
                taker = took.seat if isinstance(took, Capture) else seat
                for card in (*self.view.pile_up, move):
                    hints["to"][markup.card_id(card)] = f"#seat-{taker}"
        return hints

    def show_move(
        self, seat: int, move: str, events: list[Event], started: float | None, quiet: bool = False
    ) -> None:
        took = next((e for e in events if isinstance(e, Capture)), None)
        if (
            took is not None
            and self.pause
            and not quiet
            and self.view.rounds_done == self.session.shown_rounds
        ):
            # show the taking card on the pile a moment before the pile goes to its taker
            before = self.flash_view
            self.flash = {
                "pile": before["pile"] + (move,),
                "hidden": before["hidden"],
                "size": before["size"] + 1,
                "seat": seat,
                "taken": before["pile"] + (move,),
            }
        super().show_move(seat, move, events, started, quiet)

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        pisti = next((e for e in events if isinstance(e, Capture) and e.pisti), None)
        if pisti is not None:
            self.celebrate(
                self.k(f"event.{pisti.pisti}"),
                self.said("pisti.event.pisti_by", pisti.seat, points=pisti.points),
            )
        if self.flash is not None:
            taken, taker = self.flash["taken"], self.flash["seat"]
            await asyncio.sleep(self.pause)
            self.flash = None
            if self.alive:
                before = dom.snapshot(("felt",))
                self.render()
                dom.travel(
                    ("felt",),
                    before,
                    {"to": {markup.card_id(c): f"#seat-{taker}" for c in taken}},
                    self.travel_ms,
                )

    @property
    def flash_view(self) -> dict[str, Any]:
        """The pile as it was drawn before this move."""
        view = self.last_drawn or self.view
        return {"pile": view.pile_up, "hidden": view.pile_hidden, "size": view.pile_size}

    # ------------------------------------------------------------ events to words
    def log_move(self, events: list[Event], view: Any) -> None:
        took = next((e for e in events if isinstance(e, (Capture, Sweep))), None)
        if took is not None:  # a resumed game's replay of its last moves finds it too
            self.last_take = took
        super().log_move(events, view)

    def on_action(self, action: str, target: Any, started: float) -> None:
        if action == "last-take":
            self.open_last_take()

    def open_last_take(self) -> None:
        """The last pile taken: by whom, its cards seen face up (and how many were face
        down), a pişti marked."""
        took = self.last_take
        if took is None:
            return
        t = self.t
        if isinstance(took, Capture):
            who, taker = self.said("pisti.event.capture", took.seat, n=took.count), f"seat-{took.seat}"
        elif self.partners:
            who = self.k("event.sweep_us" if self.ours(took.side) else "event.sweep_them", n=took.count)
            taker = f"side-{took.side}"
        else:
            who = (
                self.k("event.sweep_you", n=took.count)
                if self.ours(took.side)
                else self.k("event.sweep", n=took.count, name=self.side_name(took.side))
            )
            taker = f"side-{took.side}"
        body = markup.note(who, "note last-who") + markup.mini_row(
            took.cards, self.card_label, "mini-row last-cards"
        )
        hidden = took.count - len(took.cards)
        if hidden > 0:
            body += markup.note(self.k("last.hidden", n=hidden), "note last-hidden")
        if isinstance(took, Capture) and took.pisti:
            body += (
                f'<p class="last-pisti" data-pisti="{took.pisti}">{dom.esc(self.k("event." + took.pisti))} '
                f'{markup.ltr(f"+{took.points}")}</p>'
            )
        dialog = dom.dialog("last-take", "last-take-title")
        dialog.setAttribute("data-taker", taker)
        dialog.innerHTML = self.app.catalog.markup(
            markup.dialog(
                self.k("last.title"),
                body,
                markup.button("close", t("action.close"), extra={"autofocus": ""}),
                ident="last-take-title",
            )
        )
        if not dialog.open:
            dialog.showModal()

    def last_take_button(self) -> str:
        return markup.button(
            "last-take",
            self.k("action.last"),
            enabled=self.last_take is not None,
            classes="last-take",
            extra={"aria-haspopup": "dialog"},
        )

    def event_lines(self, events: list[Event]) -> list[str | None]:
        lines: list[str | None] = []
        for e in events:
            if isinstance(e, Opening) and e.exchanged_jack:
                lines.append(self.k("event.exchanged", card=self.card_label(e.exchanged_jack)))
            lines.append(self.describe(e))
        return lines

    def describe(self, e: Event) -> str | None:
        t = self.t
        if isinstance(e, Play):
            card = self.card_label(e.card)
            return (
                self.k("event.play_you", card=card)
                if self.is_you(e.seat)
                else self.k("event.play", name=self.seat_name(e.seat), card=card)
            )
        if isinstance(e, Capture):
            n = e.count
            text = (
                self.k("event.capture_you", n=n)
                if self.is_you(e.seat)
                else self.k("event.capture", name=self.seat_name(e.seat), n=n)
            )
            text += " · " + self.k(f"event.{e.pisti}") if e.pisti else ""
            return text + " · " + self.score_now()
        if isinstance(e, Sweep):
            side, n = e.side, e.count
            if self.partners and not self.together:
                return self.k("event.sweep_us" if self.ours(side) else "event.sweep_them", n=n)
            text = (
                self.k("event.sweep_you", n=n)
                if self.ours(side) and not self.together
                else self.k("event.sweep", n=n, name=self.side_name(side))
            )
            return text + " · " + self.score_now()
        if isinstance(e, Deal) and e.round > 1:
            return self.k("event.deal", n=e.stock)
        if isinstance(e, Redeal):
            return self.k("event.redeal")
        if isinstance(e, Opening):
            card, lead = self.card_label(e.card), e.lead
            text = (
                self.k("event.open_you", card=card)
                if self.is_you(lead)
                else self.k("event.open", name=self.seat_name(lead), card=card)
            )
            if self.view.mode == "match":
                text = t("table.deal", n=e.deal) + " · " + text
            return text
        return None

    def sound(self, event: Event) -> str | None:
        if isinstance(event, Capture):
            return "fanfare" if event.pisti else "capture"
        return "play" if isinstance(event, Play) else None

    def score_now(self) -> str:
        view = self.view
        return self.score_words(
            [(self.side_name(side), view.known_points(side)) for side in range(view.sides)]
        )

    # ------------------------------------------------------------ drawing
    def title_parts(self) -> list[str]:
        t = self.t
        view = self.view
        mode = t("table.match_to", n=view.target) if view.mode == "match" else t("mode.classic")
        parts = [t("game.pisti.name"), mode]
        if view.players > 2:
            parts.append(t(f"players.{view.players}"))
        parts.append(self.level_part())
        return parts

    def render_scoreline(self) -> str:
        """The compact scoreboard above the felt: the deal and match totals (match),
        and each partnership's pooled cards and points (4 players)."""
        view = self.view
        if view.mode != "match" and not self.partners:
            return ""
        t = self.t
        chips = ""
        if view.mode == "match":
            chips += markup.chip(
                t("table.deal", n=view.deal_no),
                t("table.first_to", n=view.target),
                extra={"data-deal": view.deal_no},
            )
            if view.most_cards_points > MOST_CARDS_POINTS:  # carried from tied deals (most_cards_tie=carry)
                chips += markup.chip(
                    self.k("table.carried_title"),
                    self.k("carried", n=view.most_cards_points),
                    extra={"data-carried": view.most_cards_points},
                )
        best = max(view.match_scores) if view.mode == "match" and any(view.match_scores) else None
        for side in range(view.sides):
            chips += markup.side_chip(
                self.side_name(side),
                side=side,
                inner=self.render_stats(view, side) if self.partners else "",
                total=view.match_scores[side] if view.mode == "match" else None,
                total_label=t("table.match_score"),
                lead=best is not None and view.match_scores[side] == best,
                classes=f"team-{'us' if self.ours(side) else 'them'}" if self.partners else "",
            )
        return markup.scoreline(t("table.scoreboard"), chips)

    def render_felt(self) -> str:
        view = self.view
        self.last_drawn = view
        seats = "".join(self.render_seat(view, seat, self.where(seat)) for seat in range(view.players))
        return (
            seats
            + self.render_center(view)
            + markup.status_row(self.status_text(view), self.hint_button() + self.last_take_button())
        )

    def status_text(self, view: PistiView) -> str:
        if view.over:
            return self.t("turn.match_over" if view.mode == "match" else "turn.over")
        if self.awaiting_next:
            return self.t("turn.deal_over", n=view.rounds_done)
        if view.to_move in view.partners:
            return self.k("turn.partner")
        hint = self.hint_move
        return self.turn_text(
            self.k("turn.you"), hint_words=self.t("hint.shown", card=self.card_label(hint)) if hint else None
        )

    def render_seat(self, view: PistiView, seat: int, where: str) -> str:
        side = view.side_of(seat)
        partner = seat in view.partners
        turn = view.to_move == seat and not view.over and not self.awaiting_next
        tags = ""
        if self.partners:
            word = (
                self.k("side.us")
                if seat == view.seat
                else self.k("table.partner")
                if partner
                else self.k("side.them")
            )
            tags += markup.seat_tag(word, "partner" if partner else "")
        if view.mode == "match" and view.lead == seat:
            tags += markup.seat_tag(self.k("table.leads"), "lead-mark")
        if seat == self.me:
            body = self.own_hand(view.hand, marked=self.hint_move)
        else:
            body = self.other_hand(seat, view.hand_sizes[seat])
        team = f"team-{'us' if self.ours(side) else 'them'}" if self.partners else ""
        return self.seat_box(
            seat,
            where,
            body,
            tags=tags,
            turn=turn,
            classes=team,
            stats="" if self.partners else self.render_stats(view, side),
            extra={"data-side": side},
        )

    def render_stats(self, view: PistiView, side: int) -> str:
        t = self.t
        pistis = view.pistis[side][0] + view.pistis[side][1]
        return markup.stats(
            side,
            [
                (self.k("table.captured"), "captured", view.captured_counts[side]),
                (t("table.points"), "points", view.known_points(side)),
                (self.k("table.pistis"), "pistis", pistis),
            ],
        )

    def render_center(self, view: PistiView) -> str:
        t = self.t
        flash = self.flash
        pile_up, hidden, size = view.pile_up, view.pile_hidden, view.pile_size
        if flash is not None:
            pile_up, hidden, size = flash["pile"], flash["hidden"], flash["size"]
        layers = "".join(
            markup.back(classes="under", style=f"--i:{i}", key=f"pile-back-{i}") for i in range(hidden)
        )
        shown = pile_up[-3:]
        for i, card in enumerate(shown):
            top = i == len(shown) - 1
            cls = ("top" if top else "under") + (" taking" if top and flash else "")
            layers += markup.face(
                card, self.card_label(card), classes=cls, style=f"--i:{hidden + i}", key=self.card_key(card)
            )
        count = self.k("table.pile_count", n=size) if size else self.k("table.pile_empty")
        stock = ""
        if view.stock_size:
            stock = (
                f'<div class="stock" aria-label="{dom.esc(t("table.stock_count", n=view.stock_size))}" role="img">'
                f'{markup.back()}<span class="count">{view.stock_size}</span></div>'
            )
        return (
            f'<section class="center">{stock}'
            f'<div class="pile{" empty" if not size else ""}" role="group" aria-label="{dom.esc(t("table.pile"))}">'
            f'<div class="pile-cards">{layers}</div>'
            f'<span class="pile-count" data-pile-count="{size}">{dom.esc(count)}</span></div>'
            f'{markup.banner()}</section>'
        )

    # ------------------------------------------------------------ the result
    def result_title(self, winner: Any, match: bool) -> str:
        t = self.t
        if winner == "draw":
            return t("result.draw")
        winner = int(winner)
        if self.together:
            return self.winner_title(winner)
        if self.partners:
            ours = self.ours(winner)
            key = (
                ("result.match_we_win" if ours else "result.match_they_win")
                if match
                else ("result.we_win" if ours else "result.they_win")
            )
            return self.k(key)
        if self.ours(winner):
            return t("result.match_win" if match else "result.win")
        name = self.side_name(winner)
        return t("result.match_lose", name=name) if match else t("result.lose", name=name)

    def breakdown_table(
        self, view: PistiView, deal: tuple[dict[str, int], ...] | list[dict[str, int]], caption: str
    ) -> str:
        times = {"pistis": f" × {view.pisti_points}", "jack_pistis": f" × {view.jack_pisti_points}"}
        rows = [
            (
                self.t("result.total") if key == "total" else self.k("result." + key),
                [markup.ltr(f"{side[key]}{times.get(key, '')}") for side in deal],
                f"row-{key}",
            )
            for key in ROWS
        ]
        return markup.score_table([self.side_name(s) for s in range(len(deal))], rows, caption=caption)

    def scoreboard_table(self, view: PistiView, deals: list[list[dict[str, int]]], winner: Any) -> str:
        t = self.t
        rows = [
            (t("table.deal", n=i), [markup.ltr(deal[s]["total"]) for s in range(view.sides)], f"deal-{i}")
            for i, deal in enumerate(deals, 1)
        ]
        foot = (t("result.match_total"), [markup.ltr(score) for score in view.match_scores], "row-match")
        return markup.score_table(
            [self.side_name(s) for s in range(view.sides)],
            rows,
            caption=t("table.scoreboard"),
            classes="breakdown scoreboard",
            foot=foot,
            winners=[winner] if isinstance(winner, int) else [],
        )

    def show_result(self) -> None:
        view = self.view
        t = self.t
        match = view.mode == "match"
        deals = [[side.as_dict() for side in deal] for deal in view.deals]
        deal = deals[-1]
        deal_no = len(deals)
        notes = ""
        if view.over:
            title = self.result_title(view.winner, match)
            if not match and len({d["total"] for d in deal}) == 1 and view.winner != "draw":
                notes += markup.note(self.k("result.tiebreak"))
            if match:
                notes += markup.note(t("result.match_final", n=view.target))
        else:
            title = t("result.deal_over", n=deal_no)
            if max(view.match_scores) >= view.target:
                notes += markup.note(t("result.match_tie"))
            lead = view.lead
            notes += markup.note(
                self.k("result.next_you")
                if self.is_you(lead)
                else self.k("result.next_lead", name=self.seat_name(lead))
            )
        opening = markup.mini_row(view.revealed, self.card_label)
        tables = self.breakdown_table(view, deal, t("table.deal", n=deal_no) if match else "")
        if match:
            tables += self.scoreboard_table(view, deals, view.winner if view.over else None)
        dom.by_id("result").classList.toggle("match", match)
        self.open_result(
            title,
            f'{notes}<div class="result-tables">{tables}</div>'
            f'<div class="revealed"><p>{dom.esc(self.k("result.opening"))}</p>'
            f'{opening}</div>',
            final=view.over,
            next_label=t("action.next_deal", n=view.deal_no),
        )


TABLE = PistiTable

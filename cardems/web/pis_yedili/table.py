"""The Pis Yedili table: the viewer's view drawn (seat 0's against computers), clicks turned into moves.

It reads only the viewer's view (and the public round records) to draw, so no
hidden card reaches the DOM. A click on a Jack (or a joker) opens the suit chooser
(``suit-S`` .. ``suit-C``); ``draw`` and ``pass`` are buttons enabled only
when legal; in the muamele the human picks face-down cards (``pick``).
"""

from __future__ import annotations

from typing import Any

from cardems.game import Event
from cardems.pis_yedili.events import (
    Again,
    Draw,
    Muamele,
    Pass,
    Penalty,
    Pick,
    Play,
    Reverse,
    Round,
    RoundEnd,
    Skip,
    Ten,
)
from cardems.pis_yedili.rules import DRAW, PASS, PisYedili, PisYediliView, RoundScore, card_value, wild
from cardems.web import dom, markup
from cardems.web.host import TableHost
from cardems.web.route import Route
from cardems.web.table import Table

PICKS_SHOWN = 24  # face-down cards offered to pick from (any of them is as good)


class PisYediliTable(Table):
    game_name = "pis-yedili"
    own_order = "suit"  # a shedding hand of up to twenty cards reads best by suit

    def __init__(self, app: TableHost, route: Route, game: PisYedili) -> None:
        self.jack: str | None = None  # the Jack clicked, waiting for its suit
        super().__init__(app, route, game)

    def k(self, key: str, **params: Any) -> str:
        return self.t("pis_yedili." + key, **params)

    def suit_name(self, suit: str) -> str:
        return self.t("suit." + suit)

    def title_parts(self) -> list[str]:
        opts = self.view.options
        parts = [self.t("game.pis-yedili.name")]
        parts.append(
            self.k("title.to", n=opts["target"]) if opts["mode"] == "match" else self.k("option.mode.round")
        )
        if self.seats > 2:
            parts.append(self.t(f"players.{self.seats}"))
        parts.append(self.t("level." + self.route.level))
        return parts

    # ------------------------------------------------------------ input
    def card_move(self, card: str) -> Any:
        if wild(card):  # a Jack or a joker: the suit chooser
            if self.can_act() and any(m.startswith(card + ":") for m in self.legal()):
                self.jack = card
                self.render()
            return None
        self.jack = None
        return card

    def refused_move(self, card: str) -> str:
        """A Jack is asked about naming its own suit, a joker spades (the suit changes no refusal)."""
        return f"{card}:{'S' if card == 'X' else card[-1]}" if wild(card) else card

    def on_action(self, action: str, target: Any, started: float) -> None:
        if action in (DRAW, PASS):
            self.jack = None
            self.human_play(action, started)
        elif action.startswith("suit-") and self.jack is not None:
            move = f"{self.jack}:{action[5:]}"
            self.jack = None
            if not self.human_play(move, started):
                self.render()
        elif action == "suit-cancel":
            self.jack = None
            self.render()
        elif action == "pick":
            index = dom.attr(target, "data-index")
            if index is not None:
                self.human_play(f"pick:{int(index)}", started)

    # ------------------------------------------------------------ words
    def move_words(self, move: str) -> str:
        if move == DRAW:
            return self.k("hint.draw")
        if move == PASS:
            return self.k("hint.pass")
        if move.startswith("pick:"):
            return self.k("hint.pick")
        card, _, named = move.partition(":")
        if named:
            return self.k("hint.jack", card=self.card_label(card), suit=self.suit_name(named))
        return self.k("hint.card", card=self.card_label(card))

    def describe(self, event: Event) -> str | None:
        line = self.event_line(event)
        return line[:1].upper() + line[1:] if line else None  # "sinek 8 attın" starts a line

    def event_line(self, event: Event) -> str | None:
        if isinstance(event, Play):
            you, who, card = self.is_you(event.seat), self.seat_name(event.seat), self.card_label(event.card)
            if event.named:
                return self.k(
                    "event.jack_you" if you else "event.jack",
                    name=who,
                    card=card,
                    suit=self.suit_name(event.named),
                )
            return self.k("event.play_you" if you else "event.play", name=who, card=card)
        if isinstance(event, Draw):
            you, who, n = self.is_you(event.seat), self.seat_name(event.seat), event.count
            if event.reason == "penalty":
                return self.k("event.penalty_you" if you else "event.penalty", name=who, n=n)
            if event.reason == "ace":
                return None
            return self.k("event.draw_you" if you else "event.draw", name=who, n=n)
        if isinstance(event, Pass):
            return self.k(
                "event.pass_you" if self.is_you(event.seat) else "event.pass", name=self.seat_name(event.seat)
            )
        if isinstance(event, Penalty):
            return self.k("event.seven", n=event.pending)
        if isinstance(event, Ten):
            return self.said("pis_yedili.event.ten", event.to)
        if isinstance(event, Reverse):
            return self.k("event.reverse")
        if isinstance(event, Skip):
            return self.said("pis_yedili.event.skip", event.skipped)
        if isinstance(event, Again):
            return self.said(
                "pis_yedili.event.ace_again" if event.reason == "ace" else "pis_yedili.event.twin", event.seat
            )
        if isinstance(event, RoundEnd):
            if event.out is None:
                return self.k("event.stock_out")
            return self.k(
                "event.out_you" if self.is_you(event.out) else "event.out", name=self.seat_name(event.out)
            )
        if isinstance(event, Muamele):
            return self.said("pis_yedili.event.muamele", event.seat, n=event.picks)
        if isinstance(event, Pick):
            return self.said("pis_yedili.event.pick", event.seat, card=self.card_label(event.card))
        if isinstance(event, Round):
            return self.said("pis_yedili.event.round", event.first, n=event.round)
        return None

    def sound(self, event: Event) -> str | None:
        if isinstance(event, Play):
            return "play"
        if isinstance(event, Pick) or isinstance(event, Draw) and event.count:
            return "draw"
        return None

    def travel_hints(self, seat: int, move: str, events: list[Event]) -> dict[str, dict[str, str]]:
        """A computer's card comes out of its hand; drawn cards come from the stock."""
        hints: dict[str, dict[str, str]] = {"from": {}}
        card = move.partition(":")[0]
        if seat != self.me:
            for ident in self.card_ids(card):
                hints["from"][ident] = f"#hand-{seat}"
        for e in events:
            if isinstance(e, (Draw, Pick)) and e.seat == self.me:
                for c in self.view.hand:
                    for ident in self.card_ids(c):
                        hints["from"].setdefault(ident, ".center .stock, .pick-pool")
        return hints

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        if not self.pause:
            return
        again = next((e for e in events if isinstance(e, Again)), None)
        if again is not None:
            word = self.k("banner.ace") if again.reason == "ace" else self.k("banner.pisti")
            self.celebrate(word, self.seat_name(seat))
        seven = next((e for e in events if isinstance(e, Penalty)), None)
        if seven is not None and seven.pending >= 6:
            self.celebrate(f"+{seven.pending}", self.k("banner.stack"))

    # ------------------------------------------------------------ drawing
    def render_felt(self) -> str:
        view = self.view
        center = self.render_center(view)  # first: a pile's card keeps its id when its twin is drawn
        seats = "".join(self.render_seat(view, s, self.where(s)) for s in range(view.players))
        return seats + center + self.render_status(view)

    def render_scoreline(self) -> str:
        view = self.view
        if view.mode != "match":
            return ""
        best = min(view.totals)
        chips = markup.chip(
            self.k("table.round", n=view.round_no),
            self.k("table.target", n=view.target),
            extra={"data-round": view.round_no},
        )
        for seat in range(view.players):
            chips += markup.side_chip(
                self.seat_name(seat),
                side=seat,
                total=view.totals[seat],
                total_label=self.k("table.penalty"),
                lead=any(view.totals) and view.totals[seat] == best,
            )
        return markup.scoreline(self.t("table.scoreboard"), chips, "py-score")

    def render_seat(self, view: PisYediliView, seat: int, where: str) -> str:
        playing = view.phase in ("play", "opening", "muamele") and not self.awaiting_next
        owed = view.stack.count(seat)
        tags = ""
        if view.phase != "muamele" and view.next_up == seat and view.to_move != seat:
            tags += markup.seat_tag(self.k("table.next"), "next-mark", {"data-next": seat})
        if owed:
            tags += markup.seat_tag(
                self.k("table.owed"), "owed-mark", {"data-owed": owed, "title": self.k("table.owed_help")}
            )
        if view.first == seat and view.phase == "opening":
            tags += markup.seat_tag(self.k("table.opens"), "lead-mark")
        n = view.hand_sizes[seat]
        count = f'<span class="hand-count" data-hand-count="{n}">{dom.esc(self.k("table.cards", n=n))}</span>'
        body = self.render_hand(view) if seat == self.me else self.other_hand(seat, min(n, 8), n)
        return self.seat_box(
            seat,
            where,
            body,
            tags=tags,
            stats=count,
            turn=view.to_move == seat and playing and not view.over,
        )

    def render_hand(self, view: PisYediliView) -> str:
        legal = self.legal()
        playable = {m.partition(":")[0] for m in legal if m not in (DRAW, PASS) and not m.startswith("pick:")}
        hint = self.hint_move.partition(":")[0] if isinstance(self.hint_move, str) else None
        hand = self.own_hand(
            view.hand,
            playable=playable,
            marked=hint,
            classes="fan rows",
            fan=True,
            card_classes=lambda c: " ".join(
                filter(None, ("playable" if c in playable else "", "chosen" if c == self.jack else ""))
            ),
        )
        return hand + self.render_controls(view, legal)

    def render_controls(self, view: PisYediliView, legal: list[str]) -> str:
        if view.phase == "muamele":
            return ""
        draw_label = self.k("action.draw_n", n=view.pending) if view.pending else self.k("action.draw")
        if view.phase == "opening":  # no pass in the opening, and a draw only without a club to open with
            buttons = markup.button("draw", draw_label) if DRAW in legal else ""
        else:
            buttons = markup.button("draw", draw_label, enabled=DRAW in legal) + markup.button(
                "pass", self.k("action.pass"), enabled=PASS in legal
            )
        chooser = ""
        if self.jack is not None and self.can_act():
            suits = "".join(
                markup.button(
                    f"suit-{s}",
                    "",
                    classes=f"suit suit-{s}",
                    inner=f'{markup.suit_sign(s)}<span class="suit-word">{dom.esc(self.suit_name(s))}</span>',
                )
                for s in "SHDC"
            )
            chooser = (
                f'<div class="suit-chooser" role="group" data-focus-group="suits" '
                f'aria-label="{dom.esc(self.k("table.name_suit"))}">'
                f'<p>{dom.esc(self.k("table.name_suit_for", card=self.card_label(self.jack)))}</p>'
                f'<div class="suits">{suits}</div>'
                + markup.button("suit-cancel", self.k("action.cancel"), classes="link")
                + '</div>'
            )
        return f'<div class="py-controls" data-focus-group="controls">{buttons}{self.hint_button()}</div>{chooser}'

    def render_center(self, view: PisYediliView) -> str:
        if view.phase == "muamele" and view.ending is not None:
            return self.render_muamele(view)
        shown = view.pile[-3:]
        layers = "".join(
            markup.face(
                card,
                self.card_label(card),
                classes="top" if i == len(shown) - 1 else "under",
                style=f"--i:{i}",
                key=self.card_key(card),
            )
            for i, card in enumerate(shown)
        )
        badges = ""
        if view.named:
            badges += (
                f'<span class="badge-named suit-{view.named}" data-named="{view.named}">'
                f'{dom.esc(self.k("table.named", suit=self.suit_name(view.named)))} '
                f'{markup.suit_sign(view.named)}</span>'
            )
        if view.pending:
            badges += (
                f'<span class="badge-pending" data-pending="{view.pending}">'
                f'{dom.esc(self.k("table.pending", n=view.pending))}</span>'
            )
        if view.phase == "opening":
            badges += f'<span class="badge-opening">{dom.esc(self.k("table.opening"))}</span>'
        stock = (
            f'<div class="stock" role="img" aria-label="{dom.esc(self.t("table.stock_count", n=view.stock_size))}">'
            + (markup.back(key="stock-top") if view.stock_size else markup.slot("empty-slot"))
            + f'<span class="count">{view.stock_size}</span></div>'
        )
        return (
            f'<section class="center">{stock}'
            f'<div class="pile{" empty" if not view.pile else ""}" role="group" aria-label="{dom.esc(self.t("table.pile"))}">'
            f'<div class="pile-cards">{layers}</div><div class="badges">{badges}</div></div>'
            f'{markup.banner()}</section>'
        )

    def render_order(self, view: PisYediliView) -> str:
        """The turn order: whose turn, who is next, and the 10's chain of seats owed a turn."""
        if view.to_move is None or view.phase == "muamele":
            return ""
        nxt = view.next_up
        arrow = "↺" if view.direction == 1 else "↻"
        chain = ""
        if view.stack:
            owed = " → ".join(self.seat_name(s) for s in reversed(view.stack))
            chain = f'<span class="owed-chain" data-stack="{",".join(map(str, view.stack))}">{dom.esc(self.k("table.back_to", names=owed))}</span>'
        return (
            f'<div class="order" aria-label="{dom.esc(self.k("table.order"))}">'
            f'<span class="dir" aria-hidden="true">{arrow}</span>'
            f'<span>{dom.esc(self.k("table.now_next", now=self.seat_name(view.to_move), next=self.seat_name(nxt)))}</span>'
            f'{chain}</div>'
        )

    def render_muamele(self, view: PisYediliView) -> str:
        ending = view.ending or {}
        picker = view.to_move
        mine = picker == self.me and self.can_act()
        backs = ""
        for i in range(1, min(view.stock_size, PICKS_SHOWN) + 1):
            if mine:
                backs += markup.back_button(
                    "pick", self.k("action.pick_n", n=i), classes="pick", extra={"data-index": i}
                )
            else:
                backs += markup.back(classes="pick")
        picks = ""
        for seat, cards in enumerate(ending.get("picks", [])):
            if cards:
                picks += (
                    f'<div class="picked" data-seat="{seat}"><span>{dom.esc(self.seat_name(seat))}</span>'
                    f'{markup.mini_row(cards, self.card_label)}</div>'
                )
        head = (
            self.k("muamele.you", n=ending.get("picks_left", 0))
            if self.is_you(picker)
            else self.k("muamele.other", name=self.seat_name(picker))
        )
        inside = "".join(
            (
                f'<h2 class="muamele-title">{dom.esc(self.k("muamele.title"))}</h2>',
                markup.note(head, "muamele-help"),
                f'<div class="pick-pool" data-focus-group="picks">{backs}</div>',
                picks,
                markup.banner(),
            )
        )
        return f'<section class="center muamele" data-picks-left="{ending.get("picks_left", 0)}">{inside}</section>'

    def status_text(self, view: PisYediliView) -> str:
        if view.over:
            return self.k("status.over")
        if self.awaiting_next:
            return self.k("status.round_over", n=view.rounds_done)
        hint = self.hint_move
        return self.turn_text(
            self.prompt(view),
            hint_words=self.k("hint.shown", move=self.move_words(hint)) if hint is not None else None,
        )

    def prompt(self, view: PisYediliView) -> str:
        if view.phase == "muamele":
            return self.k("status.pick", n=(view.ending or {}).get("picks_left", 0))
        if view.phase == "opening":
            return self.k("status.opening_draw" if DRAW in self.legal() else "status.opening")
        if view.pending:
            return self.k("status.pending", n=view.pending)
        if view.drawn:
            return self.k("status.drawn")
        if view.stack and view.history and view.history[-1][1].startswith("10"):
            return self.k("status.ten")
        return self.k("status.turn")

    def render_status(self, view: PisYediliView) -> str:
        return markup.status_row(self.status_text(view), before=self.render_order(view))

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        view = self.view
        if not view.rounds:
            return
        score = view.rounds[-1]
        body = self.round_table(score) + (self.match_table(view) if view.mode == "match" else "")
        if view.over:
            winners = view.winners
            if len(winners) > 1:
                title = self.k("result.shared", names=", ".join(self.seat_name(s) for s in winners))
            elif self.together:
                title = self.winner_title(winners[0])
            elif winners[0] == self.me:
                title = self.k("result.win")
            else:
                title = self.k("result.lose", name=self.seat_name(winners[0]))
            if view.mode == "match":
                body = markup.note(self.k("result.match_note", n=view.target)) + body
            self.open_result(title, body, final=True)
        else:
            title = self.k("result.round_over", n=score.number)
            body += markup.note(self.said("pis_yedili.result.next_opens", view.first))
            self.open_result(
                title, body, final=False, next_label=self.k("action.next_round", n=view.round_no)
            )

    def round_table(self, score: RoundScore) -> str:
        k = self.k
        if score.out is None:
            how = k("result.stock_out")
        else:
            key = {1: "result.out", 2: "result.out_jack", 3: "result.out_seven"}[score.multiplier]
            how = self.said("pis_yedili." + key, score.out, card=self.card_label(score.last_card or ""))
        rows = ""
        for seat in range(len(score.penalties)):
            hand = markup.mini_row(score.hands[seat], self.card_label) if score.hands[seat] else "—"
            picks = markup.mini_row(score.picks[seat], self.card_label) if score.picks[seat] else "—"
            points = sum(card_value(c) for c in score.hands[seat]) + sum(
                card_value(c) for c in score.picks[seat]
            )
            formula = "0" if seat == score.out else f"{score.multiplier} × {points}"
            rows += (
                f'<tr data-seat="{seat}"><th scope="row">{dom.esc(self.seat_name(seat))}</th>'
                f'<td class="cards">{hand}</td><td class="cards">{picks}</td>'
                f'<td><bdi dir="ltr">{formula}</bdi></td>'
                f'<td class="penalty"><bdi dir="ltr">{score.penalties[seat]}</bdi></td></tr>'
            )
        return (
            f'<p class="note how">{dom.esc(how)}</p>'
            f'<table class="breakdown py-round"><caption>{dom.esc(k("table.round", n=score.number))}</caption>'
            f'<thead><tr><td></td><th scope="col">{dom.esc(k("result.hand"))}</th>'
            f'<th scope="col">{dom.esc(k("result.muamele"))}</th>'
            f'<th scope="col">{dom.esc(k("result.formula"))}</th>'
            f'<th scope="col">{dom.esc(k("result.penalty"))}</th></tr></thead><tbody>{rows}</tbody></table>'
        )

    def match_table(self, view: PisYediliView) -> str:
        seats = range(view.players)
        rows = [
            (
                self.k("table.round", n=score.number)
                + (f" ×{score.multiplier}" if score.multiplier > 1 else ""),
                [markup.ltr(score.penalties[s]) for s in seats],
                f"round-{score.number}",
            )
            for score in view.rounds
        ]
        foot = (self.t("result.match_total"), [markup.ltr(view.totals[s]) for s in seats], "row-match")
        return markup.score_table(
            [self.seat_name(s) for s in seats],
            rows,
            caption=self.k("table.match", n=view.target),
            classes="breakdown scoreboard",
            foot=foot,
            winners=view.winners,
        )


TABLE = PisYediliTable

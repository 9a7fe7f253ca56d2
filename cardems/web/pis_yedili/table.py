"""The Pis Yedili table: seat 0's view drawn, clicks turned into moves.

It reads only ``game.view(0)`` (and the public round records) to draw, so no
hidden card reaches the DOM. A click on a Jack opens the suit chooser
(``suit-S`` .. ``suit-C``); ``draw`` and ``pass`` are buttons enabled only
when legal; in the muamele the human picks face-down cards (``pick``).
"""

from __future__ import annotations

from typing import Any

from cardems.game import Event
from cardems.pis_yedili.rules import DRAW, PASS, PisYedili, PisYediliView, RoundScore, card_value, sort_key
from cardems.web import dom
from cardems.web.card_art import back_svg, card_svg
from cardems.web.table import Table

# Play goes counterclockwise: seen from the human (bottom), seat 1 sits to the right
# and the previous seat, the "left" of the rules, to the left.
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}
SUIT_MARK = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PICKS_SHOWN = 24     # face-down cards offered to pick from (any of them is as good)
THINK_CAP = 0.08     # seconds: a safety cap on the Hard opponent's search in the browser


class PisYediliTable(Table):
    game_name = "pis-yedili"

    def __init__(self, app: Any, route: Any, game: PisYedili) -> None:
        super().__init__(app, route, game)
        self.game: PisYedili = game
        self.shown_round = len(game.rounds)
        self.jack: str | None = None          # the Jack clicked, waiting for its suit
        for bot in self.bots.values():
            if hasattr(bot, "time_cap"):
                bot.time_cap = THINK_CAP

    async def find_hint(self) -> None:
        if self.hint_bot is None:
            from cardems.bots import make_bot
            self.hint_bot = make_bot(self.game_name, self.hint_level)
            self.hint_bot.time_cap = THINK_CAP
        await super().find_hint()

    def k(self, key: str, **params: Any) -> str:
        return self.t("pis_yedili." + key, **params)

    def suit_name(self, suit: str) -> str:
        return self.t("suit." + suit)

    # ------------------------------------------------------------ life cycle
    def between_rounds(self) -> bool:
        return bool(self.game.rounds) and not self.game.history and self.shown_round <= len(self.game.rounds)

    def round_finished(self) -> bool:
        return len(self.game.rounds) > self.shown_round or self.game.is_over()

    def next_round(self) -> None:
        self.shown_round = len(self.game.rounds)
        super().next_round()

    def title_parts(self) -> list[str]:
        opts = self.game.options
        parts = [self.t("game.pis-yedili.name")]
        parts.append(self.k("title.to", n=opts["target"]) if opts["mode"] == "match" else self.k("option.mode.round"))
        if self.seats > 2:
            parts.append(self.t(f"players.{self.seats}"))
        parts.append(self.t("level." + self.route.level))
        return parts

    # ------------------------------------------------------------ input
    def card_move(self, card: str) -> Any:
        if card[:-1] == "J":
            if self.can_act() and any(m.startswith(card + ":") for m in self.game.legal_moves()):
                self.jack = card
                self.render()
            return None
        self.jack = None
        return card

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
        return line[:1].upper() + line[1:] if line else None   # "sinek 8 attın" starts a line

    def event_line(self, event: Event) -> str | None:
        who = self.seat_name(event.seat)
        you = event.seat == 0
        kind = event.kind
        if kind == "play":
            card = self.card_label(event.cards[0])
            named = event.info.get("named")
            if named:
                return self.k("event.jack_you" if you else "event.jack", name=who, card=card, suit=self.suit_name(named))
            return self.k("event.play_you" if you else "event.play", name=who, card=card)
        if kind == "draw":
            n = event.info["count"]
            reason = event.info["reason"]
            if reason == "penalty":
                return self.k("event.penalty_you" if you else "event.penalty", name=who, n=n)
            if reason == "ace":
                return None
            return self.k("event.draw_you" if you else "event.draw", name=who, n=n)
        if kind == "pass":
            return self.k("event.pass_you" if you else "event.pass", name=who)
        if kind == "penalty":
            return self.k("event.seven", n=event.info["pending"])
        if kind == "ten":
            return self.k("event.ten", name=self.seat_name(event.info["to"]))
        if kind == "reverse":
            return self.k("event.reverse")
        if kind == "again":
            return self.k("event.ace_again" if event.info["reason"] == "ace" else "event.twin", name=who)
        if kind == "round_end":
            if event.seat is None:
                return self.k("event.stock_out")
            return self.k("event.out_you" if you else "event.out", name=who)
        if kind == "muamele":
            return self.k("event.muamele", name=who, n=event.info["picks"])
        if kind == "pick":
            return self.k("event.pick", name=who, card=self.card_label(event.cards[0]))
        if kind == "round":
            return self.k("event.round", n=event.info["round"], name=self.seat_name(event.seat))
        return None

    async def animate(self, seat: int, move: Any, events: list[Event], before: Any) -> None:
        if not self.pause:
            return
        again = next((e for e in events if e.kind == "again"), None)
        if again is not None:
            word = self.k("banner.ace") if again.info["reason"] == "ace" else self.k("banner.pisti")
            self.celebrate(word, self.seat_name(seat))
        seven = next((e for e in events if e.kind == "penalty"), None)
        if seven is not None and seven.info["pending"] >= 6:
            self.celebrate(f"+{seven.info['pending']}", self.k("banner.stack"))

    # ------------------------------------------------------------ drawing
    def render_felt(self) -> str:
        view = self.game.view(0)
        positions = POSITIONS[view.players]
        seats = "".join(self.render_seat(view, s, positions[s]) for s in range(view.players))
        return seats + self.render_center(view) + self.render_status(view)

    def render_scoreline(self) -> str:
        view = self.game.view(0)
        if view.mode != "match":
            return ""
        best = min(view.totals)
        items = (f'<div class="deal-chip" data-round="{view.round_no}">'
                 f'<strong>{dom.esc(self.k("table.round", n=view.round_no))}</strong>'
                 f'<span>{dom.esc(self.k("table.target", n=view.target))}</span></div>')
        for seat in range(view.players):
            lead = " leading" if any(view.totals) and view.totals[seat] == best else ""
            items += (f'<div class="side-chip{lead}" data-side="{seat}">'
                      f'<span class="side-name">{dom.esc(self.seat_name(seat))}</span>'
                      f'<span class="side-total" data-match-total="{view.totals[seat]}">'
                      f'<small>{dom.esc(self.k("table.penalty"))}</small><bdi>{view.totals[seat]}</bdi></span></div>')
        return f'<section class="scoreline-inner py-score" aria-label="{dom.esc(self.t("table.scoreboard"))}">{items}</section>'

    def next_up(self, view: PisYediliView) -> int | None:
        """Who moves after the player to move ends its turn (for the turn-order arrow)."""
        if view.to_move is None or view.phase not in ("play", "opening"):
            return None
        if view.phase == "opening":
            return (view.to_move + 1) % view.players
        return view.stack[-1] if view.stack else (view.to_move + view.direction) % view.players

    def render_seat(self, view: PisYediliView, seat: int, where: str) -> str:
        playing = view.phase in ("play", "opening", "muamele") and not self.awaiting_next
        turn = " turn" if view.to_move == seat and playing and not view.over else ""
        owed = view.stack.count(seat)
        tags = ""
        if view.phase != "muamele" and self.next_up(view) == seat and view.to_move != seat:
            tags += f'<span class="seat-tag next-mark" data-next="{seat}">{dom.esc(self.k("table.next"))}</span>'
        if owed:
            tags += (f'<span class="seat-tag owed-mark" data-owed="{owed}" title="{dom.esc(self.k("table.owed_help"))}">'
                     f'{dom.esc(self.k("table.owed"))}</span>')
        if view.first == seat and view.phase == "opening":
            tags += f'<span class="seat-tag lead-mark">{dom.esc(self.k("table.opens"))}</span>'
        n = view.hand_sizes[seat]
        count = (f'<span class="hand-count" data-hand-count="{n}">'
                 f'{dom.esc(self.k("table.cards", n=n))}</span>')
        head = (f'<header class="seat-head"><h3 class="seat-name">{dom.esc(self.seat_name(seat))}{tags}</h3>'
                f'{count}</header>')
        attrs = f'class="seat seat-{where}{turn}" data-seat="{seat}"'
        if seat == 0:
            return f'<section {attrs}>{head}{self.render_hand(view)}</section>'
        return f'<section {attrs}>{head}{self.other_hand_html(seat, min(n, 8), n)}</section>'

    def render_hand(self, view: PisYediliView) -> str:
        legal = self.game.legal_moves() if self.can_act() else []
        playable = {m.partition(":")[0] for m in legal if m not in (DRAW, PASS) and not m.startswith("pick:")}
        hint = self.hint_move.partition(":")[0] if isinstance(self.hint_move, str) else None
        cards = ""
        for k, card in enumerate(sorted(view.hand, key=sort_key)):
            cls = "card face"
            if card in playable:
                cls += " playable"
            if card == hint:
                cls += " hint"
            if card == self.jack:
                cls += " chosen"
            cards += (f'<button type="button" class="{cls}" data-card="{card}" style="--k:{k}" '
                      f'aria-label="{dom.esc(self.t("card.play", card=self.card_label(card)))}"'
                      f'{"" if card in playable else " disabled"}>{card_svg(card)}</button>')
        hand = (f'<div class="hand mine fan" role="group" aria-label="{dom.esc(self.t("table.your_hand"))}" '
                f'style="--n:{len(view.hand)}">{cards}</div>')
        return hand + self.render_controls(view, legal)

    def render_controls(self, view: PisYediliView, legal: list[str]) -> str:
        if view.phase == "muamele":
            return ""
        draw_label = self.k("action.draw_n", n=view.pending) if view.pending else self.k("action.draw")
        buttons = (f'<button type="button" class="btn" data-action="draw"{"" if DRAW in legal else " disabled"}>'
                   f'{dom.esc(draw_label)}</button>'
                   f'<button type="button" class="btn" data-action="pass"{"" if PASS in legal else " disabled"}>'
                   f'{dom.esc(self.k("action.pass"))}</button>')
        chooser = ""
        if self.jack is not None and self.can_act():
            suits = "".join(
                f'<button type="button" class="btn suit suit-{s}" data-action="suit-{s}" '
                f'aria-label="{dom.esc(self.suit_name(s))}"><span aria-hidden="true">{SUIT_MARK[s]}</span>'
                f'<span class="suit-word">{dom.esc(self.suit_name(s))}</span></button>' for s in "SHDC")
            chooser = (f'<div class="suit-chooser" role="group" aria-label="{dom.esc(self.k("table.name_suit"))}">'
                       f'<p>{dom.esc(self.k("table.name_suit_for", card=self.card_label(self.jack)))}</p>'
                       f'<div class="suits">{suits}</div>'
                       f'<button type="button" class="btn link" data-action="suit-cancel">{dom.esc(self.k("action.cancel"))}</button>'
                       f'</div>')
        return f'<div class="py-controls">{buttons}{self.hint_button()}</div>{chooser}'

    def render_center(self, view: PisYediliView) -> str:
        if view.phase == "muamele" and view.ending is not None:
            return self.render_muamele(view)
        layers = ""
        shown = view.pile[-3:]
        for i, card in enumerate(shown):
            top = i == len(shown) - 1
            label = f' role="img" aria-label="{dom.esc(self.card_label(card))}"' if top else ""
            layers += (f'<div class="card face{" top" if top else " under"}" data-card="{card}" '
                       f'style="--i:{i}"{label}>{card_svg(card)}</div>')
        badges = ""
        if view.named:
            badges += (f'<span class="badge-named suit-{view.named}" data-named="{view.named}">'
                       f'{dom.esc(self.k("table.named", suit=self.suit_name(view.named)))} '
                       f'<span aria-hidden="true">{SUIT_MARK[view.named]}</span></span>')
        if view.pending:
            badges += (f'<span class="badge-pending" data-pending="{view.pending}">'
                       f'{dom.esc(self.k("table.pending", n=view.pending))}</span>')
        if view.phase == "opening":
            badges += f'<span class="badge-opening">{dom.esc(self.k("table.opening"))}</span>'
        stock = (f'<div class="stock" role="img" aria-label="{dom.esc(self.t("table.stock_count", n=view.stock_size))}">'
                 + (f'<div class="card back" data-card="back">{back_svg()}</div>' if view.stock_size else
                    '<div class="card empty-slot"></div>')
                 + f'<span class="count">{view.stock_size}</span></div>')
        return (f'<section class="center">{stock}'
                f'<div class="pile{" empty" if not view.pile else ""}" aria-label="{dom.esc(self.t("table.pile"))}">'
                f'<div class="pile-cards">{layers}</div><div class="badges">{badges}</div></div>'
                f'<div id="banner" class="banner" aria-live="assertive"></div></section>')

    def render_order(self, view: PisYediliView) -> str:
        """The turn order: whose turn, who is next, and the 10's chain of seats owed a turn."""
        if view.to_move is None or view.phase == "muamele":
            return ""
        nxt = self.next_up(view)
        arrow = "↺" if view.direction == 1 else "↻"
        chain = ""
        if view.stack:
            owed = " → ".join(self.seat_name(s) for s in reversed(view.stack))
            chain = f'<span class="owed-chain" data-stack="{",".join(map(str, view.stack))}">{dom.esc(self.k("table.back_to", names=owed))}</span>'
        return (f'<div class="order" aria-label="{dom.esc(self.k("table.order"))}">'
                f'<span class="dir" aria-hidden="true">{arrow}</span>'
                f'<span>{dom.esc(self.k("table.now_next", now=self.seat_name(view.to_move), next=self.seat_name(nxt)))}</span>'
                f'{chain}</div>')

    def render_muamele(self, view: PisYediliView) -> str:
        ending = view.ending or {}
        picker = view.to_move
        mine = picker == 0 and self.can_act()
        backs = ""
        for i in range(1, min(view.stock_size, PICKS_SHOWN) + 1):
            if mine:
                backs += (f'<button type="button" class="card back pick" data-action="pick" data-card="back" '
                          f'data-index="{i}" aria-label="{dom.esc(self.k("action.pick_n", n=i))}">{back_svg()}</button>')
            else:
                backs += f'<div class="card back pick" data-card="back">{back_svg()}</div>'
        picks = ""
        for seat, cards in enumerate(ending.get("picks", [])):
            if cards:
                minis = "".join(self.mini(c) for c in cards)
                picks += f'<div class="picked" data-seat="{seat}"><span>{dom.esc(self.seat_name(seat))}</span>{minis}</div>'
        head = self.k("muamele.you", n=ending.get("picks_left", 0)) if picker == 0 else \
            self.k("muamele.other", name=self.seat_name(picker))
        return (f'<section class="center muamele" data-picks-left="{ending.get("picks_left", 0)}">'
                f'<h3 class="muamele-title">{dom.esc(self.k("muamele.title"))}</h3>'
                f'<p class="muamele-help">{dom.esc(head)}</p>'
                f'<div class="pick-pool">{backs}</div>{picks}'
                f'<div id="banner" class="banner" aria-live="assertive"></div></section>')

    def mini(self, card: str) -> str:
        return (f'<span class="mini card face" data-card="{card}" role="img" '
                f'aria-label="{dom.esc(self.card_label(card))}">{card_svg(card)}</span>')

    def status_text(self, view: PisYediliView) -> str:
        if view.over:
            return self.k("status.over")
        if self.awaiting_next:
            return self.k("status.round_over", n=len(self.game.rounds))
        if view.to_move != 0:
            return self.t("turn.other", name=self.seat_name(view.to_move))
        if self.busy:
            return ""
        if self.hinting:
            return self.t("hint.thinking")
        if self.hint_move is not None:
            return self.k("hint.shown", move=self.move_words(self.hint_move))
        if view.phase == "muamele":
            return self.k("status.pick", n=(view.ending or {}).get("picks_left", 0))
        if view.phase == "opening":
            return self.k("status.opening")
        if view.pending:
            return self.k("status.pending", n=view.pending)
        if view.drawn:
            return self.k("status.drawn")
        if view.stack and view.history and view.history[-1][1].startswith("10"):
            return self.k("status.ten")
        return self.k("status.turn")

    def render_status(self, view: PisYediliView) -> str:
        return (f'<div class="status-row">{self.render_order(view)}<p class="status" id="status" aria-live="polite">'
                f'{dom.esc(self.status_text(view))}</p></div>')

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        game = self.game
        result = game.result()
        over = result.over
        if not game.rounds:
            return
        score = game.rounds[-1]
        self.shown_round = len(game.rounds)
        body = self.round_table(score) + (self.match_table() if game.options["mode"] == "match" else "")
        if over:
            winners = result.detail["winners"]
            if len(winners) > 1:
                title = self.k("result.shared", names=", ".join(self.seat_name(s) for s in winners))
            elif winners[0] == 0:
                title = self.k("result.win")
            else:
                title = self.k("result.lose", name=self.seat_name(winners[0]))
            if game.options["mode"] == "match":
                body = f'<p class="note">{dom.esc(self.k("result.match_note", n=game.options["target"]))}</p>' + body
            self.open_result(title, body, final=True)
        else:
            title = self.k("result.round_over", n=score.number)
            nxt = game.first
            body += f'<p class="note">{dom.esc(self.k("result.next_opens", name=self.seat_name(nxt)))}</p>'
            self.open_result(title, body, final=False, next_label=self.k("action.next_round", n=game.round_no))

    def round_table(self, score: RoundScore) -> str:
        k = self.k
        if score.out is None:
            how = k("result.stock_out")
        else:
            key = {1: "result.out", 2: "result.out_jack", 3: "result.out_seven"}[score.multiplier]
            how = k(key, name=self.seat_name(score.out), card=self.card_label(score.last_card or ""))
        rows = ""
        for seat in range(len(score.penalties)):
            hand = "".join(self.mini(c) for c in score.hands[seat]) or "—"
            picks = "".join(self.mini(c) for c in score.picks[seat]) or "—"
            points = sum(card_value(c) for c in score.hands[seat]) + sum(card_value(c) for c in score.picks[seat])
            formula = "0" if seat == score.out else f"{score.multiplier} × {points}"
            rows += (f'<tr data-seat="{seat}"><th scope="row">{dom.esc(self.seat_name(seat))}</th>'
                     f'<td class="cards">{hand}</td><td class="cards">{picks}</td>'
                     f'<td><bdi dir="ltr">{formula}</bdi></td>'
                     f'<td class="penalty"><bdi dir="ltr">{score.penalties[seat]}</bdi></td></tr>')
        return (f'<p class="note how">{dom.esc(how)}</p>'
                f'<table class="breakdown py-round"><caption>{dom.esc(k("table.round", n=score.number))}</caption>'
                f'<thead><tr><td></td><th scope="col">{dom.esc(k("result.hand"))}</th>'
                f'<th scope="col">{dom.esc(k("result.muamele"))}</th>'
                f'<th scope="col">{dom.esc(k("result.formula"))}</th>'
                f'<th scope="col">{dom.esc(k("result.penalty"))}</th></tr></thead><tbody>{rows}</tbody></table>')

    def match_table(self) -> str:
        game = self.game
        seats = range(game.players)
        winners = set(game.winners) if game.is_over() else set()
        head = "".join(f"<th scope='col'{' class=winner' if s in winners else ''}>{dom.esc(self.seat_name(s))}</th>"
                       for s in seats)
        rows = ""
        for score in game.rounds:
            mult = f" ×{score.multiplier}" if score.multiplier > 1 else ""
            cells = "".join(f"<td><bdi dir='ltr'>{score.penalties[s]}</bdi></td>" for s in seats)
            rows += (f'<tr data-round="{score.number}"><th scope="row">'
                     f'{dom.esc(self.k("table.round", n=score.number))}{mult}</th>{cells}</tr>')
        totals = "".join(f"<td data-side='{s}'{' class=winner' if s in winners else ''}><bdi dir='ltr'>"
                         f"{game.totals[s]}</bdi></td>" for s in seats)
        return (f'<table class="breakdown scoreboard"><caption>{dom.esc(self.k("table.match", n=game.options["target"]))}</caption>'
                f'<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody>'
                f'<tfoot><tr class="row-match"><th scope="row">{dom.esc(self.t("result.match_total"))}</th>{totals}</tr></tfoot>'
                f'</table>')


TABLE = PisYediliTable

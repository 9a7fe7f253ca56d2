"""The Abstract table: the row as an overlapping spread, both players' taken cards by
suit and rank with their combinations marked, and the analysis of every take.

It draws the viewer's view only (seat 0's against the computer; at a table of two
people, whoever is to move: every card is open, so no cover is needed). The row keeps its physical direction in every
language: the exposed end is on the right and each card covers the right part of
the one below it, so every index stays in sight. A take is made by clicking the
deepest card to take. The hint shows what each possible take (or going first or
second) is worth under perfect play; the result dialog reviews the deal's takes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from typing import Any

from cardems.abstract.analysis import choice_values_steps, review_steps, take_values_steps
from cardems.abstract.events import Choose, Deal, HalfScored, Take
from cardems.abstract.rules import Abstract, AbstractView
from cardems.abstract.score import SUIT_ORDER, combinations, score_half, sort_taken
from cardems.abstract.solver import Solver
from cardems.cards import JOKER, SUIT_SYMBOLS, rank_of, suit_of
from cardems.game import Event, Game
from cardems.web import dom, markup
from cardems.web.host import TableHost
from cardems.web.route import Route
from cardems.web.session import SLICE_MS, HintSource
from cardems.web.table import Table


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


def isolated(text: str) -> str:
    """Text kept left to right inside a sentence of any direction (plain text, no markup)."""
    return "\u2066" + text + "\u2069"


class AbstractTable(Table):
    game_name = "abstract"

    def __init__(self, app: TableHost, route: Route, game: Abstract) -> None:
        self.game: Abstract = game
        self.fresh: set[str] = set()  # the cards of the last take, drawn arriving
        self.solved = (0, 0)  # positions searched and ms taken by the last analysis
        self.review_values: dict[int, dict[Any, int]] = {}  # in a review: each move's choices' values
        super().__init__(app, route, game)

    # ------------------------------------------------------------ names
    def ltr(self, text: Any) -> str:
        return markup.ltr(text)

    def short_card(self, card: str) -> str:
        return "🃏" if card == JOKER else rank_of(card) + SUIT_SYMBOLS[suit_of(card) or "S"]

    # ------------------------------------------------------------ input
    def on_action(self, action: str, target: Any, started: float) -> None:
        if action in ("first", "second"):
            self.human_play(action, started)

    def card_move(self, card: str) -> Any:
        """A click on a card of the row takes every card from the exposed end down to it."""
        view = self.view
        if view.choosing or view.over:
            return None
        for depth in range(1, view.limit + 1):
            if depth <= len(view.row) and view.row[depth - 1] == card:
                return str(depth)
        return None

    # ------------------------------------------------------------ analysis (the hint)
    def hint_source(self) -> HintSource:
        """The hint is the exact value of every take (or of going first or second)."""

        def values(game: Game[Any, Any], seat: int) -> Generator[None, None, Any]:
            view = game.view(seat)
            solver = Solver.for_row(view.variant, view.dealt)
            nodes, started = solver.nodes, dom.now()
            found = yield from (choice_values_steps(view) if view.choosing else take_values_steps(view))
            self.solved = (solver.nodes - nodes, round(dom.now() - started))
            return found

        return values

    def current_values(self) -> dict[Any, int] | None:
        if self.reviewing is not None:  # the values of the next move's choices, once worked out
            return self.review_values.get(self.review_at + 1)
        values: dict[Any, int] | None = self.hint_move
        return values

    # ------------------------------------------------------------ analysis (the review)
    def start_review(self) -> None:
        super().start_review()
        asyncio.ensure_future(self.analyse_review(self.reviewing or ()))

    def review_order(self) -> list[tuple[int, int]]:
        """The deals to analyse, as (first move, last move): the one shown first."""
        bounds = [self.deal_bounds(k) for k in range(1, len(self.review_starts) + 1)]
        shown = bounds.pop(self.review_deal - 1)
        return [shown, *bounds]

    async def analyse_review(self, moves: tuple[str, ...]) -> None:
        """The exact value of every choice of every move of the reviewed game (the hint's
        analysis), worked out a slice of :data:`SLICE_MS` at a time so the page never
        freezes: the deal shown first, its marks drawn as they come (once a slice)."""
        clock = self.session.clock
        data = self.game.to_json()
        started = clock.now()
        dirty = False  # values of the deal shown found since the last drawing

        async def breathe() -> bool:
            """Draw what was found, hand the page back; whether to go on."""
            nonlocal dirty, started
            if dirty:
                self.render()
                dirty = False
            await clock.sleep(0)
            started = clock.now()
            return self.alive and self.reviewing is moves

        for start, end in self.review_order():
            replay = type(self.game).from_json({**data, "moves": list(moves[:start])})
            for number in range(start + 1, end + 1):
                view = replay.view(replay.to_move or 0)
                steps = choice_values_steps(view) if view.choosing else take_values_steps(view)
                while True:
                    try:
                        next(steps)
                    except StopIteration as stop:
                        values: dict[Any, int] = stop.value
                        break
                    if clock.now() - started >= SLICE_MS and not await breathe():
                        steps.close()
                        return
                self.review_values[number] = values
                replay.play(moves[number - 1])
                first, last = self.deal_bounds()
                dirty = dirty or first < number <= last
                if clock.now() - started >= SLICE_MS and not await breathe():
                    return
        if dirty and self.alive and self.reviewing is moves:
            self.render()
        if self.alive and self.reviewing is moves:
            dom.by_id("table-bar").setAttribute("data-review-analysed", "all")

    def move_key(self, move: str) -> Any:
        return int(move) if move.isdigit() else move

    def review_loss(self, number: int) -> int | None:
        """The points move ``number`` gave away against the best choice (None: not known yet)."""
        values = self.review_values.get(number)
        if not values:
            return None
        return max(values.values()) - values[self.move_key((self.reviewing or ())[number - 1])]

    def review_marks(self) -> dict[int, str]:
        start, end = self.deal_bounds()
        marks = {}
        for number in range(start + 1, end + 1):
            loss = self.review_loss(number)
            if loss is None:
                marks[number] = '<span class="rs-mark pending" aria-hidden="true">…</span>'
            elif loss == 0:
                marks[number] = (
                    f'<span class="rs-mark best" data-loss="0" title="{dom.esc(self.t("abstract.review.step_best"))}">✓</span>'
                )
            else:
                words = self.t("abstract.review.step_lost", n=loss)
                marks[number] = (
                    f'<span class="rs-mark slip" data-loss="{loss}" title="{dom.esc(words)}">'
                    f'{self.ltr(signed(-loss))}</span>'
                )
        return marks

    def review_move_words(self, move: str) -> str:
        if move in ("first", "second"):
            return dom.esc(self.t(f"abstract.review.chip_{move}"))
        return self.ltr(move)

    def review_status(self) -> str:
        """The review's line: what the next move was worth, against the best."""
        number = self.review_at + 1
        moves = self.reviewing or ()
        if number > len(moves):
            return self.t("turn.match_over" if self.view.mode == "match" else "turn.over")
        seat = self.view.to_move
        values = self.review_values.get(number)
        if values is None:
            return self.t("abstract.review.analysing")
        loss = self.review_loss(number) or 0
        verdict = (
            self.t("abstract.review.step_best") if loss == 0 else self.t("abstract.review.step_lost", n=loss)
        )
        move = moves[number - 1]
        choice = move in ("first", "second")
        return self.t(
            "abstract.review.this_choice" if choice else "abstract.review.this_move",
            name=self.seat_name(seat),
            take=self.t(f"abstract.go_{move}") if choice else isolated(move),
            verdict=verdict,
            best=isolated(signed(max(values.values()))),
        )

    # ------------------------------------------------------------ moves
    def log_events(self, events: list[Event]) -> None:
        """Log the events, and remember the cards just taken so they are drawn arriving."""
        taken = [c for e in events if isinstance(e, Take) for c in e.cards]
        self.fresh = set(taken) if taken else set()
        super().log_events(events)

    def travel_hints(self, seat: int, move: str, events: list[Event]) -> dict[str, dict[str, str]]:
        """Taken cards go from the row to the taker's cards (the same ids: they just move)."""
        return {}

    def describe(self, event: Event) -> str | None:
        if isinstance(event, Deal):
            if event.half:
                return self.said("abstract.event.second_half", self.view.first)
            dealer = self.t(
                "abstract.event.deal_you" if self.is_you(event.dealer) else "abstract.event.deal",
                name=self.seat_name(event.dealer),
            )
            if self.view.mode == "match":
                dealer = self.t("table.deal", n=event.deal) + " · " + dealer
            return dealer
        if isinstance(event, Choose):
            key = "abstract.event.choose_" + event.choice + ("_you" if self.is_you(event.seat) else "")
            return self.t(key, name=self.seat_name(event.seat))
        if isinstance(event, Take):
            cards = self.cards_words(event.cards)
            key = "abstract.event.take_you" if self.is_you(event.seat) else "abstract.event.take"
            return self.t(key, name=self.seat_name(event.seat), n=len(event.cards), cards=cards)
        if isinstance(event, HalfScored) and self.view.variant == "52" and event.half == 0:
            a, b = event.scores
            return self.t("abstract.event.half_scored", you=a, other=b)
        return None

    def sound(self, event: Event) -> str | None:
        if isinstance(event, Choose):
            return "play"
        return "capture" if isinstance(event, Take) else None

    # ------------------------------------------------------------ drawing
    def title_parts(self) -> list[str]:
        opts = self.view.options
        parts = [self.t("game.abstract.name"), self.t(f"abstract.option.variant.{opts['variant']}")]
        parts.append(
            self.t("table.match_to", n=opts["target"])
            if opts["mode"] == "match"
            else self.t("abstract.option.mode.deal")
        )
        return parts + [self.t("level." + self.route.level)]

    def render_scoreline(self) -> str:
        view = self.view
        t = self.t
        items = ""
        if view.mode == "match":
            items += (
                f'<div class="deal-chip" data-deal="{view.deal_no}"><strong>{dom.esc(t("table.deal", n=view.deal_no))}</strong>'
                f'<span>{dom.esc(t("table.first_to", n=view.target))}</span></div>'
            )
        if view.variant == "52":
            half = t("abstract.half", n=view.half + 1)
            past = ""
            if view.half_scores:
                a, b = view.half_scores[0]
                past = f'<span>{dom.esc(t("abstract.first_half_scores", you=a, other=b))}</span>'
            items += f'<div class="deal-chip half-chip" data-half="{view.half}"><strong>{dom.esc(half)}</strong>{past}</div>'
        if view.mode == "match":
            best = max(view.match_scores) if any(view.match_scores) else None
            for seat in (0, 1):
                lead = " leading" if best is not None and view.match_scores[seat] == best else ""
                items += (
                    f'<div class="side-chip{lead}" data-side="{seat}"><span class="side-name">{dom.esc(self.seat_name(seat))}</span>'
                    f'<span class="side-total" data-match-total="{view.match_scores[seat]}"><small>{dom.esc(t("table.match_score"))}</small>'
                    f'<bdi>{view.match_scores[seat]}</bdi></span></div>'
                )
        if not items:
            return ""
        return f'<section class="scoreline-inner" aria-label="{dom.esc(t("table.scoreboard"))}">{items}</section>'

    def render_felt(self) -> str:
        view = self.view
        return (
            self.render_seat(view, 1, "top")
            + self.render_row(view)
            + self.render_status(view)
            + self.render_seat(view, 0, "bottom")
        )

    # the row
    def render_row(self, view: AbstractView) -> str:
        t = self.t
        row = view.row
        values = self.current_values()
        takeable = view.limit if self.can_act() and not view.choosing else 0
        cards = ""
        for depth in range(len(row), 0, -1):  # the deepest first: the exposed end is drawn last, on top
            card = row[depth - 1]
            label = self.card_label(card)
            classes = "card face"
            badge = ""
            if depth <= view.limit and not view.choosing and not view.over:
                classes += " reach"
            if values and depth in values:
                best = values[depth] == max(values.values())
                badge = f'<span class="value{" best" if best else ""}" data-value="{values[depth]}">{self.ltr(signed(values[depth]))}</span>'
                classes += " valued" + (" best" if best else "")
            if depth == 1:
                classes += " exposed"
            if self.reviewing is not None and self.next_review_move() == str(depth):
                classes += " chosen"
            classes = classes.removeprefix("card face").strip()
            if depth <= takeable:
                name = t("abstract.take_to", n=depth, card=label)
                cards += markup.card_button(
                    card,
                    name,
                    playable=True,
                    classes=f"{classes} takeable",
                    inner=badge,
                    key=self.card_key(card),
                    extra={"data-depth": depth, "title": name},
                )
            else:
                cards += markup.face(
                    card,
                    label,
                    classes=classes,
                    inner=badge,
                    extra={"data-depth": depth},
                    key=self.card_key(card),
                )
        n = len(row)
        reach = max(1, min(takeable, n))  # the cards a take may end on get a wider strip
        columns = (
            "".join(
                (
                    f"repeat({n - reach}, minmax(0, var(--strip))) " if n > reach else "",
                    f"repeat({reach - 1}, var(--reach-strip)) " if reach > 1 else "",
                    "var(--card-w)",
                )
            )
            if n
            else "var(--card-w)"
        )
        empty = "" if n else f'<p class="row-empty">{dom.esc(t("abstract.row_empty"))}</p>'
        later = ""
        if view.next_row:
            later = f'<p class="row-later">{dom.esc(t("abstract.next_row", n=view.next_row))}</p>'
        if view.choosing:
            rule = t("abstract.rule.choose")
        elif view.variant == "suit" or view.variant == "52":
            key = "abstract.rule.suit_one" if view.limit == 1 else "abstract.rule.suit"
            rule = t(key, card=self.card_label(row[0]), n=view.limit) if row else ""
        elif view.variant == "unlimited" and view.previous:
            rule = t("abstract.rule.unlimited_next", prev=view.previous, n=view.limit)
        else:
            rule = t("abstract.rule.up_to", n=view.limit) if row else ""
        return (
            f'<section class="row-area" aria-label="{dom.esc(t("abstract.row", n=n))}">'
            f'<div class="row-head"><span class="row-count">{dom.esc(t("abstract.row", n=n))}</span>'
            f'<span class="row-rule" data-limit="{view.limit}">{dom.esc(rule)}</span></div>'
            f'<div class="spread" dir="ltr" data-focus-group="row" data-count="{n}" style="grid-template-columns: {columns}">{cards}</div>'
            f'{empty}{later}{self.render_choice(view)}</section>'
        )

    def next_review_move(self) -> str | None:
        """In a review: the move made next from the position shown."""
        moves = self.reviewing or ()
        return moves[self.review_at] if self.review_at < len(moves) else None

    def render_choice(self, view: AbstractView) -> str:
        if not view.choosing:
            return ""
        t = self.t
        mine = view.chooser == self.me
        ok = self.can_act() and mine
        values = self.current_values() or {}
        buttons = ""
        for choice in ("first", "second"):
            value = values.get(choice)
            badge = (
                f' <span class="value" data-value="{value}">{self.ltr(signed(value))}</span>'
                if value is not None
                else ""
            )
            primary = " primary" if value is not None and value == max(values.values()) else ""
            if self.reviewing is not None and self.next_review_move() == choice:
                primary += " chosen"
            buttons += (
                f'<button type="button" class="btn choice-btn{primary}" data-action="{choice}"'
                f'{"" if ok else " disabled"}>{dom.esc(t(f"abstract.go_{choice}"))}{badge}</button>'
            )
        question = (
            t("abstract.choose_you")
            if mine
            else t("abstract.choose_other", name=self.seat_name(view.chooser))
        )
        return f'<div class="choice-bar"><p>{dom.esc(question)}</p><div class="choice-buttons" data-focus-group="choice">{buttons}</div></div>'

    def status_text(self, view: AbstractView) -> str:
        t = self.t
        if self.reviewing is not None:
            return self.review_status()
        if view.over:
            return t("turn.match_over" if view.mode == "match" else "turn.over")
        if self.awaiting_next:
            return t("turn.deal_over", n=view.rounds_done)
        if view.to_move != self.me:
            return t("turn.other", name=self.seat_name(view.to_move))
        if self.busy:
            return ""
        if self.hinting:
            return t("abstract.hint.thinking")
        values = self.current_values()
        if values:
            if view.choosing:
                key = "abstract.hint.choice_half" if view.next_row else "abstract.hint.choice"
                return t(
                    key, first=isolated(signed(values["first"])), second=isolated(signed(values["second"]))
                )
            parts = " · ".join(
                t("abstract.hint.take", n=k, value=isolated(signed(v))) for k, v in values.items()
            )
            return t("abstract.hint.takes", values=parts)
        return t("abstract.turn.choose") if view.choosing else t("abstract.turn.take", n=view.limit)

    def render_status(self, view: AbstractView) -> str:
        button = self.hint_button(self.t("abstract.action.hint"), shown=self.current_values() is not None)
        solved = ""
        if (
            self.current_values() is not None
            and view.to_move == self.me
            and not self.busy
            and self.reviewing is None
        ):
            nodes, ms = self.solved
            solved = f'<p class="solved" data-nodes="{nodes}">{dom.esc(self.t("abstract.hint.solved", n=nodes, ms=ms))}</p>'
        return markup.status_row(self.status_text(view), button, after=solved)

    # the players' taken cards
    def render_seat(self, view: AbstractView, seat: int, where: str) -> str:
        t = self.t
        taken = view.taken[seat]
        other = view.taken[1 - seat]
        turn = view.to_move == seat and not view.over and not self.awaiting_next
        tags = ""
        if view.dealer == seat:
            tags += markup.seat_tag(t("abstract.dealer"))
        if view.first == seat:
            tags += markup.seat_tag(t("abstract.moves_first"), "lead-mark")
        marks: dict[str, set[str]] = {}
        if view.variant == "52":
            stats, combos, marks = self.live_product(taken, other)
        else:
            stats, combos, marks = self.live_combinations(taken, other)
        rows = ""
        by_suit = {s: [c for c in sort_taken(taken) if suit_of(c) == s] for s in SUIT_ORDER}
        for suit in SUIT_ORDER:
            cards = "".join(self.mini(c, marks.get(c, set())) for c in by_suit[suit])
            rows += f'<div class="suit-row" data-suit="{suit}">{cards}</div>'
        if JOKER in taken:
            rows += f'<div class="suit-row" data-suit="X">{self.mini(JOKER, set())}</div>'
        label = self.said("abstract.taken_by", seat, n=len(taken))
        return self.seat_box(
            seat,
            where,
            f'<div class="taken" role="group" aria-label="{dom.esc(label)}">{rows}</div>{combos}',
            tags=tags,
            stats=stats,
            turn=turn,
        )

    def mini(self, card: str, marks: set[str]) -> str:
        extra = "".join(f" in-{m}" for m in sorted(marks)) + (" fresh" if card in self.fresh else "")
        return markup.face(card, self.card_label(card), classes="tk" + extra, key=self.card_key(card))

    def live_combinations(
        self, taken: tuple[str, ...], other: tuple[str, ...]
    ) -> tuple[str, str, dict[str, set[str]]]:
        t = self.t
        combos = combinations(taken)
        points = sum(c.points for c in combos)
        marks: dict[str, set[str]] = {}
        chips = ""
        for combo in combos:
            kind = "set" if combo.kind == "set" else "seq"
            for card in combo.cards:
                marks.setdefault(card, set()).add(kind)
            chips += (
                f'<li class="combo {kind}" data-points="{combo.points}">{self.combo_name(combo.kind, combo.cards)}'
                f' <b>{self.ltr(combo.points)}</b></li>'
            )
        score = f"{points} × {len(other)} = {points * len(other)}"
        stats = (
            f'<dl class="stats">'
            f'<div><dt>{dom.esc(t("abstract.cards"))}</dt><dd data-stat="cards">{len(taken)}</dd></div>'
            f'<div><dt>{dom.esc(t("table.points"))}</dt><dd data-stat="points">{points}</dd></div>'
            f'<div><dt>{dom.esc(t("abstract.score_now"))}</dt><dd data-stat="score">{self.ltr(score)}</dd></div></dl>'
        )
        listing = f'<ul class="combos">{chips}</ul>' if chips else ""
        return stats, listing, marks

    def combo_name(self, kind: str, cards: tuple[str, ...]) -> str:
        if kind == "set":
            return dom.esc(
                self.t("abstract.combo.set", n=len(cards), rank=self.t(f"rank.{rank_of(cards[0])}"))
            )
        return (
            dom.esc(self.t("abstract.combo.sequence", n=len(cards)))
            + " "
            + self.ltr(" ".join(self.short_card(c) for c in cards))
        )

    def live_product(
        self, taken: tuple[str, ...], other: tuple[str, ...]
    ) -> tuple[str, str, dict[str, set[str]]]:
        t = self.t
        marks: dict[str, set[str]] = {}
        if taken:
            mine, _ = score_half(taken, other)
            for card in mine.longest_suit:
                marks.setdefault(card, set()).add("suit")
            run = set(mine.longest_sequence)
            seen: set[str] = set()
            for card in sort_taken(taken):  # one card of each rank of the longest run
                if rank_of(card) in run and rank_of(card) not in seen:
                    seen.add(rank_of(card))
                    marks.setdefault(card, set()).add("seq")
            for card in mine.largest_set:
                marks.setdefault(card, set()).add("set")
            factors = (len(mine.longest_suit), len(mine.longest_sequence), len(mine.largest_set))
        else:
            factors = (0, 0, 0)
        product = factors[0] * factors[1] * factors[2]
        formula = f"{factors[0]} × {factors[1]} × {factors[2]}"
        if taken and len(taken) < 13 and len(taken) + len(other) == len(self.view.dealt):
            short = len(other) - len(taken)  # the half is over: the shortfall counts now
            formula += f" × {short}"
            product *= short
        formula += f" = {product}"
        stats = (
            f'<dl class="stats">'
            f'<div><dt>{dom.esc(t("abstract.cards"))}</dt><dd data-stat="cards">{len(taken)}</dd></div>'
            f'<div><dt>{dom.esc(t("abstract.product"))}</dt><dd data-stat="product">{self.ltr(formula)}</dd></div></dl>'
        )
        legend = (
            f'<ul class="combos legend"><li class="combo suit">{dom.esc(t("abstract.longest_suit"))} <b>{factors[0]}</b></li>'
            f'<li class="combo seq">{dom.esc(t("abstract.longest_sequence"))} <b>{factors[1]}</b></li>'
            f'<li class="combo set">{dom.esc(t("abstract.largest_set"))} <b>{factors[2]}</b></li></ul>'
        )
        if len(taken) < 13 and taken:
            legend += f'<p class="short-note">{dom.esc(t("abstract.short_note"))}</p>'
        return stats, legend, marks

    # ------------------------------------------------------------ the result
    def result_title(self) -> str:
        view = self.view
        match = view.mode == "match"
        if not view.over:
            return self.t("result.deal_over", n=view.rounds_done)
        if view.winner == "draw":
            return self.t("result.draw")
        if self.together:
            return self.winner_title(view.winner)
        if view.winner == self.me:
            return self.t("result.match_win" if match else "result.win")
        name = self.seat_name(1 - self.me)
        return self.t("result.match_lose", name=name) if match else self.t("result.lose", name=name)

    def half_table(self, half: Any, index: int, halves: int, first: int) -> str:
        t = self.t
        head = "".join(f"<th scope='col'>{dom.esc(self.seat_name(s))}</th>" for s in (0, 1))
        caption = t("abstract.half", n=index + 1) if halves > 1 else ""
        mover = self.said("abstract.moved_first", first)
        rows = ""
        if self.view.variant == "52":
            lines: list[tuple[str, Callable[[Any], object]]] = [
                ("cards", lambda b: b.cards),
                ("longest_suit", lambda b: len(b.longest_suit)),
                ("longest_sequence", lambda b: len(b.longest_sequence)),
                ("largest_set", lambda b: len(b.largest_set)),
                ("short", lambda b: f"× {b.short}" if b.short else "—"),
            ]
            for key, get in lines:
                cells = "".join(f"<td>{self.ltr(get(b))}</td>" for b in half)
                rows += (
                    f'<tr class="row-{key}"><th scope="row">{dom.esc(t("abstract." + key))}</th>{cells}</tr>'
                )
        else:
            cells = "".join(f"<td>{self.ltr(b.cards)}</td>" for b in half)
            rows += f'<tr class="row-cards"><th scope="row">{dom.esc(t("abstract.cards"))}</th>{cells}</tr>'
            cells = ""
            for b in half:
                items = "".join(
                    f'<li class="combo {"set" if c.kind == "set" else "seq"}">{self.combo_name(c.kind, c.cards)} '
                    f'<b>{self.ltr(c.points)}</b></li>'
                    for c in b.combinations
                )
                cells += f'<td class="combos-cell"><ul class="combos">{items or "—"}</ul></td>'
            rows += f'<tr class="row-combos"><th scope="row">{dom.esc(t("abstract.combinations"))}</th>{cells}</tr>'
            cells = "".join(f"<td>{self.ltr(b.points)}</td>" for b in half)
            rows += f'<tr class="row-points"><th scope="row">{dom.esc(t("table.points"))}</th>{cells}</tr>'
            cells = "".join(f"<td>{self.ltr('× ' + str(b.multiplier))}</td>" for b in half)
            rows += f'<tr class="row-multiplier"><th scope="row">{dom.esc(t("abstract.multiplier"))}</th>{cells}</tr>'
            if any(b.misery for b in half):
                cells = "".join(
                    f"<td>{dom.esc(t('abstract.misery_yes') if b.misery else '—')}</td>" for b in half
                )
                rows += (
                    f'<tr class="row-misery"><th scope="row">{dom.esc(t("abstract.misery"))}</th>{cells}</tr>'
                )
        cells = "".join(f"<td>{self.ltr(b.score)}</td>" for b in half)
        rows += f'<tr class="row-total"><th scope="row">{dom.esc(t("result.total"))}</th>{cells}</tr>'
        cap = (
            f"<caption>{dom.esc(caption)} · {dom.esc(mover)}</caption>"
            if caption
            else f"<caption>{dom.esc(mover)}</caption>"
        )
        return (
            f'<table class="breakdown abstract-breakdown" data-half="{index}">{cap}<thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table>'
        )

    def show_result(self) -> None:
        view = self.view
        t = self.t
        deal = view.deals[-1]
        halves = len(deal.halves)
        tables = "".join(self.half_table(h, i, halves, deal.firsts[i]) for i, h in enumerate(deal.halves))
        notes = ""
        if halves > 1:
            notes += markup.note(
                t("abstract.deal_total", you=deal.totals[0], other=deal.totals[1]), "note deal-total"
            )
        if any(b.misery for h in deal.halves for b in h if hasattr(b, "misery")):
            notes += markup.note(t("abstract.misery_help"), "note misery-note")
        if view.mode == "match":
            tables += self.scoreboard(view)
            if not view.over and max(view.match_scores) >= view.target:
                notes += markup.note(t("result.match_tie"))
            if view.over:
                notes += markup.note(t("result.match_final", n=view.target))
        review = (
            f'<details class="review" id="review" data-deal="{view.rounds_done}">'
            f'<summary>{dom.esc(t("abstract.review.title"))}</summary>'
            f'<div class="review-body">{dom.esc(t("abstract.review.thinking"))}</div></details>'
        )
        body = f'{notes}<div class="result-tables">{tables}</div>{review}'
        dialog = dom.by_id("result")
        if dialog is not None:
            dialog.classList.toggle("match", True)
        self.open_result(
            self.result_title(), body, final=view.over, next_label=t("action.next_deal", n=view.deal_no)
        )
        asyncio.ensure_future(self.fill_review(view.rounds_done))

    def scoreboard(self, view: AbstractView) -> str:
        t = self.t
        rows = [
            (t("table.deal", n=i), [self.ltr(d.totals[s]) for s in (0, 1)], f"deal-{i}")
            for i, d in enumerate(view.deals, 1)
        ]
        foot = (t("result.match_total"), [self.ltr(view.match_scores[s]) for s in (0, 1)], "row-match")
        return markup.score_table(
            [self.seat_name(s) for s in (0, 1)],
            rows,
            caption=t("table.scoreboard"),
            classes="breakdown scoreboard",
            foot=foot,
        )

    async def fill_review(self, deal_index: int) -> None:
        """The review of the deal's takes under perfect play, computed a slice at a time."""
        view = self.view
        deal = view.deals[deal_index - 1]
        t = self.t
        parts = ""
        for half in range(len(deal.rows)):
            steps = review_steps(view.variant, deal.rows[half], deal.firsts[half], deal.takes[half])
            reviewed = await self.session.think(steps)
            if reviewed is None:
                return
            items = ""
            for number, r in enumerate(reviewed, 1):
                values = " ".join(
                    f'<span class="rv{" chosen" if k == r.take else ""}{" best" if v == r.best else ""}">'
                    f'{k}: {signed(v)}</span>'
                    for k, v in r.values.items()
                )
                verdict = t("abstract.review.perfect") if r.loss == 0 else t("abstract.review.lost", n=r.loss)
                items += (
                    f'<li class="{"good" if r.loss == 0 else "slip"}" data-seat="{r.seat}">'
                    f'<span class="rv-who">{number}. {dom.esc(self.seat_name(r.seat))} · {r.take}</span>'
                    f'<span class="rv-values" dir="ltr">{values}</span><span class="rv-verdict">{dom.esc(verdict)}</span></li>'
                )
            if half == 0 and reviewed:
                chooser = 0 if deal_index % 2 else 1  # the computer deals the odd deals
                choice = "first" if deal.firsts[0] == chooser else "second"
                first = reviewed[0].best if deal.firsts[0] == chooser else -reviewed[0].best
                worth = {"first": first, "second": -first}
                spans = " ".join(
                    f'<span class="rv{" chosen" if c == choice else ""}{" best" if v == max(worth.values()) else ""}">'
                    f'{dom.esc(t(f"abstract.go_{c}"))}: {signed(v)}</span>'
                    for c, v in worth.items()
                )
                lost = max(worth.values()) - worth[choice]
                verdict = t("abstract.review.perfect") if lost == 0 else t("abstract.review.lost", n=lost)
                items = (
                    f'<li class="{"good" if lost == 0 else "slip"}" data-seat="{chooser}" data-choice="{choice}">'
                    f'<span class="rv-who">{dom.esc(self.seat_name(chooser))}</span>'
                    f'<span class="rv-values">{spans}</span><span class="rv-verdict">{dom.esc(verdict)}</span></li>'
                ) + items
            losses = [sum(r.loss for r in reviewed if r.seat == s) for s in (0, 1)]
            head = t("abstract.review.summary", you=losses[0], other=losses[1])
            caption = f"<h4>{dom.esc(t('abstract.half', n=half + 1))}</h4>" if len(deal.rows) > 1 else ""
            parts += (
                f'{caption}<p class="review-summary">{dom.esc(head)}</p><ol class="review-list">{items}</ol>'
            )
        body = dom.by_id("review")
        if body is not None and str(body.getAttribute("data-deal")) == str(deal_index):
            node = body.querySelector(".review-body")
            node.innerHTML = self.app.catalog.markup(
                f'<p class="review-help">{dom.esc(t("abstract.review.help"))}</p>{parts}'
            )


TABLE = AbstractTable

"""The War table: draws seat 0's view and turns clicks into battles.

A battle is a simultaneous move (see :mod:`cardems.war.rules`): the computer's seat
commits first (its card appears face down in the battle area), then the human picks
one of the three active cards, and both are turned together. The table reads only
the viewer's view (seat 0's against the computer; between two people, each one's
in turn, behind the cover), so the other's chosen card never reaches the DOM before
the reveal.

War games can be long, so the table has an auto-play switch (the Normal bot
plays for the human at the chosen speed) and a "finish" button that plays the
game out at once, a slice at a time; both stop when pressed again.
"""

from __future__ import annotations

import asyncio

from cardems.cards import Card
from cardems.game import Event
from cardems.war.events import Battle, Deal, Refill, Take, Tie
from cardems.war.rules import BattleRecord, WarView
from cardems.web import dom, markup
from cardems.web.table import Table

STACK_SHOWN = 14  # face-down cards drawn in the war stack (the count says the rest)


class WarTable(Table):
    game_name = "war"
    helper_level = "normal"  # who plays for the human on auto-play and when finishing
    tells_new_cards = False  # the hand refills after every battle: the log tells the battles

    # ------------------------------------------------------------ moves shown
    def travel_hints(self, seat: int, move: str, events: list[Event]) -> dict[str, dict[str, str]]:
        """The battle's cards go to the winner's draw pile; dealt cards come from it."""
        hints: dict[str, dict[str, str]] = {"from": {}, "to": {}}
        battle = next((e for e in events if isinstance(e, Battle)), None)
        if battle is not None:
            hints["from"][markup.card_id(battle.cards[1])] = '[data-slot="1"]'
        take = next((e for e in events if isinstance(e, Take)), None)
        if take is not None:
            for card in battle.cards if battle is not None else ():
                hints["to"][markup.card_id(card)] = f'[data-pile="{take.seat}"]'
        for card in self.view.hand:
            hints["from"].setdefault(markup.card_id(card), f'[data-pile="{self.me}"]')
        return hints

    async def after_shown(self, seat: int, move: str, events: list[Event]) -> None:
        battle = next((e for e in events if isinstance(e, Battle)), None)
        if battle is not None and any(isinstance(e, Tie) for e in events):
            self.celebrate(self.t("war.banner"), self.t("war.at_stake", n=self.view.table_size))
        if battle is not None and self.pause:
            await asyncio.sleep(self.pause)  # let both cards be seen before the next battle

    def event_lines(self, events: list[Event]) -> list[str | None]:
        """One line per battle: both cards and what came of it."""
        lines: list[str | None] = []
        line: str | None = None
        for event in events:
            words = self.describe(event)
            if words is None:
                continue
            if line is not None and isinstance(event, (Take, Tie)):
                line += self.t("war.log.then", what=words)
                continue
            lines.append(line)
            line = words
        return lines + [line]

    def describe(self, event: Event) -> str | None:
        t = self.t
        me, other = self.me, 1 - self.me
        if isinstance(event, Battle):
            mine, theirs = self.card_label(event.cards[me]), self.card_label(event.cards[other])
            if self.together:
                return t(
                    "war.log.battle_named",
                    name=self.seat_name(me),
                    mine=mine,
                    other=self.seat_name(other),
                    theirs=theirs,
                )
            return t("war.log.battle", mine=mine, theirs=theirs)
        if isinstance(event, Take):
            n = event.count
            if self.together:
                text = t("war.log.take_named", name=self.seat_name(event.seat), n=n)
            else:
                text = t("war.log.take_you", n=n) if event.seat == me else t("war.log.take_them", n=n)
            counts = self.view.counts
            return text + " · " + self.score_words([(self.seat_name(s), counts[s]) for s in (me, other)])
        if isinstance(event, Tie):
            return t("war.log.war", n=event.table)
        if isinstance(event, Deal):
            return t("war.log.deal", n=event.hands[0])
        return None

    def sound(self, event: Event) -> str | None:
        if isinstance(event, Battle):
            return "play"
        if isinstance(event, Tie):
            return "war"
        if isinstance(event, Take):
            return "capture"
        return "draw" if isinstance(event, Refill) else None

    # ------------------------------------------------------------ drawing
    def extra_controls(self) -> str:
        t = self.t
        over, auto, finishing = self.view.over, self.session.autoplay, self.session.finishing
        return markup.button(
            "autoplay",
            t("war.autoplay"),
            enabled=not (over or finishing),
            classes="toggle",
            extra={"aria-pressed": "true" if auto else "false"},
        ) + markup.button(
            "finish",
            t("war.stop") if finishing else t("war.finish"),
            enabled=not over,
            classes="toggle",
            extra={"aria-pressed": "true" if finishing else "false"},
        )

    def render_felt(self) -> str:
        view: WarView = self.view
        return (
            self.render_seat(view, 1 - self.me, "top")
            + self.render_battle(view)
            + markup.status_row(self.status_text(view), self.hint_button())
            + self.render_seat(view, self.me, "bottom")
        )

    def status_text(self, view: WarView) -> str:
        t = self.t
        if view.over:
            return t("war.turn.over")
        if self.session.finishing:
            return t("war.turn.finishing", n=view.battles)
        if self.session.autoplay and view.to_move == self.me:
            return t("war.turn.autoplay")
        hint = self.hint_move
        return self.turn_text(
            t("war.turn.you_war") if view.at_war else t("war.turn.you"),
            hint_words=t("hint.shown", card=self.card_label(hint)) if hint else None,
        )

    def render_pile(self, view: WarView, seat: int) -> str:
        """A draw pile with its count; just after a battle, the winner's shows what it gained."""
        n = view.draw_sizes[seat]
        label = dom.esc(
            self.t("war.draw_pile_yours", n=n)
            if self.is_you(seat)
            else self.t("war.draw_pile_of", name=self.seat_name(seat), n=n)
        )
        card = markup.back(key=f"draw-{seat}") if n else markup.slot()
        shown = self.shown_battle(view)
        gained = ""
        if shown is not None and shown.winner == seat and not view.over:
            gained = f'<span class="gain" aria-hidden="true">+{shown.pile}</span>'
        cls = "draw-pile" + (" empty" if not n else "") + (" gained" if gained else "")
        return (
            f'<div class="{cls}" data-pile="{seat}" role="img" aria-label="{label}">'
            f'{card}<span class="count" data-draw-count="{n}">{n}</span>{gained}</div>'
        )

    def render_seat(self, view: WarView, seat: int, where: str) -> str:
        t = self.t
        stats = markup.stats(
            seat,
            [(t("war.cards"), "cards", view.counts[seat]), (t("war.in_pile"), "pile", view.draw_sizes[seat])],
        )
        if seat == self.me:
            hand = self.own_hand(view.hand, marked=self.hint_move)
        else:
            hand = self.other_hand(
                seat, view.hand_sizes[seat] - (1 if view.other_committed else 0), view.hand_sizes[seat]
            )
        return self.seat_box(
            seat,
            where,
            f'<div class="war-row">{self.render_pile(view, seat)}{hand}</div>',
            stats=stats,
            turn=view.to_move == seat and not view.over,
        )

    def shown_battle(self, view: WarView) -> BattleRecord | None:
        """The last battle, shown face up until the computer commits to the next one."""
        if view.other_committed or not view.history:
            return None
        return view.history[-1]

    def slot(self, seat: int, card: Card | None, face_down: bool, mark: str) -> str:
        if face_down:
            inner = markup.back(
                classes="chosen", key="chosen-1", label=self.t("war.chosen", name=self.seat_name(seat))
            )
        elif card is not None:
            inner = markup.face(card, self.card_label(card), classes=mark, key=self.card_key(card))
        else:
            inner = markup.slot()
        return (
            f'<div class="battle-slot" data-slot="{seat}"><span class="slot-name">{dom.esc(self.seat_name(seat))}'
            f'</span>{inner}</div>'
        )

    def render_stack(self, view: WarView) -> str:
        """The war pile: the tied cards face up, the burned cards face down, growing."""
        size = view.table_size
        if not size:
            return ""
        downs = min(sum(view.table_down), STACK_SHOWN)
        layers = "".join(markup.back(style=f"--i:{i}", key=f"stake-{i}") for i in range(downs))
        for j, (_seat, card) in enumerate(view.table_up[-4:]):
            layers += markup.face(
                card,
                self.card_label(card),
                classes="tied",
                style=f"--i:{downs}; --j:{j}",
                key=self.card_key(card),
            )
        return (
            f'<div class="war-stack" data-table="{size}"><div class="stack-cards">{layers}</div>'
            f'<span class="pile-count">{dom.esc(self.t("war.at_stake", n=size))}</span></div>'
        )

    def outcome_text(self, record: BattleRecord) -> str:
        if record.winner is None:
            return self.t("war.outcome.tie")
        if self.together:
            return self.t("war.outcome.named", name=self.seat_name(record.winner), n=record.pile)
        key = "war.outcome.you" if record.winner == self.me else "war.outcome.them"
        return self.t(key, n=record.pile)

    def render_last(self, view: WarView) -> str:
        """While the next battle is being chosen, the last one in small: both cards and its outcome."""
        if not view.other_committed or not view.history:
            return ""
        record = view.history[-1]
        return (
            f'<div class="last-battle"><span class="last-title">{dom.esc(self.t("war.last"))}</span>'
            f'{markup.mini_row(record.cards, self.card_label)}<span>{dom.esc(self.outcome_text(record))}</span></div>'
        )

    def render_battle(self, view: WarView) -> str:
        shown = self.shown_battle(view)
        me, other = self.me, 1 - self.me
        cards: list[Card | None] = [None, None]
        mark = ["", ""]
        outcome = ""
        if shown is not None:
            cards = list(shown.cards)
            if shown.winner is None:
                mark = ["tied", "tied"]
            else:
                mark[shown.winner] = "won"
                mark[1 - shown.winner] = "lost"
            outcome = self.outcome_text(shown)
        slots = (
            self.slot(other, cards[other], view.other_committed, mark[other])
            + f'<div class="battle-outcome{"" if outcome else " idle"}">'
            f'{dom.esc(outcome or self.t("war.vs"))}</div>' + self.slot(me, cards[me], False, mark[me])
        )
        return (
            f'<section class="center battle" aria-label="{dom.esc(self.t("war.battle"))}">'
            f'{self.render_last(view)}<div class="battle-slots">{slots}</div>{self.render_stack(view)}'
            f'{markup.banner()}</section>'
        )

    # ------------------------------------------------------------ the result
    def show_result(self) -> None:
        view = self.view
        t = self.t
        if self.together:
            title = self.winner_title(view.winner)
        else:
            title = (
                t("result.win")
                if view.winner == self.me
                else t("result.lose", name=self.seat_name(1 - self.me))
            )
        body = markup.note(
            t("war.result.summary", battles=view.battles, wars=view.wars)
        ) + markup.score_table(
            [self.seat_name(0), self.seat_name(1)],
            [(t("war.cards"), [markup.ltr(s) for s in view.final_scores or ()], "row-total")],
        )
        self.open_result(title, body, final=True)


TABLE = WarTable

"""``#/daily/<game>``: the day's deal (``cardems.daily``), played at an ordinary
table whose address stays ``#/daily/<game>`` (``?date=YYYY-MM-DD`` for a past day).

It is saved apart from the player's own game of that game (so neither replaces
the other). Opened again the same day after it was played, it deals the same
cards again, marked as a replay (in the statistics, the share line and the
table's title). When it ends, the share line is copied to the clipboard and
shown in the result dialog.
"""

from __future__ import annotations

import asyncio
import importlib
import re
from typing import Any

from pyscript import window

from cardems.daily import daily_deal, daily_hash, parse_day, share_for, utc_today
from cardems.errors import BadInput
from cardems.games import game_class, is_playable, module_name
from cardems.web import dom, markup
from cardems.web import record
from cardems.web.route import Route

NUMBERS = re.compile(r"([0-9][0-9–-]*)")


class DailyRoute(Route):
    """A daily deal's route: its address is the daily link, not a seed's."""

    def to_hash(self) -> str:
        link = daily_hash(self.game, None if self.day == utc_today() else self.day)
        if self.speed is not None:
            link += ("&" if "?" in link else "?") + f"speed={self.speed}"
        return link


def refuse(app: Any, key: str, **params: str) -> None:
    """A daily link that cannot be played: a notice, and the lobby."""
    app.notices = [*app.notices, (key, params)]
    app.show_lobby(Route(None))
    app.render_notices()
    app.show_route()


def show(app: Any, target: Route) -> None:
    name = str(target.game)
    if not is_playable(name):
        return refuse(app, "coming.body", game=app.t(f"game.{name}.name"))
    day = target.day or None
    if day is not None:
        try:
            if parse_day(day).isoformat() > utc_today():
                return refuse(app, "daily.future", date=day)
        except BadInput:
            return refuse(app, "daily.bad_date", value=day)
    deal = daily_deal(name, day)
    route = DailyRoute(name, options=dict(deal.options), seed=deal.seed, level=deal.level, speed=target.speed)
    route.day = deal.day
    app.notices.extend(target.notices)
    cls = game_class(name)
    saved = app.store.daily_save(name)
    game = None
    if saved is not None and saved["daily"] == deal.day and not saved["over"]:
        try:
            game = cls.from_json(saved["game"])
        except BadInput as exc:
            window.console.warn(f"cardems: discarded a daily save: {exc}")
            app.notices.append(("notice.reset.daily", {"game": app.t(f"game.{name}.name")}))
            app.store.drop_save(name, daily=True)
            saved = None
    if game is not None:
        app.keep = record.meta_of(saved) or record.new_meta(game, deal.level, daily=deal.day)
        if game.moves:
            app.notices.append(("notice.resumed", {}))
    else:
        app.records.abandoned(saved, cls)
        replay = deal.day in app.store.played_days(name)
        game = cls.new(dict(deal.options), seed=deal.seed)
        app.keep = record.new_meta(game, deal.level, daily=deal.day, replay=replay)
        if replay:
            app.notices.append(("daily.replay_notice", {}))
        else:
            app.store.add_played_day(name, deal.day)
    app.daily = True
    app.route = route
    stem = module_name(name)
    dom.ensure_css(f"cardems/web/{stem}/style.css")
    app.show_view("table")
    table = importlib.import_module(f"cardems.web.{stem}.table").TABLE(app, route, game)
    own_title = table.title_parts
    table.title_parts = lambda: [*own_title()[:1], title(app, deal.day, bool(app.keep.get("replay")))]
    app.table = table
    table.mount()
    app.render_notices()
    app.show_route()
    app.offer_tour(name)


def title(app: Any, day: str, replay: bool) -> str:
    return app.t("daily.title", date=day) + (" · " + app.t("daily.replay") if replay else "")


def share_text(app: Any, game: Any) -> str:
    day = app.keep.get("daily") or utc_today()
    text = share_for(app.t, game, day)
    if app.keep.get("replay"):
        text += "\n" + app.t("daily.share.replay")
    return str(text)


def finished(app: Any, game: Any) -> None:
    """The day's game has just been recorded: its share line goes to the clipboard."""
    copy(app, share_text(app, game))


def result_section(app: Any, game: Any) -> str:
    """What the result dialog of the day's deal adds: its share line, to copy."""
    return (f'<section class="share" aria-labelledby="share-title"><h3 id="share-title">'
            f'{markup.esc(app.t("daily.share.heading"))}</h3>'
            f'<pre id="share-text" class="share-text" dir="auto" tabindex="0">{shown(share_text(app, game))}</pre>'
            + markup.button("share-copy", app.t("daily.share.copy"))
            + '<p id="share-status" class="share-status" role="status"></p></section>')


def shown(text: str) -> str:
    """The share text as HTML: its dates and scores kept left to right (in Arabic or
    Persian "2026-12-01" would read "01-12-2026", and a score "182–22" the other way
    round); the copied text stays plain."""
    parts = NUMBERS.split(text)     # text, number, text, number, ..., text
    return "".join(markup.ltr(part) if i % 2 else markup.esc(part) for i, part in enumerate(parts))


def copy(app: Any, text: str) -> None:
    asyncio.ensure_future(_copy(app, text))


async def _copy(app: Any, text: str) -> None:
    try:
        await window.navigator.clipboard.writeText(text)
        key = "daily.share.copied"
    except Exception:  # refused (no permission, not focused): the text is shown to copy by hand
        key = "daily.share.refused"
    status = dom.by_id("share-status")
    if status is not None:
        status.textContent = app.t(key)


def on_action(app: Any, action: str, target: Any) -> None:
    if action == "share-copy":
        shown = dom.by_id("share-text")
        if shown is not None:
            copy(app, str(shown.textContent))

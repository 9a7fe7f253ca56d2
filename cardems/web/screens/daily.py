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
from typing import Any

from pyscript import window

from cardems.daily import daily_deal, daily_hash, parse_day, share_for, utc_today
from cardems.errors import BadInput
from cardems.game import Game
from cardems.games import game_class, is_playable
from cardems.web import dom, markup, record
from cardems.web.host import ScreenHost, Texts
from cardems.web.route import Route
from cardems.web.saves import Slot
from cardems.web.storage import daily_key


class DailyRoute(Route):
    """A daily deal's route: its address is the daily link, not a seed's."""

    def to_hash(self) -> str:
        link = daily_hash(self.game, None if self.day == utc_today() else self.day)
        if self.speed is not None:
            link += ("&" if "?" in link else "?") + f"speed={self.speed}"
        return link


def refuse(app: ScreenHost, key: str, **params: str) -> None:
    """A daily link that cannot be played: a notice, and the lobby."""
    app.notices.add(key, **params)
    app.show_lobby(Route(None))
    app.render_notices()
    app.show_route()


def show(app: ScreenHost, target: Route) -> None:
    name = str(target.game)
    if not is_playable(name):
        return refuse(app, "coming.body", game=app.t(f"game.{name}.name"))
    if app.with_lease(daily_key(name), lambda: show(app, target)):
        return  # another tab may be playing the day's deal: asked first
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
    cls = game_class(name)
    saved = app.store.daily_save(name)
    game = None
    if saved is not None and saved["daily"] == deal.day and not saved["over"]:
        game = restore(app, cls, saved)
        if game is None:
            app.notices.add("notice.reset.daily", game=app.t(f"game.{name}.name"))
    # a daily save that was reset (damaged, another version) may have been the day's game in
    # play: its deal is dealt again as the day's own, not as a replay, so the streak can keep it
    lost = app.store.was_reset(daily_key(name)) or (
        saved is not None and game is None and saved["daily"] == deal.day and not saved["over"]
    )
    if game is not None:
        meta = record.meta_of(saved) or record.new_meta(game, deal.level, daily=deal.day)
        if game.moves:
            app.notices.add("notice.resumed")
    else:
        app.records.abandoned(saved, cls)
        replay = deal.day in app.store.played_days(name) and not lost
        game = cls.new(dict(deal.options), seed=deal.seed)
        meta = record.new_meta(game, deal.level, daily=deal.day, replay=replay)
        if replay:
            app.notices.add("daily.replay_notice")
        else:
            app.store.add_played_day(name, deal.day)
    replayed = bool(meta.get("replay"))
    app.open_table(
        route,
        game,
        Slot(name, daily=True, meta=meta),
        title=lambda own: [*own[:1], title(app, deal.day, replayed)],
    )
    app.render_notices()
    app.show_route()


def restore(app: ScreenHost, cls: type[Game[Any, Any]], saved: dict[str, Any]) -> Game[Any, Any] | None:
    """The day's game of a daily save, or None (the save removed) if it does not replay."""
    try:
        return cls.from_json(saved["game"])
    except BadInput as exc:
        window.console.warn(f"cardems: discarded a daily save: {exc}")
        app.store.drop_save(cls.name, daily=True)
        return None


def title(app: ScreenHost, day: str, replay: bool) -> str:
    return app.t("daily.title", date=day) + (" · " + app.t("daily.replay") if replay else "")


def share_text(app: Texts, game: Game[Any, Any], meta: dict[str, Any]) -> str:
    """The share line of the day's game (``meta``: its statistics record's part of the save)."""
    day = meta.get("daily") or utc_today()
    text = share_for(app.t, game, day)
    if meta.get("replay"):
        text += "\n" + app.t("daily.share.replay")
    # written in the language's digits, date and scores too, as shown: no parser reads it back
    return app.catalog.digits(str(text))


def finished(app: Texts, game: Game[Any, Any], meta: dict[str, Any]) -> None:
    """The day's game has just been recorded: its share line goes to the clipboard."""
    copy(app, share_text(app, game, meta))


def result_section(app: Texts, game: Game[Any, Any], meta: dict[str, Any]) -> str:
    """What the result dialog of the day's deal adds: its share line, to copy."""
    text = share_text(app, game, meta)
    return (
        f'<section class="share" aria-labelledby="share-title"><h3 id="share-title">'
        f'{markup.esc(app.t("daily.share.heading"))}</h3>'
        f'<pre id="share-text" class="share-text" dir="auto" tabindex="0" data-copy="{markup.esc(text)}">'
        f"{markup.share_lines(text)}</pre>"
        + markup.button("share-copy", app.t("daily.share.copy"))
        + '<p id="share-status" class="share-status" role="status"></p></section>'
    )


def copy(app: Texts, text: str) -> None:
    asyncio.ensure_future(_copy(app, text))


async def _copy(app: Texts, text: str) -> None:
    try:
        await window.navigator.clipboard.writeText(text)
        key = "daily.share.copied"
    except Exception:  # refused (no permission, not focused): the text is shown to copy by hand
        key = "daily.share.refused"
    status = dom.by_id("share-status")
    if status is not None:
        status.textContent = app.t(key)


def on_action(app: ScreenHost, action: str, target: Any) -> None:
    if action == "share-copy":
        shown = dom.by_id("share-text")
        if shown is not None:
            copy(app, dom.attr(shown, "data-copy") or str(shown.textContent))

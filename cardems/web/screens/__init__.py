"""The screens besides the lobby and the tables (DESIGN.md's other routes):
``#/rules/<game>``, ``#/stats``, ``#/daily/<game>[?date=YYYY-MM-DD]``.

This package's ``__init__`` is what the first screen imports (the app asks it
whether a hash names a screen); each screen's module (``rules``, ``stats``,
``daily``) and the page glue that records games (``record``) and shows the
first game's walkthrough (``tour``) are imported when first needed, and arrive
with any game's files (``loader``'s ``common``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from cardems.games import PLANNED

GAME_SCREENS = ("rules", "daily")
SHOWN = 40


@dataclass
class Target:
    """A screen a hash names: ``screen`` (rules, stats, daily), its game (or None),
    its query (``date`` for the daily deal; ``speed`` kept for watching it)."""

    screen: str
    game: str | None = None
    query: dict[str, str] = field(default_factory=dict)


def screen_target(hash_text: object) -> Target | None:
    """The screen ``hash_text`` names, or None (the lobby or a table: not ours).
    A screen of an unknown game is None too: the route's own notice explains it."""
    text = hash_text.lstrip("#") if isinstance(hash_text, str) else ""
    path, _, query = text.partition("?")
    screen, _, rest = path.strip("/").lower().partition("/")
    if screen == "stats" and not rest:
        return Target("stats")
    if screen in GAME_SCREENS and rest:
        pairs = {}
        for part in query.split("&"):
            key, _, value = part.partition("=")
            if key.strip():
                pairs[key.strip().lower()] = value.strip()[:SHOWN]
        return Target(screen, rest[:SHOWN], pairs)
    return None


def known_game(target: Target) -> bool:
    return target.game in PLANNED


async def open_screen(app: Any, target: Target, current: Callable[[], bool]) -> None:
    """Fetch what ``target`` needs (its game's files, its rules text; every game's
    for the statistics), then show it, unless the page has moved on (``current()``)."""
    from cardems.web import loader

    if target.screen != "stats" and not known_game(target):
        app.notices = [("notice.unknown_game", {"name": str(target.game)})]
        app.show_lobby(app.route)
        app.render_notices()
        app.show_route()
        return
    shipped = loader.games()
    if target.screen == "rules":
        await loader.load(str(target.game), rules=app.lang)
    elif target.screen == "daily" and target.game in shipped:
        await loader.load(str(target.game))
    else:
        await loader.load(shipped[0])   # the common modules, once
        for name in shipped[1:]:
            await loader.load(name)
    if not current():
        return
    app.screen = target if target.screen != "daily" else None
    importlib.import_module(f"cardems.web.screens.{target.screen}").show(app, target)


def stored(key: str) -> Any:
    """The JSON value stored under ``key`` (one of storage.OTHER_KEYS), or None."""
    import json

    from cardems.web import dom

    raw = dom.store_get(key)
    try:
        return None if raw is None else json.loads(raw)
    except ValueError:
        return None


def store(key: str, value: Any) -> None:
    import json

    from cardems.web import dom

    dom.store_set(key, json.dumps(value))

"""The screens besides the lobby and the tables (DESIGN.md's other routes):
``#/rules/<game>``, ``#/stats``, ``#/daily/<game>[?date=YYYY-MM-DD]``.

This package's ``__init__`` is what the first screen imports (the app asks it
to open the screen a route names); each screen's module (``rules``, ``stats``,
``daily``) and the first game's walkthrough (``tour``) are imported when first
needed, and arrive
with any game's files (``loader``'s ``common``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from cardems.web.host import ScreenHost
from cardems.web.route import Route


async def open_screen(app: ScreenHost, target: Route, current: Callable[[], bool]) -> None:
    """Fetch what ``target`` needs (its game's files, its rules text; every game's
    for the statistics), then show it, unless the page has moved on (``current()``)."""
    from cardems.web import loader

    shipped = loader.games()
    if target.screen == "rules":
        await loader.load(str(target.game), rules=app.lang)
    elif target.screen == "daily" and target.game in shipped:
        await loader.load(str(target.game))
    else:
        await loader.load(shipped[0])  # the common modules, once
        for name in shipped[1:]:
            await loader.load(name)
    if not current():
        return
    app.screen = target if target.screen != "daily" else None
    importlib.import_module(f"cardems.web.screens.{target.screen}").show(app, target)

"""``#/rules/<game>``: how to play, from the lobby or from a game in progress.

Leaving a table for its rules closes the table, whose game is saved after
every move; the page's "back" link is the table's own address, which resumes
that saved game. Opened from the lobby (or reloaded), "back" goes to the game
if one is unfinished, else to the lobby.
"""

from __future__ import annotations

from typing import Any

from cardems.games import is_playable
from cardems.web import dom
from cardems.web.host import ScreenHost
from cardems.web.i18n import Catalog
from cardems.web.route import Route, parse_route
from cardems.web.rules_page import rules_screen

CSS = ("static/css/rules.css", "static/css/screens.css")


def back_link(app: ScreenHost, game: str) -> tuple[str, bool]:
    """Where "back" goes: (hash, whether it is a game)."""
    left = app.left_table
    if left and parse_route(left).game == game:  # its game, or its daily deal
        return left, True
    if is_playable(game) and app.store.unfinished(game) is not None:
        return f"#/{game}", True
    return "#/", False


def show(app: ScreenHost, target: Route) -> None:
    game = str(target.game)
    for sheet in CSS:
        dom.ensure_css(sheet)
    href, to_game = back_link(app, game)
    # the shell may show this page already, as the build wrote it (from the lobby, in this language)
    screen = dom.by_id("screen")
    prebuilt = dom.attr(screen, "data-prebuilt") == f"{game}/{app.lang}"
    screen.removeAttribute("data-prebuilt")
    dom.set_html(
        "screen", rules_screen(game, Catalog(app.lang), href, app.t("rules.back" if to_game else "nav.back"))
    )
    nav = dom.by_id("screen").querySelector(".rules-toc")
    if not dom.absent(nav):
        app.listen(nav, "click", scroll_to_section)
    app.show_view("screen")
    app.render_notices()
    dom.set_state("ready")
    app.show_route()
    heading = dom.by_id("screen").querySelector("h1")
    if not dom.absent(heading):
        heading.setAttribute("tabindex", "-1")
        heading.focus(dom.js_object({"preventScroll": prebuilt}))  # a player reading it stays where they are


def scroll_to_section(event: Any) -> None:
    link = event.target.closest("a[data-section]")
    if dom.absent(link):
        return
    event.preventDefault()
    section = dom.by_id(f"rules-{dom.attr(link, 'data-section')}")
    if section is not None:
        section.scrollIntoView()

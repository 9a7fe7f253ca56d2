"""``#/rules/<game>``: how to play, from the lobby or from a game in progress.

Leaving a table for its rules closes the table, whose game is saved after
every move; the page's "back" link is the table's own address, which resumes
that saved game. Opened from the lobby (or reloaded), "back" goes to the game
if one is unfinished, else to the lobby.
"""

from __future__ import annotations

from typing import Any

from cardems.games import is_playable, module_name
from cardems.web import dom, markup
from cardems.web.i18n import Catalog
from cardems.web.rules_page import load_rules, render_rules
from cardems.web.host import ScreenHost
from cardems.web.route import Route, parse_route

CSS = ("static/css/rules.css", "static/css/screens.css")


def back_link(app: ScreenHost, game: str) -> tuple[str, bool]:
    """Where "back" goes: (hash, whether it is a game)."""
    left = app.left_table
    if left and parse_route(left).game == game:   # its game, or its daily deal
        return left, True
    if is_playable(game) and app.store.unfinished(game) is not None:
        return f"#/{game}", True
    return "#/", False


def actions(app: ScreenHost, game: str) -> str:
    """Play the game, and see the first game's walkthrough again."""
    if not is_playable(game):
        return ""
    return ('<p class="rules-actions">'
            f'<a class="btn primary" href="#/{game}">{markup.esc(app.t("rules.play"))}</a> '
            + markup.button("tour-replay", app.t("tour.replay"), extra={"data-game": game})
            + "</p>")


def show(app: ScreenHost, target: Route) -> None:
    game = str(target.game)
    for sheet in CSS:
        dom.ensure_css(sheet)
    href, to_game = back_link(app, game)
    # the contents' links keep the page's address (the page routes by its hash) and scroll
    html = render_rules(load_rules(module_name(game), app.lang), Catalog(app.lang), href,
                        app.t("rules.back" if to_game else "nav.back"), anchor=lambda _s: f"#/rules/{game}")
    html = html.replace("</header>", actions(app, game) + "</header>", 1)
    dom.set_html("screen", html)
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
        heading.focus()


def scroll_to_section(event: Any) -> None:
    link = event.target.closest("a[data-section]")
    if dom.absent(link):
        return
    event.preventDefault()
    section = dom.by_id(f"rules-{dom.attr(link, 'data-section')}")
    if section is not None:
        section.scrollIntoView()

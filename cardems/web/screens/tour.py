"""The first game's walkthrough: the first time a player opens a game, a few short
steps (what the game is about, how to play a card, where help is), skippable,
and offered again from the game's rules page.

It is a bubble over the scores and the opponents' seats, below the table's bar
(static/css/app.css, static/js/table.js's fitTour): it costs the table no room, so
the pile and the hand stay on screen, the game can be played while it is up, and
nothing it shows covers the pile, the hand or its buttons.
"""

from __future__ import annotations

from typing import Any

from cardems.web import dom, markup
from cardems.web.host import ScreenHost

STEPS = ("goal", "hand", "help")
# what each step points at on the table
SPOTS = {"hand": ".hand.mine", "help": ".hint-btn, .rules-link"}


class Tour:
    def __init__(self, game: str) -> None:
        self.game = game
        self.step = 0


_current: list[Tour] = []


def offer(app: ScreenHost, game: str) -> None:
    """Start the walkthrough if the player has never seen (or skipped) it for ``game``."""
    close()
    if app.store.tour_seen(game):
        return
    _current.append(Tour(game))
    render(app)


def step_text(app: ScreenHost, tour: Tour) -> tuple[str, str]:
    step = STEPS[tour.step]
    if step == "goal":
        return app.t(f"game.{tour.game}.name"), app.t(f"game.{tour.game}.blurb")
    words = f"tour.{step}_pointer" if step == "hand" and dom.fine_pointer() else f"tour.{step}"
    return app.t(f"tour.{step}.title"), app.t(words)  # a mouse clicks, a finger taps


def render(app: ScreenHost) -> None:
    if not _current:
        return
    tour = _current[0]
    panel = dom.by_id("tour")
    if panel is None:
        from pyscript import document

        panel = document.createElement("aside")
        panel.id = "tour"
        panel.className = "tour"
        panel.setAttribute("aria-labelledby", "tour-title")
        table = dom.by_id("table")
        table.insertBefore(panel, dom.by_id("scoreline"))
    title, text = step_text(app, tour)
    last = tour.step == len(STEPS) - 1
    panel.setAttribute("data-step", STEPS[tour.step])
    panel.innerHTML = (
        '<div class="tour-head">'
        f'<h2 id="tour-title" class="tour-title">{markup.esc(title)}</h2>'
        f'<p class="tour-count">{markup.esc(app.t("tour.count", n=tour.step + 1, of=len(STEPS)))}</p></div>'
        f'<p class="tour-text">{markup.esc(text)}</p>'
        '<div class="tour-buttons">'
        + markup.button("tour-skip", app.t("tour.skip"))
        + markup.button("tour-next", app.t("tour.done" if last else "tour.next"), classes="primary")
        + "</div>"
    )
    spot(STEPS[tour.step])


def spot(step: str | None) -> None:
    from pyscript import document

    for node in document.querySelectorAll(".tour-spot"):
        node.classList.remove("tour-spot")
    if step in SPOTS:
        for node in document.querySelectorAll(SPOTS[step]):
            node.classList.add("tour-spot")


def close() -> None:
    _current.clear()
    panel = dom.by_id("tour")
    if panel is not None:
        panel.remove()
    spot(None)


def finish(app: ScreenHost, game: str) -> None:
    app.store.set_tour_seen(game)
    close()


def on_action(app: ScreenHost, action: str, target: Any) -> None:
    if action == "tour-replay":
        game = dom.attr(target, "data-game") or ""
        app.store.set_tour_seen(game, False)
        app.left_table = None
        from pyscript import window

        window.location.hash = f"#/{game}"
        return
    if not _current:
        return
    tour = _current[0]
    if action == "tour-skip" or (action == "tour-next" and tour.step == len(STEPS) - 1):
        finish(app, tour.game)
    elif action == "tour-next":
        tour.step += 1
        render(app)

"""The lobby: a tile per game (playable or coming, Resume when a game is unfinished,
Play opening the last-used setup), and the question a followed link asks when it would
replace a game in play. It reads the storage only: no game's rules are loaded."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pyscript import document

from cardems.games import PLANNED, is_playable
from cardems.web import dom
from cardems.web.host import Texts
from cardems.web.options import setup_hash, summary_text
from cardems.web.route import Route
from cardems.web.storage import Storage


class Lobby:
    def __init__(self, texts: Texts, store: Storage) -> None:
        self.texts = texts
        self.store = store

    def show(self, route: Route) -> None:
        """The lobby (``route``: a coming game's, to say it is coming)."""
        t = self.texts.t
        document.body.setAttribute("data-view", "lobby")
        coming = dom.by_id("coming")
        if route.coming and route.game:
            coming.textContent = t("coming.body", game=t(f"game.{route.game}.name"))
            coming.hidden = False
        else:
            coming.hidden = True
        self.render_tiles()
        dom.set_state("ready")

    def render_tiles(self) -> None:
        t = self.texts.t
        for name in PLANNED:
            tile = document.querySelector(f'[data-game-tile="{name}"]')
            if dom.absent(tile):
                continue
            playable = is_playable(name)
            tile.classList.toggle("soon", not playable)
            tile.classList.toggle("playable", playable)
            unfinished = playable and self.store.unfinished(name) is not None
            tile.classList.toggle("has-save", unfinished)
            setup = self.store.setup(name)
            link = tile.querySelector("a")
            if not dom.absent(link):
                link.setAttribute("href", f"#/{name}" if unfinished else setup_hash(name, setup))
            line = tile.querySelector(".tile-setup")
            if not dom.absent(line):
                line.textContent = summary_text(t, setup) if playable else ""
        self.render_daily()

    def render_daily(self) -> None:
        """The daily links: today's deal of each game marked once it was played to its end."""
        today = datetime.now(UTC).date().isoformat()
        for name in PLANNED:
            link = document.querySelector(f'a[data-daily="{name}"]')
            if dom.absent(link):
                continue
            done = self.store.daily_done(name, today)
            link.classList.toggle("done", done)
            mark = link.querySelector(".daily-done")
            if done and dom.absent(mark):
                link.insertAdjacentHTML("beforeend", '<span class="daily-done"></span>')
                mark = link.querySelector(".daily-done")
            if not dom.absent(mark):
                mark.textContent = self.texts.t("daily.done") if done else ""

    def ask_about_link(self, route: Route) -> None:
        """Over the lobby: resume the unfinished game of ``route``'s game, or play the
        deal the link opens (which replaces it). Closing the question keeps the game."""
        t = self.texts.t
        self.show(Route(None))
        name = t(f"game.{route.game}.name")
        dialog: Any = dom.by_id("choice")
        dialog.innerHTML = (
            f'<form method="dialog" class="options-form">'
            f'<h2 class="dialog-title" id="choice-title">{dom.esc(t("link.title"))}</h2>'
            f'<p>{dom.esc(t("link.body", game=name))}</p><div class="dialog-buttons">'
            f'<button type="button" class="btn" data-action="link-play">{dom.esc(t("link.play"))}</button>'
            f'<button type="button" class="btn primary" data-action="link-resume" autofocus>'
            f'{dom.esc(t("link.resume"))}</button></div></form>'
        )
        if not dialog.open:
            dialog.showModal()

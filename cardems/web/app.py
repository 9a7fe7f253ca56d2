"""The app: language, routes, the lobby, saved games, and the table in play."""

from __future__ import annotations

import asyncio
import importlib
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from cardems.games import PLANNED, game_class, is_playable, module_name, set_shipped
from cardems.web import dom, loader, sound
from cardems.web.i18n import LANGUAGES, Catalog, pick_language
from cardems.web.options import (default_game, form_html, route_from_form, route_from_setup, setup_hash, setup_of,
                                 summary_text)
from cardems.web.route import SPEEDS, Route, parse_route
from cardems.web.storage import Invalid, Storage


def new_seed() -> int:
    import secrets  # imported when first needed: it pulls in random and hashlib

    return secrets.randbelow(2**31)


class App:
    """One per page. Owns the catalog, the settings and the current table."""

    def __init__(self) -> None:
        self.failure_notice: tuple[str, dict[str, str]] | None = None  # what storage cannot keep, told
        self.notices: list[tuple[str, dict[str, str]]] = []
        self.store = Storage(dom, PLANNED, on_write=self.wrote)
        self.store.check_all()
        stored = self.store.lang()
        browser = list(window.navigator.languages or []) or [window.navigator.language or "en"]
        self.lang = stored or pick_language(browser)
        self.catalog = Catalog(self.lang)
        self.speed_setting = self.store.speed() or "normal"
        self.route: Route = Route(None)
        self.table: Any = None
        self.on_purpose: str | None = None  # a game the player started here (not a link they followed)
        self.link: Route | None = None      # a followed link waiting for the player's choice
        self._proxies: list[Any] = []
        self._records: Any = None
        self.daily = False                   # the table's game is the daily deal (saved in its own slot)
        self.keep: dict[str, Any] = {}       # saved with it: its statistics record (record.py)
        self.left_table: str | None = None   # the hash of the table last left (a rules page goes back)
        self.screen: Route | None = None    # the screen shown (rules, stats), if any
        set_shipped(loader.games())

    # ------------------------------------------------------------ start-up
    def start(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(document, "change", self.on_change)
        self._listen(window, "hashchange", lambda _e: self.on_route())
        self._listen(dom.by_id("result"), "close", lambda _e: self.table and self.table.on_dialog_closed())
        self._listen(dom.by_id("choice"), "close", lambda _e: self.on_link_closed())
        sound.set_muted(self.store.muted())
        self.apply_language(self.lang, store=False)
        self.on_route()
        dom.mark("cardems:ready")
        window.cardemsShell.loaded()

    def _listen(self, target: Any, name: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(name, proxy)

    @property
    def speed(self) -> str:
        return self.route.speed or self.speed_setting

    def t(self, key: str, **params: Any) -> str:
        return self.catalog.t(key, **params)

    # ------------------------------------------------------------ language
    def apply_language(self, lang: str, store: bool = True) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.catalog = Catalog(self.lang)
        if store:
            self.store.set_lang(self.lang)
        window.cardemsShell.setLanguage(self.lang)
        select = dom.by_id("lang")
        if select is not None:
            select.value = self.lang
        if self.table is not None:
            self.table.render()
            dialog = dom.by_id("result")
            if dialog is not None and dialog.open:
                self.table.show_result()
        elif self.screen is not None:
            self.on_route()
        elif not self.route.is_table:
            self.render_tiles()
        options = dom.by_id("options")
        if options is not None and options.open:
            self.open_options(self.read_options())
        if store:   # at start, the first route shows the notices (what the storage reset among them)
            self.render_notices()
        sound.render_toggle(self.t, self.store.muted())

    # ------------------------------------------------------------ routing
    def with_game(self, name: str | None, then: Any) -> bool:
        """Whether game ``name`` must be fetched before it can be shown; if so, fetch
        it (the page is ``busy`` meanwhile) and call ``then()`` once it is here."""
        if name is None or name not in PLANNED or not is_playable(name) or not loader.missing(name):
            return False
        before = dom.attr(dom.ROOT, "data-cardems") or "ready"
        dom.set_state("busy")
        stem = module_name(name)
        dom.ensure_css(f"cardems/web/{stem}/style.css")
        asyncio.ensure_future(self._fetch_game(name, then, before))
        return True

    async def _fetch_game(self, name: str, then: Any, before: str) -> None:
        try:
            await loader.load(name)
        except Exception as exc:  # offline before the site was kept, or a broken deploy
            window.console.error(f"cardems: could not load {name}: {exc}")
            self.notices = [("notice.load_failed", {"game": self.t(f"game.{name}.name")})]
            self.render_notices()
            dom.set_state("ready")
            return
        dom.set_state("ready" if before == "loading" else before)
        then()

    def on_route(self) -> None:
        for name in ("options", "choice"):
            dialog = dom.by_id(name)
            if dialog is not None and dialog.open:
                self.link = None
                dialog.close()
        if self.table is not None:
            self.left_table = self.route.to_hash()
            self.table.close()
            self.table = None
        self.daily, self.keep, self.screen = False, {}, None
        if self.show_screen(str(window.location.hash or "")):
            return
        if self.with_game(parse_route(str(window.location.hash or "")).game, self.on_route):
            return
        route = parse_route(str(window.location.hash or ""))
        self.notices = list(route.notices)
        self.route = route
        if not route.is_table:  # the lobby; a screen (#/rules/.., #/stats, #/daily/..) is not shown yet
            self.show_lobby(route)
        else:
            self.show_table(route)
        if self.failure_notice is not None and self.failure_notice not in self.notices:
            self.notices.append(self.failure_notice)
        self.render_notices()
        dom.set_shown_route()

    def navigate(self, route: Route) -> None:
        window.location.hash = route.to_hash()

    def replace_hash(self, route: Route) -> None:
        window.history.replaceState(None, "", route.to_hash())
        dom.set_shown_route()

    def show_lobby(self, route: Route) -> None:
        document.body.setAttribute("data-view", "lobby")
        coming = dom.by_id("coming")
        if route.coming and route.game:
            coming.textContent = self.t("coming.body", game=self.t(f"game.{route.game}.name"))
            coming.hidden = False
        else:
            coming.hidden = True
        self.render_tiles()
        dom.set_state("ready")

    def render_tiles(self) -> None:
        """Each tile: playable or coming, Resume when a game is unfinished, and Play
        opening the last-used setup (read from storage: no game's rules are loaded)."""
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
                line.textContent = summary_text(self.t, setup) if playable else ""

    def last_setup(self, game: str) -> Route:
        return route_from_setup(self.store.setup(game), game)

    def show_table(self, route: Route) -> None:
        stem = module_name(route.game)
        table_class = importlib.import_module(f"cardems.web.{stem}.table").TABLE
        dom.ensure_css(f"cardems/web/{stem}/style.css")
        cls = game_class(route.game)
        saved = self.store.save(route.game)
        chosen, self.on_purpose = route.to_hash_without_speed() == self.on_purpose, None
        game = None
        if saved is not None:
            wanted = None if route.seed is None else route.to_hash_without_speed()
            # without a seed, "#/pisti" resumes the unfinished game; with options, only a game of those options
            bare = wanted is None and route.to_hash_without_speed() == f"#/{route.game}"
            if (wanted is None and not saved["over"] and (bare or same_setup(saved["hash"], route))
                    or wanted == saved["hash"]):
                game = self.restore(cls, saved)
                if game is not None:
                    if wanted is None:  # resume the unfinished game: show its route
                        resumed = parse_route(saved["hash"])
                        resumed.speed = route.speed
                        route = self.route = resumed
                    if game.moves:
                        self.notices.append(("notice.resumed", {}))
            elif not saved["over"] and saved["game"]["moves"] and not chosen:
                self.ask_about_link(route)  # a link would replace a game in play: the player decides
                return
        document.body.setAttribute("data-view", "table")
        resumed = game is not None
        if game is None:
            self.replaced(saved, cls)
            if route.seed is None:
                route.seed = new_seed()
            game = cls.new(route.options, seed=route.seed)
        route.seed = game.seed
        self.replace_hash(route)
        self.store.set_setup(route.game, setup_of(route))
        self.begin_record(route, game, saved if resumed else None)
        self.table = table_class(self, route, game)
        self.table.mount()
        self.offer_tour(route.game)

    def ask_about_link(self, route: Route) -> None:
        """Over the lobby: resume the unfinished game of ``route``'s game, or play the
        deal the link opens (which replaces it). Closing the question keeps the game."""
        self.link = route
        self.show_lobby(Route(None))
        name = self.t(f"game.{route.game}.name")
        dialog = dom.by_id("choice")
        dialog.innerHTML = (
            f'<form method="dialog" class="options-form">'
            f'<h2 class="dialog-title" id="choice-title">{dom.esc(self.t("link.title"))}</h2>'
            f'<p>{dom.esc(self.t("link.body", game=name))}</p><div class="dialog-buttons">'
            f'<button type="button" class="btn" data-action="link-play">{dom.esc(self.t("link.play"))}</button>'
            f'<button type="button" class="btn primary" data-action="link-resume" autofocus>'
            f'{dom.esc(self.t("link.resume"))}</button></div></form>')
        if not dialog.open:
            dialog.showModal()

    def on_link_choice(self, play: bool) -> None:
        route, self.link = self.link, None
        dom.by_id("choice").close()
        if route is None:
            return
        if play:
            self.on_purpose = route.to_hash_without_speed()
            self.on_route()
        else:
            self.navigate(Route(route.game, speed=route.speed))

    def on_link_closed(self) -> None:
        """The question closed without an answer (Escape): the lobby, the game kept."""
        if self.link is not None:
            self.link = None
            self.navigate(Route(None))

    def restore(self, cls: Any, saved: dict[str, Any]) -> Any:
        """The game of a save (checked for shape by the storage), or None with a notice
        if it does not replay, or its route does not describe it."""
        try:
            game = cls.from_json(saved["game"])
            shown = parse_route(saved["hash"])
            if shown.notices or shown.seed != game.seed or shown.options != game.options:
                raise Invalid(f"its route {saved['hash']!r} is not the game's")
        except Exception as exc:  # any failure of a stored value: BadInput, or one the checks missed
            window.console.warn(f"cardems: discarded a save: {exc}")
            self.notices.append(("notice.bad_save", {}))
            self.store.drop_save(cls.name)
            return None
        return game

    def save(self, route: Route, game: Any) -> None:
        try:
            self.store.set_save(route.game, route.to_hash_without_speed(), game.is_over(), game.to_json(),
                                extra=self.keep, daily=self.daily)
        except Invalid as exc:
            window.console.warn(f"cardems: this game cannot be stored: {exc}")

    def wrote(self, failure: str | None, game: bool = False) -> None:
        """After every write (the storage tells): the player is told once when storage
        stops keeping what they do (the game in play, or their choices), and the notice
        goes when it works again."""
        ok = failure is None
        notice = None if failure is None else (f"notice.{'unsaved_game' if game else 'unsaved'}.{failure}", {})
        if notice == self.failure_notice or (ok and not game and self.failure_notice is not None
                                             and "unsaved_game" in self.failure_notice[0]):
            return  # a setting stored does not mean the game is
        if self.failure_notice in self.notices:
            self.notices.remove(self.failure_notice)
        if notice is not None:
            self.notices.append(notice)
        self.failure_notice = notice
        self.render_notices()

    def new_game(self) -> None:
        if self.daily:  # from the daily deal: a game of one's own
            self.navigate(Route(self.route.game, options=dict(self.route.options), seed=new_seed()))
            return
        route = parse_route(self.route.to_hash())
        route.seed = new_seed()
        route.dropped = []
        self.on_purpose = route.to_hash_without_speed()
        self.navigate(route)

    # ------------------------------------------------------------ options
    def open_options(self, route: Route | None = None, game: str | None = None) -> None:
        """The options dialog, showing ``route``'s setup (else the table's, else the
        last used of ``game``, a lobby tile's)."""
        if route is None:
            route = self.route if self.table is not None else self.last_setup(game or default_game())
        dialog = dom.by_id("options")
        dialog.innerHTML = form_html(self.t, route)
        if not dialog.open:
            result = dom.by_id("result")
            if result is not None and result.open and self.table is not None and not self.table.awaiting_next:
                result.close()
            dialog.showModal()

    def read_options(self) -> Route:
        """The route the options form describes now (no seed)."""
        form = document.querySelector("#options form")
        game = dom.attr(form, "data-game") or default_game()
        values: dict[str, str | None] = {}
        for node in form.querySelectorAll("input"):
            name = str(node.name)
            if str(node.type) == "checkbox":
                values[name] = "true" if node.checked else "false"
            elif node.checked:
                values[name] = None if node.closest("fieldset").disabled else str(node.value)
        route = route_from_form(values, seed=0, game=game)
        route.seed = None
        return route

    def start_from_options(self) -> None:
        route = self.read_options()
        route.seed = new_seed()
        route.speed = self.route.speed if self.route.game == route.game else None
        dom.by_id("options").close()
        self.on_purpose = route.to_hash_without_speed()
        self.navigate(route)

    def on_options_change(self, target: Any) -> None:
        if str(target.name) == "mode":
            box = document.querySelector('#options fieldset[data-field="target"]')
            if not dom.absent(box):
                box.disabled = str(target.value) != "match"

    # ------------------------------------------------------------ notices
    def take_store_notices(self) -> list[tuple[str, dict[str, str]]]:
        """What the storage reset since last asked, with the games named in this language."""
        for problem in self.store.problems:
            window.console.warn(f"cardems: reset {problem}")
        taken = [(key, {**params, "game": self.t(f"game.{params['game']}.name")} if "game" in params else params)
                 for key, params in self.store.notices]
        self.store.notices.clear()
        self.store.problems.clear()
        return taken

    def render_notices(self) -> None:
        """The notices, what the storage reset since they were last shown first."""
        self.notices[:0] = self.take_store_notices()
        items = "".join(
            f'<li class="notice" role="status">{dom.esc(self.t(key, **params))}'
            f'<button type="button" class="notice-x" data-action="dismiss" '
            f'aria-label="{dom.esc(self.t("notice.dismiss"))}">×</button></li>'
            for key, params in self.notices)
        dom.set_html("notices", items)

    # ------------------------------------------------------------ events
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],button[data-card]")
        if dom.absent(target) or target.disabled:
            return
        action = dom.attr(target, "data-action")
        if action == "dismiss":
            self.notices = []
            self.render_notices()
        elif action == "new-game":
            self.new_game()
        elif action == "options":
            game = dom.attr(target, "data-game")
            if not self.with_game(game, lambda: self.open_options(game=game)):
                self.open_options(game=game)
        elif action == "options-start":
            self.start_from_options()
        elif action == "options-cancel":
            dom.by_id("options").close()
        elif action in ("link-play", "link-resume"):
            self.on_link_choice(play=action == "link-play")
        elif action == "mute":
            muted = not self.store.muted()
            self.store.set_muted(muted)
            sound.set_muted(muted)
            sound.render_toggle(self.t, muted)
        elif action and action.startswith(("stats-", "share-", "tour-")):
            self.screen_action(action, target)
        elif self.table is not None:
            self.table.on_click(target, action, event)

    def on_change(self, event: Any) -> None:
        target = event.target
        if not dom.absent(target.closest("#options")):
            self.on_options_change(target)
        elif target.id == "stats-file":
            self.screen_action("stats-file", target)
        elif target.id == "lang":
            self.apply_language(str(target.value))
        elif target.id == "speed" and str(target.value) in SPEEDS:
            self.speed_setting = str(target.value)
            self.store.set_speed(self.speed_setting)
            self.route.speed = None
            self.replace_hash(self.route)
            if self.table is not None:
                self.table.render()

    # ------------------------------------------------------------ screens, statistics, walkthrough
    def show_screen(self, hash_text: str) -> bool:
        """Show the screen ``hash_text`` names (rules, statistics, the daily deal), once
        its modules are here; False if it names none."""
        target = parse_route(hash_text)
        if target.screen is None or target.game is None and target.screen != "stats":
            return False
        self.route = Route(None)
        dom.set_state("busy")
        asyncio.ensure_future(self._show_screen(target, hash_text))
        return True

    async def _show_screen(self, target: Route, hash_text: str) -> None:
        from cardems.web.screens import open_screen

        try:
            await open_screen(self, target, lambda: str(window.location.hash or "") == hash_text)
        except OSError as exc:  # offline before the site was kept, or a broken deploy
            window.console.error(f"cardems: could not load {hash_text}: {exc}")
            self.notices = [("notice.load_failed", {"game": hash_text.lstrip("#/")})]
            self.show_lobby(Route(None))
            self.render_notices()
            dom.set_shown_route()

    def show_route(self) -> None:
        """The page shows the address now (tests wait for this)."""
        dom.set_shown_route()

    def show_view(self, view: str) -> None:
        """Show the lobby, a table or a screen (``data-view`` on <body>)."""
        document.body.setAttribute("data-view", view)

    def screen_action(self, action: str, target: Any) -> None:
        module = {"stats": "stats", "share": "daily", "tour": "tour"}[action.partition("-")[0]]
        importlib.import_module(f"cardems.web.screens.{module}").on_action(self, action, target)

    @property
    def records(self) -> Any:
        """The record of the games played (imported with the first table: not the lobby's)."""
        if self._records is None:
            from cardems.web.record import Records

            self._records = Records(self.add_notice)
        return self._records

    def begin_record(self, route: Route, game: Any, saved: Any) -> None:
        """The statistics record of the table's game: the save's, or a new one."""
        from cardems.web import record

        self.keep = record.meta_of(saved) or record.new_meta(game, route.level)

    def replaced(self, saved: Any, cls: Any) -> None:
        """A new game replaces ``saved``: an unfinished one is recorded as abandoned."""
        self.records.abandoned(saved, cls)

    def game_over(self, game: Any) -> None:
        """The table's game ended (the session tells, once): it is recorded, once."""
        if self.records.finished(game, self.keep):
            self.save(self.route, game)   # remember it is recorded
            if self.daily:
                from cardems.web.screens import daily

                daily.finished(self, game)

    def result_extra(self, game: Any) -> str:
        """What the result dialog adds to a game's own: the daily deal's share line."""
        if not self.daily:
            return ""
        from cardems.web.screens import daily

        return daily.result_section(self, game)

    def add_notice(self, key: str, **params: str) -> None:
        """Show a notice (once), e.g. from the statistics database (a missing key: its general one)."""
        if key.startswith("stats.db.") and self.t(key) == key:
            key = "stats.db.failed"
        if (key, params) not in self.notices:
            self.notices.append((key, params))
            self.render_notices()

    def offer_tour(self, game: str) -> None:
        from cardems.web.screens import tour

        tour.offer(self, game)


def same_setup(saved_hash: Any, route: Route) -> bool:
    """Whether a saved game (by its hash) was started with ``route``'s options and level."""
    if not isinstance(saved_hash, str):
        return False
    saved = parse_route(saved_hash)
    return saved.game == route.game and saved.options == route.options and saved.level == route.level

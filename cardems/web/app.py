"""The app: the page's shell. It reads the address (:func:`cardems.web.route.parse_route`)
and shows the lobby (:mod:`.lobby`), a game's table (kept by :mod:`.saves`) or a screen
(:mod:`.screens`); it owns the language, the notices (:mod:`.notices`), the options
dialog and the page's event listeners. What a table or a screen may use of it is
declared in :mod:`.host`.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from cardems.game import Game
from cardems.games import PLANNED, game_class, is_playable, module_name, set_shipped
from cardems.web import display, dom, loader, sound
from cardems.web.i18n import LANGUAGES, Catalog, pick_language
from cardems.web.lobby import Lobby
from cardems.web.notices import Notices
from cardems.web.options import default_game, form_html, route_from_form, route_from_setup, setup_of
from cardems.web.route import SPEEDS, Route, parse_route
from cardems.web.saves import Saves, Slot, opening
from cardems.web.screens import open_screen
from cardems.web.storage import Storage, daily_key, save_key
from cardems.web.tabs import Lease

if TYPE_CHECKING:
    from cardems.web.host import Retitle


def new_seed() -> int:
    import secrets  # imported when first needed: it pulls in random and hashlib

    return secrets.randbelow(2**31)


class App:
    """One per page. Owns the catalog, the settings and the current table; implements
    :class:`cardems.web.host.TableHost` and :class:`cardems.web.host.ScreenHost`."""

    def __init__(self) -> None:
        self.notices = Notices()
        self.store = Storage(dom, PLANNED, on_write=self.wrote)
        self.store.check_all()
        browser = list(window.navigator.languages or []) or [window.navigator.language or "en"]
        self.lang = self.store.lang() or pick_language(browser)
        self.catalog = Catalog(self.lang)
        self.speed_setting = self.store.speed() or "normal"
        self.saves = Saves(
            self.store, lambda text: window.console.warn(text), on_stale=lambda _s: self.elsewhere()
        )
        self.lease = Lease(self.on_lost)
        self.lobby = Lobby(self, self.store)
        self.route: Route = Route(None)
        self.table: Any = None
        self.on_purpose: str | None = None  # a game the player started here (not a link they followed)
        self.link: Route | None = None  # a followed link waiting for the player's choice
        self.left_table: str | None = None  # the hash of the table last left (a rules page goes back)
        self.screen: Route | None = None  # the screen shown (rules, stats), if any
        self._proxies: list[Any] = []
        self._records: Any = None
        self.pending_key: str | None = None  # the game another tab holds, while the player decides
        self._elsewhere_heard = False
        set_shipped(loader.games())

    # ------------------------------------------------------------ start-up
    def start(self) -> None:
        self.listen(document, "click", self.on_click)
        self.listen(document, "change", self.on_change)
        self.listen(window, "hashchange", lambda _e: self.on_route())
        self.listen(dom.by_id("result"), "close", lambda _e: self.table and self.table.on_dialog_closed())
        self.listen(dom.by_id("choice"), "close", lambda _e: self.on_link_closed())
        self.listen(window, "storage", self.on_storage)
        sound.set_muted(self.store.muted())
        dom.ROOT.setAttribute("data-deck", self.deck)
        self.apply_language(self.lang, store=False)
        self.on_route()
        dom.mark("cardems:ready")
        window.cardemsShell.loaded()

    def listen(self, target: Any, name: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(name, proxy)

    @property
    def speed(self) -> str:
        return self.route.speed or self.speed_setting

    def t(self, key: str, **params: Any) -> str:
        return self.catalog.t(key, **params)

    # ------------------------------------------------------------ how cards are shown
    @property
    def deck(self) -> str:
        """The deck's colours (``two``, ``four``), as the player chose."""
        return self.store.deck() or display.DEFAULT_DECK

    @property
    def hand_order(self) -> str:
        """How the human's hand is ordered (``suit``, ``rank``, ``dealt``), as the player chose."""
        return self.store.hand_order() or display.DEFAULT_ORDER

    def on_display_change(self, name: str, value: str) -> None:
        """A display setting chosen in the options dialog: kept, and shown at once."""
        if name == "deck" and value in display.DECKS:
            self.store.set_deck(value)
            dom.ROOT.setAttribute("data-deck", value)
        elif name == "order" and value in display.ORDERS:
            self.store.set_hand_order(value)
            if self.table is not None:
                self.table.render()

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
            self.lobby.render_tiles()
        options = dom.by_id("options")
        if options is not None and options.open:
            self.open_options(self.read_options())
        confirm = dom.by_id("confirm")
        if confirm is not None and confirm.open:
            self.ask_new_game()
        if store:  # at start, the first route shows the notices (what the storage reset among them)
            self.render_notices()
        sound.render_toggle(self.t, self.store.muted())

    # ------------------------------------------------------------ routing
    def with_game(self, name: str | None, then: Callable[[], None]) -> bool:
        """Whether game ``name`` must be fetched before it can be shown; if so, fetch
        it (the page is ``busy`` meanwhile) and call ``then()`` once it is here."""
        if name is None or name not in PLANNED or not is_playable(name) or not loader.missing(name):
            return False
        before = dom.attr(dom.ROOT, "data-cardems") or "ready"
        dom.set_state("busy")
        dom.ensure_css(f"cardems/web/{module_name(name)}/style.css")
        asyncio.ensure_future(self._fetch_game(name, then, before))
        return True

    async def _fetch_game(self, name: str, then: Callable[[], None], before: str) -> None:
        try:
            await loader.load(name)
        except Exception as exc:  # offline before the site was kept, or a broken deploy
            window.console.error(f"cardems: could not load {name}: {exc}")
            self.notices.replace([("notice.load_failed", {"game": self.t(f"game.{name}.name")})])
            self.render_notices()
            dom.set_state("ready")
            return
        dom.set_state("ready" if before == "loading" else before)
        then()

    def on_route(self) -> None:
        """Show what the address names: the lobby, a game's table or a screen."""
        for name in ("options", "choice", "confirm"):
            dialog = dom.by_id(name)
            if dialog is not None and dialog.open:
                self.link = None
                dialog.close()
        self.close_table()
        self.screen = None
        hash_text = str(window.location.hash or "")
        route = parse_route(hash_text)
        keep = (
            save_key(str(route.game))
            if route.is_table
            else daily_key(str(route.game))
            if route.screen == "daily"
            else None
        )
        for key in [k for k in self.lease.held if k != keep]:  # the games this address does not show
            self.lease.release(key)
        self.notices.replace(route.notices)
        if route.screen == "review" and not route.coming:
            if not self.with_game(route.game, self.on_route):
                self.show_review(route)
            return
        if route.screen is not None:
            self.show_screen(route, hash_text)
            return
        if route.is_table and self.with_game(route.game, self.on_route):
            return
        if route.is_table and self.with_lease(save_key(str(route.game)), self.on_route):
            return
        self.route = route
        if route.is_table:
            self.show_table(route)
        else:
            self.lobby.show(route)
        self.render_notices()
        dom.set_shown_route()

    def close_table(self) -> None:
        if self.table is not None:
            self.left_table = self.route.to_hash()
            self.table.close()
            self.table = None
        self.saves.slot = None

    # ------------------------------------------------------------ one game, one tab
    def with_lease(self, key: str, then: Callable[[], None]) -> bool:
        """Whether this tab must first take the lock of the game saved under ``key``; if
        so, it asks for it (the page is ``busy`` meanwhile) and calls ``then()`` once it
        holds it, or asks the player when another tab does."""
        if key in self.lease.held or not self.lease.available():
            return False
        dom.set_state("busy")
        asyncio.ensure_future(self._take_lease(key, then, str(window.location.hash or "")))
        return True

    async def _take_lease(
        self, key: str, then: Callable[[], None], hash_text: str, take: bool = False
    ) -> None:
        held = await self.lease.hold(key, take=take)
        if str(window.location.hash or "") != hash_text:
            self.lease.release(key)
            return  # the player went elsewhere meanwhile: that address is being shown
        if held:
            then()
        else:
            self.lobby.show(Route(None))
            self.elsewhere(key, opening=True)
            dom.set_shown_route()

    def elsewhere(self, key: str | None = None, opening: bool = False) -> None:
        """Another tab plays the table's game (``opening``: holds the game this tab was
        about to open): this one stops, and the player chooses to play here or another game."""
        if self.table is not None:
            self.table.close()
        self.pending_key = key or (self.saves.slot.key if self.saves.slot is not None else None)
        dialog = dom.dialog("elsewhere", "elsewhere-title")
        if not self._elsewhere_heard:  # Escape closes it: the lobby, as "another game"
            self._elsewhere_heard = True

            def closed(_event: Any) -> None:
                if self.pending_key is not None:
                    self.on_elsewhere_choice(False)

            self.listen(dialog, "close", closed)
        t = self.t
        dialog.innerHTML = (
            f'<form method="dialog" class="options-form">'
            f'<h2 class="dialog-title" id="elsewhere-title">{dom.esc(t("tabs.title"))}</h2>'
            f'<p>{dom.esc(t("tabs.opening" if opening else "tabs.lost"))}</p><div class="dialog-buttons">'
            f'<button type="button" class="btn" data-action="tab-lobby">{dom.esc(t("tabs.lobby"))}</button>'
            f'<button type="button" class="btn primary" data-action="tab-here" autofocus>'
            f'{dom.esc(t("tabs.here"))}</button></div></form>'
        )
        if not dialog.open:
            dialog.showModal()
        dom.set_state("ready")

    def on_lost(self, key: str) -> None:
        """Another tab took this tab's game over (its Web Lock)."""
        if self.saves.slot is not None and self.saves.slot.key == key:
            self.saves.slot.stale = True
            self.elsewhere(key)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote a stored key: if it is the table's game, a newer save stops this tab."""
        slot = self.saves.slot
        if slot is not None and str(event.key or "") == slot.key:
            self.saves.newer_elsewhere()

    def on_elsewhere_choice(self, here: bool) -> None:
        dialog = dom.by_id("elsewhere")
        if dialog is not None and dialog.open:
            dialog.close()
        key, self.pending_key = self.pending_key, None
        self.close_table()
        if here and key is not None:
            asyncio.ensure_future(
                self._take_lease(key, self.on_route, str(window.location.hash or ""), take=True)
            )
        else:
            self.navigate(Route(None))

    def navigate(self, route: Route) -> None:
        window.location.hash = route.to_hash()

    def replace_hash(self, route: Route) -> None:
        window.history.replaceState(None, "", route.to_hash())
        dom.set_shown_route()

    def show_lobby(self, route: Route) -> None:
        self.lobby.show(route)

    def show_table(self, route: Route) -> None:
        """The table of ``route``'s game: the saved game resumed, a question if the address
        would replace a game in play, or a new deal."""
        cls = game_class(str(route.game))
        saved = self.store.save(str(route.game))
        chosen, self.on_purpose = route.to_hash_without_speed() == self.on_purpose, None
        what = opening(route, saved, chosen)
        if what == "ask":
            self.link = route
            self.lobby.ask_about_link(route)
            return
        game = self.saves.restore(cls, saved) if what == "resume" and saved is not None else None
        resumed = game is not None
        if what == "resume" and not resumed:
            self.notices.add("notice.bad_save")
        if game is not None:
            if route.seed is None:  # resume the unfinished game: show its route
                assert saved is not None  # the game was restored from it
                shown = parse_route(saved["hash"])
                shown.speed = route.speed
                route = shown
            if game.moves:
                self.notices.add("notice.resumed")
        else:
            self.records.abandoned(saved, cls)
            game = cls.new(route.options, seed=route.seed if route.seed is not None else new_seed())
        route.seed = game.seed
        self.replace_hash(route)
        self.store.set_setup(str(route.game), setup_of(route))
        from cardems.web import record

        person = route.seating.index("p")
        meta = (record.meta_of(saved) if resumed else None) or record.new_meta(
            game, route.level, side=game.game_type.side(person, game.players)
        )
        meta["together"] = route.people > 1
        self.open_table(route, game, Slot(str(route.game), meta=meta))

    def open_table(
        self, route: Route, game: Game[Any, Any], slot: Slot, *, title: Retitle | None = None
    ) -> None:
        stem = module_name(game.name)
        table_class = importlib.import_module(f"cardems.web.{stem}.table").TABLE
        dom.ensure_css(f"cardems/web/{stem}/style.css")
        self.show_view("table")
        dom.trim_measures("cardems:move", "cardems:ai")
        self.route = route
        self.saves.open(slot)
        table = table_class(self, route, game)
        if title is not None:
            own = table.title_parts
            table.title_parts = lambda: title(own())
        self.table = table
        table.mount()
        self.offer_tour(game.name)

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

    # ------------------------------------------------------------ the table's game
    def save(self, route: Route, game: Game[Any, Any]) -> None:
        self.saves.save(route, game)

    @property
    def daily(self) -> bool:
        """Whether the table's game is the daily deal."""
        return self.saves.slot is not None and self.saves.slot.daily

    @property
    def records(self) -> Any:
        """The record of the games played (imported with the first table: not the lobby's)."""
        if self._records is None:
            from cardems.web.record import Records

            self._records = Records(self.add_notice)
        return self._records

    def game_over(self, game: Game[Any, Any]) -> None:
        """The table's game ended (the session tells, once): it is recorded, once."""
        slot = self.saves.slot
        if slot is not None and self.records.finished(game, slot.meta, self.route.seats):
            self.save(self.route, game)  # remember it is recorded
            if slot.daily:
                from cardems.web.screens import daily

                daily.finished(self, game, slot.meta)

    def review(self, game: Game[Any, Any], route: Route) -> None:
        """Look back at the table's finished game: its review link (options, seed, seats and
        moves, the replay format of the saves), which anyone can open."""
        self.navigate(
            Route(
                game.name,
                options=dict(game.options),
                seed=game.seed,
                level=route.level,
                seats=route.seats,
                screen="review",
                moves=tuple(game.moves),
            )
        )

    def show_review(self, route: Route) -> None:
        """The review of a deal (``#/review/<game>?...&moves=``): its table, every hand face
        up, stepped through move by move; nothing is saved or recorded. Moves that do not
        replay are a notice, and the lobby."""
        cls = game_class(str(route.game))
        try:
            game = cls.from_json(
                {
                    "format": 1,
                    "game": cls.name,
                    "options": route.options,
                    "seed": route.seed or 0,
                    "deck": None,
                    "moves": list(route.moves),
                }
            )
        except Exception as exc:  # BadInput: a move that does not replay
            window.console.warn(f"cardems: review: {exc}")
            self.notices.add("notice.bad_review")
            self.route = Route(None)  # the lobby in its place, the notice kept (no new route read)
            window.history.replaceState(None, "", "#/")
            self.lobby.show(self.route)
            self.render_notices()
            dom.set_shown_route()
            return
        stem = module_name(game.name)
        table_class = importlib.import_module(f"cardems.web.{stem}.table").TABLE
        dom.ensure_css(f"cardems/web/{stem}/style.css")
        self.show_view("table")
        self.route = route
        table = table_class(self, route, game)
        table.reviewing = tuple(route.moves)
        self.table = table
        table.mount()
        self.render_notices()
        dom.set_shown_route()

    def undo_allowed(self, route: Route) -> bool:
        """Whether moves may be taken back at this table: the setting (on by default),
        never in the daily deal (the same deal for everyone) nor in pass-and-play."""
        return route.undo and not self.daily and route.people == 1

    def undone(self, game: Game[Any, Any]) -> None:
        """A move was taken back: the game's record will say so."""
        slot = self.saves.slot
        if slot is not None and not slot.meta.get("undo"):
            slot.meta["undo"] = True
            self.save(self.route, game)

    def person_name(self, person: int) -> str:
        """The name the ``person``-th person at the table goes by here ("" for none)."""
        names = self.store.names()
        return names[person] if 0 <= person < len(names) else ""

    def result_extra(self, game: Game[Any, Any]) -> str:
        """What the result dialog adds to a game's own: the daily deal's share line."""
        slot = self.saves.slot
        if slot is None or not slot.daily:
            return ""
        from cardems.web.screens import daily

        return daily.result_section(self, game, slot.meta)

    def in_play(self) -> bool:
        """Whether the table shows a game with moves made and not over (New game would lose it)."""
        table = self.table
        return table is not None and table.alive and table.session.move_no > 0 and not table.game.is_over()

    def ask_new_game(self) -> None:
        """New game (the button or N) during a game in progress: ask first; keeping it is the default."""
        dialog = dom.dialog("confirm", "confirm-title")
        t = self.t
        dialog.innerHTML = (
            f'<form method="dialog" class="options-form">'
            f'<h2 class="dialog-title" id="confirm-title">{dom.esc(t("confirm.new.title"))}</h2>'
            f'<p>{dom.esc(t("confirm.new.body"))}</p><div class="dialog-buttons">'
            f'<button type="button" class="btn" data-action="new-confirm">{dom.esc(t("confirm.new.yes"))}</button>'
            f'<button type="button" class="btn primary" data-action="new-cancel" autofocus>'
            f'{dom.esc(t("confirm.new.no"))}</button></div></form>'
        )
        if not dialog.open:
            dialog.showModal()

    def new_game(self) -> None:
        if self.daily:  # from the daily deal: a game of one's own
            self.navigate(Route(self.route.game, options=dict(self.route.options), seed=new_seed()))
            return
        route = parse_route(self.route.to_hash())
        route.seed = new_seed()
        self.on_purpose = route.to_hash_without_speed()
        self.navigate(route)

    # ------------------------------------------------------------ options
    def open_options(self, route: Route | None = None, game: str | None = None) -> None:
        """The options dialog, showing ``route``'s setup (else the table's, else the
        last used of ``game``, a lobby tile's)."""
        if route is None:
            if self.table is not None:
                route = self.route
            else:
                game = game or default_game()
                route = route_from_setup(self.store.setup(game), game)
        dialog = dom.by_id("options")
        dialog.innerHTML = form_html(
            self.t, route, self.store.names(), display.form_html(self.t, self.deck, self.hand_order)
        )
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
            if not dom.absent(node.closest("[data-display]")):
                continue  # a display setting, not an option of the game
            name = str(node.name)
            if str(node.type) == "checkbox":
                values[name] = "true" if node.checked else "false"
            elif str(node.type) == "radio" and node.checked:
                values[name] = None if node.closest("fieldset").disabled else str(node.value)
        seats = [str(node.value) for node in form.querySelectorAll(".seat-choice:not([hidden]) select")]
        values["seats"] = ",".join(seats) if seats else None
        values["undo"] = "on" if values.get("undo") == "true" else "off"
        route = route_from_form(values, seed=0, game=game)
        route.seed = None
        return route

    def read_names(self) -> list[str]:
        """The persons' names typed in the options form."""
        return [str(node.value) for node in document.querySelectorAll('#options .name-choice input')]

    def start_from_options(self) -> None:
        route = self.read_options()
        self.store.set_names(self.read_names())
        route.seed = new_seed()
        route.speed = self.route.speed if self.route.game == route.game else None
        dom.by_id("options").close()
        self.on_purpose = route.to_hash_without_speed()
        self.navigate(route)

    def on_options_change(self, target: Any) -> None:
        name = str(target.name)
        if not dom.absent(target.closest("[data-display]")):
            self.on_display_change(name, str(target.value))
        elif name == "mode":
            box = document.querySelector('#options fieldset[data-field="target"]')
            if not dom.absent(box):
                box.disabled = str(target.value) != "match"
        elif name == "players":
            players = int(str(target.value)) if str(target.value).isdigit() else 2
            for row in document.querySelectorAll("#options [data-seat-row], #options [data-name-row]"):
                index = dom.attr(row, "data-seat-row") or dom.attr(row, "data-name-row") or "0"
                row.hidden = int(index) >= players
        elif name == "level":
            for select in document.querySelectorAll("#options .seat-choice select"):
                if str(select.value) != "p":
                    select.value = str(target.value)

    # ------------------------------------------------------------ notices
    def wrote(self, failure: str | None, game: bool = False) -> None:
        """After every write (the storage tells): whether storage keeps what the player does."""
        if self.notices.wrote(failure, game):
            self.render_notices()

    def add_notice(self, key: str, **params: Any) -> None:
        """Show a notice (once), e.g. from the statistics database (a missing key: its general one)."""
        if key.startswith("stats.db.") and self.t(key) == key:
            key = "stats.db.failed"
        if self.notices.add(key, **params):
            self.render_notices()

    def render_notices(self) -> None:
        """The notices, what the storage reset since they were last shown first."""
        for problem in self.store.problems:
            window.console.warn(f"cardems: reset {problem}")
        reset = [
            (key, {**params, "game": self.t(f"game.{params['game']}.name")} if "game" in params else params)
            for key, params in self.store.notices
        ]
        self.store.notices.clear()
        self.store.problems.clear()
        if reset:
            self.notices.items[:0] = [n for n in reset if n not in self.notices]
        dom.set_html("notices", self.notices.html(self.t))

    # ------------------------------------------------------------ events
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],button[data-card]")
        if dom.absent(target) or target.disabled:
            return
        action = dom.attr(target, "data-action")
        if action == "dismiss":
            self.notices.clear()
            self.render_notices()
        elif action == "new-game":
            if self.in_play():
                self.ask_new_game()
            else:
                self.new_game()
        elif action in ("new-confirm", "new-cancel"):
            dom.by_id("confirm").close()
            if action == "new-confirm":
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
        elif action in ("tab-here", "tab-lobby"):
            self.on_elsewhere_choice(here=action == "tab-here")
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
        elif target.id == "review-at" and self.table is not None and self.table.reviewing is not None:
            self.table.review_to(self.table.deal_bounds()[0] + int(str(target.value) or "0"))
        elif target.id == "review-deal" and self.table is not None and self.table.reviewing is not None:
            self.table.review_deal_to(int(str(target.value) or "1"))
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

    # ------------------------------------------------------------ screens and the walkthrough
    def show_screen(self, target: Route, hash_text: str) -> None:
        """Show the screen ``target`` (rules, statistics, the daily deal), once its
        modules are here."""
        self.route = Route(None)
        dom.set_state("busy")
        asyncio.ensure_future(self._show_screen(target, hash_text))

    async def _show_screen(self, target: Route, hash_text: str) -> None:
        try:
            await open_screen(self, target, lambda: str(window.location.hash or "") == hash_text)
        except OSError as exc:  # offline before the site was kept, or a broken deploy
            window.console.error(f"cardems: could not load {hash_text}: {exc}")
            self.notices.replace([("notice.load_failed", {"game": str(target.game or target.screen)})])
            self.lobby.show(Route(None))
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

    def offer_tour(self, game: str) -> None:
        from cardems.web.screens import tour

        tour.offer(self, game)

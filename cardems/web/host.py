"""What the app offers the parts of the page it hosts, declared as protocols (as
:class:`cardems.web.session.Listener` declares what the session tells a table).

A game's table (:class:`cardems.web.table.Table`) may use :class:`TableHost` only; a
screen (``cardems/web/screens/``) :class:`ScreenHost`. The app
(:class:`cardems.web.app.App`) implements both; tests may pass anything that does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardems.game import Game
    from cardems.web.i18n import Catalog
    from cardems.web.notices import Notices
    from cardems.web.record import Records
    from cardems.web.route import Route
    from cardems.web.saves import Slot
    from cardems.web.storage import Storage

Retitle = Callable[[list[str]], list[str]]  # a table's title parts, adapted (the daily deal's)


class Texts(Protocol):
    """The page's language and its words."""

    lang: str
    catalog: Catalog

    def t(self, key: str, **params: Any) -> str: ...


class TableHost(Texts, Protocol):
    """What a game's table may ask of the page."""

    @property
    def speed(self) -> str:
        """How fast computers play and cards move: ``normal``, ``fast``, ``instant``."""
        ...

    @property
    def hand_order(self) -> str:
        """How the human's hand is ordered: ``suit``, ``rank``, ``dealt`` (cardems/web/display.py)."""
        ...

    def save(self, route: Route, game: Game[Any, Any]) -> None:
        """Keep the table's game (after every move)."""

    def game_over(self, game: Game[Any, Any]) -> None:
        """The game has ended (the session tells it once): record it."""

    def result_extra(self, game: Game[Any, Any]) -> str:
        """What the page adds to the result of the game (markup): the daily deal's line."""
        ...

    def review(self, game: Game[Any, Any], route: Route) -> None:
        """Open the review of the finished ``game`` (a link anyone can open)."""

    def undo_allowed(self, route: Route) -> bool:
        """Whether the table's person may take moves back."""
        ...

    def undone(self, game: Game[Any, Any]) -> None:
        """A move of the table's game was taken back (the save is written)."""

    def person_name(self, person: int) -> str:
        """The remembered name of the ``person``-th person at the table ("" for none)."""
        ...

    def replace_hash(self, route: Route) -> None:
        """Write ``route`` in the address bar, in place (no new page in the history)."""

    def add_notice(self, key: str, **params: Any) -> None:
        """Show a notice (a catalog key), once."""


class ScreenHost(Texts, Protocol):
    """What a screen (rules, statistics, the daily deal, the walkthrough) may ask of the page."""

    store: Storage
    notices: Notices
    route: Route
    screen: Route | None
    left_table: str | None

    @property
    def records(self) -> Records: ...

    def render_notices(self) -> None: ...

    def add_notice(self, key: str, **params: Any) -> None: ...

    def show_view(self, view: str) -> None:
        """Show the lobby, a table or a screen (``data-view`` on <body>)."""

    def show_route(self) -> None:
        """The page shows the address now (tests wait for this)."""

    def show_lobby(self, route: Route) -> None: ...

    def listen(self, target: Any, name: str, handler: Callable[[Any], Any]) -> None:
        """Call ``handler`` on each ``name`` event of ``target`` for the page's life."""

    def with_lease(self, key: str, then: Callable[[], None]) -> bool:
        """Whether this tab must first take the game saved under ``key`` from other tabs
        (then ``then()`` is called once it may); False: go on now."""
        ...

    def open_table(
        self, route: Route, game: Game[Any, Any], slot: Slot, *, title: Retitle | None = None
    ) -> None:
        """Put ``game``'s table on the page, kept in ``slot`` (``title`` adapts its title)."""

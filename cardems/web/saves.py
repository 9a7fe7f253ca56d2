"""The table's game and its save: which slot it is kept in, whether an address resumes
the saved game, asks, or deals a new one, restoring a save, and saving after every move.

Pure Python (the storage is :class:`cardems.web.storage.Storage` over any backend),
so every rule below is tested under CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from cardems.game import Game
from cardems.web.route import Route, parse_route
from cardems.web.storage import Invalid, Storage, daily_key, save_key

Opening = Literal["resume", "ask", "new"]


def same_setup(saved_hash: Any, route: Route) -> bool:
    """Whether a saved game (by its hash) was started with ``route``'s options, level and seats."""
    if not isinstance(saved_hash, str):
        return False
    saved = parse_route(saved_hash)
    return (
        saved.game == route.game
        and saved.options == route.options
        and saved.level == route.level
        and saved.seating == route.seating
    )


def opening(route: Route, saved: dict[str, Any] | None, chosen: bool) -> Opening:
    """What an address of a table does with the game saved for that game:

    - ``resume`` it: the address is the saved game's own (a reload), or it names no deal
      (no seed) and the saved game is unfinished and either of the same setup or the
      address is the bare ``#/<game>`` (a tile's Resume);
    - ``ask`` the player: the address would replace an unfinished game with moves, and
      the player did not choose it here (``chosen``: New game, the options) but followed it;
    - deal a ``new`` game otherwise (no save, or one that is over or not begun).
    """
    if saved is None:
        return "new"
    own = route.to_hash_without_speed()
    if route.seed is not None:
        if own == saved["hash"]:
            return "resume"
    elif not saved["over"] and (own == f"#/{route.game}" or same_setup(saved["hash"], route)):
        return "resume"
    if not saved["over"] and saved["game"]["moves"] and not chosen:
        return "ask"
    return "new"


@dataclass
class Slot:
    """Where the table's game is kept: the game's own save, or its daily deal's; ``meta``
    is what the statistics keep of it (:mod:`cardems.web.record`), saved with it; ``rev``
    the revision of the save this table last read or wrote there (every write adds one,
    a new game's too, so a revision never goes back)."""

    game: str
    daily: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    rev: int = 0
    stale: bool = False  # another tab wrote a newer save: this one writes no more

    @property
    def key(self) -> str:
        return daily_key(self.game) if self.daily else save_key(self.game)


class Saves:
    """The saves of the page's tables, through ``store``; ``warn`` tells the console,
    ``on_stale(slot)`` the page that another tab went on with the table's game."""

    def __init__(
        self,
        store: Storage,
        warn: Callable[[str], None],
        on_stale: Callable[[Slot], None] = lambda _slot: None,
    ) -> None:
        self.store = store
        self.warn = warn
        self.on_stale = on_stale
        self.slot: Slot | None = None  # the table's, while one is open

    def open(self, slot: Slot) -> Slot:
        """``slot`` becomes the table's, at the revision stored there now."""
        slot.rev = self.store.revision(slot.game, daily=slot.daily) or 0
        self.slot = slot
        return slot

    def newer_elsewhere(self) -> bool:
        """Whether the stored save of the table's game is newer than the one it last read
        or wrote (another tab wrote it); then the slot is stale and the page is told."""
        slot = self.slot
        if slot is None:
            return False
        if not slot.stale:
            stored = self.store.revision(slot.game, daily=slot.daily)
            if stored is None or stored <= slot.rev:
                return False
            slot.stale = True
            self.on_stale(slot)
        return True

    def restore(
        self, cls: type[Game[Any, Any]], saved: dict[str, Any], *, daily: bool = False
    ) -> Game[Any, Any] | None:
        """The game of a save (checked for shape by the storage), or None, the save
        removed, if it does not replay or its address does not describe it."""
        try:
            game = cls.from_json(saved["game"])
            if not daily:
                shown = parse_route(saved["hash"])
                if shown.dropped or shown.seed != game.seed or shown.options != game.options:
                    raise Invalid(f"its route {saved['hash']!r} is not the game's")
        except Exception as exc:  # any failure of a stored value: BadInput, or one the checks missed
            self.warn(f"cardems: discarded a save: {exc}")
            self.store.drop_save(cls.name, daily=daily)
            return None
        return game

    def save(self, route: Route, game: Game[Any, Any]) -> None:
        """Keep ``game`` in the open slot (the storage tells the page if it cannot), unless
        another tab has written a newer save there."""
        slot = self.slot
        if slot is None or slot.game != game.name or self.newer_elsewhere():
            return  # never written over a newer save this tab has not read
        try:
            if self.store.set_save(
                slot.game,
                route.to_hash_without_speed(),
                game.is_over(),
                game.to_json(),
                extra={**slot.meta, "rev": slot.rev + 1},
                daily=slot.daily,
            ):
                slot.rev += 1
        except Invalid as exc:
            self.warn(f"cardems: this game cannot be stored: {exc}")

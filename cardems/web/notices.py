"""The notices above the page: what a link left out, what the storage reset, that a
game was restored, that storage keeps nothing any more. Each is a catalog key and its
parameters, worded when drawn, so a change of language words them again.

Pure Python: :meth:`Notices.html` draws them; the app puts the markup in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardems.web.escape import esc

Notice = tuple[str, dict[str, Any]]
Translate = Callable[..., str]


class Notices:
    """The notices shown now, and the one storage failure the player was told of."""

    def __init__(self) -> None:
        self.items: list[Notice] = []
        self.failure: Notice | None = None  # what storage cannot keep, told until it works again

    def __contains__(self, notice: object) -> bool:
        return notice in self.items

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def add(self, key: str, **params: Any) -> bool:
        """Add a notice unless it is already shown; whether it was added."""
        notice = (key, params)
        if notice in self.items:
            return False
        self.items.append(notice)
        return True

    def extend(self, notices: list[Notice]) -> None:
        for key, params in notices:
            self.add(key, **params)

    def replace(self, notices: list[Notice]) -> None:
        """A new page (another address): its notices, and the storage failure if any."""
        self.items = []
        self.extend(notices)
        if self.failure is not None:
            self.add(self.failure[0], **self.failure[1])

    def clear(self) -> None:
        self.items = []

    def wrote(self, failure: str | None, game: bool) -> bool:
        """After a write (``failure``: None, ``full`` or ``off``; ``game``: a save): the
        player is told once when storage stops keeping what they do, and the notice
        goes when it works again. Whether the notices changed."""
        notice: Notice | None = (
            None if failure is None else (f"notice.{'unsaved_game' if game else 'unsaved'}.{failure}", {})
        )
        if notice == self.failure or (
            failure is None and not game and self.failure is not None and "unsaved_game" in self.failure[0]
        ):
            return False  # a setting stored does not mean the game is
        if self.failure in self.items:
            self.items.remove(self.failure)
        if notice is not None:
            self.items.append(notice)
        self.failure = notice
        return True

    def html(self, t: Translate) -> str:
        dismiss = esc(t("notice.dismiss"))
        return "".join(
            f'<li class="notice" role="status">{esc(t(key, **params))}'
            f'<button type="button" class="notice-x" data-action="dismiss" aria-label="{dismiss}">×</button></li>'
            for key, params in self.items
        )

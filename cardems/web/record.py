"""The record of every game played, in one place: the statistics database
(``static/js/statsdb.js``) and the sound of a game's end.

A game gets its record id when it starts; the id travels with the save (with
the daily deal's day, whether it is a replay, and whether it was recorded), so
a reload never records a game twice and a resumed game is recorded once, when
it ends. The session tells the end (``Session(on_over=...)``), once; the daily
deal only adds its own line to the result (:mod:`cardems.web.screens.daily`). A
game left unfinished and replaced by a new one is recorded as abandoned under its
own id (a finished record of that id would win over it). A database that cannot
be opened is a notice; the game plays on.

Whose results: the statistics are the device owner's. A game with one person (in
any seat) is recorded from that person's side; a pass-and-play game (two persons
or more) is not recorded at all: the device cannot tell which of them, if any, is
its owner, and the result dialog names who won. A game in which moves were taken
back is recorded with ``undo``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pyscript import window

from cardems.errors import BadInput
from cardems.game import Game
from cardems.web import dom, sound
from cardems.web.review import review_fields
from cardems.web.route import parse_route
from cardems.web.stats import make_record, record_id, utc_stamp


def now_ms() -> int:
    return int(window.Date.now())


def new_meta(
    game: Game[Any, Any], level: str, daily: str | None = None, replay: bool = False, side: int = 0
) -> dict[str, Any]:
    """What a save keeps for the statistics, for a game that starts now (``side``: the
    person's, whose results they are)."""
    return {
        "record": record_id(game.name, game.seed, now_ms()),
        "level": level,
        "daily": daily,
        "replay": replay,
        "recorded": False,
        "side": side,
        "undo": False,
    }


def meta_of(saved: Any) -> dict[str, Any] | None:
    """The statistics part of a save (None for a save made before games were recorded)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("record"), str):
        return None
    side = saved.get("side")
    return {
        "record": saved["record"],
        "level": saved.get("level") or "normal",
        "daily": saved.get("daily"),
        "replay": bool(saved.get("replay")),
        "recorded": bool(saved.get("recorded")),
        "side": side if isinstance(side, int) and not isinstance(side, bool) and 0 <= side < 8 else 0,
        "undo": saved.get("undo") is True,
        "together": saved.get("together") is True,
    }


def outcome(winner: Any, side: int = 0) -> str:
    if winner == "draw":
        return "draw"
    return "win" if winner == side else "loss"


def record_of(
    game: Game[Any, Any], meta: dict[str, Any], end: str, seats: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """The statistics record of ``game``; a finished one keeps what its review link needs
    (seed, ``seats``, moves: :func:`cardems.web.review.review_fields`), when a link can replay it."""
    result = game.result()
    side = int(meta.get("side") or 0)
    extra: dict[str, Any] = {"undo": True} if meta.get("undo") else {}
    if end == "finished":
        review = review_fields(game, seats)
        if review is not None:
            extra["review"] = review
    return make_record(
        id=meta["record"],
        game=game.name,
        options=dict(game.options),
        level=meta["level"],
        players=int(getattr(game, "players", 2)),
        side=side,
        date=utc_stamp(datetime.now(UTC)),
        end=end,
        result=outcome(result.winner, side) if end == "finished" else None,
        scores=[int(s) for s in result.scores],
        moves=len(game.moves),
        daily=meta.get("daily"),
        replay=bool(meta.get("replay")),
        **extra,
    )


Notify = Callable[[str], None]


class Records:
    """Records the games of the page; ``notify(key)`` shows a notice (a catalog key)."""

    def __init__(self, notify: Notify) -> None:
        self.notify = notify

    def put(self, record: dict[str, Any]) -> None:
        asyncio.ensure_future(self._put(json.dumps(record)))

    async def _put(self, text: str) -> None:
        api: Any = getattr(window, "cardemsStats", None)  # a JS object (static/js), or absent
        if dom.absent(api):
            return
        try:
            await api.put(text)
        except Exception as exc:  # a StatsDbError: its code names the notice
            self.notify(db_notice_key(exc))

    def finished(
        self, game: Game[Any, Any], meta: dict[str, Any], seats: tuple[str, ...] | None = None
    ) -> bool:
        """Record a game that has just ended, once, with the sound of its end; whether
        it was recorded now (``meta["recorded"]`` is then set: save it)."""
        if not meta or meta.get("recorded") or meta.get("together"):
            return False
        try:
            record = record_of(game, meta, "finished", seats)
        except BadInput as exc:
            window.console.warn(f"cardems: not recorded: {exc}")
            return False
        meta["recorded"] = True
        self.put(record)
        sound.play({"win": "win", "loss": "lose"}.get(record["result"]))
        return True

    def abandoned(self, saved: Any, game_class: Any) -> None:
        """Record the unfinished game of ``saved`` (a save) that a new game replaces."""
        meta = meta_of(saved)
        if meta is None or meta["recorded"] or saved.get("over") or parse_route(saved.get("hash")).people > 1:
            return
        try:
            game = game_class.from_json(saved["game"])
        except (BadInput, KeyError, TypeError, ValueError):
            return
        if not game.moves or game.is_over():
            return
        try:
            self.put(record_of(game, meta, "abandoned"))
        except BadInput as exc:
            window.console.warn(f"cardems: not recorded: {exc}")


def db_notice_key(exc: Any) -> str:
    """The notice of a statistics database error (its ``code``: ``blocked``, ``off``...),
    said in the console too."""
    window.console.warn(f"cardems: statistics: {exc}")
    return f"stats.db.{str(getattr(exc, 'code', '') or 'failed')}"

"""Every game played goes into the statistics database (``static/js/statsdb.js``).

A game gets its record id when it starts; the id travels with the save (with
the daily deal's day, whether it is a replay, and whether it was recorded), so
a reload never records a game twice and a resumed game is recorded once, when
it ends. A game left unfinished and replaced by a new one is recorded as
abandoned under its own id (a finished record of that id would win over it).
A database that cannot be opened is a notice; the game plays on.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone
from typing import Any

from pyscript import window

from cardems.errors import BadInput
from cardems.game import Game
from cardems.web import dom
from cardems.web.stats import make_record, record_id, utc_stamp


def now_ms() -> int:
    return int(window.Date.now())


def new_meta(game: Game, level: str, daily: str | None = None, replay: bool = False) -> dict[str, Any]:
    """What a save keeps for the statistics, for a game that starts now."""
    return {"record": record_id(game.name, game.seed, now_ms()), "level": level, "daily": daily,
            "replay": replay, "recorded": False}


def meta_of(saved: Any) -> dict[str, Any] | None:
    """The statistics part of a save (None for a save made before games were recorded)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("record"), str):
        return None
    return {"record": saved["record"], "level": saved.get("level") or "normal", "daily": saved.get("daily"),
            "replay": bool(saved.get("replay")), "recorded": bool(saved.get("recorded"))}


def outcome(winner: Any, side: int = 0) -> str:
    if winner == "draw":
        return "draw"
    return "win" if winner == side else "loss"


def record_of(game: Game, meta: dict[str, Any], end: str) -> dict[str, Any]:
    result = game.result()
    return make_record(
        id=meta["record"], game=game.name, options=dict(game.options), level=meta["level"],
        players=int(getattr(game, "players", 2)), side=0, date=utc_stamp(datetime.now(timezone.utc)),
        end=end, result=outcome(result.winner) if end == "finished" else None,
        scores=[int(s) for s in result.scores], moves=len(game.moves), daily=meta.get("daily"),
        replay=bool(meta.get("replay")))


def put(app: Any, record: dict[str, Any]) -> None:
    asyncio.ensure_future(_put(app, json.dumps(record)))


async def _put(app: Any, text: str) -> None:
    api = getattr(window, "cardemsStats", None)
    if dom.absent(api):
        return
    try:
        await api.put(text)
    except Exception as exc:  # a StatsDbError: its code names the notice
        db_notice(app, exc)


def db_notice(app: Any, exc: Any) -> None:
    code = str(getattr(exc, "code", "") or "failed")
    key = f"stats.db.{code}"
    if app.t(key) == key:
        key = "stats.db.failed"
    window.console.warn(f"cardems: statistics: {exc}")
    if (key, {}) not in app.notices:
        app.notices.append((key, {}))
        app.render_notices()


def finished(app: Any, game: Game, meta: dict[str, Any]) -> bool:
    """Record a game that has just ended, once; whether it was recorded now."""
    if not meta or meta.get("recorded"):
        return False
    try:
        record = record_of(game, meta, "finished")
    except BadInput as exc:
        window.console.warn(f"cardems: not recorded: {exc}")
        return False
    meta["recorded"] = True
    put(app, record)
    return True


def abandoned(app: Any, saved: Any, game_class: Any) -> None:
    """Record the unfinished game of ``saved`` (a save) that a new game replaces."""
    meta = meta_of(saved)
    if meta is None or meta["recorded"] or saved.get("over"):
        return
    try:
        game = game_class.from_json(saved["game"])
    except (BadInput, KeyError, TypeError, ValueError):
        return
    if not game.moves or game.is_over():
        return
    try:
        put(app, record_of(game, meta, "abandoned"))
    except BadInput as exc:
        window.console.warn(f"cardems: not recorded: {exc}")

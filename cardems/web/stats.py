"""The player's statistics: the record of each game played, its checks, merging,
export and import, the figures per game and level, and the chart of results.

Pure Python (no browser), so it is tested under CPython. The records live in
IndexedDB (``static/js/statsdb.js``), one per game played, keyed by ``id``;
this module decides what a valid record is, and what the figures are.

A record (schema version :data:`SCHEMA`), as stored and exported::

    {"v": 1,
     "id": "war:42:1764590000000",     # unique per game played (record_id): a reload
                                       # or a resumed game writes the same id again
     "game": "war", "options": {},     # the variant is an option
     "level": "normal", "players": 2,
     "side": 0,                        # the player's index in "scores" (seat or partnership)
     "date": "2026-12-01T11:42:56Z",   # when it ended (or was abandoned), UTC
     "end": "finished" | "abandoned",
     "result": "win" | "draw" | "loss" | null (abandoned),
     "scores": [12, 7], "moves": 48,   # final (or last) scores; length in moves
     "daily": "2026-12-01" | null,     # the daily deal's day, when it was one
     "replay": false,                  # the daily deal played again that day
     "undo": true,                     # optional: moves were taken back in it (absent: none)
     "review": {"seed": 42, "seats": "p,normal", "moves": ["QS", ...]}}
                                       # optional, a finished game's: what its review link
                                       # needs (cardems.web.review; absent: no review)

A record of a finished game supersedes the abandoned record with the same id
(a resumed game counts once, when it ends). An export file is
``{"format": "cardems-stats", "version": 1, "records": [...]}``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeGuard

from cardems.bots import LEVELS
from cardems.errors import BadInput
from cardems.games import PLANNED, game_class
from cardems.web.escape import esc
from cardems.web.jsontext import TooDeep, Unreadable, loads_bounded
from cardems.web.review import check_review

SCHEMA = 1
FILE_FORMAT = "cardems-stats"
FILE_VERSION = 1
ENDS = ("finished", "abandoned")
RESULTS = ("win", "draw", "loss")
FIELDS = (
    "v",
    "id",
    "game",
    "options",
    "level",
    "players",
    "side",
    "date",
    "end",
    "result",
    "scores",
    "moves",
    "daily",
    "replay",
)
OPTIONAL = ("undo", "review")  # fields a record may leave out (undo written only when true)
MAX_SCORE = 10**6
MAX_MOVES = 100_000
MAX_DEPTH = 16
MAX_FILE = 64 * 1024 * 1024  # characters of an imported file
_ID = re.compile(r"[A-Za-z0-9._:-]{1,120}")
_OPTION = re.compile(r"[a-z][a-z0-9_]{0,39}")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")

Record = dict[str, Any]
Translate = Callable[..., str]


def record_id(game: str, seed: int, started_ms: int) -> str:
    """The id of one game played: its game, seed and start (milliseconds since 1970).
    The page makes it when the game starts and keeps it with the save."""
    return f"{game}:{int(seed)}:{int(started_ms)}"


def utc_stamp(moment: datetime) -> str:
    """A record's ``date``: ``YYYY-MM-DDTHH:MM:SSZ``."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A value as it is named in a message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def validate_record(data: Any, where: str = "the record") -> Record:
    """A checked copy of ``data`` with its fields in order; :class:`BadInput`
    naming the first thing wrong (``where`` says which record)."""

    def bad(why: str) -> BadInput:
        return BadInput(f"{where}: {why}")

    if not isinstance(data, dict):
        raise bad("is not a JSON object")
    version = data.get("v")
    if not _is_int(version) or version != SCHEMA:
        newer = _is_int(version) and version > SCHEMA
        raise bad(
            f"schema version {version!r} is "
            + ("newer than this version of Cardems reads" if newer else f"not {SCHEMA}")
        )
    unknown = sorted(str(k) for k in data if k not in FIELDS and k not in OPTIONAL)
    if unknown:
        raise bad(f"unknown field {unknown[0][:40]!r}")
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise bad(f"the field {missing[0]!r} is missing")
    rid, game, options = data["id"], data["game"], data["options"]
    if not isinstance(rid, str) or not _ID.fullmatch(rid):
        raise bad(f"id {_show(rid)} is not 1-120 letters, digits or . _ : -")
    if game not in PLANNED:
        raise bad(f"game {_show(game)} is not one of {', '.join(PLANNED)}")
    if not isinstance(options, dict) or len(options) > 20:
        raise bad("options are not an object of at most 20 options")
    for name, value in options.items():
        if not isinstance(name, str) or not _OPTION.fullmatch(name):
            raise bad(f"option name {_show(name)} is not a lower-case word")
        if not (
            isinstance(value, bool)
            or (_is_int(value) and abs(value) <= MAX_SCORE)
            or (isinstance(value, str) and len(value) <= 40)
        ):
            raise bad(f"option {name} has a value that is not a short text, a number or true/false")
    if data["level"] not in LEVELS:
        raise bad(f"level {_show(data['level'])} is not one of {', '.join(LEVELS)}")
    players, side, scores, moves = data["players"], data["side"], data["scores"], data["moves"]
    if not _is_int(players) or not 2 <= players <= 8:
        raise bad(f"players {players!r} is not a whole number from 2 to 8")
    if (
        not isinstance(scores, list)
        or not 1 <= len(scores) <= players
        or not all(_is_int(s) and abs(s) <= MAX_SCORE for s in scores)
    ):
        raise bad("scores are not a list of whole numbers, one per seat or side")
    if not _is_int(side) or not 0 <= side < len(scores):
        raise bad(f"side {side!r} is not the index of one of the {len(scores)} scores")
    if not _is_int(moves) or not 0 <= moves <= MAX_MOVES:
        raise bad(f"moves {moves!r} is not a whole number from 0 to {MAX_MOVES}")
    when = data["date"]
    if not isinstance(when, str) or not _TIME.fullmatch(when):
        raise bad(f"date {_show(when)} is not a UTC time written YYYY-MM-DDTHH:MM:SSZ")
    try:
        datetime.strptime(when, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise bad(f"date {when!r} is not a real day and time") from None
    end, result = data["end"], data["result"]
    if end not in ENDS:
        raise bad(f"end {_show(end)} is not finished or abandoned")
    if end == "finished" and result not in RESULTS:
        raise bad(f"result {_show(result)} of a finished game is not win, draw or loss")
    if end == "abandoned" and result is not None:
        raise bad("an abandoned game has a result")
    daily, replay = data["daily"], data["replay"]
    if daily is not None:
        if not isinstance(daily, str) or not _DAY.fullmatch(daily) or _day(daily) is None:
            raise bad(f"daily {_show(daily)} is not a date written YYYY-MM-DD")
        if daily > when[:10]:
            raise bad(f"daily deal {daily} was played before its day ({when[:10]})")
    if not isinstance(replay, bool):
        raise bad("replay is not true or false")
    if not isinstance(data.get("undo", False), bool):
        raise bad("undo is not true or false")
    checked = {
        key: (dict(data[key]) if key == "options" else list(data[key]) if key == "scores" else data[key])
        for key in FIELDS
    }
    if data.get("undo"):
        checked["undo"] = True
    if data.get("review") is not None:
        if end != "finished":
            raise bad("an abandoned game has a review")
        try:
            checked["review"] = check_review(data["review"])
        except BadInput as exc:
            raise bad(str(exc)) from None
    return checked


def make_record(**fields: Any) -> Record:
    """A checked record from its fields (``v`` filled in; ``daily`` None and ``replay``
    False unless given; ``result`` None for an abandoned game)."""
    fields.setdefault("v", SCHEMA)
    fields.setdefault("daily", None)
    fields.setdefault("replay", False)
    fields.setdefault("end", "finished")
    if fields["end"] == "abandoned":
        fields.setdefault("result", None)
    return validate_record(fields)


def _preference(record: Record) -> tuple[Any, ...]:
    """Of two records with one id, the one kept: a finished game over its abandoned
    record, then the longer, the later, and finally the larger text (any total
    order will do: it makes merging commutative)."""
    return (
        record["end"] == "finished",
        record["moves"],
        record["date"],
        json.dumps(record, sort_keys=True, ensure_ascii=True),
    )


def canonical(records: Iterable[Record]) -> list[Record]:
    """One record per id (the preferred one), ordered by date then id."""
    kept: dict[str, Record] = {}
    for record in records:
        old = kept.get(record["id"])
        if old is None or _preference(record) > _preference(old):
            kept[record["id"]] = record
    return sorted(kept.values(), key=lambda r: (r["date"], r["id"]))


def merge(*collections: Iterable[Record]) -> list[Record]:
    """All the records of the collections without duplicates (:func:`canonical`)."""
    return canonical(record for collection in collections for record in collection)


def export_text(records: Iterable[Record]) -> str:
    """The export file's text (UTF-8 JSON) of ``records``."""
    body = {"format": FILE_FORMAT, "version": FILE_VERSION, "records": canonical(records)}
    return json.dumps(body, ensure_ascii=False, indent=1, sort_keys=False)


def import_text(text: Any) -> list[Record]:
    """The records of an export file; :class:`BadInput` saying what is wrong with a
    file that is not one (nothing is half-read: it is all checked first)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the file is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise BadInput("the file is not text")
    try:
        data = loads_bounded(text, max_chars=MAX_FILE, max_depth=MAX_DEPTH)
    except TooDeep as e:
        raise BadInput(f"the file {e}: it is not a statistics file") from None
    except Unreadable as e:
        raise BadInput(f"the file {e}") from None
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise BadInput("the file is not a Cardems statistics file (no \"format\": \"cardems-stats\")")
    version = data.get("version")
    if version != FILE_VERSION:
        raise BadInput(
            f"the file's version {str(version)[:20]} is not {FILE_VERSION}: "
            "it was made by another version of Cardems"
        )
    records = data.get("records")
    if not isinstance(records, list):
        raise BadInput("the file has no list of records")
    checked = [validate_record(r, f"record {i}") for i, r in enumerate(records, 1)]
    return canonical(checked)


def import_into(stored: Sequence[Record], text: Any) -> list[Record]:
    """What the store holds after importing ``text``: ``stored`` merged with the file's
    records. A bad file raises :class:`BadInput` before anything is merged."""
    return merge(stored, import_text(text))


def lower_is_better(game: str) -> bool:
    """Whether the lowest score wins ``game`` (Pis Yedili's penalties): its rules say."""
    return bool(game_class(game).game_type.lower_is_better)


@dataclass(frozen=True)
class Figures:
    """The figures of one game and level. ``points`` are the player's own scores
    (penalties where ``lower_is_better``); ``win_rate`` is None before any game."""

    game: str
    level: str
    played: int
    won: int
    drawn: int
    lost: int
    abandoned: int
    current_streak: int
    best_streak: int
    average_points: float | None
    best_points: int | None
    lower_is_better: bool
    with_undo: int = 0  # finished games in which a move was taken back (counted in the others too)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


def _streaks(results: Sequence[str]) -> tuple[int, int]:
    """(current, best) runs of wins in ``results``, oldest first."""
    current = best = 0
    for result in results:
        current = current + 1 if result == "win" else 0
        best = max(best, current)
    return current, best


def figures(records: Iterable[Record], ranking: Callable[[str], bool] = lower_is_better) -> list[Figures]:
    """The figures per game and level, in the registry's and levels' order.

    ``ranking(game)`` says whether the lowest score is best (by default the game's
    rules class is asked). Streaks are runs of wins, in the order games ended.
    """
    groups: dict[tuple[str, str], list[Record]] = {}
    for record in canonical(records):
        groups.setdefault((record["game"], record["level"]), []).append(record)
    out = []
    for game in PLANNED:
        for level in LEVELS:
            group = groups.get((game, level))
            if not group:
                continue
            done = [r for r in group if r["end"] == "finished"]
            results = [r["result"] for r in done]
            points = [r["scores"][r["side"]] for r in done]
            low = ranking(game)
            current, best = _streaks(results)
            out.append(
                Figures(
                    game,
                    level,
                    len(done),
                    results.count("win"),
                    results.count("draw"),
                    results.count("loss"),
                    len(group) - len(done),
                    current,
                    best,
                    sum(points) / len(points) if points else None,
                    (min(points) if low else max(points)) if points else None,
                    low,
                    sum(1 for r in done if r.get("undo")),
                )
            )
    return out


def daily_streak(records: Iterable[Record], today: str, game: str | None = None) -> tuple[int, int]:
    """(current, best) runs of consecutive days whose daily deal the player finished
    (a replay does not count). The current run is alive until a day is missed:
    it may end today or yesterday."""
    days = sorted(
        {
            date.fromisoformat(r["daily"])
            for r in records
            if r["daily"] is not None
            and r["end"] == "finished"
            and not r["replay"]
            and (game is None or r["game"] == game)
        }
    )
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    now = date.fromisoformat(today)
    current = run if previous is not None and now - previous <= timedelta(days=1) else 0
    return current, best


@dataclass(frozen=True)
class DayResults:
    day: str
    won: int
    drawn: int
    lost: int

    @property
    def total(self) -> int:
        return self.won + self.drawn + self.lost


def chart_data(
    records: Iterable[Record], game: str | None = None, level: str | None = None, days: int = 14
) -> list[DayResults]:
    """Finished games per UTC day, for the last ``days`` days on which any was
    finished (of ``game`` and ``level`` when given), oldest first."""
    counts: dict[str, list[int]] = {}
    for record in canonical(records):
        if (
            record["end"] != "finished"
            or (game and record["game"] != game)
            or (level and record["level"] != level)
        ):
            continue
        counts.setdefault(record["date"][:10], [0, 0, 0])[RESULTS.index(record["result"])] += 1
    return [DayResults(day, *counts[day]) for day in sorted(counts)[-days:]] if days > 0 else []


CHART_W, CHART_H = 360, 200
_PAD_SIDE, _PAD_TOP, _PAD_BOTTOM = 30, 12, 34
COLORS = {"win": "#2166ac", "draw": "#9e9e9e", "loss": "#e66101"}  # told apart with any colour vision
FONT = 13  # in the chart's units: about 12 px on a 360 px phone, 17 px at its widest (4/3)


def _ticks(top: int) -> list[int]:
    """At most five whole-number gridlines from 0 to ``top``."""
    step = max(1, math.ceil(top / 4))
    return list(range(0, top + 1, step))


def chart_html(
    t: Translate, data: Sequence[DayResults], rtl: bool = False, ident: str = "stats-chart"
) -> str:
    """A stacked bar chart of ``data`` (won, drawn, lost per day) as a ``<figure>``:
    an SVG sized by its container (a phone's width is enough), a legend, and the
    same figures as a table for screen readers and anyone who prefers text.

    In right-to-left languages the time axis runs from right to left (the
    newest day at the left), with the count axis on the right.
    """
    won, drawn, lost = (sum(getattr(d, k) for d in data) for k in ("won", "drawn", "lost"))
    title = t("stats.chart.title")
    summary = t("stats.chart.summary", days=len(data), won=won, drawn=drawn, lost=lost)
    if not data:
        return (
            f'<figure class="stats-chart" id="{ident}"><figcaption>{esc(title)}</figcaption>'
            f'<p class="stats-empty">{esc(t("stats.chart.empty"))}</p></figure>'
        )
    top = max(d.total for d in data)
    ticks = _ticks(top)
    top = max(top, ticks[-1])
    left, right = (_PAD_SIDE, CHART_W - 8) if not rtl else (8, CHART_W - _PAD_SIDE)
    bottom, height = CHART_H - _PAD_BOTTOM, CHART_H - _PAD_BOTTOM - _PAD_TOP
    slot = (right - left) / len(data)
    bar = min(28.0, slot * 0.7)
    parts = []
    for tick in ticks:
        y = bottom - height * tick / top
        x = left - 4 if not rtl else right + 4
        anchor = "end" if not rtl else "start"
        parts.append(
            f'<line class="grid" x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#8884"/>'
            f'<text x="{x}" y="{y + 5:.1f}" text-anchor="{anchor}" font-size="{FONT}">{tick}</text>'
        )
    every = max(1, math.ceil(len(data) * 52 / (right - left)))  # a day's label needs ~52 units
    for i, day in enumerate(data):
        centre = left + slot * (i + 0.5) if not rtl else right - slot * (i + 0.5)
        y = bottom
        for key, count in (("win", day.won), ("draw", day.drawn), ("loss", day.lost)):
            if not count:
                continue
            h = height * count / top
            y -= h
            parts.append(
                f'<rect class="bar-{key}" x="{centre - bar / 2:.1f}" y="{y:.1f}" width="{bar:.1f}" '
                f'height="{h:.1f}" fill="{COLORS[key]}"/>'
            )
        if (len(data) - 1 - i) % every == 0:  # the newest day always, then every few days before it
            parts.append(
                f'<text x="{centre:.1f}" y="{bottom + FONT + 4}" text-anchor="middle" font-size="{FONT}">'
                f'{esc(day.day[5:])}</text>'
            )
    parts.append(f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}" stroke="currentColor"/>')
    labels = {"win": t("stats.won"), "draw": t("stats.drawn"), "loss": t("stats.lost")}
    swatch = "display:inline-block;width:.8em;height:.8em;margin-inline-end:.3em;background:"
    legend = "".join(
        f'<li style="display:inline;margin-inline-end:1em"><span class="swatch" style="{swatch}{COLORS[k]}">'
        f'</span>{esc(v)}</li>'
        for k, v in labels.items()
    )
    rows = "".join(
        f'<tr><th scope="row">{esc(d.day)}</th><td>{d.won}</td><td>{d.drawn}</td><td>{d.lost}</td></tr>'
        for d in data
    )
    return (
        f'<figure class="stats-chart" id="{ident}" dir="{"rtl" if rtl else "ltr"}">'
        f'<figcaption id="{ident}-title">{esc(title)}</figcaption>'
        f'<svg viewBox="0 0 {CHART_W} {CHART_H}" width="100%" role="img" aria-labelledby="{ident}-title {ident}-desc"'
        f' fill="currentColor" data-words style="max-width:{CHART_W * 4 // 3}px;display:block">'
        f'<desc id="{ident}-desc">{esc(summary)}</desc>{"".join(parts)}</svg>'
        f'<ul class="chart-legend" style="list-style:none;padding:0">{legend}</ul>'
        f'<details class="chart-table"><summary>{esc(t("stats.chart.table"))}</summary>'
        f'<table><caption>{esc(summary)}</caption><thead><tr><th scope="col">{esc(t("stats.chart.date"))}</th>'
        f'<th scope="col">{esc(labels["win"])}</th><th scope="col">{esc(labels["draw"])}</th>'
        f'<th scope="col">{esc(labels["loss"])}</th></tr></thead><tbody>{rows}</tbody></table></details>'
        f'</figure>'
    )

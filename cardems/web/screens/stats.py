"""``#/stats``: the player's history (records in IndexedDB through
``static/js/statsdb.js``; what they mean is :mod:`cardems.web.stats`).

Per game and level: played, won, drawn, lost, abandoned, win rate, current and
best streak, average and best points (penalties where the lowest score wins);
the daily streak; the chart of results over time with its table; the last games,
each finished one that keeps its moves with its Review link. Export all
history as a JSON file, import one back (merged without duplicates; a bad file
changes nothing and says what is wrong), reset one game after a confirmation.
A database that cannot be opened is a notice; the page still works.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from cardems.daily import utc_today
from cardems.errors import BadInput
from cardems.games import module_name
from cardems.web import dom, markup
from cardems.web.host import ScreenHost
from cardems.web.record import db_notice_key
from cardems.web.review import review_hash
from cardems.web.route import Route
from cardems.web.stats import (
    Figures,
    Record,
    chart_data,
    chart_html,
    daily_streak,
    export_text,
    figures,
    import_into,
    validate_record,
)

CSS = "static/css/screens.css"
RECENT = 12  # games the history lists
RESULT_WORDS = {
    "win": "stats.recent.win",
    "draw": "stats.recent.draw",
    "loss": "stats.recent.loss",
    "abandoned": "stats.recent.abandoned",
}


class State:
    """What the screen shows: the records read, the game whose reset awaits a yes."""

    records: list[Record] = []
    confirming: str | None = None
    status: tuple[str, dict[str, Any]] | None = None
    failed: str | None = None  # why the records cannot be read: a notice key (stats.db.<code>)


def api() -> Any:
    stats = getattr(window, "cardemsStats", None)
    return None if dom.absent(stats) else stats


async def read(app: ScreenHost) -> list[Record]:
    """Every valid record stored (one that is not is left out, and said in the console)."""
    stats = api()
    if stats is None:
        raise LookupError("statsdb.js is not loaded")
    out = []
    for i, data in enumerate(json.loads(str(await stats.allJson())), 1):
        try:
            out.append(validate_record(data, f"stored record {i}"))
        except BadInput as exc:
            window.console.warn(f"cardems: {exc}")
    return out


def show(app: ScreenHost, target: Route) -> None:
    dom.ensure_css(CSS)
    app.show_view("screen")
    State.confirming = None
    State.status = None
    asyncio.ensure_future(refresh(app, first=True))


async def refresh(app: ScreenHost, first: bool = False) -> None:
    try:
        State.records = await read(app)
        State.failed = None
    except Exception as exc:  # the database cannot be opened: the screen says why, and shows the rest
        State.records, State.failed = [], db_notice_key(exc)
    if app.screen is None or app.screen.screen != "stats":
        return
    dom.set_html("screen", app.catalog.markup(render(app)))
    if first:
        app.render_notices()
        dom.set_state("ready")
        app.show_route()
        heading = dom.by_id("stats-title")
        if heading is not None:
            heading.focus()


def percent(app: ScreenHost, value: float | None) -> str:
    return "–" if value is None else f"{round(100 * value)}%"


def number(value: float | int | None) -> str:
    if value is None:
        return "–"
    return str(value) if isinstance(value, int) else f"{value:.1f}"


def game_table(app: ScreenHost, game: str, rows: list[Figures], chart: str = "") -> str:
    """One game's section: its name, its chart of results over time (``chart``), its table."""
    t = app.t
    low = rows[0].lower_is_better
    columns = [t("level." + f.level) for f in rows]
    items: list[tuple[str, Callable[[Figures], object]]] = [
        ("stats.played", lambda f: f.played),
        ("stats.won", lambda f: f.won),
        ("stats.drawn", lambda f: f.drawn),
        ("stats.lost", lambda f: f.lost),
        ("stats.abandoned", lambda f: f.abandoned),
        ("stats.with_undo", lambda f: f.with_undo),
        ("stats.win_rate", lambda f: percent(app, f.win_rate)),
        ("stats.streak", lambda f: f.current_streak),
        ("stats.best_streak", lambda f: f.best_streak),
        ("stats.average_penalty" if low else "stats.average_points", lambda f: number(f.average_points)),
        ("stats.best_penalty" if low else "stats.best_points", lambda f: number(f.best_points)),
    ]
    # a game whose score is not points (War counts cards) words its figures in its own catalog
    own = module_name(game) + "."
    body = [
        (
            t(own + key if app.catalog.has(own + key) else key),
            [markup.ltr(value(f)) for f in rows],
            key.replace(".", "-"),
        )
        for key, value in items
    ]
    name = t(f"game.{game}.name")
    if State.confirming == game:
        reset = (
            f'<p class="stats-confirm" role="alert">{markup.esc(t("stats.reset.confirm", game=name))} '
            + markup.button(
                "stats-reset-yes",
                t("stats.reset.yes"),
                classes="danger",
                extra={"data-game": game, "autofocus": ""},
            )
            + " "
            + markup.button("stats-reset-no", t("stats.reset.no"), extra={"data-game": game})
            + "</p>"
        )
    else:
        reset = markup.button("stats-reset", t("stats.reset", game=name), extra={"data-game": game})
    return (
        f'<section class="stats-game" data-game="{markup.esc(game)}" aria-labelledby="stats-{game}">'
        f'<h2 id="stats-{game}">{markup.esc(name)}</h2>'
        + chart
        + markup.score_table(columns, body, caption=t("stats.caption", game=name), classes="stats-table")
        + reset
        + "</section>"
    )


def render(app: ScreenHost) -> str:
    t = app.t
    records = State.records
    groups: dict[str, list[Figures]] = {}
    for f in figures(records):
        groups.setdefault(f.game, []).append(f)
    current, best = daily_streak(records, utc_today())
    parts = [
        f'<article class="stats-page" dir="{"rtl" if app.catalog.rtl else "ltr"}">'
        f'<header><h1 id="stats-title" tabindex="-1">{markup.esc(t("stats.title"))}</h1>'
        f'<a class="rules-back" href="#/">{markup.esc(t("nav.back"))}</a></header>'
    ]
    if State.failed:
        parts.append(
            f'<p class="stats-failed" role="alert" data-why="{markup.esc(State.failed)}">'
            f'{markup.esc(t(State.failed))}</p>'
        )
    status = State.status
    parts.append(
        f'<p id="stats-status" class="stats-status" role="status">'
        f'{markup.esc(t(status[0], **status[1])) if status else ""}</p>'
    )
    parts.append(
        f'<p class="stats-daily" data-daily-streak="{current}" data-daily-best="{best}">'
        f'{markup.esc(t("stats.daily_streak", current=current, best=best))}</p>'
    )
    if groups:
        for game, rows in groups.items():
            days = chart_data(records, game=game)
            chart = chart_html(t, days, rtl=app.catalog.rtl, ident=f"stats-chart-{game}") if days else ""
            parts.append(game_table(app, game, rows, chart))
    else:
        parts.append(markup.note(t("stats.empty")))
    if records:
        parts.append(recent_games(app, records))
    parts.append(
        f'<section class="stats-file" aria-labelledby="stats-file-title"><h2 id="stats-file-title">'
        f'{markup.esc(t("stats.file"))}</h2><p>{markup.esc(t("stats.file.about"))}</p><p class="stats-buttons">'
        + markup.button("stats-export", t("stats.export"), enabled=not State.failed)
        + f'<label class="btn stats-import">{markup.esc(t("stats.import"))}'
        f'<input type="file" id="stats-file" accept=".json,application/json" class="sr-only"'
        f'{" disabled" if State.failed else ""}></label></p></section>'
    )
    parts.append("</article>")
    return "".join(parts)


def local_time(lang: str, stamp: str) -> str:
    """A record's time (UTC, ``YYYY-MM-DDTHH:MM:SSZ``) in the player's time zone and words
    (the browser's ``Intl``: "3 Dec 2026, 09:01"); as written, without its seconds, if
    the browser cannot say it."""
    try:
        options = dom.js_object({"dateStyle": "medium", "timeStyle": "short"})
        return str(window.Intl.DateTimeFormat.new(lang, options).format(window.Date.new(stamp)))
    except Exception:  # no Intl (never in a browser that runs the page), or a bad time
        return stamp[:10] + " " + stamp[11:16]


def recent_games(app: ScreenHost, records: list[Record]) -> str:
    """The last games played, newest first, each finished one that keeps its moves with
    its Review link (a match's review picks any of its deals)."""
    t = app.t
    items = ""
    for record in sorted(records, key=lambda r: (r["date"], r["id"]), reverse=True)[:RECENT]:
        name = t(f"game.{record['game']}.name")
        when = local_time(app.lang, record["date"])
        result = t(RESULT_WORDS[record["result"] or "abandoned"])
        scores = "–".join(str(s) for s in record["scores"])
        try:
            link = review_hash(record)
        except (BadInput, KeyError, TypeError, ValueError):  # a record this version cannot replay
            link = None
        action = (
            f'<a class="btn review-link" href="{markup.esc(link)}" '
            f'aria-label="{markup.esc(t("stats.recent.review_label", game=name, date=when))}">'
            f'{markup.esc(t("stats.recent.review"))}</a>'
            if link
            else ""
        )
        items += (
            f'<li class="recent-game" data-record="{markup.esc(record["id"])}" data-game="{markup.esc(record["game"])}"'
            f' data-review="{"yes" if link else "no"}">'
            f'<span class="rg-when">{markup.esc(when)}</span>'
            f'<span class="rg-what">{markup.esc(name)} · {markup.esc(t("level." + record["level"]))}</span>'
            f'<span class="rg-result">{markup.esc(result)} <bdi>{markup.ltr(scores)}</bdi></span>{action}</li>'
        )
    return (
        f'<section class="stats-recent" aria-labelledby="stats-recent-title">'
        f'<h2 id="stats-recent-title">{markup.esc(t("stats.recent"))}</h2><ol class="recent-games">{items}</ol></section>'
    )


def on_action(app: ScreenHost, action: str, target: Any) -> None:
    game = dom.attr(target, "data-game")
    if action == "stats-reset":
        State.confirming = game
        State.status = None
        dom.set_html("screen", app.catalog.markup(render(app)))
        button = document.querySelector("[data-action=stats-reset-yes]")
        if not dom.absent(button):
            button.focus()
    elif action == "stats-reset-no":
        State.confirming = None
        dom.set_html("screen", app.catalog.markup(render(app)))
    elif action == "stats-reset-yes" and game:
        State.confirming = None
        asyncio.ensure_future(reset(app, game))
    elif action == "stats-export":
        export(app)
    elif action == "stats-file":
        files = target.files
        if files is not None and files.length:
            asyncio.ensure_future(import_file(app, files.item(0)))
        target.value = ""


async def reset(app: ScreenHost, game: str) -> None:
    try:
        await api().deleteGame(game)
        State.status = ("stats.reset.done", {"game": app.t(f"game.{game}.name")})
    except Exception as exc:
        app.add_notice(db_notice_key(exc))
    await refresh(app)


def export(app: ScreenHost) -> None:
    text = export_text(State.records)
    blob = window.Blob.new(to_js([text]), dom.js_object({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = f"cardems-stats-{utc_today()}.json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(url)), 1000)
    State.status = ("stats.export.done", {"n": len(State.records)})
    dom.set_html("screen", app.catalog.markup(render(app)))


async def import_file(app: ScreenHost, file: Any) -> None:
    text = str(await file.text())
    try:
        merged = import_into(State.records, text)
    except BadInput as exc:
        State.status = ("stats.import.bad", {"why": str(exc)})
        dom.set_html("screen", app.catalog.markup(render(app)))
        return
    stored = {r["id"]: r for r in State.records}
    changed = [r for r in merged if stored.get(r["id"]) != r]
    try:
        for record in changed:
            await api().put(json.dumps(record))
        State.status = ("stats.import.done", {"n": len(changed)})
    except Exception as exc:
        app.add_notice(db_notice_key(exc))
    await refresh(app)

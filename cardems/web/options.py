"""The options form of Pişti, and the setup (options + level) a player last chose.

Pure Python (no browser), so it is tested under CPython: :func:`form_html`
draws the form, :func:`route_from_form` turns its values into the route to
open. The route does the validation, so a tampered form behaves like a bad link.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable
from urllib.parse import urlencode

from cardems.bots import LEVELS
from cardems.web.route import Route, parse_route

GAME = "pisti"
MODES = ("classic", "match")
PLAYERS = (2, 3, 4)
TARGETS = (51, 101, 151)

Translate = Callable[..., str]


def _esc(text: Any) -> str:
    return escape(str(text), quote=True)


def _choices(name: str, legend: str, items: list[tuple[str, str]], current: str,
             disabled: bool = False, help_text: str = "") -> str:
    radios = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{_esc(value)}"'
        f'{" checked" if value == current else ""}><span>{_esc(label)}</span></label>'
        for value, label in items)
    note = f'<p class="field-help">{_esc(help_text)}</p>' if help_text else ""
    return (f'<fieldset class="field" data-field="{name}"{" disabled" if disabled else ""}>'
            f'<legend>{_esc(legend)}</legend><div class="choices">{radios}</div>{note}</fieldset>')


def form_html(t: Translate, route: Route) -> str:
    """The options form, showing ``route``'s options and level."""
    opts = route.options
    mode = str(opts.get("mode", "classic"))
    players = str(opts.get("players", 2))
    target = str(opts.get("target", 151))
    last = bool(opts.get("last_card_pisti", True))
    fields = (
        _choices("mode", t("options.mode"), [(m, t(f"mode.{m}")) for m in MODES], mode,
                 help_text=t("options.match_help"))
        + _choices("players", t("options.players"), [(str(n), t(f"players.{n}")) for n in PLAYERS],
                   players, help_text=t("options.partners_help"))
        + _choices("target", t("options.target"), [(str(n), str(n)) for n in TARGETS], target,
                   disabled=mode != "match", help_text=t("options.target_help"))
        + _choices("level", t("options.level"), [(lv, t(f"level.{lv}")) for lv in LEVELS], route.level)
        + f'<fieldset class="field" data-field="last_card_pisti"><legend>{_esc(t("options.rules"))}</legend>'
          f'<label class="check"><input type="checkbox" name="last_card_pisti" value="true"'
          f'{" checked" if last else ""}><span>{_esc(t("options.last_card_pisti"))}</span></label></fieldset>'
    )
    return (
        f'<form class="options-form" method="dialog" data-game="{GAME}">'
        f'<h2 class="dialog-title" id="options-title">{_esc(t("options.title"))}</h2>'
        f'<div class="fields">{fields}</div>'
        f'<div class="dialog-buttons">'
        f'<button type="button" class="btn" data-action="options-cancel">{_esc(t("options.cancel"))}</button>'
        f'<button type="button" class="btn primary" data-action="options-start">{_esc(t("options.start"))}</button>'
        f'</div></form>')


def route_from_form(values: dict[str, str | None], seed: int, speed: str | None = None) -> Route:
    """The route a filled-in form opens: a new game (``seed``) with those options.

    ``values`` maps field names to the chosen value (``None`` for an unchecked
    box or a disabled field). In Classic the target does not apply, so it keeps
    its default and stays out of the link.
    """
    query = {name: value for name, value in values.items()
             if name in ("mode", "players", "target", "level") and value}
    query["last_card_pisti"] = "true" if values.get("last_card_pisti") else "false"
    route = parse_route(f"#/{GAME}?" + urlencode(query))
    if route.options.get("mode") != "match":
        route.options["target"] = parse_route(f"#/{GAME}").options["target"]
    route.seed = seed
    route.speed = speed
    return route


def setup_of(route: Route) -> dict[str, Any]:
    """What to remember of a route as the player's last-used setup."""
    return {"options": dict(route.options), "level": route.level}


def route_from_setup(setup: Any) -> Route:
    """A new-game route (no seed) from a stored setup; defaults for anything unusable."""
    if not isinstance(setup, dict):
        return parse_route(f"#/{GAME}")
    query = {}
    options = setup.get("options")
    if isinstance(options, dict):
        query.update({str(k): str(v).lower() for k, v in options.items()})
    if isinstance(setup.get("level"), str):
        query["level"] = setup["level"]
    route = parse_route(f"#/{GAME}?" + urlencode(query))
    route.notices = []
    return route


def summary(t: Translate, route: Route) -> str:
    """A one-line description of a setup: ``Match to 151 · 4 players · Normal``."""
    opts = route.options
    parts = [t("table.match_to", n=opts["target"]) if opts.get("mode") == "match" else t("mode.classic"),
             t(f"players.{opts.get('players', 2)}"), t(f"level.{route.level}")]
    if not opts.get("last_card_pisti", True):
        parts.append(t("options.no_last_card_pisti"))
    return " · ".join(parts)

"""The options form of each game, and the setup (options + level) a player last chose.

Pure Python (no browser), so it is tested under CPython: :func:`form_html`
draws the form, :func:`route_from_form` turns its values into the route to
open. The route does the validation, so a tampered form behaves like a bad link.

Every game's form is drawn from its ``options_spec``: radio buttons per
option (a check box for yes/no options), labelled from the game's catalog:
``<stem>.option.<name>`` (legend), ``<stem>.option.<name>.<value>`` (a value;
the value itself if missing) and ``<stem>.option.<name>.help`` (optional
help). An option that only applies when another has a value (:data:`APPLIES`:
a target only in a match) is disabled otherwise and keeps its default. A
stored setup keeps a summary (catalog keys) and the link to open it, so the
lobby needs no game's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardems.bots import LEVELS
from cardems.games import PLANNED, module_name, options_spec
from cardems.web.escape import esc
from cardems.web.route import Route, parse_route, urlencode
from cardems.web.seating import MAX_NAME, PERSON

# option -> (the option it depends on, the value with which it applies)
APPLIES = {"target": ("mode", "match")}

Translate = Callable[..., str]


def _choices(
    name: str,
    legend: str,
    items: list[tuple[str, str]],
    current: str,
    disabled: bool = False,
    help_text: str = "",
) -> str:
    radios = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{esc(value)}"'
        f'{" checked" if value == current else ""}><span>{esc(label)}</span></label>'
        for value, label in items
    )
    note = f'<p class="field-help">{esc(help_text)}</p>' if help_text else ""
    return (
        f'<fieldset class="field" data-field="{name}"{" disabled" if disabled else ""}>'
        f'<legend>{esc(legend)}</legend><div class="choices">{radios}</div>{note}</fieldset>'
    )


def _label(t: Translate, key: str, default: str) -> str:
    text = t(key)
    return default if text == key else text


def _is_flag(values: tuple[Any, ...]) -> bool:
    return set(values) == {True, False}


def _form(game: str, title: str, fields: str, t: Translate) -> str:
    return (
        f'<form class="options-form" method="dialog" data-game="{esc(game)}">'
        f'<h2 class="dialog-title" id="options-title">{esc(title)}</h2>'
        f'<div class="fields">{fields}</div>'
        f'<div class="dialog-buttons">'
        f'<button type="button" class="btn" data-action="options-cancel">{esc(t("options.cancel"))}</button>'
        f'<button type="button" class="btn primary" data-action="options-start">{esc(t("options.start"))}</button>'
        f'</div></form>'
    )


def default_game() -> str:
    """The game a form or setup is of when none is named: the first one planned."""
    return PLANNED[0]


def applies(name: str, options: dict[str, Any], specs: tuple[Any, ...]) -> bool:
    """Whether option ``name`` applies with these ``options`` (see :data:`APPLIES`)."""
    if name not in APPLIES:
        return True
    other, value = APPLIES[name]
    spec = next((s for s in specs if s.name == other), None)
    return spec is None or value not in spec.values or options.get(other, spec.default) == value


def form_html(t: Translate, route: Route, names: list[str] | None = None, more: str = "") -> str:
    """The options form of ``route``'s game, drawn from its ``options_spec``, showing
    the route's options, level and seats (``names``: the persons' names remembered)."""
    names = names or []
    game = str(route.game)
    stem = module_name(game)
    specs = options_spec(game)
    fields = ""
    for spec in specs:
        current = route.options.get(spec.name, spec.default)
        legend = _label(t, f"{stem}.option.{spec.name}", spec.name.replace("_", " "))
        help_text = _label(t, f"{stem}.option.{spec.name}.help", "")
        if _is_flag(spec.values):
            fields += (
                f'<fieldset class="field" data-field="{spec.name}"><legend>{esc(legend)}</legend>'
                f'<label class="check"><input type="checkbox" name="{spec.name}" value="true"'
                f'{" checked" if current else ""}><span>{esc(_label(t, f"{stem}.option.{spec.name}.true", legend))}</span></label>'
                + (f'<p class="field-help">{esc(help_text)}</p>' if help_text else "")
                + '</fieldset>'
            )
            continue
        items = [
            (str(v).lower(), _label(t, f"{stem}.option.{spec.name}.{str(v).lower()}", str(v)))
            for v in spec.values
        ]
        fields += _choices(
            spec.name,
            legend,
            items,
            str(current).lower(),
            help_text=help_text,
            disabled=not applies(spec.name, route.options, specs),
        )
    fields += _choices("level", t("options.level"), [(lv, t(f"level.{lv}")) for lv in LEVELS], route.level)
    fields += seats_html(t, route, names)
    fields += (
        f'<fieldset class="field" data-field="undo"><legend>{esc(t("options.undo"))}</legend>'
        f'<label class="check"><input type="checkbox" name="undo" value="true"{" checked" if route.undo else ""}>'
        f'<span>{esc(t("options.undo_on"))}</span></label>'
        f'<p class="field-help">{esc(t("options.undo_help"))}</p></fieldset>'
    )
    fields += more  # the display settings (cardems/web/display.py), shared by every game
    return _form(game, t("options.title_game", game=t(f"game.{game}.name")), fields, t)


def most_seats(game: str) -> int:
    """The most seats ``game`` can have (its ``players`` option's largest value, else 2)."""
    spec = next((s for s in options_spec(game) if s.name == "players"), None)
    return max(int(v) for v in spec.values) if spec is not None else 2


def seats_html(t: Translate, route: Route, names: list[str]) -> str:
    """Who sits where: for each seat a person or a computer of a level (the seats the
    players option does not use are hidden), and the persons' names, remembered here."""
    seating = route.seating
    rows = ""
    for seat in range(most_seats(str(route.game))):
        current = seating[seat] if seat < len(seating) else route.level
        choices = "".join(
            f'<option value="{value}"{" selected" if value == current else ""}>{esc(label)}</option>'
            for value, label in [(PERSON, t("options.person"))] + [(lv, t(f"level.{lv}")) for lv in LEVELS]
        )
        rows += (
            f'<label class="seat-choice" data-seat-row="{seat}"{" hidden" if seat >= route.players else ""}>'
            f'<span>{esc(t("options.seat_n", n=seat + 1))}</span>'
            f'<select name="seat-{seat}">{choices}</select></label>'
        )
    inputs = "".join(
        f'<label class="name-choice" data-name-row="{person}"{" hidden" if person >= route.players else ""}>'
        f'<span>{esc(t("seat.person_n", n=person + 1))}</span>'
        f'<input type="text" name="name-{person}" maxlength="{MAX_NAME}" autocomplete="off" '
        f'value="{esc(names[person] if person < len(names) else "")}" '
        f'placeholder="{esc(t("seat.person_n", n=person + 1))}"></label>'
        for person in range(most_seats(str(route.game)))
    )
    return (
        f'<fieldset class="field" data-field="seats"><legend>{esc(t("options.seats"))}</legend>'
        f'<div class="seat-choices">{rows}</div>'
        f'<p class="field-help">{esc(t("options.seats_help"))}</p></fieldset>'
        f'<fieldset class="field" data-field="names"><legend>{esc(t("options.names"))}</legend>'
        f'<div class="name-choices">{inputs}</div></fieldset>'
    )


def route_from_form(
    values: dict[str, str | None], seed: int, speed: str | None = None, game: str | None = None
) -> Route:
    """The route a filled-in form opens: a new game (``seed``) with those options.

    ``values`` maps field names to the chosen value (``None`` for a disabled
    field). An option that does not apply (a target outside a match) keeps its
    default and stays out of the link.
    """
    game = game or default_game()
    query = {name: value for name, value in values.items() if value is not None}
    route = parse_route(f"#/{game}?" + urlencode(query))
    if route.game == game and not route.coming:
        specs = options_spec(game)
        defaults = parse_route(f"#/{game}").options
        for name in APPLIES:
            if name in route.options and not applies(name, route.options, specs):
                route.options[name] = defaults[name]
    route.seed = seed
    route.speed = speed
    return route


def setup_of(route: Route) -> dict[str, Any]:
    """What to remember of a route as the player's last-used setup: its options and
    level, the link that opens a new game of it, and its summary as catalog keys."""
    fresh = Route(route.game, dict(route.options), level=route.level, seats=route.seats, undo=route.undo)
    return {
        "options": dict(route.options),
        "level": route.level,
        "hash": fresh.to_hash(),
        "summary": summary_parts(fresh),
    }


def summary_parts(route: Route) -> list[list[Any]]:
    """A setup's one-line description as ``[catalog key, params]`` pairs."""
    opts = route.options
    stem = module_name(str(route.game))
    parts = []
    for spec in options_spec(str(route.game)):
        value = opts.get(spec.name, spec.default)
        if value != spec.default or spec.name == "players":
            parts.append([f"{stem}.option.{spec.name}.{str(value).lower()}", {}])
    if route.people > 1:
        parts.append(["seats.people_n", {"n": route.people}])
    else:
        parts.append([f"level.{route.level}", {}])
    return parts


def summary_text(t: Translate, setup: Any) -> str:
    """The summary of a stored setup in the current language ("" if it has none)."""
    parts = setup.get("summary") if isinstance(setup, dict) else None
    if not isinstance(parts, list):
        return ""
    words = []
    for part in parts:
        if (
            isinstance(part, list)
            and len(part) == 2
            and isinstance(part[0], str)
            and isinstance(part[1], dict)
        ):
            text = t(part[0], **part[1]) if part[1] else t(part[0])
            if text != part[0]:
                words.append(text)
    return " · ".join(words)


def setup_hash(game: str, setup: Any) -> str:
    """The link a lobby tile opens: the stored setup's, else the game's defaults."""
    if isinstance(setup, dict) and isinstance(setup.get("hash"), str):
        route = parse_route(setup["hash"])
        if route.game == game and route.is_table:
            return str(setup["hash"])
    return f"#/{game}"


def route_from_setup(setup: Any, game: str | None = None) -> Route:
    """A new-game route (no seed) from a stored setup; defaults for anything unusable."""
    if game not in PLANNED:
        game = default_game()
    if not isinstance(setup, dict):
        return parse_route(f"#/{game}")
    query = {}
    options = setup.get("options")
    if isinstance(options, dict):
        query.update({str(k): str(v).lower() for k, v in options.items()})
    if isinstance(setup.get("level"), str):
        query["level"] = setup["level"]
    kept = parse_route(setup["hash"]) if isinstance(setup.get("hash"), str) else None
    if kept is not None and kept.game == game:
        if kept.seats is not None:
            query["seats"] = ",".join(kept.seats)
        if not kept.undo:
            query["undo"] = "off"
    route = parse_route(f"#/{game}?" + urlencode(query))
    route.dropped = []
    return route


def summary(t: Translate, route: Route) -> str:
    """A one-line description of a setup: ``Match to 151 · 4 players · Normal``."""
    return summary_text(t, {"summary": summary_parts(route)})

"""Small helpers over the browser APIs (the only module besides app/tables that imports js)."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from cardems.web.escape import esc as esc  # re-exported: dom.esc, as the tables call it

ROOT = document.documentElement


def absent(value: Any) -> bool:
    """True for Python None and JavaScript null/undefined (Pyodide 314 has a distinct ``jsnull``)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def attr(node: Any, name: str) -> str | None:
    """An attribute's value, or None when it is missing."""
    value = node.getAttribute(name)
    return None if absent(value) else str(value)


def warn(text: str) -> None:
    """A warning in the browser's console."""
    window.console.warn(text)


def fine_pointer() -> bool:
    """Whether the page is used with a mouse (or a pen), not a finger: then one clicks."""
    return bool(window.matchMedia("(hover: hover) and (pointer: fine)").matches)


def by_id(name: str) -> Any:
    node = document.getElementById(name)
    return None if absent(node) else node


def set_html(name: str, html: str) -> None:
    node = by_id(name)
    if node is not None:
        node.innerHTML = html


def table_js() -> Any:
    """``window.cardemsTable`` (static/js/table.js, loaded with the page: morphing, focus,
    travelling cards), or None if it failed to load (then regions are replaced)."""
    api = getattr(window, "cardemsTable", None)
    return None if absent(api) else api


def morph(name: str, html: str) -> None:
    """Bring region ``name`` to ``html`` keeping the elements it has (idiomorph):
    a card, the status line or a log line stays the same node across a move.
    Without static/js/table.js, it is replaced."""
    node = by_id(name)
    if node is None:
        return
    api = table_js()
    if api is None:
        node.innerHTML = html
    else:
        api.morph(node, html)


def ensure_sheet(sheet_id: str, markup: str) -> None:
    """Put the drawings' sheet (``markup``, an element with id ``sheet_id``) at the
    start of the body, once: the cards of every region use its symbols."""
    if by_id(sheet_id) is None:
        document.body.insertAdjacentHTML("afterbegin", markup)


def regions(names: tuple[str, ...]) -> Any:
    return to_js([by_id(name) for name in names])


def snapshot(names: tuple[str, ...]) -> Any:
    """Where the travelling cards of these regions are now (for :func:`travel`)."""
    api = table_js()
    return None if api is None else api.snapshot(regions(names))


def travel(names: tuple[str, ...], before: Any, hints: dict[str, dict[str, str]], ms: float) -> int:
    """Let the cards that moved since ``before`` travel from where they were (or from
    ``hints["from"][id]``, a selector) to where they are, and the ones that left go to
    ``hints["to"][id]``; ``ms`` 0 for none. The number of cards set travelling."""
    api = table_js()
    if api is None or before is None or not ms:
        return 0
    return int(api.travel(regions(names), before, to_js(hints, dict_converter=window.Object.fromEntries), ms))


def keep_focus(name: str) -> Any:
    api, node = table_js(), by_id(name)
    return None if api is None or node is None else api.keepFocus(node)


def restore_focus(name: str, kept: Any) -> None:
    api, node = table_js(), by_id(name)
    if api is not None and node is not None and not absent(kept):
        api.restoreFocus(node, kept)


def set_state(value: str) -> None:
    """The ``data-cardems`` hook on <html>: ``loading``, ``ready``, ``busy``, ``over``."""
    ROOT.setAttribute("data-cardems", value)


def set_shown_route() -> None:
    """The ``data-route`` hook on <html>: the hash the page now shows. Until it equals
    ``location.hash``, a followed link or a typed address is not yet handled."""
    ROOT.setAttribute("data-route", str(window.location.hash or ""))


def js_object(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=window.Object.fromEntries)


def mark(name: str) -> None:
    window.performance.mark(name)


MEASURES_KEPT = 150  # of each name, once a table opens


def measure(name: str, start: float) -> None:
    """A User Timing measure from ``start`` (a performance.now() time) to now."""
    performance = window.performance
    performance.measure(name, js_object({"start": start, "end": performance.now()}))


def trim_measures(*names: str) -> None:
    """Keep a long session's timeline bounded: when a table opens, each name keeps its
    newest ``MEASURES_KEPT`` measures (measured again, as they were; the browser caps
    its own resource entries). Within a game the measures only grow, one a move,
    so whoever watches them (a benchmark, a test) sees each move."""
    performance = window.performance
    for name in names:
        entries = performance.getEntriesByName(name, "measure")
        if entries.length <= MEASURES_KEPT:
            continue
        kept = [(float(e.startTime), float(e.startTime + e.duration)) for e in entries][-MEASURES_KEPT:]
        performance.clearMeasures(name)
        for begin, end in kept:
            performance.measure(name, js_object({"start": begin, "end": end}))


def now() -> float:
    return float(window.performance.now())


# The storage backend of cardems.web.storage (which checks every value): raw text.
def store_get(key: str) -> str | None:
    """The text stored under ``key``, or None (also when storage is unavailable)."""
    try:
        raw = window.localStorage.getItem(key)
    except Exception:  # storage disabled (private mode, blocked site data, file://)
        return None
    return None if absent(raw) else str(raw)


def store_set(key: str, text: str) -> str | None:
    """Store ``text``; None if it was stored, else ``"full"`` (quota) or ``"off"`` (no storage)."""
    try:
        window.localStorage.setItem(key, text)
    except Exception as exc:
        name = str(getattr(exc, "name", "") or "")
        return "full" if "Quota" in name or "quota" in str(exc) else "off"
    return None


def store_del(key: str) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass


def store_keys() -> list[str] | None:
    """Every key stored by this origin, or None when storage cannot be used."""
    try:
        storage = window.localStorage
        return [str(storage.key(i)) for i in range(int(storage.length))]
    except Exception:
        return None


def ensure_css(href: str) -> None:
    """Add a stylesheet once (a game's own ``cardems/web/<stem>/style.css``)."""
    if absent(document.querySelector(f'link[rel="stylesheet"][href="{href}"]')):
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = href
        document.head.appendChild(link)


def dialog(name: str, title_id: str) -> Any:
    """The ``<dialog id=name>`` (made on first use, named by its title ``title_id``)."""
    node = by_id(name)
    if node is None:
        node = document.createElement("dialog")
        node.id = name
        node.className = f"result {name}"
        node.setAttribute("aria-labelledby", title_id)
        document.body.appendChild(node)
    return node

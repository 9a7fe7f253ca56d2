"""Small helpers over the browser APIs (the only module besides app/tables that imports js)."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

ROOT = document.documentElement


def esc(text: Any) -> str:
    return escape(str(text), quote=True)


def by_id(name: str) -> Any:
    return document.getElementById(name)


def set_html(name: str, html: str) -> None:
    node = by_id(name)
    if node is not None:
        node.innerHTML = html


def set_state(value: str) -> None:
    """The ``data-cardems`` hook on <html>: ``loading``, ``ready``, ``busy``, ``over``."""
    ROOT.setAttribute("data-cardems", value)


def js_object(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=window.Object.fromEntries)


def mark(name: str) -> None:
    window.performance.mark(name)


def measure(name: str, start: float) -> None:
    """A User Timing measure from ``start`` (a performance.now() time) to now."""
    window.performance.measure(name, js_object({"start": start, "end": window.performance.now()}))


def now() -> float:
    return float(window.performance.now())


def store_get(key: str) -> Any:
    """A JSON value from localStorage, or None (also when storage is unavailable)."""
    try:
        raw = window.localStorage.getItem(key)
    except Exception:  # storage disabled (private mode, file://)
        return None
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return {"__corrupt__": True}


def store_set(key: str, value: Any) -> None:
    try:
        window.localStorage.setItem(key, json.dumps(value))
    except Exception:
        pass


def store_del(key: str) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass

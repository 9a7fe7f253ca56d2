"""Each game's modules reach the page when the game is first opened.

The first screen ships only what the lobby imports (``first-screen.bundle``, made
by ``scripts/sitefiles.py``). ``build.json``, made by the same script, lists for
each game the files it adds: its own modules and the ``common`` ones every
table needs, and its rules texts (``rules``, one per language, for its rules
page). :func:`load` fetches them (from the service worker's cache once the site
is kept) into Pyodide's file system, into the package's folder there (the
package itself is imported from the bundle, in memory), after which the game
imports like any other module.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from pathlib import Path
from typing import Any

from pyscript import window

from cardems.web.i18n import package_data

_HERE = Path(__file__).parent
HOME = _HERE.parents[
    1
]  # the folder holding cardems/ (the working folder; the bundle's files are there in memory)
BUILD: dict[str, Any] = json.loads(package_data(_HERE / "build.json"))  # in the bundle

_fetched: set[str] = set()


def games() -> tuple[str, ...]:
    """The games this build ships (the lobby's playable tiles)."""
    return tuple(BUILD["games"])


def missing(name: str, *, rules: str | None = None) -> list[str]:
    """The files ``name`` still needs (none: it can be imported now); with ``rules``
    (a language), the ones its rules page needs instead: the common modules and its
    rules text in that language."""
    if rules:
        own = [f for f in BUILD.get("rules", {}).get(name, []) if f.endswith(f"/{rules}.json")]
    else:
        own = BUILD["games"].get(name, [])
    wanted = [*BUILD["common"], *own]
    return [path for path in wanted if path not in _fetched]


async def _text(path: str) -> str:
    response = await window.fetch(path)  # relative: works under any sub-path
    if not response.ok:
        raise OSError(f"could not fetch {path} ({response.status})")
    return str(await response.text())


async def load(name: str, *, rules: str | None = None) -> None:
    """Fetch the files of game ``name`` (with ``rules``, a language: of its rules
    page in that language) that are not here yet (all at once)."""
    paths = missing(name, rules=rules)
    if not paths:
        return
    texts = await asyncio.gather(*(_text(path) for path in paths))
    for path, text in zip(paths, texts):
        target = HOME / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        _fetched.add(path)
    importlib.invalidate_caches()

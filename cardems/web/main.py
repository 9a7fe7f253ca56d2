"""PyScript entry point: unpack the first screen's files, then start the app.

PyScript fetches this file and one more (its config is in ``index.html``, whose
Python runs this file as ``__main__``): the bundle
``scripts/sitefiles.py`` packs, holding the lobby's modules with their bytecode
(compiled by this same Python at build time, so nothing is compiled while the
player waits), the message catalogs and ``build.json``. Its format: a line of
JSON, ``{"format": "cardems-bundle/1", "files": [[path, size], ...]}``, then
the files' bytes one after another.
"""

from __future__ import annotations

import json
import os

BUNDLE = "first-screen.bundle"
FORMAT = "cardems-bundle/1"


def unpack(bundle: str, home: str) -> list[str]:
    """Write the files of ``bundle`` under ``home``; returns their paths.

    A damaged bundle raises ``ValueError`` before anything is written."""
    with open(bundle, "rb") as f:
        data = f.read()
    line, _, body = data.partition(b"\n")
    head = json.loads(line)
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ValueError(f"{bundle}: not a {FORMAT} file")
    entries = [(str(path), int(size)) for path, size in head["files"]]
    for path, size in entries:
        if path.startswith("/") or ".." in path.split("/") or size < 0:
            raise ValueError(f"{bundle}: bad entry {path!r}")
    if sum(size for _, size in entries) != len(body):
        raise ValueError(f"{bundle}: the sizes do not add up to the {len(body)} bytes it holds")
    offset, made = 0, set()
    for path, size in entries:
        target = os.path.join(home, path)
        folder = os.path.dirname(target)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        with open(target, "wb") as f:
            f.write(body[offset:offset + size])
        offset += size
    return [path for path, _ in entries]


if __name__ == "__main__":
    unpack(BUNDLE, os.getcwd())
    from cardems.web.app import App

    App().start()

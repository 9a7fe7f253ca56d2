"""PyScript entry point: serve the first screen's files from memory, then start the app.

PyScript fetches this file and one more (its config is in ``index.html``, whose
Python runs this file as ``__main__``): the bundle ``scripts/sitefiles.py``
packs, holding the lobby's modules with their bytecode (compiled by this same
Python at build time, so nothing is compiled while the player waits), the
message catalogs and ``build.json``. Its format: gzip of a line of JSON,
``{"format": "cardems-bundle/2", "files": [[path, size], ...]}``, then the
files' bytes one after another. Gzipped by the build, since static hosts send a
file of no text type as it is (GitHub Pages does); inflating it here takes a few
milliseconds.

The files are not written out: :class:`Bundle` imports the modules and serves
the other files (through the modules' loader) straight from the bundle, as if
they were in the working folder. Writing them cost more than importing them: each new file in
Pyodide's file system is a "no such file" error first, and with a debugger
attached each of those is slow.
"""

from __future__ import annotations

import _imp
import json
import marshal
import os
import sys
import zlib
from importlib.machinery import ModuleSpec
from importlib.util import MAGIC_NUMBER, decode_source
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

BUNDLE = "first-screen.bundle"
FORMAT = "cardems-bundle/2"


def cached_path(path: str, tag: str) -> str:
    """Where Python keeps the bytecode of source ``path`` for cache tag ``tag`` (PEP 3147)."""
    folder, _, name = path.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc" if folder else f"__pycache__/{name[:-3]}.{tag}.pyc"


def read(bundle: str) -> dict[str, bytes]:
    """The files of ``bundle``: path -> bytes. A damaged bundle raises ``ValueError``."""
    with open(bundle, "rb") as f:
        packed = f.read()
    try:
        data = zlib.decompress(packed, wbits=31)  # gzip, and all of it
    except zlib.error as e:
        raise ValueError(f"{bundle}: not a {FORMAT} file (no gzip: {e})") from None
    line, _, body = data.partition(b"\n")
    try:
        head = json.loads(line)
        entries = [(str(path), int(size)) for path, size in head["files"]]
    except (ValueError, TypeError, KeyError) as e:
        raise ValueError(f"{bundle}: not a {FORMAT} file ({e})") from None
    if head.get("format") != FORMAT:
        raise ValueError(f"{bundle}: not a {FORMAT} file")
    for path, size in entries:
        if not path or path.startswith("/") or ".." in path.split("/") or size < 0:
            raise ValueError(f"{bundle}: bad entry {path!r}")
    if sum(size for _, size in entries) != len(body):
        raise ValueError(f"{bundle}: the sizes do not add up to the {len(body)} bytes it holds")
    files, offset = {}, 0
    for path, size in entries:
        files[path] = body[offset : offset + size]
        offset += size
    return files


class Bundle:
    """Files held in memory as if they were under the folder ``home``.

    Installed first on ``sys.meta_path``, it imports the modules it holds, from
    their bytecode where it holds that (for this Python), else from source. A
    package it holds keeps its folder under ``home`` as its path, so modules
    written there later (each game's, fetched when the game is opened) import
    from the file system as usual. Its modules read their data files through
    their loader's ``get_data``, which falls back to the file system too. Only
    there: ``open()``, ``os.path`` and ``importlib.resources`` do not see them.
    """

    def __init__(self, files: dict[str, bytes], home: str) -> None:
        self.files = files
        self.home = home.rstrip("/") + "/"
        self.tag = sys.implementation.cache_tag

    def install(self) -> Bundle:
        sys.meta_path.insert(0, self)
        return self

    def adopt(self) -> int:
        """The app's modules the memory snapshot imported (``scripts/make_snapshot.mjs``),
        taken as this bundle's: their loader becomes this one if they were imported from the
        very sources it holds, at the same place; else they are forgotten, to be imported
        again from the bundle. How many were taken."""
        kept = sys.modules.get("_cardems_snapshot")
        if kept is None:
            return 0
        names: list[str] = list(getattr(kept, "modules", []))
        sources: dict[str, str] = getattr(kept, "sources", {})
        same = getattr(kept, "HOME", None) == self.home.rstrip("/") and all(
            self.files.get(rel) == source.encode() for rel, source in sources.items()
        )
        for name in names:
            module = sys.modules.get(name)
            if module is None:
                continue
            if same and module.__spec__ is not None:
                module.__spec__.loader = module.__loader__ = cast("Loader", self)
            else:
                del sys.modules[name]
        kept.sources = {}  # type: ignore[attr-defined]  # compared: not held
        return len(names) if same else 0

    def _source(self, fullname: str) -> tuple[str, bool] | None:
        base = fullname.replace(".", "/")
        if base + "/__init__.py" in self.files:
            return base + "/__init__.py", True
        if base + ".py" in self.files:
            return base + ".py", False
        return None

    def _found(self, fullname: str) -> tuple[str, bool]:
        found = self._source(fullname)
        if found is None:
            raise ImportError(f"{fullname} is not in the bundle", name=fullname)
        return found

    # importlib's finder and loader protocols
    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        found = self._source(fullname)
        if found is None:
            return None
        rel, package = found
        spec = ModuleSpec(fullname, cast("Loader", self), origin=self.home + rel, is_package=package)
        spec.has_location = True  # __file__, as for a module on disk
        if package:
            spec.submodule_search_locations = [self.home + rel.rpartition("/")[0]]
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        assert module.__spec__ is not None  # made by find_spec
        exec(self.get_code(module.__spec__.name), module.__dict__)

    def get_code(self, fullname: str) -> CodeType:
        rel, _ = self._found(fullname)
        if self.tag:
            pyc = self.files.get(cached_path(rel, self.tag))
            if pyc is not None and pyc[:4] == MAGIC_NUMBER:
                code: CodeType = marshal.loads(memoryview(pyc)[16:])
                _imp._fix_co_filename(code, self.home + rel)  # type: ignore[attr-defined]  # CPython's own, not in typeshed
                return code
        return compile(self.files[rel], self.home + rel, "exec", dont_inherit=True)

    def get_source(self, fullname: str) -> str:
        return decode_source(self.files[self._found(fullname)[0]])

    def is_package(self, fullname: str) -> bool:
        return self._found(fullname)[1]

    def get_filename(self, fullname: str) -> str:
        return self.home + self._found(fullname)[0]

    def get_data(self, path: str) -> bytes:
        path = os.path.normpath(
            os.path.join(self.home, os.fspath(path))
        )  # relative: to home, the working folder
        rel = path[len(self.home) :] if path.startswith(self.home) else None
        if rel in self.files:
            return self.files[rel]
        with open(path, "rb") as f:
            return f.read()


def mark(name: str) -> None:
    """A User Timing mark of the start (for profiles and ``bench/boot.py``), in a browser."""
    if sys.platform == "emscripten":
        from js import performance  # type: ignore[import-not-found]  # Pyodide's

        performance.mark(name)


if __name__ == "__main__":
    mark("cardems:main")
    adopted = Bundle(read(BUNDLE), os.getcwd()).install().adopt()
    if adopted and sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's

        js.cardemsSnapshotModules = adopted  # for the tests
    from cardems.web.app import App

    mark("cardems:imported")
    App().start()

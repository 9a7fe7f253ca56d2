"""The site, generated from the files: what the page loads first, what each game
loads when it is opened, and what the service worker keeps for offline play.

One place for everything that would otherwise be a hand-kept list. Used by
``scripts/serve.py`` and the test and benchmark servers (which serve the
generated files from memory, fresh on every request), and by
``scripts/build_site.py`` (which writes them into the site folder).

- ``first-screen.bundle``: the files of the first screen in one gzipped file: the
  modules ``cardems/web/main.py`` imports, followed through their top-level
  imports, with their bytecode compiled by the vendored Pyodide's Python, plus
  every message catalog (the lobby shows each game's last-used setup in the
  player's language) and ``build.json``. One request instead of thirty, and
  no compiling while the player waits; ``main.py`` imports from it in memory.
- ``cardems/web/build.json``: the build id and, for each game, the modules it
  adds when it is opened: its own modules, by their folder (``cardems/S/``,
  ``cardems/web/S/``) and the ``common`` modules every table needs (the rest of the package),
  and, under ``rules``, each game's rules texts (``cardems/web/S/rules/<lang>.json``), which
  are not in the first screen: the rules page fetches its game's. ``cardems/web/loader.py`` reads it.
- ``precache.js``: the build id and every file of the site with the start of
  its SHA-256, for ``sw.js``.

- ``rules/<game>/<lang>.html``: each game's rules screen in each language, rendered
  here by the app's own code (``cardems/web/rules_page.py``, under CPython), as the
  app shows it opened from the lobby. ``static/js/shell.js`` shows it for a
  ``#/rules/<game>`` address while Python starts, and the app then renders the same
  markup in its place (:func:`rules_pages`).

- ``index.html``: the page, with PyScript's config from ``pyscript.toml``
  written into it as JSON (one fetch less before the interpreter starts) and
  its Content-Security-Policy allowing its inline scripts by their hashes
  (:func:`render_page`). The committed ``index.html`` is kept rendered
  (tests/test_page_config.py), so any static server can serve the tree.

The build id is a hash of every file's content, so any change makes a new build.
"""

from __future__ import annotations

import ast
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zlib
from base64 import b64decode, b64encode
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardems.web.main import BUNDLE, cached_path  # noqa: E402  (its reader, in the page)
from cardems.web.main import FORMAT as BUNDLE_FORMAT  # noqa: E402

ENTRY = "cardems/web/main.py"
NOT_SHIPPED = frozenset({"cardems/__main__.py", "cardems/cli.py", "cardems/arena.py"})  # command line only
PAGE = "index.html"
PAGES = (PAGE, "manifest.webmanifest")
CONFIG = "pyscript.toml"
# served, never kept by the worker (the browser keeps sw.js itself; the page carries the config)
DEPLOYED = ("sw.js", ".nojekyll", CONFIG)
BUILD = "cardems/web/build.json"
PRECACHE = "precache.js"
SNAPSHOT = "interpreter.snapshot.gz"  # made when Node and the runtime are there (see make_snapshot)
GENERATED = (BUILD, PRECACHE, BUNDLE, PAGE, SNAPSHOT)
RULES_PAGE = re.compile(r"rules/[a-z][a-z-]*/[a-z]{2}\.html")  # rules_pages: its names
HASH_CHARS = 16
RUNTIME = "static/vendor/pyodide"
COMPILER = Path(__file__).resolve().parent / "compile_pyc.mjs"
SNAPSHOTTER = Path(__file__).resolve().parent / "make_snapshot.mjs"
PYC_CACHE = ROOT / ".cache" / "pyc"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
# top-level names that are no module of Python's library: the page's own, and PyScript's
NOT_LIBRARY = ("cardems", "pyscript", "_pyscript", "polyscript", "js", "jsffi")


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def package_files(root: Path = ROOT) -> list[str]:
    """Every file of the package the page may need (sources and catalogs), sorted."""
    found = [
        p
        for p in (root / "cardems").rglob("*")
        if p.suffix in (".py", ".json") and p.is_file() and "__pycache__" not in p.parts
    ]
    return sorted(r for r in (_rel(p, root) for p in found) if r not in NOT_SHIPPED and r != BUILD)


# PyScript features the page does not use: the plugins its config turns off
# (see page_config), the terminal, TOML and zip configs. Their chunks (and chunks
# that import them) are deployed but not kept for offline play; Pyodide's
# classic-script loader (pyodide.js) neither. tests/browser/test_offline.py
# checks that every file a visit fetches is kept.
UNUSED_FEATURES = ("xterm", "toml", "zip")
UNUSED_FILES = ("static/vendor/pyodide/pyodide.js", "static/vendor/files.json")


def unused(path: str, root: Path = ROOT, features: tuple[str, ...] | None = None) -> bool:
    """Whether a vendored file belongs to a runtime feature the page does not use
    (``features``: the names of those features' chunks; by default worked out here)."""
    if path in UNUSED_FILES:
        return True
    if not path.startswith("static/vendor/pyscript/") or not path.endswith(".js"):
        return False
    features = features or UNUSED_FEATURES + plugins_off(root)
    name = path.rsplit("/", 1)[1]
    if name.startswith(features):
        return True
    head = (root / path).read_text(encoding="utf-8", errors="replace")[:4000]
    return any(re.search(rf'(?:from|import)\s*"\./{feature}', head) for feature in features)


def static_files(root: Path = ROOT) -> list[str]:
    """Everything under static/ (css, js, icons, the vendored runtime), no dotfiles."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root / "static", followlinks=True):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        out += [_rel(Path(dirpath) / f, root) for f in filenames if not f.startswith(".")]
    return sorted(out)


def stems() -> dict[str, str]:
    """game name -> module stem (``pis-yedili`` -> ``pis_yedili``), from the registry."""
    from cardems.games import SOURCES, module_name

    return {name: module_name(name) for name in SOURCES}


def stem_of(path: str, all_stems: set[str]) -> str | None:
    """The game a file belongs to by its folder (``cardems/<stem>/...`` for its
    engine, ``cardems/web/<stem>/...`` for its page), or None (shared code)."""
    parts = path.split("/")
    if len(parts) >= 3 and parts[0] == "cardems" and parts[1] in all_stems:
        return parts[1]
    if len(parts) >= 4 and parts[:2] == ["cardems", "web"] and parts[2] in all_stems:
        return parts[2]
    return None


def _module_path(module: str, root: Path) -> str | None:
    base = module.replace(".", "/")
    for candidate in (f"{base}.py", f"{base}/__init__.py"):
        if (root / candidate).is_file():
            return candidate
    return None


def _top_level_imports(tree: ast.Module) -> list[tuple[str, list[str]]]:
    """(module, names) of the imports run when the module loads: the module's body,
    including ``try``/``if`` blocks, but not ``if TYPE_CHECKING:`` or functions."""
    found: list[tuple[str, list[str]]] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend((alias.name, []) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((node.module, [alias.name for alias in node.names]))
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (node.body, node.orelse, node.finalbody, *[h.body for h in node.handlers]):
                    visit(block)

    visit(tree.body)
    return found


def import_closure(entry: str, root: Path = ROOT) -> set[str]:
    """The package files loading ``entry`` imports (with their packages' ``__init__``)."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        parts = Path(path).parent.parts
        for i in range(1, len(parts) + 1):  # importing a.b.c runs a/__init__ and a/b/__init__
            init = "/".join(parts[:i]) + "/__init__.py"
            if (root / init).is_file():
                todo.append(init)
        tree = ast.parse((root / path).read_text(encoding="utf-8"), path)
        for module, names in _top_level_imports(tree):
            if module.split(".")[0] != "cardems":
                continue
            found = _module_path(module, root)
            if found:
                todo.append(found)
            for name in names:  # `from cardems.web import dom` imports a module
                sub = _module_path(f"{module}.{name}", root)
                if sub:
                    todo.append(sub)
    return seen


def rules_file(path: str, all_stems: set[str]) -> bool:
    """Whether a file is a game's rules text (``cardems/web/<stem>/rules/<lang>.json``)."""
    parts = path.split("/")
    return (
        len(parts) == 5
        and parts[:2] == ["cardems", "web"]
        and parts[2] in all_stems
        and parts[3] == "rules"
        and parts[4].endswith(".json")
    )


def python_groups(root: Path = ROOT) -> dict:
    """``{"core": [...], "common": [...], "games": {name: [...]}, "rules": {name: [...]}}``
    (paths from the site root).

    core: what the first screen imports, every game's options and every catalog. games: the games whose
    rules module exists, with their own modules. rules: each game's rules texts, one
    per language, fetched when its rules page opens (not with the first screen, not
    with the game). common: the rest, loaded with any game.
    """
    files = package_files(root)
    names = stems()
    by_stem = {stem: name for name, stem in names.items()}
    texts = {f for f in files if rules_file(f, set(by_stem))}
    core = import_closure(ENTRY, root)
    for stem in names.values():  # every game's options: a route is read before the game's modules are here
        if f"cardems/{stem}/options.py" in files:
            core |= import_closure(f"cardems/{stem}/options.py", root)
    core = (core - {ENTRY}) | {f for f in files if f.endswith(".json") and f not in texts}
    games: dict[str, list[str]] = {}
    rules: dict[str, list[str]] = {}
    for name, stem in names.items():
        if f"cardems/{stem}/rules.py" in files:
            games[name] = [
                f for f in files if f.endswith(".py") and stem_of(f, set(by_stem)) == stem and f not in core
            ]
        own = [f for f in sorted(texts) if stem_of(f, set(by_stem)) == stem]
        if own:
            rules[name] = own
    in_games = {f for group in games.values() for f in group}
    common = [
        f
        for f in files
        if f not in core
        and f not in in_games
        and f not in texts
        and f != ENTRY
        and stem_of(f, set(by_stem)) is None
    ]
    return {"core": sorted(core), "common": common, "games": games, "rules": rules}


def package_styles(root: Path = ROOT) -> list[str]:
    """The games' stylesheets (``cardems/web/<stem>/style.css``), loaded when a table opens."""
    return sorted(_rel(p, root) for p in (root / "cardems").rglob("*.css") if "__pycache__" not in p.parts)


def site_files(root: Path = ROOT, groups: dict | None = None) -> list[str]:
    """Every file of the site but ``sw.js``, ``precache.js`` and ``.nojekyll``
    (the generated bundle and game list included)."""
    groups = groups or python_groups(root)
    python = (
        set(groups["core"])
        | set(groups["common"])
        | {f for kind in ("games", "rules") for g in groups[kind].values() for f in g}
    )
    return sorted(
        set(PAGES) | {ENTRY, BUILD, BUNDLE} | python | set(static_files(root)) | set(package_styles(root))
    )


def kept_files(root: Path = ROOT, groups: dict | None = None) -> list[str]:
    """What the service worker keeps: the site's files but unused runtime features
    and the modules the bundle holds (the page never asks for them one by one; the
    catalogs stay, the shell reads its language's before Python is up)."""
    groups = groups or python_groups(root)
    bundled = {f for f in groups["core"] if f.endswith(".py")} | {BUILD}
    features = UNUSED_FEATURES + plugins_off(root)
    return [f for f in site_files(root, groups) if not unused(f, root, features) and f not in bundled]


_digests: dict[str, tuple[int, int, str]] = {}


def digest(path: Path) -> str:
    """The start of a file's SHA-256 (remembered by size and mtime: the runtime is 14 MB)."""
    st = path.stat()
    key = str(path)
    known = _digests.get(key)
    if known and known[:2] == (st.st_size, st.st_mtime_ns):
        return known[2]
    value = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]
    _digests[key] = (st.st_size, st.st_mtime_ns, value)
    return value


def page_config(root: Path = ROOT) -> dict:
    """PyScript's config, from ``pyscript.toml``: ``{"py": ..., "mpy": ...}``.

    ``py`` is the page's: the self-hosted interpreter, the first screen's bundle
    (PyScript writes it into the interpreter's working folder, where ``main.py``
    reads it), and the plugins turned off. ``mpy`` turns the same plugins off
    for MicroPython, which the page does not use: PyScript loads the plugins once
    for each interpreter it knows, configured or not.
    """
    py = tomllib.loads((root / CONFIG).read_text(encoding="utf-8"))
    return {"py": py, "mpy": {"plugins": py.get("plugins", [])}}


_PY_CONFIG = re.compile(r"(<script type=\"py\"[^>]*\sconfig=')([^']*)(')")
_MPY_CONFIG = re.compile(r"(<mpy-config hidden>)([^<]*)(</mpy-config>)")
_CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")')
_INLINE_SCRIPT = re.compile(  # a script the browser runs: no src, not PyScript's or data
    r"<script(?![^>]*\ssrc=)(?![^>]*\stype=\"(?:py|mpy|application/json)\")[^>]*>(.*?)</script>", re.DOTALL
)
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
)


def _attribute_json(value: dict) -> str:
    """JSON for a single-quoted HTML attribute."""
    return json.dumps(value).replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;")


def inline_config(page: str) -> dict:
    """PyScript's config as a page carries it (the inverse of :func:`render_page`'s)."""
    py, mpy = _PY_CONFIG.search(page), _MPY_CONFIG.search(page)
    if not py or not mpy:
        raise ValueError("index.html: no inline PyScript config (config='{...}' and <mpy-config hidden>)")
    return {"py": json.loads(html.unescape(py.group(2))), "mpy": json.loads(html.unescape(mpy.group(2)))}


def script_hashes(page: str) -> list[str]:
    """CSP sources (``'sha256-...'``) of the page's inline scripts, in order."""
    return [
        f"'sha256-{b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
        for body in _INLINE_SCRIPT.findall(page)
    ]


def with_csp(page: str) -> str:
    """``page`` with its Content-Security-Policy allowing exactly its inline scripts
    (a page that adds one, as the boot benchmark does, calls this again)."""
    if not _CSP.search(page):
        raise ValueError("index.html: no <meta http-equiv=\"Content-Security-Policy\" content=\"...\">")
    policy = CSP.format(hashes=" ".join(dict.fromkeys(script_hashes(page))))
    return _CSP.sub(lambda m: m.group(1) + policy + m.group(3), page, count=1)


def render_page(root: Path = ROOT) -> str:
    """``index.html`` as served: PyScript's config from ``pyscript.toml`` written in, and
    the Content-Security-Policy hashing its inline scripts."""
    page = (root / PAGE).read_text(encoding="utf-8")
    config = page_config(root)
    inline_config(page)  # both places are there
    page = _PY_CONFIG.sub(lambda m: m.group(1) + _attribute_json(config["py"]) + m.group(3), page, count=1)
    page = _MPY_CONFIG.sub(lambda m: m.group(1) + json.dumps(config["mpy"]) + m.group(3), page, count=1)
    return with_csp(page)


def plugins_off(root: Path = ROOT) -> tuple[str, ...]:
    """PyScript's plugins the page's config turns off (``"!name"``)."""
    return tuple(p[1:] for p in page_config(root)["py"].get("plugins", ()) if p.startswith("!"))


def pack(files: dict[str, bytes]) -> bytes:
    """Files in one, gzipped: a line of JSON (the format, and each file's path and size), then
    their bytes. The same bytes for the same files (zlib's gzip header has no time)."""
    head = {"format": BUNDLE_FORMAT, "files": [[path, len(body)] for path, body in files.items()]}
    gz = zlib.compressobj(9, zlib.DEFLATED, 31)
    return (
        gz.compress(json.dumps(head, separators=(",", ":")).encode() + b"\n" + b"".join(files.values()))
        + gz.flush()
    )


_warned: set[str] = set()


def _warn(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        print(f"sitefiles: {message}", file=sys.stderr)


def compile_pyc(sources: dict[str, bytes], root: Path = ROOT) -> tuple[str, dict[str, bytes]] | None:
    """(cache tag, path -> .pyc) compiled by the vendored Pyodide under Node, or None
    (no Node or no runtime: the page then compiles the sources itself).

    Kept in ``.cache/pyc/<runtime>/`` by each source's hash: the compiler starts
    a whole interpreter, and ``scripts/serve.py`` regenerates on every request."""
    runtime = root / RUNTIME
    node = shutil.which("node")
    if node is None or not (runtime / "pyodide.mjs").is_file():
        _warn("no node or no vendored Pyodide: the first screen ships without bytecode")
        return None
    folder = PYC_CACHE / digest(runtime / "pyodide.asm.wasm")
    key = {
        path: hashlib.sha256(path.encode() + b"\0" + body).hexdigest()[:32] for path, body in sources.items()
    }
    tag_file = folder / "tag"
    todo = {p: b.decode("utf-8") for p, b in sources.items() if not (folder / f"{key[p]}.pyc").is_file()}
    if todo or not tag_file.is_file():
        try:
            proc = subprocess.run(
                [node, str(COMPILER), str(runtime)],
                input=json.dumps(todo),
                text=True,
                capture_output=True,
                timeout=300,
                check=True,
            )
            out = json.loads(proc.stdout)
        except (OSError, subprocess.SubprocessError, ValueError) as e:
            detail = getattr(e, "stderr", "") or e
            _warn(f"compiling the first screen's bytecode failed, it ships without: {str(detail)[-500:]}")
            return None
        folder.mkdir(parents=True, exist_ok=True)
        for path, pyc in out["pyc"].items():
            (folder / f"{key[path]}.pyc").write_bytes(b64decode(pyc))
        tag_file.write_text(out["tag"])
    return tag_file.read_text().strip(), {p: (folder / f"{key[p]}.pyc").read_bytes() for p in sources}


def pyscript_sources(root: Path = ROOT) -> dict[str, str]:
    """PyScript's own Python package as its vendored bundle embeds it: ``"chunk:name.py" -> source``."""
    found: dict[str, str] = {}
    for chunk in sorted((root / "static" / "vendor" / "pyscript").glob("*.js")):
        text = chunk.read_text(encoding="utf-8", errors="replace")
        for name, body in re.findall(r'"([a-z_]+\.py)":("(?:[^"\\]|\\.)*")', text):
            found[f"{chunk.name}:{name}"] = json.loads(body)
    return found


def snapshot_modules(groups: dict, root: Path = ROOT) -> list[str]:
    """The library modules a start imports: those the first screen's modules and
    PyScript's package import when they load (a name after ``from m import`` may be a module)."""
    names: set[str] = set()
    sources = {p: (root / p).read_text(encoding="utf-8") for p in groups["core"] if p.endswith(".py")}
    for where, source in (sources | pyscript_sources(root)).items():
        for module, imported in _top_level_imports(ast.parse(source, where)):
            names.add(module)
            names.update(f"{module}.{n}" for n in imported if n != "*")
    return sorted(n for n in names if n.split(".")[0] not in NOT_LIBRARY)


# What a module must not import when it loads to be imported into the memory snapshot: the
# page's JavaScript (a JS object held by Python must be reachable from globalThis there).
NOT_IN_SNAPSHOT = ("pyscript", "_pyscript", "polyscript", "js", "jsffi", "pyodide")


def _module_name(path: str) -> str:
    name = path[: -len(".py")].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def snapshot_app(groups: dict, root: Path = ROOT) -> dict[str, str]:
    """The first screen's modules that can be imported into the memory snapshot, path ->
    source: those that import, when they load, no JavaScript (``NOT_IN_SNAPSHOT``), through
    no module of the first screen that does (nor their packages). ``cardems.web.app`` and the
    modules that draw the page (``dom``, ``lobby``...) import ``pyscript``, so they are not."""
    sources = {_module_name(p): p for p in groups["core"] if p.endswith(".py")}
    imports = {
        name: {
            m
            for module, names in _top_level_imports(
                ast.parse((root / path).read_text(encoding="utf-8"), path)
            )
            for m in (module, *(f"{module}.{n}" for n in names))
        }
        for name, path in sources.items()
    }
    for name in sources:  # a module's package loads first
        imports[name] |= {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    impure = {n for n, found in imports.items() if any(m.split(".")[0] in NOT_IN_SNAPSHOT for m in found)}
    while grown := {n for n, found in imports.items() if n not in impure and found & impure}:
        impure |= grown
    return {
        path: (root / path).read_text(encoding="utf-8")
        for name, path in sorted(sources.items())
        if name not in impure and not path.endswith("/main.py")
    }


def snapshot_pyc_sources(root: Path = ROOT) -> dict[str, str]:
    """PyScript's Python package, ``pyscript/<name>.py`` -> source, as PyScript writes it into
    the working folder at every start (and Python compiles it): the snapshot holds its bytecode."""
    return {f"pyscript/{key.split(':', 1)[1]}": body for key, body in sorted(pyscript_sources(root).items())}


def make_snapshot(
    modules: list[str],
    root: Path = ROOT,
    app: dict[str, str] | None = None,
    pyc: dict[str, str] | None = None,
) -> bytes | None:
    """The interpreter's memory snapshot (gzipped) with the library ``modules`` imported, made
    by the vendored Pyodide under Node (scripts/make_snapshot.mjs), or None (no Node, no
    runtime, or it failed: the page then always starts Python itself). ``app``: the first
    screen's modules (path -> source) imported too, from these sources; ``pyc``: sources (path
    -> source) whose checked bytecode it holds for the page to write beside them.

    Kept in ``.cache/snapshot/`` by the runtime's files, the module list and the sources."""
    app, pyc = app or {}, pyc or {}
    runtime = root / RUNTIME
    node = shutil.which("node")
    if node is None or not (runtime / "pyodide.mjs").is_file():
        _warn("no node or no vendored Pyodide: no memory snapshot, every visit starts Python")
        return None
    key = hashlib.sha256(
        json.dumps(
            [
                digest(runtime / "pyodide.asm.wasm"),
                digest(runtime / "python_stdlib.zip"),
                digest(runtime / "pyodide.asm.mjs"),
                digest(SNAPSHOTTER),
                modules,
                app,
                pyc,
            ]
        ).encode()
    ).hexdigest()[:32]
    kept = SNAPSHOT_CACHE / f"{key}.gz"
    if not kept.is_file():
        try:
            proc = subprocess.run(
                [node, str(SNAPSHOTTER), str(runtime)],
                input=json.dumps({"modules": modules, "app": app, "pyc": pyc}).encode(),
                capture_output=True,
                timeout=300,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as e:
            detail = getattr(e, "stderr", b"") or str(e).encode()
            _warn(
                f"making the memory snapshot failed, the site ships without: {detail[-500:].decode(errors='replace')}"
            )
            return None
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        kept.with_suffix(".tmp").write_bytes(proc.stdout)
        kept.with_suffix(".tmp").replace(kept)
    return kept.read_bytes()


def is_generated(path: str) -> bool:
    """Whether ``path`` (from the site root) is one of :func:`generate`'s files."""
    return path in GENERATED or RULES_PAGE.fullmatch(path) is not None


_rules_pages: dict[str, dict[str, bytes]] = {}


def rules_pages(groups: dict, build: str) -> dict[str, bytes]:
    """``rules/<game>/<lang>.html`` for every game with rules texts and every language: the
    rules screen as the app renders it opened from the lobby (back to all games), a fragment
    for the shell to put in ``#screen``. Remembered by build id (the dev server regenerates
    on every request, and the sixteen pages take ~0.4 s)."""
    if build not in _rules_pages:
        from cardems.web.i18n import LANGUAGES, Catalog
        from cardems.web.rules_page import rules_screen

        pages = {}
        for game in groups["rules"]:
            for lang in LANGUAGES:
                catalog = Catalog(lang)
                pages[f"rules/{game}/{lang}.html"] = rules_screen(
                    game, catalog, "#/", catalog.t("nav.back")
                ).encode()
        assert all(RULES_PAGE.fullmatch(path) for path in pages), (
            "a game or language name RULES_PAGE does not take"
        )
        _rules_pages.clear()
        _rules_pages[build] = pages
    return _rules_pages[build]


def generate_bundle(groups: dict, manifest: bytes, root: Path = ROOT) -> bytes:
    """``first-screen.bundle``: the first screen's sources, their bytecode, the catalogs, ``build.json``."""
    files = {path: (root / path).read_bytes() for path in groups["core"]}
    compiled = compile_pyc({p: b for p, b in files.items() if p.endswith(".py")}, root)
    if compiled:
        tag, pyc = compiled
        files |= {cached_path(path, tag): body for path, body in pyc.items()}
    files[BUILD] = manifest
    return pack(files)


def generate(root: Path = ROOT) -> dict[str, bytes]:
    """The generated files of the site in ``root``: path -> content."""
    groups = python_groups(root)
    sources = [f for f in site_files(root, groups) if f not in GENERATED]  # the bundled files too
    page = render_page(root).encode()
    hashes = {f: digest(root / f) for f in sources} | {PAGE: hashlib.sha256(page).hexdigest()[:HASH_CHARS]}
    build = hashlib.sha256(json.dumps([hashes, groups], sort_keys=True).encode()).hexdigest()[:12]
    manifest = (
        json.dumps(
            {"build": build, "common": groups["common"], "games": groups["games"], "rules": groups["rules"]},
            indent=1,
        ).encode()
        + b"\n"
    )
    bundle = generate_bundle(groups, manifest, root)
    snapshot = make_snapshot(
        snapshot_modules(groups, root), root, snapshot_app(groups, root), snapshot_pyc_sources(root)
    )
    rules = rules_pages(groups, build)
    kept = set(kept_files(root, groups))
    hashes = {f: h for f, h in hashes.items() if f in kept}
    hashes |= {path: hashlib.sha256(body).hexdigest()[:HASH_CHARS] for path, body in rules.items()}
    hashes[BUNDLE] = hashlib.sha256(bundle).hexdigest()[:HASH_CHARS]
    if snapshot is not None:  # kept by the worker, for the visits after this one
        hashes[SNAPSHOT] = hashlib.sha256(snapshot).hexdigest()[:HASH_CHARS]
    precache = (
        "// Generated by scripts/sitefiles.py: this build of the site, for sw.js to keep.\n"
        f"self.CARDEMS_BUILD = {json.dumps(build)};\n"
        f"self.CARDEMS_FILES = {json.dumps(dict(sorted(hashes.items())), indent=0)};\n"
    ).encode()
    out = {BUILD: manifest, PRECACHE: precache, BUNDLE: bundle, PAGE: page} | rules
    return out | ({SNAPSHOT: snapshot} if snapshot is not None else {})


def build_id(generated: dict[str, bytes]) -> str:
    return json.loads(generated[BUILD])["build"]


if __name__ == "__main__":
    if sys.argv[1:] == ["--page"]:  # after editing pyscript.toml or an inline script: the committed page
        (ROOT / PAGE).write_text(render_page(ROOT), encoding="utf-8")
        print(f"{PAGE} written")
        raise SystemExit(0)
    out = generate()
    print(f"build {build_id(out)}: " + ", ".join(f"{k} ({len(v)} bytes)" for k, v in out.items()))

"""The page's files match the package: what the first screen loads, what each
game adds when it is opened (``scripts/sitefiles.py`` works them out from the
files), and the page's own URLs."""

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _sitefiles():
    if "cardems_sitefiles" not in sys.modules:
        spec = importlib.util.spec_from_file_location("cardems_sitefiles", ROOT / "scripts" / "sitefiles.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["cardems_sitefiles"] = module
        spec.loader.exec_module(module)
    return sys.modules["cardems_sitefiles"]


def test_every_module_of_the_package_reaches_the_page_exactly_once():
    sf = _sitefiles()
    groups = sf.python_groups(ROOT)
    lists = [groups["core"], groups["common"], *groups["games"].values(), *groups["rules"].values()]
    shipped = [f for group in lists for f in group]
    assert len(shipped) == len(set(shipped)), "a file is in two groups"
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardems").rglob("*.py")}
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardems").rglob("*.json")}
    wanted -= set(sf.NOT_SHIPPED) | {sf.ENTRY, sf.BUILD}
    assert set(shipped) == wanted


def test_the_first_screen_loads_no_game():
    sf = _sitefiles()
    core = set(sf.python_groups(ROOT)["core"])
    stems = set(sf.stems().values())
    assert {"cardems/web/app.py", "cardems/web/loader.py", "cardems/games.py"} <= core
    games = [f for f in core if f.endswith(".py") and sf.stem_of(f, stems)]
    # a game's options (and its package's light __init__) are read from any address; nothing else of it
    allowed = {f"cardems/{stem}/{name}" for stem in stems for name in ("options.py", "__init__.py")}
    assert not set(games) - allowed, f"the lobby imports a game's module: {sorted(set(games) - allowed)}"
    assert {f"cardems/{stem}/options.py" for stem in stems} <= core
    assert "cardems/web/table.py" not in core and "cardems/web/card_art.py" not in core


def test_the_rules_texts_are_not_in_the_first_screen_but_a_group_of_their_own():
    """Each game's rules texts (every language) ship as one group, fetched when
    its rules page opens; the message catalogs stay in the first screen."""
    sf = _sitefiles()
    groups = sf.python_groups(ROOT)
    stems = sf.stems()
    texts = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardems" / "web").glob("*/rules/*.json")}
    assert texts, "no rules texts"
    assert not texts & set(groups["core"]) and not texts & set(groups["common"])
    assert "cardems/web/locales/en.json" in groups["core"]
    for name, files in groups["rules"].items():
        assert {f.rsplit("/", 1)[1] for f in files} == {"en.json", "tr.json", "ar.json", "fa.json"}, name
        assert all(f.startswith(f"cardems/web/{stems[name]}/rules/") for f in files), name
    assert {f for files in groups["rules"].values() for f in files} == texts
    assert sf.rules_file("cardems/web/war/rules/ar.json", set(stems.values()))
    assert not sf.rules_file("cardems/web/war/locales/ar.json", set(stems.values()))
    assert not sf.rules_file("cardems/web/rules/ar.json", set(stems.values()))


def test_each_game_brings_what_it_imports():
    """A game's modules, followed through their imports, stay within the first
    screen's files, the common ones and the game's own (nothing is missing when
    it is opened, and no game relies on another being opened first)."""
    sf = _sitefiles()
    groups = sf.python_groups(ROOT)
    assert "pisti" in groups["games"]
    for name, files in groups["games"].items():
        available = set(groups["core"]) | set(groups["common"]) | set(files)
        stem = sf.stems()[name]
        assert f"cardems/{stem}/rules.py" in files and f"cardems/web/{stem}/table.py" in files, name
        for path in files:
            assert sf.import_closure(path, ROOT) <= available, (name, path)


def test_a_file_belongs_to_its_game_by_its_name():
    sf = _sitefiles()
    stems = {"pisti", "war", "pis_yedili", "abstract"}
    assert sf.stem_of("cardems/pis_yedili/rules.py", stems) == "pis_yedili"
    assert sf.stem_of("cardems/war/bots.py", stems) == "war"
    assert sf.stem_of("cardems/web/abstract/table.py", stems) == "abstract"
    assert sf.stem_of("cardems/web/war/locales/tr.json", stems) == "war"
    assert sf.stem_of("cardems/pisti/__init__.py", stems) == "pisti"
    assert sf.stem_of("cardems/warfare.py", stems) is None
    assert sf.stem_of("cardems/war.py", stems) is None
    assert sf.stem_of("cardems/pisti_extra/rules.py", stems) is None
    assert sf.stem_of("cardems/web/table.py", stems) is None
    assert sf.stem_of("cardems/web/locales/tr.json", stems) is None


def test_the_page_config_ships_the_first_screen_bundle_with_a_relative_interpreter():
    sf = _sitefiles()
    config = sf.page_config(ROOT)["py"]
    assert config["interpreter"] == "./static/js/interpreter.js"  # the vendored Pyodide, or its snapshot
    assert config["files"] == {"./first-screen.bundle": "./", f"./{sf.ENTRY}": f"./{sf.ENTRY}"}


def test_the_page_runs_its_entry_as_main_from_the_file_its_config_fetches():
    sf = _sitefiles()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    inline = re.search(r"<script type=\"py\"[^>]*>(.*?)</script>", html, re.S).group(1)
    assert f'open("{sf.ENTRY}"' in inline and '{"__name__": "__main__"}' in inline
    assert "src=" not in re.search(r"<script type=\"py\"[^>]*>", html).group(0)


def test_the_config_turns_off_every_pyscript_plugin_but_the_error_report():
    """PyScript fetches and runs each plugin its config does not turn off, while it
    starts, for Python and again for MicroPython."""
    sf = _sitefiles()
    config = sf.page_config(ROOT)
    off = set(sf.plugins_off(ROOT))
    assert off and "error" not in off
    assert (
        config["py"]["plugins"] == config["mpy"]["plugins"] == [f"!{name}" for name in sf.plugins_off(ROOT)]
    )
    cores = sorted((ROOT / "static" / "vendor" / "pyscript").glob("core-*.js"))
    if cores:  # vendored (not inside Pyodide's mount of the repo): the plugins this PyScript has
        registry = re.findall(
            r'([\w"-]+):\(\)=>(?:import\("\./[\w-]+\.js"\)|Promise\.resolve\(\))',
            cores[0].read_text(encoding="utf-8"),
        )
        assert {name.strip('"') for name in registry} == off | {"error"}


def test_a_page_without_its_inline_config_is_refused_clearly(tmp_path):
    sf = _sitefiles()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(
        html.replace("<mpy-config hidden>", "<mpy-config>"), encoding="utf-8"
    )
    (tmp_path / "pyscript.toml").write_bytes((ROOT / "pyscript.toml").read_bytes())
    try:
        sf.render_page(tmp_path)
    except ValueError as error:
        assert "index.html" in str(error)
    else:
        raise AssertionError("a page without its MicroPython config was accepted")


def test_the_page_uses_only_relative_urls_to_files_that_exist():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    urls = re.findall(r'(?:src|href|config)="([^"#]+)"', html)
    assert urls
    generated = {"first-screen.bundle"}
    vendored = (ROOT / "static" / "vendor" / "pyodide").is_dir()  # not inside Pyodide's mount of the repo
    for url in urls:
        assert not re.match(r"^(/|[a-z]+:)", url), url
        if url not in generated and (vendored or not url.startswith("static/vendor/")):
            assert (ROOT / url).is_file(), url


def test_the_page_hints_the_runtime_and_the_first_screen_on_a_first_visit():
    """The hints the head adds when no service worker serves the page: the interpreter,
    its binary and library, PyScript and its config, the first screen's Python."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    hints = dict((url, kind) for kind, url in re.findall(r'\["(modulepreload|fetch)", "([^"]+)"\]', html))
    assert hints == {
        "static/vendor/pyscript/core.js": "modulepreload",
        "static/js/interpreter.js": "modulepreload",
        "static/vendor/pyodide/pyodide.mjs": "modulepreload",
        "static/vendor/pyodide/pyodide.asm.mjs": "modulepreload",
        "static/vendor/pyodide/pyodide-lock.json": "fetch",
        "static/vendor/pyodide/pyodide.asm.wasm": "fetch",
        "static/vendor/pyodide/python_stdlib.zip": "fetch",
        "cardems/web/main.py": "fetch",
        "first-screen.bundle": "fetch",
    }
    vendored = (ROOT / "static" / "vendor" / "pyodide").is_dir()
    for url in hints:
        if url != "first-screen.bundle" and (vendored or not url.startswith("static/vendor/")):
            assert (ROOT / url).is_file(), url
    assert html.index("navigator.serviceWorker.controller") < html.index('rel="stylesheet"')


def test_every_playable_game_has_its_table_and_styles():
    from cardems.games import module_name, playable

    for name in playable():
        stem = module_name(name)
        assert (ROOT / "cardems" / stem / "bots.py").is_file(), name
        assert (ROOT / "cardems" / "web" / stem / "table.py").is_file(), name
        assert (ROOT / "cardems" / "web" / stem / "style.css").is_file(), name


def test_each_game_has_its_rules_screen_prebuilt_in_every_language():
    from cardems.web.i18n import LANGUAGES, Catalog
    from cardems.web.rules_page import rules_screen

    sf = _sitefiles()
    groups = sf.python_groups(ROOT)
    pages = sf.rules_pages(groups, "test-build")
    games = sorted(groups["rules"])
    assert games == sorted(sf.stems()), "every game has rules texts"
    assert sorted(pages) == sorted(f"rules/{g}/{lang}.html" for g in games for lang in LANGUAGES)
    for path, body in pages.items():
        assert sf.is_generated(path)
        game, lang = path.removesuffix(".html").split("/")[1:]
        catalog = Catalog(lang)
        assert body.decode() == rules_screen(game, catalog, "#/", catalog.t("nav.back")), (
            "the app's own renderer"
        )
        direction = "rtl" if lang in ("ar", "fa") else "ltr"
        assert body.decode().startswith(f'<article class="rules-page" lang="{lang}" dir="{direction}"')
    assert not sf.is_generated("rules/../index.html") and not sf.is_generated("cardems/web/app.py")

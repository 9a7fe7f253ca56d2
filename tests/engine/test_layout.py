"""The page's configuration matches the package it ships."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def listed_files() -> dict[str, str]:
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    return dict(re.findall(r'^"\./([^"]+)"\s*=\s*"\./([^"]+)"', text, re.M))


def test_pyscript_toml_ships_every_module_of_the_package():
    shipped = set(listed_files())
    wanted = {str(p.relative_to(ROOT)) for p in (ROOT / "cardems").rglob("*.py")}
    wanted |= {str(p.relative_to(ROOT)) for p in (ROOT / "cardems").rglob("*.json")}
    wanted -= {"cardems/__main__.py", "cardems/cli.py", "cardems/arena.py", "cardems/web/main.py"}
    assert wanted <= shipped, sorted(wanted - shipped)
    assert all((ROOT / f).is_file() for f in shipped)
    for src, dst in listed_files().items():
        assert dst == str(Path(src).parent) + "/"


def test_interpreter_is_self_hosted_and_relative():
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    interpreter = re.search(r'^interpreter\s*=\s*"([^"]+)"', text, re.M).group(1)
    assert interpreter == "./static/vendor/pyodide/pyodide.mjs"
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="(https?:)?//', html)


def test_every_playable_game_has_its_table_and_styles():
    from cardems.games import module_name, playable

    for name in playable():
        stem = module_name(name)
        assert (ROOT / "cardems" / "bots" / f"{stem}.py").is_file(), name
        assert (ROOT / "cardems" / "web" / f"{stem}_table.py").is_file(), name
        if stem != "pisti":
            assert (ROOT / "static" / "css" / f"{stem}.css").is_file(), name
            for lang in ("en", "tr", "ar", "fa"):
                assert (ROOT / "cardems" / "web" / "locales" / stem / f"{lang}.json").is_file(), (name, lang)

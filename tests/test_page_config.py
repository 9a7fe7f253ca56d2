"""The page's PyScript config comes from pyscript.toml and its Content-Security-Policy
allows exactly its inline scripts: the committed index.html is the rendered page."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import sitefiles  # noqa: E402

PAGE = (ROOT / "index.html").read_text(encoding="utf-8")


def policy(page: str) -> dict[str, list[str]]:
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in content.split(";")) if d}


def test_the_committed_page_carries_pyscript_toml_and_is_the_rendered_page():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert sitefiles.inline_config(PAGE) == {"py": config, "mpy": {"plugins": config["plugins"]}}
    assert PAGE == sitefiles.render_page(ROOT), (
        "index.html is out of date: run python scripts/sitefiles.py --page"
    )


def test_a_changed_toml_changes_the_served_page(tmp_path):
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8").replace('"!py-game", ', "")
    (tmp_path / "pyscript.toml").write_text(toml, encoding="utf-8")
    page = sitefiles.render_page(tmp_path)
    assert "!py-game" not in sitefiles.inline_config(page)["py"]["plugins"]
    assert "!py-game" not in sitefiles.inline_config(page)["mpy"]["plugins"]


def test_the_policy_allows_scripts_of_the_site_only():
    rules = policy(PAGE)
    scripts = rules["script-src"]
    assert scripts[:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert all(s.startswith("'sha256-") for s in scripts[2:]) and len(scripts) == 2 + len(
        sitefiles.script_hashes(PAGE)
    )
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    assert rules["connect-src"] == ["'self'"] and rules["worker-src"] == ["'self'"]
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
    assert not re.search(r"\son[a-z]+=", PAGE), "an inline event handler (the policy forbids them)"


def test_an_added_inline_script_is_hashed_and_an_edited_one_is_not_allowed():
    added = PAGE.replace("</head>", "<script>console.log(1)</script>\n</head>")
    assert len(policy(sitefiles.with_csp(added))["script-src"]) == len(policy(PAGE)["script-src"]) + 1
    edited = PAGE.replace("delete WebAssembly.Suspending;", "delete WebAssembly.Suspending; alert(1);")
    assert sitefiles.script_hashes(edited)[0] not in policy(PAGE)["script-src"]


def test_the_config_survives_an_html_attribute():
    value = {"files": {"x": "a'b&<"}}
    page = PAGE.replace(
        re.search(r"config='[^']*'", PAGE).group(0), f"config='{sitefiles._attribute_json(value)}'"
    )
    assert sitefiles.inline_config(page)["py"] == value

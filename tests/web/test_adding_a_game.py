"""docs/adding-a-game.md stays true: every file its tables name exists for every game,
and every place it says a game is registered holds each game."""

import re
from pathlib import Path

import pytest

from cardems import ladder
from cardems.games import SOURCES, module_name

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
LISTED = re.findall(r"^\| `(cardems/[^`]+)` \|", GUIDE, flags=re.M)
LANGUAGES = ("en", "tr", "ar", "fa")


def test_the_guide_lists_the_files_of_both_packages():
    assert any(f.startswith("cardems/<stem>/") for f in LISTED)
    assert any(f.startswith("cardems/web/<stem>/") for f in LISTED)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_game_has_every_file_the_guide_names(name):
    stem = module_name(name)
    for listed in LISTED:
        path = listed.replace("<stem>", stem)
        paths = (
            [path.replace("/en.json", f"/{lang}.json") for lang in LANGUAGES]
            if path.endswith("/en.json")
            else [path]
        )
        for one in paths:
            assert (ROOT / one).is_file(), f"{name}: {one} (docs/adding-a-game.md) is missing"


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_game_is_where_the_guide_says_it_is_registered(name):
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'data-game-tile="{name}"' in index
    assert name in {game for game, _ in ladder.GAMES}
    table = (ROOT / "cardems" / "web" / module_name(name) / "table.py").read_text(encoding="utf-8")
    assert re.search(r"^TABLE = \w+", table, flags=re.M)
    for word in ("name", "blurb"):
        assert f'"game.{name}.{word}"' in (ROOT / "cardems/web/locales/en.json").read_text(encoding="utf-8")

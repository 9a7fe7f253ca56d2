"""Properties of the SVG card artwork (cardems.web.card_art)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardems.web.card_art import (
    BLACK,
    RED,
    SHEET_ID,
    back_svg,
    back_use,
    card_svg,
    card_use,
    joker_svg,
    sheet_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
ALL_CODES = [r + s for s in SUITS for r in RANKS]


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in el.get("class", "").split()]


@pytest.mark.parametrize("code", ALL_CODES + ["X"])
def test_every_card_is_a_well_formed_svg(code: str) -> None:
    root = parse(card_svg(code))
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 250 350"
    assert root.get("width") == "100%" and root.get("height") == "100%"
    assert root.get("role") == "img"
    assert root.get("aria-hidden") == "true"
    # No external resources: no images, no links, no fonts to fetch.
    markup = card_svg(code)
    assert "<image" not in markup and "href" not in markup and "url(" not in markup
    assert len(markup) < 6000


def test_back_and_joker_are_well_formed() -> None:
    for markup in (back_svg(), joker_svg()):
        root = parse(markup)
        assert root.get("viewBox") == "0 0 250 350"
        assert root.get("aria-hidden") == "true"
        assert "<image" not in markup and "href" not in markup
    assert card_svg("X") == joker_svg()


@pytest.mark.parametrize("rank", range(2, 11))
@pytest.mark.parametrize("suit", SUITS)
def test_spot_cards_have_one_pip_per_point(rank: int, suit: str) -> None:
    root = parse(card_svg(f"{rank}{suit}"))
    assert len(with_class(root, "pip")) == rank
    # Two corner indices (top-left and the rotated bottom-right).
    assert len(with_class(root, "idx")) == 2
    texts = [t.text for t in root.iter(SVG + "text")]
    assert texts == [str(rank), str(rank)]


@pytest.mark.parametrize("suit", SUITS)
def test_aces_have_one_large_pip(suit: str) -> None:
    root = parse(card_svg("A" + suit))
    (pip,) = with_class(root, "pip")
    scale = float(re.search(r"scale\(([\d.]+)\)", pip.get("transform")).group(1))
    assert scale >= 1.0


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
@pytest.mark.parametrize("suit", SUITS)
def test_court_cards_show_their_letter_and_suit(rank: str, suit: str) -> None:
    root = parse(card_svg(rank + suit))
    assert with_class(root, "pip") == []
    texts = [t.text for t in root.iter(SVG + "text")]
    assert texts.count(rank) >= 4  # two corners, two halves of the panel
    assert with_class(root, "court")


def test_pips_of_spot_cards_are_mirrored_in_the_lower_half() -> None:
    root = parse(card_svg("10H"))
    for pip in with_class(root, "pip"):
        y = float(re.search(r"translate\([\d.]+ ([\d.]+)\)", pip.get("transform")).group(1))
        assert ("rotate(180)" in pip.get("transform")) == (y > 175)


@pytest.mark.parametrize("code", ALL_CODES)
def test_colour_follows_the_suit(code: str) -> None:
    expected = RED if code[-1] in "HD" else BLACK
    other = BLACK if expected == RED else RED
    root = parse(card_svg(code))
    marks = with_class(root, "pip") + with_class(root, "idx") + with_class(root, "court")
    assert marks
    # painted in the suit's colour: the page's --suit-<suit> (four colours), else red or black
    assert {el.get("fill") for el in marks} == {"currentColor"}
    assert {t.get("fill") for t in root.iter(SVG + "text")} == {"currentColor"}
    assert f"color:var(--suit-{code[-1]},{expected})" in card_svg(code)
    assert other not in card_svg(code)


def test_suits_are_paths_not_glyphs() -> None:
    for code in ALL_CODES + ["X"]:
        assert not set("♠♥♦♣♤♡♢♧") & set(card_svg(code))
    assert not set("♠♥♦♣") & set(back_svg())


def test_no_duplicate_ids_when_many_cards_share_a_page() -> None:
    page = "".join(card_svg(c) for c in ALL_CODES + ["X"]) + back_svg() * 5 + joker_svg()
    doc = parse(f'<div xmlns="http://www.w3.org/1999/xhtml">{page}</div>')
    ids = [el.get("id") for el in doc.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))


def test_results_are_cached() -> None:
    assert card_svg("QS") is card_svg("QS")
    assert back_svg() is back_svg()


@pytest.mark.parametrize("bad", ["1S", "", "11H", "AX", "ZZ", "A", "S", "10", "XX", None, 10])
def test_unknown_codes_raise_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        card_svg(bad)  # type: ignore[arg-type]


def test_the_sheet_holds_every_drawing_once_and_each_use_points_into_it() -> None:
    sheet = parse(sheet_svg())
    assert sheet.get("aria-hidden") == "true" and sheet.get("width") == "0"
    symbols = {s.get("id"): s for s in sheet.iter(SVG + "symbol")}
    assert len(symbols) == len(ALL_CODES) + 2  # the faces, the joker and the back
    ids = [el.get("id") for el in sheet.iter() if el.get("id")]
    assert sorted(ids) == sorted([SHEET_ID, *symbols]), "the sheet's ids are its own and its symbols'"
    for code, whole in [(c, card_svg(c)) for c in ALL_CODES + ["X"]] + [("back", back_svg())]:
        use = parse(back_use() if code == "back" else card_use(code))
        (link,) = [el for el in use.iter() if el.tag == SVG + "use"]
        symbol = symbols[link.get("href").lstrip("#")]
        assert use.get("data-art") == parse(whole).get("data-art")
        assert use.get("viewBox") == symbol.get("viewBox") == "0 0 250 350"
        # the symbol draws exactly what the whole picture draws
        assert [ET.tostring(el) for el in symbol] == [ET.tostring(el) for el in parse(whole)]
    assert card_use("10h") == card_use("10H") and card_use("x") == card_use("X")
    with pytest.raises(ValueError):
        card_use("1Z")

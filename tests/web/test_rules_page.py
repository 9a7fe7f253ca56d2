"""The rules texts (``cardems/web/<stem>/rules/<lang>.json``) and their renderer."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardems.cards import parse_card, standard_deck
from cardems.games import SOURCES, game_class, module_name
from cardems.web.i18n import LANGUAGES, Catalog
from cardems.web.rules_page import BACK, load_rules, render_block, render_rules, rules_html, rules_path

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(SOURCES)
STEMS = [module_name(name) for name in GAMES]
KINDS = {"p", "list", "table", "formula", "cards", "option"}


def _read(stem, lang):
    return json.loads(rules_path(stem, lang).read_text(encoding="utf-8"))


def _blocks(content, kind):
    return [b for s in content["sections"] for b in s["blocks"] if b["kind"] == kind]


def _texts(block):
    """Every text a block shows (for the language checks)."""
    if block["kind"] == "list":
        return list(block["items"])
    if block["kind"] == "table":
        return [block.get("caption", ""), *block["head"], *(c for row in block["rows"] for c in row)]
    if block["kind"] == "cards":
        return [block.get("caption", ""), *(g.get("label", "") for g in block["groups"])]
    if block["kind"] == "option":
        return [block["label"], block["text"]]
    return [block["text"]]


def _deck(stem):
    """Every card code the game can deal (in any of its variants)."""
    if stem == "abstract":
        from cardems.abstract.rules import VARIANTS, full_deck

        return {card for variant in VARIANTS for card in full_deck(variant)}
    if stem == "pis_yedili":
        from cardems.pis_yedili.rules import deck_for

        return set(deck_for(4, jokers=True))  # the house rule jokers adds the joker
    return set(standard_deck())


@pytest.mark.parametrize("stem", STEMS)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_language_has_the_sections_and_illustrations_of_english(stem, lang):
    english, content = _read(stem, "en"), _read(stem, lang)
    assert content["game"] == stem and content["lang"] == lang and content["title"].strip()
    assert [s["id"] for s in content["sections"]] == [s["id"] for s in english["sections"]]
    for mine, theirs in zip(content["sections"], english["sections"]):
        assert mine["title"].strip(), (lang, mine["id"])
        assert {b["kind"] for b in mine["blocks"]} <= KINDS
        pictures = [
            (b["id"], [g["cards"] for g in b["groups"]], [bool(g.get("label")) for g in b["groups"]])
            for b in mine["blocks"]
            if b["kind"] == "cards"
        ]
        assert pictures == [
            (b["id"], [g["cards"] for g in b["groups"]], [bool(g.get("label")) for g in b["groups"]])
            for b in theirs["blocks"]
            if b["kind"] == "cards"
        ], (lang, mine["id"])
        notes = [(b["option"], b["values"]) for b in mine["blocks"] if b["kind"] == "option"]
        assert notes == [(b["option"], b["values"]) for b in theirs["blocks"] if b["kind"] == "option"]
        shapes = [
            (b["kind"], len(b.get("items", b.get("rows", ()))), len(b.get("head", ())))
            for b in mine["blocks"]
        ]
        assert shapes == [
            (b["kind"], len(b.get("items", b.get("rows", ()))), len(b.get("head", ())))
            for b in theirs["blocks"]
        ], (lang, mine["id"])
    texts = [t for b in (b for s in content["sections"] for b in s["blocks"]) for t in _texts(b)]
    assert all(isinstance(t, str) for t in texts)
    if lang in ("ar", "fa"):  # written in its own script, not left in English
        prose = [t for t in texts if re.search(r"[A-Za-z]{4,}", t) and len(t) > 20]
        assert all(re.search(r"[\u0600-\u06FF]", t) for t in prose), prose[:3]
    if lang != "en":
        english_texts = {t for b in (b for s in english["sections"] for b in s["blocks"]) for t in _texts(b)}
        untranslated = [t for t in texts if t in english_texts and re.search(r"[A-Za-z]{3,} [a-z]{3,}", t)]
        assert not untranslated, untranslated[:3]


def test_the_arabic_and_persian_texts_use_their_own_letters():
    """Persian uses ی and ک, Arabic ي and ك: a text copied across would show it."""
    for stem in STEMS:
        ar = json.dumps(_read(stem, "ar"), ensure_ascii=False)
        fa = json.dumps(_read(stem, "fa"), ensure_ascii=False)
        assert "ي" in ar and "ی" not in ar and "ک" not in ar, stem
        assert "ی" in fa and "ي" not in fa and "ك" not in fa, stem


@pytest.mark.parametrize("stem", STEMS)
def test_every_illustrated_card_is_a_card_of_the_game(stem):
    deck = _deck(stem)
    assert len(deck) >= 52
    for lang in LANGUAGES:
        for block in _blocks(_read(stem, lang), "cards"):
            assert block["groups"] and block.get("caption"), block["id"]
            for group in block["groups"]:
                assert group["cards"], block["id"]
                for code in group["cards"]:
                    assert code == BACK or (code in deck and parse_card(code) == code), (
                        stem,
                        block["id"],
                        code,
                    )


def test_the_asked_illustrations_are_there():
    wanted = {
        "pisti": {"deal", "capture", "pisti", "worked_example"},
        "pis_yedili": {"seven", "jack", "ten", "ace", "twin"},
        "abstract": {"sets", "sequences", "worked_example_non_dealer", "worked_example_dealer"},
        "war": {"battle", "war"},
    }
    for stem, ids in wanted.items():
        assert ids <= {b["id"] for b in _blocks(_read(stem, "en"), "cards")}, stem


@pytest.mark.parametrize("name", GAMES)
def test_every_option_value_that_changes_a_rule_has_its_note(name):
    """Every value of each option but its default is explained by an option note,
    and every note names a real option and values it accepts."""
    stem = module_name(name)
    specs = {spec.name: spec for spec in game_class(name).options_spec}
    for lang in LANGUAGES:
        notes = _blocks(_read(stem, lang), "option")
        covered = set()
        for note in notes:
            assert note["option"] in specs, (lang, note["option"])
            assert note["label"].strip() and note["text"].strip()
            spec = specs[note["option"]]
            for value in note["values"]:
                assert spec.parse(value) == value and type(spec.parse(value)) is type(value), (note, value)
                covered.add((spec.name, value))
        wanted = {
            (spec.name, value) for spec in specs.values() for value in spec.values if value != spec.default
        }
        assert wanted <= covered, (lang, wanted - covered)


def test_the_scoring_and_the_worked_examples_are_the_rules_files():
    pisti = _read("pisti", "en")
    table = next(b for b in _blocks(pisti, "table") if len(b["rows"]) == 7)
    assert [row[1] for row in table["rows"]] == ["1", "1", "2", "3", "3", "10", "20"]
    assert "15" in next(b["text"] for b in _blocks(pisti, "formula"))
    abstract = _read("abstract", "en")
    formulas = " ".join(b["text"] for b in _blocks(abstract, "formula"))
    assert "168" in formulas and "250" in formulas
    from cardems.abstract.score import score_combinations

    pictures = {b["id"]: [c for g in b["groups"] for c in g["cards"]] for b in _blocks(abstract, "cards")}
    non_dealer, dealer = pictures["worked_example_non_dealer"], pictures["worked_example_dealer"]
    assert (len(non_dealer), len(dealer)) == (10, 14)
    assert tuple(b.score for b in score_combinations(non_dealer, dealer)) == (168, 250)
    from cardems.abstract.rules import Abstract

    game = Abstract.new({"mode": "deal"}, deck=pictures["layout"])  # the takes the text gives
    for move in ["first", *re.findall(r"\d", "2-2, 2-3, 1-1, 2-3, 1-3, 2-2")]:
        game.play(move)
    assert game.result().scores == (168, 250)
    assert "2-2, 2-3, 1-1, 2-3, 1-3, 2-2" in " ".join(b["text"] for b in _blocks(abstract, "p"))
    assert [sorted(c) for c in game.deal_taken] == [sorted(non_dealer), sorted(dealer)]
    from cardems.abstract.score import score_half

    half = pictures["half_example"]  # against 15 cards: 4 more than these 11
    others = [c for c in standard_deck() if c not in half][:15]
    assert len(half) == 11 and score_half(half, others)[0].score == 240
    assert "240" in next(b["caption"] for b in _blocks(abstract, "cards") if b["id"] == "half_example")


class _Outline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("stem", STEMS)
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_page_has_one_h1_a_contents_and_a_link_back(stem, lang):
    page = rules_html(stem, lang, "#/pisti?seed=4")
    outline = _Outline()
    outline.feed(page)
    tags = [t for t, _ in outline.tags]
    content = load_rules(stem, lang)
    assert tags.count("h1") == 1 and tags.count("h2") == len(content["sections"]) + 1
    assert content["title"] in "".join(outline.text)
    links = [a for t, a in outline.tags if t == "a"]
    assert {"class": "rules-back", "href": "#/pisti?seed=4"} in links
    assert [a["data-section"] for a in links if "data-section" in a] == [s["id"] for s in content["sections"]]
    article = outline.tags[0][1]
    assert article["dir"] == ("rtl" if lang == "ar" else "ltr") and article["lang"] == lang
    rows = [a for t, a in outline.tags if t == "ul" and a.get("class") == "rules-cards"]
    assert rows and all(a["dir"] == "ltr" for a in rows)
    cards = [a for t, a in outline.tags if a.get("class") == "mini-card"]
    assert len(cards) == sum(len(g["cards"]) for b in _blocks(content, "cards") for g in b["groups"])
    assert all(a["role"] == "img" and a["aria-label"] for a in cards)
    assert all(a.get("aria-hidden") == "true" for t, a in outline.tags if t == "svg")


def test_mini_cards_are_named_in_the_players_language():
    content = {
        "game": "g",
        "title": "T",
        "sections": [
            {
                "id": "s",
                "title": "S",
                "blocks": [
                    {"kind": "cards", "id": "c", "caption": "x", "groups": [{"cards": ["7H", "back", "X"]}]}
                ],
            }
        ],
    }
    page = render_rules(content, Catalog("tr"), "#/")
    names = re.findall(r'class="mini-card" role="img" aria-label="([^"]+)"', page)
    tr = Catalog("tr")
    assert names == [tr.card_name("7H"), tr.t("card.back"), tr.card_name("X")]
    assert names[0] != Catalog("en").card_name("7H")


def test_the_page_escapes_every_text():
    evil = '<script>alert("x")</script> & "quotes"'
    content = {
        "game": 'g"><img src=x>',
        "title": evil,
        "intro": evil,
        "sections": [
            {
                "id": 's" onclick="x',
                "title": evil,
                "blocks": [
                    {"kind": "p", "text": evil},
                    {"kind": "list", "items": [evil]},
                    {"kind": "table", "caption": evil, "head": [evil], "rows": [[evil]]},
                    {"kind": "formula", "text": evil},
                    {
                        "kind": "cards",
                        "id": evil,
                        "caption": evil,
                        "groups": [{"label": evil, "cards": ["AS"]}],
                    },
                    {"kind": "option", "option": evil, "values": [evil], "label": evil, "text": evil},
                ],
            }
        ],
    }
    page = render_rules(content, Catalog("en"), 'javascript:"><b>', back_label=evil)
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert 'onclick="x' not in page
    assert page.count("&lt;script&gt;") >= 10
    outline = _Outline()
    outline.feed(page)
    assert [t for t, _ in outline.tags].count("h1") == 1


def test_an_unknown_block_kind_is_refused():
    with pytest.raises(ValueError, match="video"):
        render_block({"kind": "video"}, Catalog("en"))


def test_a_language_without_its_text_falls_back_to_english():
    assert load_rules("war", "xx")["lang"] == "en"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_number_is_written_in_one_kind_of_digit(lang):
    """The app prints counts and scores with ASCII digits in every language (the
    catalogs and the code do), so the rules texts write theirs the same way: no
    Arabic-Indic (٠–٩) or Persian (۰–۹) digits beside them."""
    other = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
    texts = [rules_path(stem, lang).read_text(encoding="utf-8") for stem in STEMS]
    texts += [
        p.read_text(encoding="utf-8") for p in (ROOT / "cardems" / "web").glob(f"**/locales/{lang}.json")
    ]
    found = [m.group() for text in texts for m in other.finditer(text)]
    assert not found, f"{len(found)} non-ASCII digits in {lang}: {found[:5]}"

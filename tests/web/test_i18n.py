"""The message catalogs: same keys in every language, placeholders kept."""

import json
import re
from pathlib import Path

import pytest

from cardems.web.i18n import LANGUAGES, Catalog, pick_language, plural_category

WEB = Path(__file__).resolve().parents[2] / "cardems" / "web"
LOCALES = WEB / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


GAME_DIRS = sorted(p.parent.name for p in WEB.glob("*/locales"))


def load(lang, part=""):
    """A shared catalog, or a game's own (``part`` = its directory)."""
    path = WEB / part / "locales" / f"{lang}.json" if part else LOCALES / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def merged(lang):
    catalog = load(lang)
    for part in GAME_DIRS:
        catalog.update(load(lang, part))
    return catalog


def bases(catalog):
    """The keys without their plural forms (``key#one``), which each language has or not."""
    return {key for key in catalog if "#" not in key}


@pytest.mark.parametrize("part", [""] + GAME_DIRS)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_plural_form_is_one_of_its_languages_and_keeps_its_messages_placeholders(lang, part):
    catalog = load(lang, part)
    categories = {plural_category(lang, n) for n in range(200)}
    for key, text in catalog.items():
        if "#" in key:
            base, category = key.split("#")
            assert base in catalog and category in categories - {"other"}, key
            placeholders = set(PLACEHOLDER.findall(catalog[base]))
            assert "n" in placeholders and set(PLACEHOLDER.findall(text)) == placeholders, key


@pytest.mark.parametrize("part", [""] + GAME_DIRS)
@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_has_every_key_and_the_same_placeholders(lang, part):
    en, other = load("en", part), load(lang, part)
    assert bases(other) == bases(en)
    if part:  # a game's keys are its own: prefixed with its stem, never overriding shared ones
        assert all(key.startswith(part + ".") for key in en), part
        assert not set(en) & set(load("en")), part
    for key in bases(en):
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(en[key])), key
        assert other[key].strip(), key


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_catalog_holds_every_file_of_its_language(lang):
    """Each game's messages are in its page package, named for its module, which is how a catalog finds them."""
    from cardems.games import PLANNED, module_name

    assert set(GAME_DIRS) <= {module_name(name) for name in PLANNED}
    assert Catalog(lang).messages == merged(lang)


def test_a_count_of_one_reads_in_the_singular():
    en = Catalog("en")
    assert en.t("pisti.table.pile_count", n=1) == "1 card in the pile"
    assert en.t("pisti.table.pile_count", n=2) == "2 cards in the pile"
    assert en.t("pisti.table.pile_count", n=0) == "0 cards in the pile"
    assert en.t("table.hand_of", name="Ali", n=1) == "Ali's hand: 1 card"
    assert en.t("pisti.event.capture_you", n=1) == "You took 1 card"
    assert (
        Catalog("tr").t("pisti.table.pile_count", n=1) == "Yerde 1 kart var"
    )  # no plural forms: the message itself
    assert Catalog("ar").t("pisti.table.pile_count", n=1) == "أوراق الكومة: ١"


def test_no_arabic_message_puts_a_count_before_its_noun():
    # The noun after an Arabic number depends on it (ورقة واحدة، ورقتان، ٣ أوراق، ١١ ورقة):
    # the texts say "label: n" instead, which reads right for every n.
    ar = merged("ar")
    bad = sorted(key for key, text in ar.items() if re.search(r"\{n\}\s*(أوراق|ورقة|ورقات)", text))
    assert not bad, bad


def test_every_english_count_of_cards_has_its_singular():
    en = merged("en")
    counted = {
        key for key, text in en.items() if "#" not in key and re.search(r"\{n\}(?: [\w-]+)* cards\b", text)
    }
    assert counted and all(f"{key}#one" in en for key in counted), sorted(
        k for k in counted if f"{k}#one" not in en
    )


def test_language_follows_the_browser():
    assert pick_language(["ar-EG", "en"]) == "ar"
    assert pick_language(["de-DE", "en-GB"]) == "en"
    assert pick_language(["xx"]) == "en"
    assert pick_language(["tr-TR"]) == "tr"
    assert pick_language(["fa-IR"]) == "fa"


def test_card_names_and_direction():
    assert Catalog("en").card_name("QH") == "Queen of hearts"
    ar = Catalog("ar")
    assert ar.rtl and ar.card_name("10D") == "١٠ الديناري"
    assert Catalog("en").t("pisti.event.capture", name="You", n=3) == "You took 3 cards"
    tr = Catalog("tr")
    assert not tr.rtl and tr.card_name("KH") == "kupa papaz" and tr.card_name("JS") == "maça vale"
    assert (
        tr.card_name("10D") == "karo 10"
        and tr.card_name("QC") == "sinek kız"
        and tr.card_name("AS") == "maça as"
    )
    fa = Catalog("fa")
    assert fa.rtl and fa.card_name("KH") == "شاه دل" and fa.card_name("JS") == "سرباز پیک"
    assert fa.card_name("QD") == "بی‌بی خشت" and fa.card_name("AC") == "آس گشنیز"


def test_every_key_used_in_the_web_code_exists():
    en = merged("en")
    web = Path(__file__).resolve().parents[2] / "cardems" / "web"
    html = (web.parents[1] / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'data-i18n="([\w.\-]+)"', html))
    games = 0
    for path in web.rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\("([a-z_]+\.[\w.\-]+)"', code))
        own = re.search(r'def k\(.*?return self\.t\("(\w+)\." \+ key', code, re.S)  # a game's own words
        if own:
            games += 1
            used |= {
                f"{own.group(1)}.{key}"
                for key in re.findall(r'\bk\("([\w.\-]+)"', code)
                if not key.endswith(".")
            }  # "event." + kind: composed, checked on the page
    assert used and games >= 2 and not (used - set(en)), used - set(en)


# ---------------------------------------------------------------- digits and rank words

ASCII_DIGIT = re.compile(r"[0-9]")


def test_arabic_and_persian_write_numbers_in_their_own_digits_the_others_in_0_9():
    from cardems.web.i18n import localize_digits

    assert localize_digits("Round 12: 3.5 of 10, 40%", "ar") == "Round ١٢: ٣٫٥ of ١٠, ٤٠٪"
    assert localize_digits("2026-12-01 182–22", "fa") == "۲۰۲۶-۱۲-۰۱ ۱۸۲–۲۲"
    for lang in ("en", "tr"):
        assert localize_digits("Round 12: 3.5, 40%", lang) == "Round 12: 3.5, 40%"
    ar, fa = Catalog("ar"), Catalog("fa")
    assert ar.number(52) == "٥٢" and fa.number(7.5) == "۷٫۵" and Catalog("en").number(52) == "52"
    assert ar.t("tour.count", n=2, of=3) == "الخطوة ٢ من ٣"
    assert fa.card_name("10H") == "۱۰ دل" and ar.card_name("7S") == "٧ البستوني"
    assert Catalog("tr").card_name("10D") == "karo 10"
    # a text parameter is said as it is: a link or a name keeps its digits
    link = "#/pisti?seed=123&players=4"
    assert link in ar.t("coming.body", game=link) and link in fa.t("coming.body", game=link)


def test_an_html_fragment_changes_only_its_texts_digits():
    from cardems.web.i18n import localize_markup

    html = (
        '<div id="card-10H-1" data-stat="12" style="--i:3"><a href="#/war?seed=42">Seed 42</a>'
        "&#39;7&#x27; <dd>12</dd><svg viewBox='0 0 250 350'><text>10</text><svg/></svg> 5%</div>"
    )
    assert localize_markup(html, "ar") == (
        '<div id="card-10H-1" data-stat="12" style="--i:3"><a href="#/war?seed=42">Seed ٤٢</a>'
        "&#39;٧&#x27; <dd>١٢</dd><svg viewBox='0 0 250 350'><text>10</text><svg/></svg> ٥٪</div>"
    )
    assert localize_markup(html, "tr") == html
    # a chart's drawing says its text is words and numbers
    chart = '<svg data-words viewBox="0 0 360 200"><text>12</text></svg><svg viewBox="0 0 250 350"><text>7</text></svg>'
    assert localize_markup(chart, "fa") == (
        '<svg data-words viewBox="0 0 360 200"><text>۱۲</text></svg><svg viewBox="0 0 250 350"><text>7</text></svg>'
    )


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_every_arabic_and_persian_sentence_writes_its_numbers_in_the_languages_digits(lang):
    """Each message of the language, with a number for each of its placeholders, through the
    catalog's one formatting point: not one digit 0-9 left (the count of a plural form too)."""
    catalog = Catalog(lang)
    for key, text in merged(lang).items():
        base = key.split("#")[0]
        params = {name: 1234 for name in PLACEHOLDER.findall(text)}
        said = catalog.t(base, **params)
        assert not ASCII_DIGIT.search(said), f"{lang} {key}: {said!r}"


def rules_texts(lang):
    """Every text of each game's rules page in ``lang``."""

    def walk(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    for path in sorted(WEB.glob(f"*/rules/{lang}.json")):
        for text in walk(json.loads(path.read_text(encoding="utf-8"))):
            yield f"{path.parent.parent.name} rules", text


# a rank's letter standing alone: "a J", "J♦", "the K" (not a placeholder, not inside a word)
RANK_LETTER = re.compile(r"(?<![\w{])[AKQJ](?![\w}])")


@pytest.mark.parametrize("lang", ["tr", "ar", "fa"])
def test_no_sentence_names_a_rank_by_its_english_letter(lang):
    """Turkish, Arabic and Persian name the Jack, Queen, King and Ace in their own words
    (vale, kız, papaz, as; الولد, البنت, الشايب, آص; سرباز, بی‌بی, شاه, آس): in every message
    and on the rules pages, and in every card's name."""
    found = [(key, text) for key, text in merged(lang).items() if RANK_LETTER.search(text)]
    found += [(where, text) for where, text in rules_texts(lang) if RANK_LETTER.search(text)]
    assert not found, found[:5]
    catalog = Catalog(lang)
    for rank in "AKQJ":
        for suit in "SHDC":
            assert not RANK_LETTER.search(catalog.card_name(rank + suit)), (lang, rank + suit)


def test_the_share_line_shows_its_emoji_as_drawn_marks_and_keeps_them_to_copy():
    from cardems.web.markup import share_lines

    html = share_lines("Cardems daily · War · 2026-12-01\nLost 12–30\n🟩🟥 💔")
    assert "💔" not in html.replace('<span class="sr-only">💔</span>', "")
    assert '<span class="share-mark outcome loss" aria-hidden="true">✕</span>' in html
    assert html.count('class="share-mark square') == 2
    assert '<bdi dir="ltr">12–30</bdi>' in html and '<bdi dir="ltr">2026-12-01</bdi>' in html
    assert '<bdi dir="ltr">٢٠٢٦-١٢-٠١</bdi>' in share_lines("٢٠٢٦-١٢-٠١")

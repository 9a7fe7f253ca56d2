"""Message catalogs: every text the page shows comes from ``locales/<lang>.json``
plus each game's own ``<stem>/locales/<lang>.json`` (keys prefixed ``<stem>.``).

A message with a count ``n`` may have plural forms: ``<key>#<category>``, with
CLDR's category of ``n`` in that language (English: ``one``). A language whose
nouns do not change after a number (Turkish, Persian), or whose texts avoid it
(Arabic: "label: n"), needs none.

Numbers are written in each language's digits (Arabic ``٠١٢٣٤٥٦٧٨٩``, Persian
``۰۱۲۳۴۵۶۷۸۹``, the others ``0123456789``) at one point, here: :meth:`Catalog.t`
writes its template's digits and its number parameters so (a text parameter is
either a text already looked up, so already written, or a value that must stay as
it is: a link, a name); :meth:`Catalog.number` writes a number; :meth:`Catalog.markup`
writes the digits of an HTML fragment's text (never of its tags, attributes or
entities), which the page applies to every region it draws. Card faces keep the
indices printed on real decks (their drawings are symbols, not text); addresses,
seeds and saved data stay ASCII.

The shared JSON files paint the static shell (via ``static/js/shell.js``)
before Python loads. A language's files are read when it is first used, through
this module's loader: on the page they are in the first screen's bundle, in
memory (``cardems/web/main.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Protocol, cast

from cardems.cards import rank_of, suit_of
from cardems.games import PLANNED, module_name

LANGUAGES = {"en": "English", "tr": "Türkçe", "ar": "العربية", "fa": "فارسی"}
RTL = {"ar", "fa"}
DEFAULT = "en"
_DIR = Path(__file__).with_name("locales")
# each language's digits, where they are not 0-9; with them, the Arabic decimal separator
# and percent sign (used by Persian too)
DIGITS = {"ar": "٠١٢٣٤٥٦٧٨٩", "fa": "۰۱۲۳۴۵۶۷۸۹"}
_TABLES = {lang: str.maketrans("0123456789", digits) for lang, digits in DIGITS.items()}
_DECIMAL = re.compile(r"(?<=[0-9])\.(?=[0-9])")
_PERCENT = re.compile(r"(?<=[0-9])\s?%")
# an HTML fragment's pieces that are not text: tags (with their attributes), entities
_NOT_TEXT = re.compile(r"(<[^>]*>|&#?[A-Za-z0-9]+;)")
# a drawing (a card's face): its text is a picture's, never rewritten; a drawing whose
# text is words and numbers (a chart) says so with ``data-words``
_SVG_OPEN = re.compile(r"<svg\b(?![^>]*/>)")
_WORDS = "data-words"


class _DataLoader(Protocol):
    def get_data(self, path: str, /) -> bytes: ...


def package_data(path: Path) -> bytes:
    """A data file of the package, read by its modules' loader: the page's bundle in
    the browser (the files are in memory), the file system under CPython."""
    return cast(_DataLoader, __spec__.loader).get_data(str(path))  # both loaders have get_data


def _read(path: Path) -> dict[str, str]:
    catalog: dict[str, str] = json.loads(package_data(path))
    return catalog


def plural_category(lang: str, n: int) -> str:
    """CLDR's plural category of a whole number, for the forms the catalogs use."""
    return "one" if lang == "en" and n == 1 else "other"


def pick_language(preferred: list[str] | tuple[str, ...]) -> str:
    """The first supported language among the browser's preferences."""
    for tag in preferred:
        code = str(tag).lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return DEFAULT


def localize_digits(text: str, lang: str) -> str:
    """``text`` with its digits written in ``lang``'s (unchanged in a language of 0-9)."""
    table = _TABLES.get(lang)
    if table is None or not any(c.isascii() and c.isdigit() for c in text):
        return text
    return _PERCENT.sub("٪", _DECIMAL.sub("٫", text)).translate(table)


def localize_markup(html: str, lang: str) -> str:
    """An HTML fragment with the digits of its text written in ``lang``'s; its tags,
    attributes (ids, data, styles, links), entities and drawings (``<svg>``: a card's
    indices are the deck's) stay as they are."""
    if lang not in _TABLES:
        return html
    out: list[str] = []
    drawings: list[bool] = []  # the <svg>s open here: whether each is a picture
    for i, part in enumerate(_NOT_TEXT.split(html)):  # text, tag or entity, text, ...
        if i % 2 and _SVG_OPEN.match(part):
            drawings.append(_WORDS not in part)
        elif i % 2 and part.startswith("</svg") and drawings:
            drawings.pop()
        out.append(part if i % 2 or any(drawings) else localize_digits(part, lang))
    return "".join(out)


class Catalog:
    """Look-ups with ``{name}`` parameters; a missing key falls back to English."""

    _cache: dict[str, dict[str, str]] = {}

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.messages = self._load(self.lang)
        self.fallback = self._load(DEFAULT)

    @classmethod
    def _load(cls, lang: str) -> dict[str, str]:
        if lang not in cls._cache:
            messages = _read(_DIR / f"{lang}.json")
            for stem in sorted({module_name(name) for name in PLANNED}):
                try:
                    messages.update(_read(_DIR.parent / stem / "locales" / f"{lang}.json"))
                except FileNotFoundError:
                    pass  # a game with no words of its own
            cls._cache[lang] = messages
        return cls._cache[lang]

    @property
    def rtl(self) -> bool:
        return self.lang in RTL

    def has(self, key: str) -> bool:
        """Whether this language (or English) words ``key``."""
        return key in self.messages or key in self.fallback

    def t(self, key: str, **params: Any) -> str:
        text = (
            self._text(self.messages, self.lang, key, params)
            or self._text(self.fallback, DEFAULT, key, params)
            or key
        )
        if not params:
            return localize_digits(text, self.lang)
        numbers = {
            name: self.number(value)
            for name, value in params.items()
            if isinstance(value, int | float) and not isinstance(value, bool)
        }
        return localize_digits(text, self.lang).format(**{**params, **numbers})

    @staticmethod
    def _text(messages: dict[str, str], lang: str, key: str, params: dict[str, Any]) -> str | None:
        n = params.get("n")
        if isinstance(n, int) and not isinstance(n, bool):
            form = messages.get(f"{key}#{plural_category(lang, n)}")
            if form:
                return form
        return messages.get(key)

    def card_name(self, card: str) -> str:
        """``7 of hearts`` / ``7 الكبة``: the accessible name of a card."""
        if card == "X":
            return self.t("card.joker")
        return self.t("card.name", rank=self.t(f"rank.{rank_of(card)}"), suit=self.t(f"suit.{suit_of(card)}"))

    def number(self, value: float) -> str:
        """A number as this language writes it (its digits; Arabic's decimal separator)."""
        return localize_digits(str(value), self.lang)

    def digits(self, text: str) -> str:
        """A text's digits written as this language writes them."""
        return localize_digits(text, self.lang)

    def markup(self, html: str) -> str:
        """An HTML fragment's text with this language's digits (see :func:`localize_markup`)."""
        return localize_markup(html, self.lang)

"""Message catalogs: every text the page shows comes from ``locales/<lang>.json``
plus each game's own ``<stem>/locales/<lang>.json`` (keys prefixed ``<stem>.``).

A message with a count ``n`` may have plural forms: ``<key>#<category>``, with
CLDR's category of ``n`` in that language (English: ``one``). A language whose
nouns do not change after a number (Turkish, Persian), or whose texts avoid it
(Arabic: "label: n"), needs none.

The shared JSON files paint the static shell (via ``static/js/shell.js``)
before Python loads. A language's files are read when it is first used, through
this module's loader: on the page they are in the first screen's bundle, in
memory (``cardems/web/main.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol, cast

from cardems.cards import rank_of, suit_of
from cardems.games import PLANNED, module_name

LANGUAGES = {"en": "English", "tr": "Türkçe", "ar": "العربية", "fa": "فارسی"}
RTL = {"ar", "fa"}
DEFAULT = "en"
_DIR = Path(__file__).with_name("locales")


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
        return text.format(**params) if params else text

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

    def number(self, value: int) -> str:
        return str(value)

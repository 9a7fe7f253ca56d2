"""The person as the subject of a sentence reads right in every language: a message said
of a seat that may be the person's (``Table.said``) has the catalog's own form for them,
``<key>_you``, in every language (no "You opens", no "İlk Sen aldı"), and no table words a
sentence with the person's seat name as its subject."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "cardems" / "web"
LANGS = ("en", "tr", "ar", "fa")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
TABLES = sorted(WEB.glob("*/table.py"))
# messages never said of "you": of another seat only (the person's have other keys), or of named people
OTHERS_ONLY = {
    "table.hand_of",
    "turn.other",
    "result.lose",
    "result.match_lose",
    "abstract.choose_other",
    "pis_yedili.muamele.other",
    "pis_yedili.result.lose",
    "war.draw_pile_of",
    "war.chosen",
    "pisti.result.next_lead",
}
NAMED = (
    "_named",
    ".named",
)  # a key ending so is said only at a pass-and-play table, where every seat has a name


def merged(lang: str) -> dict[str, str]:
    words = json.loads((WEB / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    for path in WEB.glob(f"*/locales/{lang}.json"):
        words.update(json.loads(path.read_text(encoding="utf-8")))
    return words


def said_keys() -> set[str]:
    """The keys the tables pass to ``said`` (as literals, and the ones composed from a table of keys)."""
    keys: set[str] = set()
    for path in TABLES:
        code = path.read_text(encoding="utf-8")
        for call in re.finditer(
            r'\bsaid\(\s*("[^"]+"(?:\s+if\s+[^,]+?\s+else\s+"[^"]+")?(?:\s*\+\s*key)?)\s*,', code
        ):
            keys |= set(re.findall(r'"([a-z_]+\.[\w.]+)"', call.group(1)))
            if '" + key' in call.group(1):
                prefix = re.search(r'"([a-z_]+\.)" \+ key', call.group(1))
                assert prefix, call.group(1)
                keys |= {prefix.group(1) + k for k in re.findall(r'"(result\.out(?:_jack|_seven)?)"', code)}
    return keys


def test_the_tables_say_of_the_seats_through_said():
    keys = said_keys()
    assert {
        "pis_yedili.event.round",
        "pis_yedili.result.out_seven",
        "abstract.moved_first",
        "pisti.event.pisti_by",
    } <= keys and len(keys) >= 14


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_said_of_a_seat_has_the_persons_own_form(lang):
    words = merged(lang)
    for key in said_keys():
        base, own = words[key], words.get(key + "_you")
        assert own, f"{lang}: {key}_you is missing"
        assert "{name}" in base and "{name}" not in own, key
        assert set(PLACEHOLDER.findall(own)) == set(PLACEHOLDER.findall(base)) - {"name"}, key
        you = words["seat.you"]
        # the pronoun, if the form has it, is never capitalised in mid-sentence
        if you != you.lower():
            assert not re.search(rf"[^.:!?;·]\s+{re.escape(you)}\b", own), (lang, key, own)


def test_no_table_names_the_persons_seat_as_the_subject_of_a_message():
    """A message worded with a seat's name (``name=self.seat_name(...)``) is either one of
    another seat only, chosen against its ``_you`` twin in the same statement, or goes through ``said``."""
    for path in TABLES:
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if not re.search(r"name=(self\.seat_name\(|who\b)", line):
                continue
            known = merged("en")
            for key in re.findall(r'"([a-z_]+\.[\w.]+)"', line):
                full = key if key in known else f"{path.parent.name}.{key}"
                if "{name}" not in known.get(full, "") or full in OTHERS_ONLY or full.endswith(NAMED):
                    continue
                statement = "\n".join(
                    lines[max(0, number - 3) : number]
                )  # the twin may stand on the line above
                assert f'{key.rpartition(".")[2]}_you' in statement, f"{path.name}:{number}: {line.strip()}"

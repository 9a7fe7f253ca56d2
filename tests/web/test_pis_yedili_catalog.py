"""The Pis Yedili page's own messages: every key the table asks for exists in every
language, and the options form labels every option value."""

import json
import re
from pathlib import Path

import pytest

from cardems.pis_yedili.rules import OPTIONS, PisYedili
from cardems.rng import Rng

PLACEHOLDER = re.compile(r"\{(\w+)\}")
ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "cardems" / "web" / "pis_yedili" / "locales"


def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "tr", "ar", "fa"])
def test_every_key_the_table_uses_is_in_the_catalog(lang):
    code = (ROOT / "cardems" / "web" / "pis_yedili" / "table.py").read_text(encoding="utf-8")
    used = {"pis_yedili." + k for k in re.findall(r'\bk\(\s*"([\w.]+)"', code)}
    used |= {"pis_yedili." + k for k in re.findall(r'"(result\.out(?:_jack|_seven)?)"', code)}
    assert len(used) > 40 and not used - set(catalog(lang)), used - set(catalog(lang))


def test_the_options_form_has_a_label_for_every_option_and_value():
    en = catalog("en")
    for spec in OPTIONS:
        assert f"pis_yedili.option.{spec.name}" in en
        if spec.name != "target":
            for value in spec.values:
                assert f"pis_yedili.option.{spec.name}.{str(value).lower()}" in en


def test_every_refusal_of_a_card_in_the_hand_has_words_with_the_reasons_values():
    """What the page says for an unplayable card of the hand: the reason the rules give
    (a Jack asked naming its own suit, as the table asks), worded by the catalog."""
    en = catalog("en")
    seen = set()
    for seed in range(30):
        game = PisYedili.new({"players": 2 + seed % 3, "mode": "round"}, seed=seed)
        rng = Rng(seed)
        while not game.is_over():
            legal = game.legal_moves()
            for card in set(game.hands[game.to_move]):
                move = f"{card}:{card[-1]}" if card[:-1] == "J" else card
                if move not in legal:
                    reason = game.why_illegal(game.parse_move(move))
                    key = f"pis_yedili.why.{reason.code}"
                    assert key in en and set(PLACEHOLDER.findall(en[key])) <= set(reason.params), key
                    seen.add(reason.code)
            game.play(rng.choice(legal))
    assert seen == {"opening_club", "seven_pending", "ace_last", "named_suit", "must_match", "picking"}

"""The tables keep their elements: a card left in the hand, the status line and the
log are the same nodes after a move; focus never falls to <body>; a played card
travels between two places at normal speed, and not at instant."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PLAYABLE = "button[data-card]:not([disabled]):not([aria-disabled=true])"

TAG = """() => {
  const tag = (node, name) => { if (node) node.__cardemsTag = name; return !!node; };
  const hand = [...document.querySelectorAll('.hand.mine button[data-card]')];
  hand.forEach(b => tag(b, 'card:' + b.dataset.card));
  return {cards: hand.map(b => b.dataset.card), status: tag(document.getElementById('status'), 'status'),
          log: tag(document.getElementById('log'), 'log'), felt: tag(document.getElementById('felt'), 'felt')};
}"""

TAGS = """() => ({
  cards: [...document.querySelectorAll('.hand.mine button[data-card]')]
           .map(b => [b.dataset.card, b.__cardemsTag || null]),
  status: (document.getElementById('status') || {}).__cardemsTag || null,
  log: document.getElementById('log').__cardemsTag || null,
})"""


def wait_for_move(page, before: int) -> None:
    page.wait_for_function("n => performance.getEntriesByName('cardems:move').length > n", arg=before)


def moves_measured(page) -> int:
    return page.evaluate("performance.getEntriesByName('cardems:move').length")


@pytest.mark.parametrize("route", ["#/pisti?seed=5&speed=fast", "#/pis-yedili?seed=3&speed=fast&mode=round"])
def test_a_card_left_in_the_hand_and_the_live_regions_are_the_same_nodes_after_a_move(player, route):
    player.open(route)
    page = player.page
    for _ in range(3):                       # a few moves, each checked
        player.wait("ready")
        tagged = page.evaluate(TAG)
        assert tagged["status"] and tagged["log"]
        card = page.eval_on_selector(PLAYABLE, "b => b.dataset.card")
        before = moves_measured(page)
        page.click(f'button[data-card="{card}"]')
        wait_for_move(page, before)
        after = page.evaluate(TAGS)
        assert after["status"] == "status" and after["log"] == "log"
        kept = [(code, tag) for code, tag in after["cards"] if code in tagged["cards"] and code != card]
        assert kept, "cards stayed in the hand"
        assert all(tag == f"card:{code}" for code, tag in kept), kept


@pytest.mark.parametrize("route", ["#/pisti?seed=8&speed=instant", "#/war?seed=4&speed=instant",
                                   "#/pis-yedili?seed=6&speed=instant&mode=round",
                                   "#/abstract?seed=2&speed=instant&mode=deal"])
def test_keyboard_focus_is_never_on_body_after_a_human_move(player, route):
    player.open(route)
    page = player.page
    moves = 0
    while player.wait("ready", "over") != "over" and moves < 12:
        target = page.locator(f"#felt {PLAYABLE}, #felt button[data-action]:not([disabled]):not([data-action=hint])")
        if not target.count():
            continue
        target.first.focus()
        before = moves_measured(page)
        page.keyboard.press("Enter")
        suit = page.locator("#felt button[data-action^=suit-]:not([data-action=suit-cancel])")
        if page.evaluate("n => performance.getEntriesByName('cardems:move').length === n", before) and suit.count():
            suit.first.focus()                # a Jack asks for its suit first
            page.keyboard.press("Enter")
        wait_for_move(page, before)
        moves += 1
        active = page.evaluate("document.activeElement && document.activeElement.tagName")
        assert active not in (None, "BODY"), f"focus fell to <body> after move {moves}"
    assert moves >= 3


ANIMATIONS = """code => {
  const node = document.getElementById('card-' + code);
  if (!node) return null;
  return node.getAnimations().map(a => {
    const frames = a.effect.getKeyframes();
    return frames.length ? frames[0].transform : null;
  });
}"""


@pytest.mark.parametrize("speed,travels", [("normal", True), ("instant", False)])
def test_a_played_card_travels_from_the_hand_to_the_pile_at_normal_speed_only(player, speed, travels):
    player.open(f"#/pisti?seed=11&speed={speed}")
    page = player.page
    player.wait("ready")
    card = page.eval_on_selector(PLAYABLE, "b => b.dataset.card")
    start = page.eval_on_selector(f'button[data-card="{card}"]', "b => { const r = b.getBoundingClientRect(); return [r.x, r.y]; }")
    before = moves_measured(page)
    page.click(f'button[data-card="{card}"]')
    wait_for_move(page, before)
    frames = page.evaluate(ANIMATIONS, card)
    assert frames is not None, "the played card is on the table under the same id"
    end = page.evaluate("code => { const r = document.getElementById('card-' + code).getBoundingClientRect(); "
                        "return [r.x, r.y]; }", card)
    assert abs(end[0] - start[0]) + abs(end[1] - start[1]) > 20, "the card's place changed"
    if travels:
        assert frames and frames[0] and frames[0].startswith("translate("), frames
        dx, dy = (float(v.strip().removesuffix("px")) for v in frames[0][len("translate("):].split(")")[0].split(","))
        assert abs(dx) + abs(dy) > 20, "it starts from where it was"
    else:
        assert frames == []

"""The tables for everyone: axe-core finds nothing on the lobby, the tables and their
dialogs (in English and Arabic); every game plays to its end by keyboard alone, focus
never falling to <body>; the live regions tell each event once; on a phone every
control is big enough to hit and every card of a long hand shows its rank, in both
directions; the text over the felt is readable (contrast)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LOAD = 300_000  # the first load, on a busy machine
PLAYABLE = "button[data-card]:not([disabled]):not([aria-disabled=true])"
ACTIONS = (
    "button[data-action]:not([disabled]):not([data-action=hint]):not([data-action=keys])"
    ":not([data-action=result]):not([data-action=suit-cancel])"
    ":not([data-action=undo]):not([data-action=last-take])"  # a take-back or a look: not a move
)
SUIT = "#felt button[data-action^=suit-]:not([data-action=suit-cancel]):not([disabled])"


@pytest.fixture(autouse=True)
def patient(request):
    """Waits long enough for a busy machine."""
    if "player" in request.fixturenames:
        request.getfixturevalue("player").page.set_default_timeout(120_000)


GAMES = {
    "pisti": "#/pisti?seed=5&speed=instant",
    "war": "#/war?seed=4&speed=instant",
    "pis-yedili": "#/pis-yedili?seed=6&speed=instant&mode=round",
    "abstract": "#/abstract?seed=2&speed=instant&mode=deal",
}


def moves_measured(page) -> int:
    return page.evaluate("performance.getEntriesByName('cardems:move').length")


def load(player, route: str, state: str = "ready") -> None:
    """Open ``route`` and wait, long enough for a first load on a busy machine."""
    player.page.goto(player.base + route)
    player.wait(state, timeout=LOAD)


def open_in(player, route: str, lang: str, state: str = "ready") -> None:
    player.page.add_init_script(f"localStorage.setItem('cardems:lang', JSON.stringify('{lang}'))")
    load(player, route, state)
    assert player.page.evaluate("document.documentElement.lang") == lang


def axe(page) -> list[tuple[str, int, list[str]]]:
    """axe-core's violations on the page as it is: (rule, nodes, first targets)."""
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""() => axe.run(document, {resultTypes: ['violations']})
        .then(r => r.violations.map(v => [v.id, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' '))]))""")
    return [tuple(v) for v in found]


def felt_move(player) -> bool:
    """One human move by clicking (the first playable card, else the first control)."""
    page = player.page
    target = (
        page.locator(SUIT)
        if page.locator(SUIT).count()
        else page.locator(f"#felt {PLAYABLE}, #felt {ACTIONS}")
    )
    if not target.count():
        return False
    before = moves_measured(page)
    target.first.click(force=True)  # a card that rises under the pointer never stands still
    page.wait_for_function(
        "n => performance.getEntriesByName('cardems:move').length > n"
        " || document.documentElement.dataset.cardems !== 'ready'"
        " || document.querySelector('#felt [data-action^=suit-]:not([disabled])')",
        arg=before,
    )
    return True


def click_to_the_end(player, limit: int = 600) -> None:
    page = player.page
    for _ in range(limit):
        if player.wait("ready", "over") == "over":
            return
        if player.next_button():
            page.click("dialog#result button[data-action=next]")
            page.wait_for_function("!document.querySelector('dialog#result').open")
            continue
        felt_move(player)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- axe-core
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_nothing_on_the_lobby_and_its_options_dialog(player, lang):
    open_in(player, "", lang)
    page = player.page
    assert axe(page) == []
    page.click("button.tile-options[data-game=pisti]")
    page.wait_for_selector("dialog#options[open]")
    assert axe(page) == []


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_axe_finds_nothing_on_a_table_mid_game_its_dialogs_and_its_end(player, game, lang):
    open_in(player, GAMES[game], lang)
    page = player.page
    felt_move(player)
    player.wait("ready", "over")
    assert axe(page) == [], "mid-game"
    page.keyboard.press("?")
    page.wait_for_selector("dialog#keys[open]")
    assert axe(page) == [], "the keyboard help"
    page.keyboard.press("Escape")
    page.click("#table-bar button[data-action=options]")
    page.wait_for_selector("dialog#options[open]")
    assert axe(page) == [], "the options"
    page.keyboard.press("Escape")
    click_to_the_end(player)
    page.wait_for_selector("dialog#result[open]")
    assert axe(page) == [], "the result"
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog#result').open")
    assert axe(page) == [], "the table at its end"
    # the result dismissed comes back, by its button or its key
    page.keyboard.press("r")
    page.wait_for_selector("dialog#result[open]")


# ---------------------------------------------------------------- the keyboard
FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const g = a.closest('[data-focus-group]');
  return {tag: a.tagName, card: a.dataset.card || null, action: a.dataset.action || null,
          group: g ? g.dataset.focusGroup : null, id: a.id || null};
}"""

TARGET = """sel => {
  const t = document.querySelector(sel);
  if (!t) return null;
  const g = t.closest('[data-focus-group]');
  return {card: t.dataset.card || null, action: t.dataset.action || null, group: g ? g.dataset.focusGroup : null,
          x: t.getBoundingClientRect().left};
}"""


def next_frame(page) -> None:
    """Wait until the page has drawn its next frame."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def is_target(focus: dict | None, target: dict) -> bool:
    return (
        bool(focus)
        and focus["card"] == target["card"]
        and focus["action"] == target["action"]
        and (focus["card"] is None or focus["card"] != "back" or focus["action"] == target["action"])
    )


def keyboard_move(player, target_selector: str) -> int:
    """Bring the focus to the first element ``target_selector`` matches by keys alone
    (arrows within its group, else Tab), and press Enter; returns the keys pressed."""
    page = player.page
    target = page.evaluate(TARGET, target_selector)
    assert target is not None
    keys = 0
    for _ in range(60):
        focus = page.evaluate(FOCUS)
        if is_target(focus, target):
            break
        if focus and target["group"] and focus["group"] == target["group"]:
            here = page.evaluate("() => document.activeElement.getBoundingClientRect().left")
            page.keyboard.press("ArrowRight" if target["x"] > here else "ArrowLeft")
        else:
            page.keyboard.press("Tab")
        keys += 1
    else:
        raise AssertionError(f"the keyboard never reached {target}")
    page.keyboard.press("Enter")
    return keys + 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_by_keyboard_alone_never_drops_the_focus(player, game):
    load(player, GAMES[game])
    page = player.page
    presses: list[int] = []
    for _ in range(800):
        if player.wait("ready", "over") == "over":
            break
        if player.next_button():
            page.wait_for_function(
                "document.activeElement && document.activeElement.dataset.action === 'next'"
            )
            page.keyboard.press("Enter")
            presses.append(1)
            page.wait_for_function("!document.querySelector('dialog#result').open")
            continue
        selector = SUIT if page.locator(SUIT).count() else f"#felt {PLAYABLE}, #felt {ACTIONS}"
        if not page.locator(selector).count():
            continue
        before = moves_measured(page)
        presses.append(keyboard_move(player, selector))
        page.wait_for_function(
            "n => performance.getEntriesByName('cardems:move').length > n"
            " || document.documentElement.dataset.cardems !== 'ready'"
            " || document.querySelector('#felt [data-action^=suit-]:not([disabled])')",
            arg=before,
        )
        next_frame(page)  # focus comes back before the next frame is drawn
        assert page.evaluate(FOCUS) is not None, f"focus fell to <body> after move {len(presses)}"
    else:
        raise AssertionError("the game did not end")
    assert player.state() == "over" and len(presses) >= 3
    print(
        f"\n{game}: {len(presses)} moves, {sum(presses)} keys, {sum(presses) / len(presses):.2f} a move, "
        f"most {max(presses)}"
    )


def test_arrow_keys_follow_the_cards_as_seen_in_arabic_and_a_refused_card_says_why(player):
    open_in(player, "#/pis-yedili?seed=6&speed=instant&mode=round", "ar")
    page = player.page
    # the start's last tasks (the log told again) run after ready on a busy machine: let them
    page.wait_for_timeout(500)
    next_frame(page)
    page.locator(".hand.mine button[data-card]").first.focus()
    xs = []
    for _ in range(page.locator(".hand.mine button[data-card]").count()):
        xs.append(page.evaluate("document.activeElement.getBoundingClientRect().left"))
        page.keyboard.press("ArrowRight")
    assert xs == sorted(xs) and len(set(xs)) == len(xs), "ArrowRight goes right, card by card"
    refused = page.locator(".hand.mine button[data-card][aria-disabled=true]")
    if refused.count():
        why = refused.first.get_attribute("data-why")
        assert why and why == refused.first.get_attribute("aria-description")
        assert not any(c.isascii() and c.isalpha() for c in why), f"said in Arabic: {why}"
        refused.first.focus()
        page.keyboard.press("Enter")
        assert page.locator("#status").text_content() == why


# ---------------------------------------------------------------- the live regions
RECORD = """() => {
  window.heard = [];
  const note = (where, text) => { if (text && text.trim()) window.heard.push([where, text.trim()]); };
  const log = document.getElementById('log');
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) note('log:' + (n.id || ''), n.textContent);
  }).observe(log, {childList: true});
  const status = document.getElementById('status');
  let last = status.textContent;
  new MutationObserver(() => {
    if (status.textContent !== last) { last = status.textContent; note('status', last); }
  }).observe(status, {childList: true, characterData: true, subtree: true});
  window.statusNode = status;
}"""


@pytest.mark.parametrize(
    "route,dealt", [("#/pisti?seed=5&speed=instant", 4), ("#/pis-yedili?seed=6&speed=instant&mode=round", 1)]
)
def test_the_live_regions_tell_each_event_once_over_a_deal(player, route, dealt):
    load(player, route)
    page = player.page
    page.evaluate(RECORD)
    click_to_the_end(player)
    heard = page.evaluate("window.heard")
    assert page.evaluate("window.statusNode === document.getElementById('status')"), (
        "the status line is one node"
    )
    lines = [(where, text) for where, text in heard if where.startswith("log:")]
    ids = [where for where, _ in lines]
    assert len(ids) == len(set(ids)) and all(where != "log:" for where in ids), "each log line is added once"
    statuses = [text for where, text in heard if where == "status"]
    texts = [text for _, text in lines]
    assert any(text.startswith("New in your hand: ") for text in texts), "the cards dealt to the player"
    assert any("Your turn" in text for text in statuses), "whose turn it is"
    title = page.locator("#result-title").text_content()
    assert texts.count(title) == 1, "the end and its result, once"
    if "pisti" in route:
        captures = [text for text in texts if " took " in text]
        assert captures and all("Score: You " in text for text in captures), captures


# ---------------------------------------------------------------- the phone
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}

SMALL = """() => [...document.querySelectorAll('button, a[href], select, input, [tabindex]:not([tabindex="-1"])')]
  .filter(e => !e.disabled && e.offsetParent !== null && !e.closest('dialog:not([open])') && !e.closest('[hidden]'))
  .filter(e => !e.closest('dialog') || e.closest('dialog[open]'))
  .map(e => { const r = e.getBoundingClientRect();
              return [e.dataset.card || e.dataset.action || e.id || e.className || e.tagName,
                      Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })
  .filter(([, w, h]) => w < 24 || h < 24)"""

COVERED = """() => [...document.querySelectorAll('.hand.mine button[data-card]')].filter(card => {
  // the corner index: the rank's glyph, centred at x 29 between y 18 and 56 of the 250 x 350 drawing
  const m = card.querySelector('svg').getScreenCTM();     // the drawing's units to the screen, turned with the fan
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const points = [at(24, 37), at(34, 37)];
  return points.some(([x, y]) => { const hit = document.elementFromPoint(x, y); return !hit || hit.closest('button') !== card; });
}).map(card => card.dataset.card)"""


@pytest.fixture()
def phone(browser, site, player):
    Player = type(player)
    contexts = []

    def make(lang: str):
        context = browser.new_context(locale=lang, **PHONE)
        contexts.append(context)
        p = Player(context.new_page(), site)
        p.page.set_default_timeout(120_000)
        p.page.add_init_script(f"localStorage.setItem('cardems:lang', JSON.stringify('{lang}'))")
        return p

    yield make
    for context in contexts:
        context.close()


SHOTS = Path("/tmp/cardems-phone")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_on_a_phone_every_control_is_big_enough_in_the_lobby_and_each_table(phone, lang):
    player = phone(lang)
    page = player.page
    load(player, "")
    small = page.evaluate(SMALL)
    assert small == [], ("the lobby", small)
    for game, route in GAMES.items():
        load(player, route)
        felt_move(player)
        player.wait("ready", "over")
        small = page.evaluate(SMALL)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{game}-{lang}.png"), full_page=True)
        assert small == [], (game, small)
        assert page.evaluate("document.documentElement.scrollWidth <= 360"), "no sideways scrolling"


def grow_hand(player, size: int) -> int:
    """Draw and pass (Pis Yedili) until the hand holds ``size`` cards; its size."""
    page = player.page
    for _ in range(200):
        state = player.wait("ready", "over")
        n = page.locator(".hand.mine button[data-card]").count()
        if n >= size or state == "over":
            return n
        for action in ("draw", "pass"):
            button = page.locator(f"#felt button[data-action={action}]:not([disabled])")
            if button.count():
                before = moves_measured(page)
                button.first.click()
                page.wait_for_function(
                    "n => performance.getEntriesByName('cardems:move').length > n", arg=before
                )
                break
        else:
            felt_move(player)
    return page.locator(".hand.mine button[data-card]").count()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_on_a_phone_a_fourteen_card_hand_shows_every_rank(phone, lang):
    player = phone(lang)
    page = player.page
    load(player, "#/pis-yedili?seed=6&speed=instant&mode=round&players=4")
    size = grow_hand(player, 14)
    assert size >= 14, size
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pis-yedili-14-{lang}.png"), full_page=True)
    covered = page.evaluate(COVERED)
    assert covered == [], covered


# ---------------------------------------------------------------- contrast
CONTRAST = """() => {
  const lum = ([r, g, b]) => { const f = c => { c /= 255; return c <= .03928 ? c / 12.92 : ((c + .055) / 1.055) ** 2.4; };
                               return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  // the lightest the table gets: on the felt, its white sheen over --felt (#116149); off it,
  // the page's gradient at its brightest (#1a7a5c)
  const FELT = over([255, 255, 255, .10], [17, 97, 73]), PAGE = [26, 122, 92];
  const felt = document.getElementById('felt');
  const bad = [];
  const table = document.getElementById('table');
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!t.textContent.trim() || el.closest('svg, dialog, .sr-only, [aria-hidden=true]') || !el.offsetParent) continue;
    let under = felt.contains(el) ? FELT : PAGE, alpha = 1;
    const chain = [];
    for (let e = el; e && e !== table; e = e.parentElement) chain.push(e);
    for (const e of chain) alpha *= Number(getComputedStyle(e).opacity);
    for (const e of chain.reverse()) {
      const bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg[3] >= .5) under = over(bg, under);
    }
    const style = getComputedStyle(el);
    const fg = rgba(style.color);
    const seen = over([fg[0], fg[1], fg[2], fg[3] * alpha], under);
    const [a, b] = [lum(seen), lum(under)].sort((x, y) => y - x);
    const ratio = (a + .05) / (b + .05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const disabled = el.closest('button:disabled, [aria-disabled=true]');
    if (ratio < need && !disabled) bad.push([el.className || el.tagName, t.textContent.trim().slice(0, 30), Math.round(ratio * 100) / 100]);
  }
  return bad;
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_text_over_the_felt_is_readable(player, game):
    load(player, GAMES[game])
    page = player.page
    for _ in range(4):  # a few moves: older log lines, figures
        if player.wait("ready", "over") == "over":
            break
        felt_move(player)
    player.wait("ready", "over")
    bad = page.evaluate(CONTRAST)
    assert bad == [], bad

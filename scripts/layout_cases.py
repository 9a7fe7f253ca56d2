"""The tables a phone layout is judged on, and how a page measures one: shared by
``tests/browser/test_phone_layout.py`` and ``scripts/screenshots.py``.

A case is a table reached by its address; Pis Yedili's come as a save (a hand of 18
or more cards, drawn for in CPython) put in ``localStorage`` and resumed by its
address, since no seed deals a hand that big.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

VIEWPORTS = {"360x740": (360, 740), "390x844": (390, 844), "844x390": (844, 390)}
GAMES = ("pisti", "war", "pis-yedili", "abstract")
BIG_HAND = 18


@dataclass(frozen=True)
class Case:
    name: str
    route: str  # the address, without speed
    save: dict | None = None  # a save of its game put in storage before the address is opened
    one_deck: bool = True  # no card may be in the DOM twice (ids unique)

    @property
    def game(self) -> str:
        return self.route[2:].split("?")[0]


def big_hand_save(players: int, want: int = BIG_HAND) -> tuple[str, dict]:
    """A Pis Yedili game where the human, drawing whenever it may, holds ``want`` or more
    cards and it is their turn: its address and its save."""
    from cardems.bots import bot_move, make_bot
    from cardems.pis_yedili.rules import PisYedili
    from cardems.web.route import parse_route

    bot = make_bot("pis-yedili", "easy")
    for seed in range(1, 60):
        game = PisYedili.new({"players": players}, seed=seed)
        for _ in range(3000):
            if game.view(0).over:
                break
            if game.to_move == 0:
                if len(game.view(0).hand) >= want:
                    route = parse_route(f"#/pis-yedili?seed={seed}&players={players}&mode=match")
                    hash_ = route.to_hash_without_speed()
                    return hash_, {"v": 1, "hash": hash_, "over": False, "game": game.to_json()}
                legal = game.legal_moves()
                game.play("draw" if "draw" in legal else "pass" if "pass" in legal else legal[0])
            else:
                game.play(bot_move(game, bot, game.to_move))
    raise LookupError(f"no deal gives {want} cards with {players} players")


def over_case(name: str, route: str) -> Case:
    """The game at ``route`` played to its end by the computer, as a save: resumed, its
    table shows the result, and its bar one button more (the result's, to see it again)."""
    from cardems.bots import bot_move, make_bot
    from cardems.games import game_class
    from cardems.web.route import parse_route

    parsed = parse_route(route)
    game = game_class(parsed.game).new(parsed.options, seed=parsed.seed)
    bot = make_bot(parsed.game, "easy")
    while not game.is_over():
        game.play(bot_move(game, bot, game.to_move))
    hash_ = parsed.to_hash_without_speed()
    return Case(name, hash_, {"v": 1, "hash": hash_, "over": True, "game": game.to_json()})


def cases() -> list[Case]:
    found = [Case(f"pisti-{n}p", f"#/pisti?seed=3&players={n}") for n in (2, 3, 4)]
    found.append(Case("war", "#/war?seed=3"))
    for n in (2, 3, 4):
        route, save = big_hand_save(n)
        found.append(Case(f"pis-yedili-{n}p", route, save, one_deck=n == 2))
    found.append(Case("abstract", "#/abstract?seed=3&mode=deal"))
    found.append(Case("abstract-52", "#/abstract?seed=3&variant=52&mode=deal"))
    return found


def with_speed(route: str) -> str:
    return route + ("&" if "?" in route else "?") + "speed=instant"


SEEN_TOURS = (
    f"() => {{ for (const g of {json.dumps(GAMES)}) localStorage.setItem('cardems:tour:' + g, 'true'); }}"
)

UNSEEN_TOURS = (
    f"() => {{ for (const g of {json.dumps(GAMES)}) localStorage.removeItem('cardems:tour:' + g); }}"
)

# One evaluation per table: what is wrong with its layout at this viewport, as sentences.
MEASURE = r"""
([W, H]) => {
  const bad = [];
  // a page wider than the phone is zoomed out to fit: the layout viewport grows
  if (innerWidth !== W || innerHeight !== H) bad.push(`zoomed out to ${innerWidth}x${innerHeight}`);
  const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !el.closest('.sr-only, [hidden], .art-sheet'); };
  const label = el => (el.id ? '#' + el.id : el.tagName.toLowerCase()) + (el.dataset.card ? `[${el.dataset.card}]` : '')
    + (el.dataset.action ? `[${el.dataset.action}]` : '');
  // a card's picture is named by the card that holds it, and where that card lies
  const name = el => {
    const holder = el.closest('svg') && el.closest('[data-card], [id]');
    return holder && holder !== el ? `${label(el)} of ${label(holder)}${holder.classList.contains('ghost') ? ' (a ghost)' : ''}`
      + ` in ${label(holder.parentElement)}.${[...holder.parentElement.classList].join('.')}` : label(el);
  };
  const root = document.documentElement;
  if (root.scrollWidth > W + 1) bad.push(`horizontal scroll: ${root.scrollWidth} > ${W}`);
  const hand = document.querySelector('#felt .hand.mine');
  const cards = hand ? [...hand.querySelectorAll('[data-card]')] : [];
  const row = [...document.querySelectorAll('#felt .spread > .card')];
  const centre = document.querySelector('#felt .spread') || document.querySelector('#felt .center');
  // the hand's own controls (draw, pass, hint) are needed with it
  const beside = [...document.querySelectorAll('#felt .seat-bottom .py-controls button')];
  const boxes = [centre, ...cards, ...beside].filter(Boolean).map(e => e.getBoundingClientRect());
  const top = Math.min(...boxes.map(r => r.top)), bottom = Math.max(...boxes.map(r => r.bottom));
  if (top < 0 || bottom > H) bad.push(`pile, hand and its controls span ${Math.round(top)}..${Math.round(bottom)}, not within 0..${H}`);
  const own = [...cards, ...row];
  for (const card of own) {
    const r = card.getBoundingClientRect();
    // the rank's corner: 12% in, 9% down on the card's picture (viewBox 250 x 350: rank at x 8..50)
    const pic = (card.querySelector('svg') || card).getBoundingClientRect();
    const x = pic.left + pic.width * .12, y = pic.top + pic.height * .09;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !card.contains(hit)) bad.push(`${name(card)}: its corner is covered by ${hit ? name(hit) : 'nothing'}`);
    // how much of the corner shows: up to the next card that lies over it
    let free = pic.width;
    for (const other of own) {
      if (other === card) continue;
      const o = (other.querySelector('svg') || other).getBoundingClientRect();
      const over = getComputedStyle(other).zIndex, mine = getComputedStyle(card).zIndex;
      const later = card.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (!later && !(+over > +mine)) continue;
      if (o.top < pic.top + pic.height * .3 && o.bottom > pic.top && o.right > pic.left && o.left >= pic.left - 1)
        free = Math.min(free, o.left - pic.left);
    }
    if (free < 16) bad.push(`${name(card)}: ${Math.round(free)} px of its corner shows`);
    if (card.tagName === 'BUTTON' && (r.width < 43.5 || r.height < 43.5)) bad.push(`${name(card)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  const controls = [...document.querySelectorAll('button, select, a[href], input:not([type=hidden]), summary')]
    .filter(el => shown(el) && !el.closest('dialog:not([open])') && !own.includes(el));
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const label = el.closest('label');
    const target = label && label.contains(el) ? label.getBoundingClientRect() : r;
    if (Math.round(target.width) < 44 || Math.round(target.height) < 44)
      bad.push(`control ${name(el)} "${(el.textContent || '').trim().slice(0, 20)}": ${Math.round(target.width)}x${Math.round(target.height)}`);
  }
  // the table's bar: no row of it scrolls sideways, and each of its controls lies whole on
  // screen, itself under a finger at both its ends (not clipped, nor under the site's bar;
  // the walkthrough's bubble aside, a strip over the bar in a short landscape by design)
  const bar = document.querySelector('#table-bar');
  for (const box of bar ? [bar, ...bar.querySelectorAll('.bar-controls')] : [])
    if (box.scrollWidth > box.clientWidth + 1)
      bad.push(`the table's bar scrolls sideways: ${box.scrollWidth} px in ${box.clientWidth}`);
  for (const el of bar ? bar.querySelectorAll('button, select, a[href], input:not([type=hidden])') : []) {
    if (!shown(el) || el.closest('.review-steps')) continue;
    const r = el.getBoundingClientRect(), y = (r.top + r.bottom) / 2;
    const hits = [r.left + 3, r.right - 3].map(x => document.elementFromPoint(x, y))
      .filter(hit => !(hit && hit.closest('#tour')));
    const what = `the table's bar's ${name(el)} "${(el.textContent || '').trim().slice(0, 20)}"`;
    if (r.left < -.5 || r.right > W + .5 || r.top < -.5 || r.bottom > H + .5)
      bad.push(`${what} is cut: ${Math.round(r.left)}..${Math.round(r.right)} of 0..${W}`);
    else if (hits.some(hit => !hit || !el.contains(hit)))
      bad.push(`${what} is covered by ${hits.filter(h => !h || !el.contains(h)).map(h => h ? name(h) : 'nothing').join(', ')}`);
  }
  for (const d of document.querySelectorAll('dialog[open], .suit-chooser, .choice-bar')) {
    const r = d.getBoundingClientRect();
    if (r.width && (r.left < 0 || r.right > W + 1 || r.top < 0 || r.bottom > H + 1))
      bad.push(`${d.id || d.className} outside the viewport: ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  // the walkthrough's bubble, when it is up: on screen, and over none of the pile, the hand and its controls
  const tour = document.querySelector('#tour');
  if (tour) {
    const t = tour.getBoundingClientRect();
    if (t.top < 0 || t.bottom > H + 1 || t.left < 0 || t.right > W + 1)
      bad.push(`the walkthrough outside the viewport: ${Math.round(t.left)},${Math.round(t.top)}..${Math.round(t.right)},${Math.round(t.bottom)}`);
    for (const el of [centre, ...cards, ...beside].filter(Boolean)) {
      const r = el.getBoundingClientRect();
      if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
        bad.push(`the walkthrough covers ${name(el)}`);
    }
  }
  // a score chip's name shows whole where at most three sides share the scores (four may end in an ellipsis)
  for (const line of document.querySelectorAll('#scoreline .scoreline-inner')) {
    const chips = [...line.querySelectorAll('.side-chip')];
    if (chips.length > 3) continue;
    for (const n of line.querySelectorAll('.side-name'))
      if (shown(n) && n.scrollWidth > n.clientWidth + 1)
        bad.push(`the score's name "${n.textContent.trim()}" is cut: ${n.scrollWidth} px in ${n.clientWidth}`);
  }
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  return {bad, twice, hand: cards.length, row: row.length};
}
"""


def open_case(page, case, lang: str) -> None:
    """The case's table by its address from the page already running (no reload)."""
    key = f"cardems:save:{case.game}"
    if case.save is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(case.save)])
    if page.evaluate("location.hash") == with_speed(case.route):  # the same table again: by the lobby
        page.evaluate("() => { document.documentElement.dataset.cardems = 'moving'; location.hash = '#/'; }")
        page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=60_000)
    page.evaluate("() => { document.documentElement.dataset.cardems = 'moving'; }")
    page.evaluate("h => { location.hash = h; }", with_speed(case.route)[1:])
    page.wait_for_function(
        "g => document.documentElement.dataset.cardems === 'ready' && document.querySelector('#felt')"
        ".dataset.game === g && document.querySelector('#felt [data-card]')",
        arg=case.game,
        timeout=60_000,
    )
    choose_lang(page, lang)
    close_notices(page)


SETTLE = (  # the animations that end (not a spinner's), at most 3 s, then two frames
    "() => Promise.race([Promise.all(document.getAnimations()"
    ".filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)"
    ".map(a => a.finished.catch(() => null))), new Promise(done => setTimeout(done, 3000))])"
    ".then(() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))"
)


def measure_settled(page, width: int, height: int) -> dict:
    """:data:`MEASURE` of the page as it stands; where it finds a problem, measured again
    once the animations that end have ended (at most 3 s) and two frames have drawn, so that only a state the
    player is left with counts (a loaded machine may measure a table still being drawn).
    The first finding is printed (``pytest -s``)."""
    found = page.evaluate(MEASURE, [width, height])
    if found["bad"]:
        print("measured again, settled:", found["bad"])
        page.evaluate(SETTLE)
        page.wait_for_timeout(300)
        found = page.evaluate(MEASURE, [width, height])
    return found


def choose_lang(page, lang: str) -> None:
    """The page in ``lang``, chosen as a player does, by the language menu."""
    if page.evaluate("document.documentElement.lang") != lang:
        page.evaluate(
            "l => { const s = document.querySelector('#lang'); s.value = l;"
            " s.dispatchEvent(new Event('change', {bubbles: true})); }",
            lang,
        )
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def close_notices(page) -> None:
    while page.locator("#notices .notice-x").count():
        page.locator("#notices .notice-x").first.click()

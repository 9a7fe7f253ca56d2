// The table's DOM work that Python asks for once per move: morphing a region to
// its new markup so that every element keeps its identity (idiomorph), keeping
// the keyboard focus in place, and letting the cards travel (FLIP with the Web
// Animations API) from where they were to where they land.
//
// Python (cardems/web/dom.py) calls window.cardemsTable.{morph, snapshot, travel,
// keepFocus, restoreFocus}. A card that travels has an id (`card-7H`); a card that
// appears without a past (a computer's card leaving a face-down hand) or leaves
// without a future (a captured pile) is given a place to come from or go to.
import { Idiomorph } from "../vendor/idiomorph/idiomorph.esm.js";

const TRAVELLERS = ".card[id]";
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

// A card's picture is drawn from its code alone: when the code is the same, its
// hundreds of SVG nodes need no comparing.
function samePicture(oldNode, newNode) {
  return oldNode.nodeName === "svg" && newNode.nodeName === "svg"
    && oldNode.getAttribute("data-art") === newNode.getAttribute("data-art");
}

const OPTIONS = {
  morphStyle: "innerHTML",
  callbacks: { beforeNodeMorphed: (oldNode, newNode) => !samePicture(oldNode, newNode) },
};

function morph(node, html) {
  Idiomorph.morph(node, html, OPTIONS);
}

function rectOf(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}

// Where every travelling card is now, and the node itself (to follow it if it leaves).
function snapshot(roots) {
  const seen = new Map();
  for (const root of roots) {
    if (!root) continue;
    for (const node of root.querySelectorAll(TRAVELLERS)) seen.set(node.id, { rect: rectOf(node), node });
  }
  return seen;
}

function placeOf(selector) {
  const node = selector ? document.querySelector(selector) : null;
  return node ? rectOf(node) : null;
}

function offset(from, to, most = 2.5) {
  // centre to centre, and the size the card had there (at most `most` times its own)
  const dx = from.x + from.w / 2 - (to.x + to.w / 2);
  const dy = from.y + from.h / 2 - (to.y + to.h / 2);
  const s = to.w ? Math.max(0.4, Math.min(most, from.w / to.w)) : 1;
  return `translate(${dx}px, ${dy}px) scale(${s})`;
}

const EASING = "cubic-bezier(.2, .7, .3, 1)";

// Animate every card that moved, came, or went. `hints` = {from: {id: selector},
// to: {id: selector}}; `ms` = 0 for none. Returns the number of cards animated.
function travel(roots, before, hints, ms) {
  if (!ms || (reducedMotion && reducedMotion.matches)) return 0;
  const from = (hints && hints.from) || {};
  const to = (hints && hints.to) || {};
  let moved = 0;
  const now = new Set();
  for (const root of roots) {
    if (!root) continue;
    for (const node of root.querySelectorAll(TRAVELLERS)) {
      now.add(node.id);
      const after = rectOf(node);
      const past = before.get(node.id);
      const origin = past ? past.rect : placeOf(from[node.id]);
      if (!origin || (Math.abs(origin.x - after.x) < 1 && Math.abs(origin.y - after.y) < 1)) continue;
      node.animate([{ transform: offset(origin, after) }, { transform: "none" }],
                   { duration: ms, easing: EASING });
      moved++;
    }
  }
  for (const [id, past] of before) {
    if (now.has(id) || !to[id]) continue;
    const target = placeOf(to[id]);
    if (!target) continue;
    const ghost = past.node.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, {
      position: "fixed", left: past.rect.x + "px", top: past.rect.y + "px",
      width: past.rect.w + "px", height: past.rect.h + "px", margin: "0", zIndex: "50", pointerEvents: "none",
    });
    document.body.appendChild(ghost);
    // a card leaving for a place (a seat, a pile) shrinks into it, never grows to its size
    const landing = offset(target, past.rect, 1);
    ghost.animate([{ transform: "none", opacity: 1 }, { transform: landing, opacity: 0.2 }],
                  { duration: ms, easing: EASING, fill: "forwards" })
      .finished.then(() => ghost.remove(), () => ghost.remove());
    moved++;
  }
  return moved;
}

// Focus: where it is before a region is redrawn (its group and place there), so
// that a control that went away hands the focus to its neighbour, not to <body>.
// Where the focus was parked on the status line from (a hand emptied of playable cards
// while the others play): it goes back there when that group can be played again.
let parked = null;

// A focus the morph dropped and no restore has put back yet: a second redraw in the
// same frame, or one before any control of the region could take it, carries it on.
// Whatever the player focuses or clicks next forgets it.
let lost = null;
document.addEventListener("focusin", () => { lost = null; });
document.addEventListener("pointerdown", () => { lost = null; }, true);

function keepFocus(root) {
  const active = document.activeElement;
  if (!active || active === document.body) {
    const pending = pendingFocus.find(([r]) => r === root);
    if (pending) return pending[1];
    if (lost && lost.root === root) return lost.kept;
    return null;
  }
  if (!root.contains(active)) return null;
  if (parked && active.hasAttribute("data-focus-fallback")) return { node: active, id: null, ...parked, parked: true };
  const group = active.closest("[data-focus-group]");
  const members = group ? Array.from(group.querySelectorAll("button")) : [];
  return { node: active, id: active.id || null, group: group ? group.getAttribute("data-focus-group") : null,
           index: Math.max(0, members.indexOf(active)) };
}

const FOCUSABLE = "button, a[href], select, input, [tabindex]";

function usable(node) {
  return !!node && node.isConnected && node.matches(FOCUSABLE) && !node.disabled && node.offsetParent !== null;
}

function playableIn(root, group) {
  const node = root.querySelector(`[data-focus-group="${group}"]`);
  return node ? Array.from(node.querySelectorAll("button")).filter((b) => usable(b) && b.getAttribute("aria-disabled") !== "true") : [];
}

// Focus goes back before the next frame is drawn, not at once: which buttons can take
// it depends on style and layout, and asking for them here, right after a morph, would
// make the browser lay the page out twice (now, and again for the frame).
let pendingFocus = [];

function restoreFocus(root, kept) {
  if (!kept) return;
  pendingFocus.push([root, kept]);
  if (pendingFocus.length === 1) requestAnimationFrame(restorePending);
}

function restorePending() {
  const work = pendingFocus;
  pendingFocus = [];
  for (const [root, kept] of work) restoreNow(root, kept);
}

function restoreNow(root, kept) {
  const active = document.activeElement;
  if (kept.parked) {
    const members = playableIn(root, kept.group);
    if (!members.length || active !== kept.node) return false;
    parked = null;
    const group = root.querySelector(`[data-focus-group="${kept.group}"]`);
    const all = Array.from(group.querySelectorAll("button")).filter(usable);
    (all[Math.min(kept.index, all.length - 1)] || members[0]).focus({ preventScroll: true });
    return true;
  }
  if (active && active !== document.body && usable(active)) return false;
  let next = kept.id ? document.getElementById(kept.id) : null;
  if (next && kept.group && !next.closest(`[data-focus-group="${kept.group}"]`)) next = null;
  if (!usable(next) && kept.group) {
    const group = root.querySelector(`[data-focus-group="${kept.group}"]`);
    const members = group ? Array.from(group.querySelectorAll("button")).filter(usable) : [];
    next = members[Math.min(kept.index, members.length - 1)] || null;
  }
  if (!usable(next)) {
    next = root.querySelector("[data-focus-fallback]");
    if (kept.group) parked = { group: kept.group, index: kept.index };
  }
  if (!usable(next)) next = Array.from(root.querySelectorAll("button")).find(usable) || null;
  if (!next) {
    lost = { root, kept };
    return false;
  }
  next.focus({ preventScroll: true });
  lost = null;
  return true;
}

// The keyboard: arrow keys walk the buttons of a `[data-focus-group]` (a hand, a row of
// controls) in the order they are seen, so left goes left in Arabic too; Home and End
// go to its ends. A letter presses the visible button whose `aria-keyshortcuts` it is
// (the help dialog lists them), in the open dialog if there is one.
const ARROWS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

function reachable(node) {
  return !node.disabled && node.offsetParent !== null;
}

function walk(event) {
  const group = event.target.closest && event.target.closest("[data-focus-group]");
  if (!group) return false;
  const members = Array.from(group.querySelectorAll("button")).filter(reachable);
  const here = members.indexOf(event.target);
  if (here < 0 || !members.length) return false;
  let next;
  if (event.key === "Home" || event.key === "End") {
    next = members[event.key === "Home" ? 0 : members.length - 1];
  } else {
    const across = event.key === "ArrowLeft" || event.key === "ArrowRight";
    const seen = across
      ? members.map((node) => [node, rectOf(node)]).sort((a, b) => (a[1].x + a[1].w / 2) - (b[1].x + b[1].w / 2)).map((p) => p[0])
      : members;
    const at = seen.indexOf(event.target);
    next = seen[Math.max(0, Math.min(seen.length - 1, at + ARROWS[event.key]))];
  }
  if (next && next !== event.target) next.focus();
  return true;
}

function press(event) {
  const key = event.key.length === 1 ? event.key.toLowerCase() : "";
  if (!key) return false;
  const scope = document.querySelector("dialog[open]") || document;
  const button = Array.from(scope.querySelectorAll(`button[aria-keyshortcuts="${CSS.escape(key)}"]`)).find(reachable);
  if (!button) return false;
  button.focus();
  button.click();
  return true;
}

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.matches && target.matches("input, select, textarea, [contenteditable]")) return;
  const done = (event.key in ARROWS || event.key === "Home" || event.key === "End") ? walk(event) : press(event);
  if (done) event.preventDefault();
}

document.addEventListener("keydown", onKey);

// The walkthrough's bubble (#tour) lies over the scores and the opponents' seats and takes
// no room; where it would reach the pile, the hand or the hand's buttons, the felt moves down
// by only what it lacks. Kept by observers: a step, a move or a new size fits it again.
const PROTECTED = "#felt .center, #felt .spread, #felt .hand.mine, #felt .seat-bottom .py-controls";

function fitTour() {
  const felt = document.getElementById("felt");
  if (!felt) return;
  const tour = document.getElementById("tour");
  const now = parseFloat(felt.style.marginBlockStart) || 0;
  let room = 0;
  if (tour && tour.offsetTop > 0 && !matchMedia("(max-height: 520px) and (orientation: landscape)").matches) {
    const t = tour.getBoundingClientRect();
    for (const node of felt.querySelectorAll(PROTECTED)) {
      const r = node.getBoundingClientRect();
      if (!r.width || r.right <= t.left || r.left >= t.right) continue;
      room = Math.max(room, t.bottom + 6 - (r.top - now));
    }
  }
  room = Math.ceil(room);
  if (room !== now) felt.style.marginBlockStart = room ? `${room}px` : "";
}

const tourSizes = new ResizeObserver(() => fitTour());
function watchTour() {
  const table = document.getElementById("table");
  if (!table) return;
  new MutationObserver(() => {
    const tour = document.getElementById("tour");
    if (tour) tourSizes.observe(tour);
    fitTour();
  }).observe(table, { childList: true });
  tourSizes.observe(table);
  const tour = document.getElementById("tour");
  if (tour) tourSizes.observe(tour);
  fitTour();
}
watchTour();

window.cardemsTable = { morph, snapshot, travel, keepFocus, restoreFocus, fitTour };
window.dispatchEvent(new Event("cardems:table-ready"));

"""The one markup toolkit of the tables: card faces and backs, card buttons, mini
cards, hands, seats around the table, the status row, score tables, dialogs.

Pure functions from words and values to HTML strings (no browser here): a table
composes them, and :mod:`cardems.web.dom` morphs the result into the page so
every element keeps its identity. A card that may travel from one place to
another carries a stable ``id`` (``card-7H``): the morph keeps its node, and the
travel animation follows it. Every card carries ``data-card`` (its code, or
``back`` face down), as the page's contract says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from cardems.cards import SUIT_SYMBOLS
from cardems.web.card_art import back_use, card_use
from cardems.web.escape import esc as esc  # re-exported: markup.esc, as the screens call it

# The keyboard shortcuts of the frequent controls (by ``data-action``): the button says
# its key in ``aria-keyshortcuts``, static/js/table.js presses it, the help lists it.
SHORTCUTS = {"hint": "h", "draw": "d", "pass": "p", "result": "r", "new-game": "n", "keys": "?"}

# Where each seat sits, seen from the human's (bottom) seat: play goes counterclockwise.
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}


def ltr(text: object) -> str:
    """Numbers and formulas kept left to right inside right-to-left text."""
    return f'<bdi dir="ltr">{esc(text)}</bdi>'


def card_id(code: str, copy: int = 0) -> str:
    """The stable id of a card's element (``copy`` tells two copies of a card apart: two
    jokers, or two decks' cards)."""
    return f"card-{code}" + (f"-{copy}" if copy else "")


def _attrs(pairs: dict[str, object | None]) -> str:
    return "".join(f' {name}="{esc(value)}"' for name, value in pairs.items() if value is not None)


def face(
    code: str,
    label: str,
    *,
    classes: str = "",
    style: str | None = None,
    key: str | None = "",
    extra: dict[str, object | None] | None = None,
    inner: str = "",
) -> str:
    """A face-up card shown (not played): a picture with an accessible name.
    ``key``: its element id ("" for the default :func:`card_id`, None for none)."""
    ident = card_id(code) if key == "" else key
    attrs = _attrs(
        {
            "id": ident,
            "class": f"card face {classes}".strip(),
            "data-card": code,
            "style": style,
            "role": "img",
            "aria-label": label,
            **(extra or {}),
        }
    )
    return f"<div{attrs}>{card_use(code)}{inner}</div>"


def back(
    *,
    classes: str = "",
    style: str | None = None,
    key: str | None = None,
    label: str | None = None,
    extra: dict[str, object | None] | None = None,
) -> str:
    """A face-down card: nothing in it says what it is."""
    attrs = _attrs(
        {
            "id": key,
            "class": f"card back {classes}".strip(),
            "data-card": "back",
            "style": style,
            "role": "img" if label else None,
            "aria-label": label,
            **(extra or {}),
        }
    )
    return f"<div{attrs}>{back_use()}</div>"


def _cls(base: str, extra: str) -> str:
    return f"{base} {extra}" if extra else base


def back_button(
    action: str, label: str, *, classes: str = "", extra: dict[str, object | None] | None = None
) -> str:
    """A face-down card the human may choose (it stays ``data-card="back"``)."""
    attrs = _attrs(
        {
            "type": "button",
            "class": _cls("card back", classes),
            "data-action": action,
            "data-card": "back",
            "aria-label": label,
            **(extra or {}),
        }
    )
    return f"<button{attrs}>{back_use()}</button>"


def slot(classes: str = "") -> str:
    """An empty place where a card may lie."""
    return f'<div class="{_cls("card slot", classes)}"></div>'


def card_button(
    code: str,
    label: str,
    *,
    playable: bool,
    classes: str = "",
    style: str | None = None,
    why: str | None = None,
    key: str | None = "",
    extra: dict[str, object | None] | None = None,
    inner: str = "",
) -> str:
    """A card the human may click. One that cannot be played now stays focusable with
    ``aria-disabled="true"`` (and says why in ``data-why``), so focus never falls to
    the page and a tap can explain the refusal."""
    ident = card_id(code) if key == "" else key
    attrs = _attrs(
        {
            "type": "button",
            "id": ident,
            "class": f"card face {classes}".strip(),
            "data-card": code,
            "style": style,
            "aria-disabled": None if playable else "true",
            "data-why": None if playable else why,
            "aria-description": None if playable else why,
            **(extra or {}),
        }
    )
    return f"<button{attrs}>{card_use(code)}{name(label)}{inner}</button>"


def name(label: str) -> str:
    """A control's accessible name given as its (visually hidden) content. Its picture
    is hidden from assistive technology, so the name holds all it says; as content,
    not ``aria-label``, no checker takes the picture's corner ranks ("55") for a
    visible label the name should repeat."""
    return f'<span class="sr-only">{esc(label)}</span>'


def mini(code: str, label: str, classes: str = "") -> str:
    """A small face-up card (results, the last battle, picks): no id, it does not travel."""
    return (
        f'<span class="{_cls("mini card face", classes)}" data-card="{esc(code)}" role="img" '
        f'aria-label="{esc(label)}">{card_use(code)}</span>'
    )


def mini_row(codes: Iterable[str], label_of: Callable[[str], str], classes: str = "mini-row") -> str:
    return f'<span class="{classes}">' + "".join(mini(c, label_of(c)) for c in codes) + "</span>"


def hand(cards: str, label: str, *, classes: str = "", style: str | None = None) -> str:
    """The human's hand: a group of card buttons that arrow keys walk through."""
    attrs = _attrs(
        {
            "class": f"hand mine {classes}".strip(),
            "role": "group",
            "aria-label": label,
            "data-focus-group": "hand",
            "style": style,
        }
    )
    return f"<div{attrs}>{cards}</div>"


def hidden_hand(seat: int, shown: int, label: str) -> str:
    """An opponent's hand, face down: ``shown`` backs, the count in the name."""
    cards = "".join(back(key=f"back-{seat}-{i}") for i in range(shown))
    return f'<div class="hand theirs" id="hand-{seat}" role="img" aria-label="{esc(label)}">{cards}</div>'


def seat_tag(text: str, classes: str = "", extra: dict[str, object | None] | None = None) -> str:
    return f'<span{_attrs({"class": f"seat-tag {classes}".strip(), **(extra or {})})}>{esc(text)}</span>'


def seat(
    seat_no: int,
    where: str,
    name: str,
    body: str,
    *,
    tags: str = "",
    stats: str = "",
    turn: bool = False,
    classes: str = "",
    extra: dict[str, object | None] | None = None,
) -> str:
    """One seat at the table: its name and tags, its figures, and what lies before it."""
    cls = f"seat seat-{where}" + (" turn" if turn else "") + (f" {classes}" if classes else "")
    attrs = _attrs({"class": cls, "id": f"seat-{seat_no}", "data-seat": seat_no, **(extra or {})})
    head = f'<header class="seat-head"><h2 class="seat-name">{esc(name)}{tags}</h2>{stats}</header>'
    return f"<section{attrs}>{head}{body}</section>"


def stats(side: int, items: Sequence[tuple[str, str, object]]) -> str:
    """A seat's figures: (label, key, value) each, as a description list."""
    rows = "".join(
        f'<div><dt>{esc(label)}</dt><dd data-stat="{esc(key)}">{esc(value)}</dd></div>'
        for label, key, value in items
    )
    return f'<dl class="stats" data-side="{side}">{rows}</dl>'


def button(
    action: str,
    label: str,
    *,
    enabled: bool = True,
    classes: str = "",
    extra: dict[str, object | None] | None = None,
    inner: str | None = None,
) -> str:
    """A control: ``data-action`` names it; one not legal now is disabled."""
    attrs = _attrs(
        {
            "type": "button",
            "class": f"btn {classes}".strip(),
            "data-action": action,
            "disabled": None if enabled else "",
            "aria-keyshortcuts": SHORTCUTS.get(action),
            **(extra or {}),
        }
    )
    return f"<button{attrs}>{inner if inner is not None else esc(label)}</button>"


def suit_sign(suit: str) -> str:
    return f'<span aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>'


def status_row(text: str, controls: str = "", before: str = "", after: str = "") -> str:
    """The turn prompt (a live region, kept as one node) and the controls beside it."""
    return (
        f'<div class="status-row" data-focus-group="status">{before}<p class="status" id="status" role="status" aria-live="polite" '
        f'tabindex="-1" data-focus-fallback>{esc(text)}</p>{controls}{after}</div>'
    )


def banner() -> str:
    return '<div id="banner" class="banner" aria-live="assertive"></div>'


def score_table(
    columns: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str], str]],
    *,
    caption: str = "",
    classes: str = "breakdown",
    foot: tuple[str, Sequence[str], str] | None = None,
    winners: Iterable[int] = (),
) -> str:
    """A table of figures: one column per seat or side, one row per item.

    ``rows`` are (header, cells as HTML, row class); cells are usually :func:`ltr`
    numbers. ``winners``: the columns to mark."""
    won = set(winners)
    head = "".join(
        f"<th scope='col'{' class=winner' if i in won else ''}>{esc(c)}</th>" for i, c in enumerate(columns)
    )

    def row(header: str, cells: Sequence[str], cls: str, total: bool = False) -> str:
        body = "".join(
            (f"<td data-side='{i}'{' class=winner' if i in won else ''}>" if total else "<td>")
            + f"{cell}</td>"
            for i, cell in enumerate(cells)
        )
        return f'<tr class="{esc(cls)}"><th scope="row">{esc(header)}</th>{body}</tr>'

    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    tail = f"<tfoot>{row(*foot, total=True)}</tfoot>" if foot else ""
    return (
        f'<table class="{esc(classes)}">{cap}<thead><tr><td></td>{head}</tr></thead>'
        f'<tbody>{"".join(row(*r) for r in rows)}</tbody>{tail}</table>'
    )


def note(text: str, classes: str = "note") -> str:
    return f'<p class="{esc(classes)}">{esc(text)}</p>'


def dialog(title: str, body: str, buttons: str, ident: str = "result-title") -> str:
    """The inside of a dialog: its title (which names it, by ``ident``), body and buttons."""
    return (
        f'<h2 class="result-title" id="{esc(ident)}">{esc(title)}</h2>{body}'
        f'<div class="dialog-buttons">{buttons}</div>'
    )


def scoreline(label: str, chips: str, classes: str = "") -> str:
    """The strip above the felt: deal or round, and each side's totals."""
    return f'<section class="{_cls("scoreline-inner", classes)}" aria-label="{esc(label)}">{chips}</section>'


def chip(
    title: str, detail: str, *, classes: str = "deal-chip", extra: dict[str, object | None] | None = None
) -> str:
    return f'<div{_attrs({"class": classes, **(extra or {})})}><strong>{esc(title)}</strong><span>{esc(detail)}</span></div>'


def side_chip(
    name: str,
    *,
    total: int | None = None,
    total_label: str = "",
    inner: str = "",
    lead: bool = False,
    classes: str = "",
    side: int = 0,
) -> str:
    """A side's chip in the scoreline: its name, optional figures, its match total."""
    cls = "side-chip" + (f" {classes}" if classes else "") + (" leading" if lead else "")
    tot = ""
    if total is not None:
        tot = (
            f'<span class="side-total" data-match-total="{total}"><small>{esc(total_label)}</small>'
            f'<bdi>{total}</bdi></span>'
        )
    return (
        f'<div class="{cls}" data-side="{side}"><span class="side-name">{esc(name)}</span>{inner}{tot}</div>'
    )


def log_lines(lines: Sequence[tuple[int, str]]) -> str:
    """The log: each line keeps its id, so the live region hears a line once, when it is added."""
    return "".join(f'<li id="log-{n}">{esc(text)}</li>' for n, text in lines)


# the daily share line's numbers (kept left to right) and emoji, as the page shows them
_NUMBERS = re.compile(r"([0-9٠-٩۰-۹][0-9٠-٩۰-۹–-]*)")
# its emoji as the page draws them: a browser without an emoji font shows an
# emoji as an empty box, so each is a coloured square or a glyph every text font has
# (its emoji kept for a screen reader); the copied text keeps the emoji
MARKS = {
    "🟩": ("square win", ""),
    "🟨": ("square draw", ""),
    "🟥": ("square loss", ""),
    "🏆": ("outcome win", "★"),
    "🤝": ("outcome draw", "="),
    "💔": ("outcome loss", "✕"),
}
EMOJI = re.compile("(" + "|".join(MARKS) + ")")


def share_lines(text: str) -> str:
    """The share text as HTML: its dates and scores kept left to right (in Arabic or
    Persian "2026-12-01" would read "01-12-2026", and a score "182–22" the other way
    round), its emoji drawn (:data:`MARKS`); the copied text stays plain."""
    parts = _NUMBERS.split(text)  # text, number, text, number, ..., text
    return "".join(ltr(part) if i % 2 else _marks(part) for i, part in enumerate(parts))


def _marks(text: str) -> str:
    parts = EMOJI.split(text)  # text, emoji, text, ...
    return "".join(
        f'<span class="share-mark {MARKS[part][0]}" aria-hidden="true">{MARKS[part][1]}</span>'
        f'<span class="sr-only">{part}</span>'
        if i % 2
        else esc(part)
        for i, part in enumerate(parts)
    )

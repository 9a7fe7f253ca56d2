"""SVG artwork for playing cards, as markup strings to inline in the page.

Pure Python (no ``js``/``pyscript`` imports), so it runs and is tested on
CPython as well as under Pyodide. Every card is a complete ``<svg>`` with a
``viewBox`` of ``0 0 250 350`` (the standard 2.5 : 3.5 poker-card ratio) and
``width``/``height`` of 100 %, so CSS decides its size; it is
``aria-hidden`` because the ``<button>`` around it carries the accessible name.

The markup contains **no ``id`` attributes** at all: suit shapes are inline
paths and the back's lattice is drawn with paths rather than a ``<pattern>``,
so any number of cards and backs can share one document without collisions.
The tables draw each picture once, in a hidden sheet of ``<symbol>``s
(:func:`sheet_svg`, whose ids are ``art-<label>``), and show it with a ``<use>``
(:func:`card_use`, :func:`back_use`).
Suits are drawn as paths, never as the ♠♥♦♣ glyphs, whose shapes differ from
phone to phone; text is used only for the ranks and court letters.

>>> card_svg("10D").count('class="pip"')
10
>>> card_svg("AS").startswith("<svg")
True
"""

from __future__ import annotations

from functools import cache

__all__ = [
    "card_svg",
    "back_svg",
    "joker_svg",
    "sheet_svg",
    "card_use",
    "back_use",
    "suit_colour",
    "RED",
    "BLACK",
]

W, H = 250, 350
CX, CY = W / 2, H / 2
RED = "#c8102e"
BLACK = "#1b1b1f"
GOLD = "#e2b13c"
CREAM = "#fbf4e2"
FONT = "Georgia, 'Times New Roman', Times, serif"

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = ("S", "H", "D", "C")
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# Suit outlines in a 100 x 100 box centred on the origin (point/tip up for
# spades and clubs, tip down for hearts). Every sub-path of the club winds
# clockwise so the overlaps fill under the default non-zero rule.
_SUIT_PATHS = {
    "S": (
        "M0-50C12-30 50-14 50 11C50 34 24 41 6 27C8 39 14 46 24 50H-24"
        "C-14 46-8 39-6 27C-24 41-50 34-50 11C-50-14-12-30 0-50Z"
    ),
    "H": ("M0-25C-8-47-50-51-50-15C-50 10-20 25 0 46C20 25 50 10 50-15C50-51 8-47 0-25Z"),
    "D": "M0-50Q14-20 38 0Q14 20 0 50Q-14 20-38 0Q-14-20 0-50Z",
    "C": (
        "M-22-26a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z"
        "M-47 9a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z"
        "M3 9a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z"
        "M0-12L20 12H-20Z"
        "M-5 4H5Q6 38 24 50H-24Q-6 38-5 4Z"
    ),
}

# Pip field: three columns and the rows of the traditional layouts.
_XL, _XM, _XR = 82.0, CX, 168.0
_Y1, _Y5 = 68.0, 282.0
_ROWS4 = [_Y1 + i * (_Y5 - _Y1) / 3 for i in range(4)]  # 9 and 10
_YQ1, _YQ3 = (_Y1 + CY) / 2, (CY + _Y5) / 2  # centre pips of 7 and 8
_PIP_SCALE = 0.38

_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(_XM, _Y1), (_XM, _Y5)],
    3: [(_XM, _Y1), (_XM, CY), (_XM, _Y5)],
    4: [(_XL, _Y1), (_XR, _Y1), (_XL, _Y5), (_XR, _Y5)],
    5: [(_XL, _Y1), (_XR, _Y1), (_XM, CY), (_XL, _Y5), (_XR, _Y5)],
    6: [(x, y) for y in (_Y1, CY, _Y5) for x in (_XL, _XR)],
    7: [(x, y) for y in (_Y1, CY, _Y5) for x in (_XL, _XR)] + [(_XM, _YQ1)],
    8: [(x, y) for y in (_Y1, CY, _Y5) for x in (_XL, _XR)] + [(_XM, _YQ1), (_XM, _YQ3)],
    9: [(x, y) for y in _ROWS4 for x in (_XL, _XR)] + [(_XM, CY)],
    10: [(x, y) for y in _ROWS4 for x in (_XL, _XR)]
    + [(_XM, (_ROWS4[0] + _ROWS4[1]) / 2), (_XM, (_ROWS4[2] + _ROWS4[3]) / 2)],
}


def _n(value: float) -> str:
    """A number written compactly: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _suit(suit: str, x: float, y: float, scale: float, colour: str, cls: str, flip: bool = False) -> str:
    """One suit shape centred at (x, y); ``flip`` turns it upside down."""
    rot = " rotate(180)" if flip else ""
    return (
        f'<path class="{cls}" fill="{colour}" transform="translate({_n(x)} {_n(y)}){rot}'
        f' scale({_n(scale)})" d="{_SUIT_PATHS[suit]}"/>'
    )


def _svg(body: str, label: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="100%"'
        f' height="100%" role="img" aria-hidden="true" focusable="false"'
        f' class="card-art" data-art="{label}">{body}</svg>'
    )


def _face(stroke: str = "#8d8d94") -> str:
    return (
        f'<rect x="1.5" y="1.5" width="247" height="347" rx="16" fill="#fff"'
        f' stroke="{stroke}" stroke-width="3"/>'
    )


def _corner(rank: str, suit: str, colour: str) -> str:
    """The index: rank above a small suit, in the top-left corner."""
    fit = ' textLength="50" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    return (
        f'<text x="29" y="56" text-anchor="middle" font-family="{FONT}" font-size="56"'
        f' font-weight="bold" fill="{colour}"{fit}>{rank}</text>' + _suit(suit, 29, 84, 0.34, colour, "idx")
    )


def _both_corners(inner: str) -> str:
    return f"<g>{inner}</g><g transform=\"rotate(180 125 175)\">{inner}</g>"


def _pips(count: int, suit: str, colour: str) -> str:
    return "".join(_suit(suit, x, y, _PIP_SCALE, colour, "pip", flip=y > CY + 1) for x, y in _LAYOUTS[count])


def _ace(suit: str, colour: str) -> str:
    if suit != "S":
        return _suit(suit, CX, CY, 1.05, colour, "pip")
    # The ace of spades: larger, with an engraved inner outline and a ring.
    return (
        f'<ellipse cx="125" cy="175" rx="78" ry="88" fill="none" stroke="{colour}"'
        ' stroke-width="2"/>'
        f'<ellipse cx="125" cy="175" rx="72" ry="82" fill="none" stroke="{colour}"'
        ' stroke-width="1" stroke-dasharray="3 4"/>'
        + _suit(suit, CX, CY + 2, 1.3, colour, "pip")
        + f'<path fill="none" stroke="#fff" stroke-width="2.2" transform="translate(125 177)'
        f' scale(1.08)" d="{_SUIT_PATHS["S"]}"/>' + '<circle cx="125" cy="168" r="7" fill="#fff"/>'
        f'<circle cx="125" cy="168" r="3.5" fill="{colour}"/>'
    )


# Headwear for the court cards, in a box about 70 wide centred on the origin.
_CROWNS: dict[str, tuple[str, list[tuple[float, float, float]]]] = {
    "K": (
        "M-32 10L-35-16L-17-1L0-22L17-1L35-16L32 10Z",
        [(-35, -16, 5), (0, -22, 5), (35, -16, 5)],
    ),
    "Q": (
        "M-30 10Q-33-10-18-2Q-10-20 0-6Q10-20 18-2Q33-10 30 10Z",
        [(-18, -6, 3.5), (0, -14, 5), (18, -6, 3.5)],
    ),
    "J": (
        "M-32 10Q-34-16 0-18Q26-18 30 0L32 10Z M6-16Q30-44 46-30Q28-30 14-12Z",
        [(30, 2, 4)],
    ),
}


def _court_half(rank: str, suit: str, colour: str) -> str:
    """The upper half of a court panel; the lower half is this turned 180°."""
    crown, jewels = _CROWNS[rank]
    return (
        f'<g transform="translate(125 80)" fill="{GOLD}" stroke="{colour}"'
        f' stroke-width="2.2" stroke-linejoin="round"><path d="{crown}"/>'
        '<rect x="-33" y="8" width="66" height="10" rx="2"/>'
        + "".join(f'<circle cx="{x}" cy="{y}" r="{r}"/>' for x, y, r in jewels)
        + "</g>"
        f'<text x="125" y="153" text-anchor="middle" font-family="{FONT}"'
        f' font-size="70" font-weight="bold" fill="{colour}">{rank}</text>'
        + _suit(suit, 82, 128, 0.22, colour, "court")
        + _suit(suit, 168, 128, 0.22, colour, "court")
    )


def _court(rank: str, suit: str, colour: str) -> str:
    x0, y0, x1, y1 = 62, 30, 188, 320
    half = _court_half(rank, suit, colour)
    return (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="6" fill="{CREAM}"'
        f' stroke="{colour}" stroke-width="3"/>'
        f'<rect x="{x0 + 5}" y="{y0 + 5}" width="{x1 - x0 - 10}" height="{y1 - y0 - 10}"'
        f' rx="3" fill="none" stroke="{colour}" stroke-width="1"/>'
        f'<path d="M{x0 + 5} 175H112M138 175H{x1 - 5}" stroke="{colour}" stroke-width="1.5"/>'
        + _suit(suit, CX, CY, 0.2, colour, "court")
        + f"<g>{half}</g><g transform=\"rotate(180 125 175)\">{half}</g>"
    )


def _parse(code: str) -> tuple[str, str]:
    if not isinstance(code, str):
        raise ValueError(f"not a card code: {code!r}")
    text = code.strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank == "T":
        rank = "10"
    if rank not in _RANKS or suit not in _SUITS:
        raise ValueError(f"unknown card code {code!r} (examples: AS, 10D, 2C, JH, X)")
    return rank, suit


def _label(code: str) -> str:
    """The card's label (``7H``, ``10D``; ``X`` for the joker); ValueError if not a card code."""
    if isinstance(code, str) and code.strip().upper() == "X":
        return "X"
    return "".join(_parse(code))


def _card_body(code: str) -> tuple[str, str]:
    """The drawing of the card ``code`` inside its ``<svg>``, and its label (``7H``, ``X``)."""
    if _label(code) == "X":
        return _joker_body(), "X"
    rank, suit = _parse(code)
    # the suit's colour comes from the page (--suit-H...: a four-colour deck is a setting),
    # red or black where none is set; the drawing paints with it as currentColor
    colour = "currentColor"
    if rank == "A":
        centre = _ace(suit, colour)
    elif rank in ("J", "Q", "K"):
        centre = _court(rank, suit, colour)
    else:
        centre = _pips(int(rank), suit, colour)
    return (
        _face()
        + f'<g style="color:var(--suit-{suit},{suit_colour(suit)})">'
        + centre
        + _both_corners(_corner(rank, suit, colour))
        + "</g>"
    ), rank + suit


def suit_colour(suit: str) -> str:
    """The colour of ``suit`` in a two-colour deck."""
    return RED if suit in "HD" else BLACK


@cache
def card_svg(code: str) -> str:
    """The face of the card ``code`` (``AS``, ``10D``, ``JH``; ``X`` for the joker).

    Raises :class:`ValueError` for anything that is not a card code.
    """
    return _svg(*_card_body(code))


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines in both directions, clipped to the given rectangle."""
    w, h = x1 - x0, y1 - y0
    segs = []
    k = step / 2
    while k < w + h:
        # Lines x + y = c (down-left) and x - y = c (down-right), in local coords.
        for sign in (1, -1):
            # parametrise by the point where the line meets the top or a side
            if sign == 1:  # from (k, 0) towards lower-left
                ax, ay = (k, 0.0) if k <= w else (w, k - w)
                bx, by = (0.0, k) if k <= h else (k - h, h)
            else:  # mirror: from (w - k, 0) towards lower-right
                ax, ay = (w - k, 0.0) if k <= w else (0.0, k - w)
                bx, by = (w, k) if k <= h else (w - (k - h), h)
            segs.append(f"M{_n(x0 + ax)} {_n(y0 + ay)}L{_n(x0 + bx)} {_n(y0 + by)}")
        k += step
    return "".join(segs)


@cache
def back_svg() -> str:
    """The back of a card: a dark red lattice inside a white border. No ids."""
    return _svg(_back_body(), "back")


def _back_body() -> str:
    ink, line = "#8e1b2c", "#e9b8bf"
    x0, y0, x1, y1 = 22, 22, 228, 328
    body = (
        _face("#7d7d85")
        + f'<rect x="14" y="14" width="222" height="322" rx="9" fill="{ink}"/>'
        + f'<path d="{_lattice(x0, y0, x1, y1, 17)}" stroke="{line}" stroke-width="1.6"'
        ' stroke-opacity=".55" fill="none"/>'
        + f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="5" fill="none"'
        f' stroke="{line}" stroke-width="2"/>'
        + f'<rect x="14" y="14" width="222" height="322" rx="9" fill="none" stroke="{ink}"'
        ' stroke-width="3"/>'
        # Central medallion: a diamond with a double rule.
         + f'<path d="M125 118L178 175L125 232L72 175Z" fill="{ink}" stroke="{line}"'
        ' stroke-width="3"/>' + f'<path d="M125 132L165 175L125 218L85 175Z" fill="none" stroke="{line}"'
        ' stroke-width="1.5"/>' + _suit("S", 125, 175, 0.36, line, "mark")
    )
    return body


@cache
def joker_svg() -> str:
    """The joker: JOKER down the corners and a jester's cap in the middle."""
    return _svg(_joker_body(), "X")


def _joker_body() -> str:
    blue = "#1d3f8f"
    letters = "".join(
        f'<text x="24" y="{40 + i * 30}" text-anchor="middle">{ch}</text>' for i, ch in enumerate("JOKER")
    )
    corner = (
        f'<g font-family="{FONT}" font-size="30" font-weight="bold" fill="{RED}">'
        f"{letters}</g>" + '<path fill="#c8102e" transform="translate(24 196) scale(.5)"'
        ' d="M0-20L5-6L20-6L8 3L12 18L0 9L-12 18L-8 3L-20-6L-5-6Z"/>'
    )
    cap = (
        '<g stroke="#1b1b1f" stroke-width="2.5" stroke-linejoin="round">'
        f'<path fill="{RED}" d="M84 196Q70 150 42 132Q80 128 104 170Z"/>'
        f'<path fill="{GOLD}" d="M102 192Q104 130 125 100Q146 130 148 192Z"/>'
        f'<path fill="{blue}" d="M166 196Q180 150 208 132Q170 128 146 170Z"/>'
        f'<circle cx="42" cy="132" r="9" fill="{GOLD}"/>'
        f'<circle cx="125" cy="100" r="9" fill="{RED}"/>'
        f'<circle cx="208" cy="132" r="9" fill="{GOLD}"/>'
        f'<path fill="{CREAM}" d="M76 192H174Q180 206 174 220H76Q70 206 76 192Z"/>'
        "</g>"
        + "".join(
            f'<circle cx="{x}" cy="206" r="4" fill="{c}"/>'
            for x, c in ((92, RED), (109, blue), (125, RED), (141, blue), (158, RED))
        )
        + f'<text x="125" y="270" text-anchor="middle" font-family="{FONT}" font-size="34"'
        f' font-weight="bold" fill="{blue}" letter-spacing="3">JOKER</text>'
    )
    return _face() + cap + _both_corners(corner)


# ---------------------------------------------------------------- drawn once, used often
# A table shows the same few dozen pictures again and again: the page holds each
# drawing once, as a <symbol> of one hidden sheet (:func:`sheet_svg`), and a card
# shows it with a <use> (:func:`card_use`) of some 200 characters instead of a few
# thousand to parse at every redraw. The sheet's ids are the only ids of the art.

SHEET_ID = "card-art-sheet"


def art_id(label: str) -> str:
    """The id of a drawing's <symbol> in the sheet (``art-7H``, ``art-back``, ``art-X``)."""
    return f"art-{label}"


@cache
def sheet_svg() -> str:
    """Every drawing (52 faces, the joker, the back) as the <symbol>s of one hidden <svg>."""
    codes = [rank + suit for suit in _SUITS for rank in _RANKS] + ["X"]
    drawings = [_card_body(code) for code in codes] + [(_back_body(), "back")]
    symbols = "".join(
        f'<symbol id="{art_id(label)}" viewBox="0 0 {W} {H}">{body}</symbol>' for body, label in drawings
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{SHEET_ID}" class="art-sheet" width="0" height="0"'
        f' aria-hidden="true" focusable="false">{symbols}</svg>'
    )


@cache
def card_use(code: str) -> str:
    """The face of ``code`` drawn from the sheet (:func:`sheet_svg` must be in the page)."""
    label = _label(code)
    return _svg(f'<use href="#{art_id(label)}"/>', label)


@cache
def back_use() -> str:
    """The back drawn from the sheet."""
    return _svg(f'<use href="#{art_id("back")}"/>', "back")

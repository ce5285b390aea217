"""Card faces drawn as our own SVG.

Every card is one ``<img>`` of its own SVG picture, with the ``alt`` text a
screen reader reads ("King of hearts", "Face-down card"). The picture is served
at its own address (``cards/Kh.svg``, see :func:`picture`), so a page names a
card in a few bytes and the browser fetches each face once: a crowded table
redrawn on every decision stays small. A picture's title names its card too.
The functions here are pure: they return HTML strings, so they can be tested
without Streamlit and combined into larger layouts (a seat, a board).
``show_cards`` is the thin Streamlit call that draws a row in the deck style
chosen in the sidebar.

Any text that does not come from the card model (a caption, a group label)
is escaped before it reaches the HTML.

>>> from engine.cards import card
>>> 'alt="King of hearts"' in card_html(card("Kh"))
True
>>> 'alt="Face-down card"' in back_html()
True
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

import streamlit as st

from engine.cards import JOKER, Card, Rank, Suit, is_joker
from engine.cards import card as read_card
from ui.components.deck_style import deck_style


class Size(StrEnum):
    """Card sizes: small fits a crowded table, large reads from across the room."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class _Metrics:
    width: int
    caption_px: int


_METRICS = MappingProxyType({
    Size.SMALL: _Metrics(width=50, caption_px=11),
    Size.MEDIUM: _Metrics(width=74, caption_px=13),
    Size.LARGE: _Metrics(width=108, caption_px=15),
})
_ASPECT = 1.4
"""Height over width, as a real playing card (63 × 88 mm)."""

_TWO_COLOUR = MappingProxyType({Suit.CLUBS: "#1f2421", Suit.DIAMONDS: "#c0202a",
                                Suit.HEARTS: "#c0202a", Suit.SPADES: "#1f2421"})
_FOUR_COLOUR = MappingProxyType({Suit.CLUBS: "#17803a", Suit.DIAMONDS: "#1d5fc4",
                                 Suit.HEARTS: "#c0202a", Suit.SPADES: "#1f2421"})
_FACE_TINT = MappingProxyType({"#1f2421": "#eef0ee", "#c0202a": "#fbecec",
                               "#17803a": "#e9f5ec", "#1d5fc4": "#eaf0fb"})
_MARK_COLOUR = "#e0a100"
_FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_BACK_COLOUR = "#1d6b3a"


def suit_colour(suit: Suit, *, four_colour: bool = False) -> str:
    """The ink for a suit: red and black, or one colour per suit."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def card_label(card: Card, *, marked: bool = False, dimmed: bool = False,
               down: bool = False, note: str | None = None) -> str:
    """What a screen reader says for a card, e.g. "Ten of spades, face down"."""
    parts = [card.name]
    if down:
        parts.append("face down")
    if marked:
        parts.append("marked")
    if dimmed:
        parts.append("dead")
    if note:
        parts.append(note)
    return ", ".join(parts)


def _size(size: Size | str) -> _Metrics:
    try:
        return _METRICS[Size(size)]
    except ValueError as error:
        choices = ", ".join(s.value for s in Size)
        raise ValueError(f"card size must be one of {choices}, not {size!r}") from error


PICTURES = "cards"
"""Where the card pictures are served, relative to every page of the site."""
_BACK = "back"
_JOKER_INK = "#6a3d9a"
"""The joker's ink: a purple no suit uses, in either deck style."""
_NAME = re.compile(r"([2-9TJQKA][cdhs]|Jk)(-four)?(-down)?")


def _svg_open(label: str) -> str:
    """The start of a card's own SVG document; its title names the card, so that what
    the picture shows can always be read back from it."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140">'
            f"<title>{html.escape(label)}</title>")


@functools.lru_cache(maxsize=512)
def _address(name: str) -> str:
    """A picture's address, with a digest of its drawing: a browser keeps the picture for
    good, and fetches it again only once the drawing changes."""
    drawing = picture(name)
    assert drawing is not None, name
    digest = hashlib.sha256(drawing.encode("utf-8")).hexdigest()[:10]
    return f"{PICTURES}/{name}.svg?v={digest}"


@functools.lru_cache(maxsize=1024)
def _image(name: str, *, width: int, label: str, style: str) -> str:
    """A card as one image of its picture: the browser draws a few elements per card
    instead of a dozen. ``alt`` is what a screen reader says. The image keeps its size in
    a fanned row (the page would shrink it to the sliver it shows), as a card held in a
    fan does."""
    return (f'<img src="{_address(name)}" alt="{html.escape(label)}" '
            f'width="{width}" height="{round(width * _ASPECT)}" '
            f'style="display:block;flex:none;max-width:none;{style}"/>')


def _ringed(width: int) -> str:
    """The gold ring of a marked card, drawn just inside the image's edge: nothing of it is
    cut, and in a fan it never covers the corner of the card beneath."""
    ring = max(2, width // 18)
    return (f"outline:{ring}px solid {_MARK_COLOUR};outline-offset:-{ring}px;"
            f"border-radius:{round(width * 0.09)}px;")


def _corner(rank: Rank, suit: Suit, colour: str) -> str:
    """Rank above a small suit, top left; drawn again rotated for bottom right."""
    fit = ' textLength="34" lengthAdjust="spacingAndGlyphs"' if rank is Rank.TEN else ""
    return (
        f'<text x="8" y="32" font-size="32" font-weight="700" fill="{colour}" '
        f'font-family="{_FONT}"{fit}>{rank.symbol}</text>'
        f'<text x="9" y="58" font-size="26" fill="{colour}" '
        f'font-family="{_FONT}">{suit.symbol}</text>'
    )


def _face_name(face: Card, *, four_colour: bool, down: bool) -> str:
    return face.ascii + ("-four" if four_colour else "") + ("-down" if down else "")


@functools.lru_cache(maxsize=256)
def picture(name: str) -> str | None:
    """The SVG picture named ``name`` (``Kh``, ``Kh-four``, ``Kh-down``, ``Kh-four-down`` or
    ``back``), or None for a name that is no card's: what the site serves at
    ``cards/<name>.svg``.

    >>> picture("Kh-down").count("<title>King of hearts, face down</title>")
    1
    >>> picture("Kh.svg") is None
    True
    """
    if name == _BACK:
        return _back_picture()
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    face, four_colour, down = read_card(found[1]), bool(found[2]), bool(found[3])
    return _face_picture(face, four_colour=four_colour, down=down)


def _joker_picture(*, down: bool) -> str:
    """The joker: its word down the middle and a star in each corner, in the ink of no
    suit, so it is never read as the ace of spades whose rank it carries."""
    paper = "#eef2f7" if down else "#ffffff"
    edge = "#8d98a6" if down else "#b7bcb4"
    corner = (f'<text x="9" y="30" font-size="26" fill="{_JOKER_INK}" '
              f'font-family="{_FONT}">★</text>')
    letters = "".join(
        f'<text x="50" y="{34 + 19 * i}" font-size="19" font-weight="700" text-anchor="middle" '
        f'fill="{_JOKER_INK}" font-family="{_FONT}">{letter}</text>'
        for i, letter in enumerate("JOKER"))
    return "".join([
        _svg_open(card_label(JOKER, down=down)),
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{paper}" '
        f'stroke="{edge}" stroke-width="2"/>', corner,
        f'<g transform="rotate(180 50 70)">{corner}</g>', letters,
        '<path d="M70 1.5 H89.5 A9 9 0 0 1 98.5 10.5 V30 Z" fill="#8d98a6"/>' if down else "",
        "</svg>"])


def _face_picture(face: Card, *, four_colour: bool, down: bool) -> str:
    if is_joker(face):
        return _joker_picture(down=down)
    colour = suit_colour(face.suit, four_colour=four_colour)
    paper = "#eef2f7" if down else "#ffffff"
    edge = "#8d98a6" if down else "#b7bcb4"
    parts = [
        _svg_open(card_label(face, down=down)),
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{paper}" '
        f'stroke="{edge}" stroke-width="2"/>',
    ]
    if face.rank >= Rank.JACK and face.rank != Rank.ACE:
        parts.append(
            f'<rect x="31" y="36" width="38" height="68" rx="4" fill="{_FACE_TINT[colour]}" '
            f'stroke="{colour}" stroke-width="1.5"/>'
        )
    parts.append(
        f'<text x="50" y="92" font-size="50" text-anchor="middle" fill="{colour}" '
        f'font-family="{_FONT}">{face.suit.symbol}</text>'
    )
    parts.append(_corner(face.rank, face.suit, colour))
    parts.append(f'<g transform="rotate(180 50 70)">{_corner(face.rank, face.suit, colour)}</g>')
    if down:
        parts.append('<path d="M70 1.5 H89.5 A9 9 0 0 1 98.5 10.5 V30 Z" fill="#8d98a6"/>')
    parts.append("</svg>")
    return "".join(parts)


def _back_picture() -> str:
    lattice = "".join(
        f'<path d="M{x} 12 L{x + 64} 128 M{x + 64} 12 L{x} 128" stroke="#ffffff" '
        f'stroke-opacity=".22" stroke-width="2"/>'
        for x in range(-52, 100, 16)
    )
    return "".join([
        _svg_open("Face-down card"),
        '<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#ffffff" '
        'stroke="#b7bcb4" stroke-width="2"/>',
        f'<svg x="8" y="8" width="84" height="124" viewBox="8 8 84 124">'
        f'<rect x="8" y="8" width="84" height="124" rx="5" fill="{_BACK_COLOUR}"/>'
        f"{lattice}</svg>",
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#0f3f22" '
        'stroke-width="2"/>',
        '<circle cx="50" cy="70" r="15" fill="#fbfaf6" stroke="#0f3f22" stroke-width="2"/>',
        f'<text x="50" y="78" font-size="22" text-anchor="middle" fill="{_BACK_COLOUR}" '
        f'font-family="{_FONT}">♠</text>',
        "</svg>",
    ])


def _state_style(width: int, *, marked: bool, dimmed: bool) -> str:
    return ("filter:grayscale(1);opacity:.38;" if dimmed else "") + (
        _ringed(width) if marked else "")


def card_html(card: Card, *, size: Size | str = Size.MEDIUM, four_colour: bool = False,
              marked: bool = False, dimmed: bool = False, down: bool = False,
              note: str | None = None) -> str:
    """One face-up card, drawn as an image of its picture.

    ``marked`` rings the card in gold (a first up card, a selection),
    ``dimmed`` greys it out (a dead or sacrificed card), ``down`` shows a face
    the viewer may see but the table may not (a hole card), with a shaded
    corner. ``note`` is added to what a screen reader says.
    """
    metrics = _size(size)
    label = card_label(card, marked=marked, dimmed=dimmed, down=down, note=note)
    return _image(_face_name(card, four_colour=four_colour, down=down), width=metrics.width,
                  label=label, style=_state_style(metrics.width, marked=marked, dimmed=dimmed))


def back_html(*, size: Size | str = Size.MEDIUM, label: str = "Face-down card",
              marked: bool = False, dimmed: bool = False) -> str:
    """The back of a card: what everyone sees of a hidden card."""
    metrics = _size(size)
    return _image(_BACK, width=metrics.width, label=label,
                  style=_state_style(metrics.width, marked=marked, dimmed=dimmed))


def _captioned(card_svg: str, caption: str | None, metrics: _Metrics) -> str:
    if caption is None:
        return card_svg
    return (
        '<div style="display:flex;flex-direction:column;align-items:center;gap:3px;'
        f'width:{metrics.width + 12}px">{card_svg}'
        # An empty caption keeps its line, so cards side by side (and the buttons under
        # them) line up whether or not each card has words under it.
        f'<div style="font-size:{metrics.caption_px}px;line-height:1.2;min-height:1.2em;'
        'color:var(--dc-muted, #4a524c);'
        f'text-align:center" aria-hidden="true">{html.escape(caption)}</div></div>'
    )


ONE_LINE = 7
"""A row of up to this many cards (a hand, a seven-card stud hand) keeps to one line on a
narrow screen, each card a little smaller; a longer row wraps."""


def cards_html(cards: Sequence[Card | None], *, size: Size | str = Size.MEDIUM,
               four_colour: bool = False, marked: Collection[Card] = (),
               dimmed: Collection[Card] = (), down: Collection[Card] = (),
               captions: Sequence[str | None] | None = None,
               label: str | None = None) -> str:
    """A row of cards; ``None`` draws a face-down back.

    A row of at most :data:`ONE_LINE` cards without captions stays on one line, its cards
    shrinking to fit. ``marked``, ``dimmed`` and ``down`` name which of the cards take that
    state; ``captions`` (one per card, or None) are short words under each
    card, e.g. "first up"; ``label`` names the whole row for a screen reader
    ("Seat 3's cards").
    """
    if captions is not None and len(captions) != len(cards):
        raise ValueError(f"{len(captions)} captions given for {len(cards)} cards")
    metrics = _size(size)
    gap = max(4, metrics.width // 10)
    one_line = captions is None and len(cards) <= ONE_LINE
    faces = []
    for index, item in enumerate(cards):
        if item is None:
            face = back_html(size=size)
        else:
            face = card_html(item, size=size, four_colour=four_colour,
                             marked=item in marked, dimmed=item in dimmed, down=item in down)
        if one_line:  # the site's style lets the picture shrink with its box
            face = (f'<div class="dc-card" style="flex:0 1 {metrics.width}px;min-width:0">'
                    f'{face}</div>')
        faces.append(_captioned(face, None if captions is None else captions[index], metrics))
    role = f' role="group" aria-label="{html.escape(label)}"' if label else ""
    wrap = "nowrap" if one_line else "wrap"
    return (
        f'<div{role} class="dc-row" style="display:flex;flex-wrap:{wrap};'
        f'align-items:flex-start;gap:{gap}px;padding:6px 2px">{"".join(faces)}</div>'
    )


def show_cards(cards: Sequence[Card | None], *, size: Size | str = Size.MEDIUM,
               marked: Collection[Card] = (), dimmed: Collection[Card] = (),
               down: Collection[Card] = (), captions: Sequence[str | None] | None = None,
               label: str | None = None, four_colour: bool | None = None) -> None:
    """Draw a row of cards in the page, in the sidebar's deck style unless told."""
    colours = deck_style() == "four-colour" if four_colour is None else four_colour
    # Every piece of text in the row is escaped by ``cards_html``. Drawn as HTML, not as
    # markdown's raw HTML: the browser then needs no markdown and HTML parser of its own
    # (a page of example hands, like the hand rankings, settles sooner for it).
    st.html(cards_html(cards, size=size, four_colour=colours, marked=marked,
                       dimmed=dimmed, down=down, captions=captions, label=label))


def fan_html(cards: Sequence[Card], *, size: Size | str = Size.SMALL, four_colour: bool = False,
             label: str) -> str:
    """Cards held in a fan, each turned a little about the bottom of its own middle: a
    game's picture. ``label`` names the picture for a screen reader."""
    metrics = _size(size)
    width, height = metrics.width, round(metrics.width * _ASPECT)
    step = round(width * 0.42)
    middle = (len(cards) - 1) / 2
    faces = "".join(
        f'<div style="position:absolute;left:{index * step}px;top:8px;'
        f'transform:rotate({(index - middle) * 7:.1f}deg);transform-origin:50% 120%">'
        f'{card_html(face, size=size, four_colour=four_colour)}</div>'
        for index, face in enumerate(cards))
    span = width + step * max(len(cards) - 1, 0)
    return (f'<div role="img" aria-label="{html.escape(label)}" style="position:relative;'
            f'width:{span + 16}px;height:{height + 22}px;margin:0 auto 4px">{faces}</div>')

"""A card whose caption is empty keeps the caption's line, so a row of captioned cards
(the partnership quiz's, where "added" comes and goes) keeps its buttons lined up."""

from __future__ import annotations

import re

from engine.cards import parse_cards
from ui.components.cards import cards_html


def _caption_styles(html: str) -> list[str]:
    return re.findall(r'<div style="([^"]*)" aria-hidden="true">', html)


def test_an_empty_caption_keeps_its_line_as_a_worded_one_does() -> None:
    html = cards_html(parse_cards("K♥ Q♥"), captions=["added", ""])
    styles = _caption_styles(html)
    assert len(styles) == 2 and styles[0] == styles[1]
    assert all("min-height:1.2em" in style for style in styles)


def test_cards_without_captions_have_no_caption_line() -> None:
    assert _caption_styles(cards_html(parse_cards("K♥ Q♥"))) == []

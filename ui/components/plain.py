"""Outside text shown through Streamlit's markdown as exactly the characters it holds.

Messages (``st.error``, ``st.success``, captions) are markdown, and a message
about a bad link, card or file quotes what the visitor sent. :func:`plain`
turns every character that could start markup (emphasis, links, code,
colours, icons, emoji, LaTeX, headings, lists, tables, HTML) into a numeric
character reference, which markdown shows as that character and never reads
as syntax, and puts an invisible word joiner before a ``.``, ``:`` or ``@``
inside a word, so no address is turned into a link. Raw HTML is never
rendered by Streamlit's markdown anyway; this keeps the rest of markdown out.

>>> plain("**bold** [x]")
'&#42;&#42;bold&#42;&#42; &#91;x&#93;'
>>> plain("Seat 2: 'Kx' is not a card.")
"Seat 2: 'Kx' is not a card."
>>> import html
>>> text = "<img src=x onerror=alert(1)> [x](javascript:alert(1)) :red[a] www.x.com"
>>> html.unescape(plain(text)).replace(WORD_JOINER, "") == text
True
"""

from __future__ import annotations

import re

WORD_JOINER = "\u2060"
"""An invisible character that stops markdown seeing ``www.x.com`` or ``a@b.c`` as a link."""
_MARKUP = re.compile(r"[\\`*_{}\[\]<>#|~$&]|[.:@](?=\S)")
_LEADING = re.compile(r"^(\s*)([-+=>!]|\d)")
"""A first character that would make a list, a heading rule or a quote."""


def _neutral(match: re.Match[str]) -> str:
    char = match.group()
    if char in ".@":
        return WORD_JOINER + char
    if char == ":":
        return WORD_JOINER + "&#58;"
    return f"&#{ord(char)};"


def plain(text: str) -> str:
    """``text`` as markdown showing exactly its characters (line breaks become spaces)."""
    flat = " ".join(str(text).splitlines())
    escaped = _MARKUP.sub(_neutral, flat)
    return _LEADING.sub(lambda m: m.group(1) + f"&#{ord(m.group(2))};", escaped, count=1)

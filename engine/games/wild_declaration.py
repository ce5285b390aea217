"""Wild cards as data: a game's ``[rules.wild]`` part, read and checked.

Fixed wild ranks (deuces wild), single wild cards (the one-eyed jacks, J♥ and J♠; the
suicide king, K♥), the rank whose face-up showing makes the next up card's
rank wild (Follow the Queen), each player's own lowest hole card (Kings and little
ones), the joker of a 53-card deck (``joker``: ``"bug"``, ``"wild"``, or a switch
setting's name, on for fully wild and off for the bug), and whether a natural hand
beats a wild one of equal rank (an announcement, or always). A wild card may stand for a
card the hand already holds, so five of a kind is always possible and ranks above a
straight flush.

>>> class T:  # the least of the loader's typed table, for the example
...     data = {"ranks": ["2"], "natural_first": "natural"}
...     def only(self, *keys): return self
...     def get(self, key, default=None): return self.data.get(key, default)
...     def where(self, key=None): return key
>>> read_wild(T())
WildDecl(ranks=(<Rank.TWO: 2>,), follow=None, lowest_hole=False, natural_first=False, \
natural_setting='natural', joker=None, joker_setting=None, cards=())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from engine.cards import Card, Rank, card, is_joker
from engine.wild import Joker

__all__ = ["WILD_KEYS", "WildDecl", "read_wild"]

WILD_KEYS = ("ranks", "cards", "follow", "lowest_hole", "natural_first", "five_of_a_kind", "joker")

_RANKS = MappingProxyType({name.lower(): rank for rank in Rank for name in (
    rank.symbol, rank.ascii, rank.word, rank.plural)})


class _Refusal(Protocol):
    def error(self, reason: str) -> ValueError: ...


class _Table(Protocol):
    """What of the loader's typed table this reading needs."""

    data: dict[str, Any]

    def only(self, *keys: str) -> Any: ...

    def get(self, key: str, default: Any = None) -> Any: ...

    def where(self, key: str | int | None = None) -> Any: ...


@dataclass(frozen=True, slots=True)
class WildDecl:
    """Which cards a game plays wild.

    ``ranks`` are wild in every hand, and so are ``cards`` (single cards); after a
    face-up card of rank ``follow``, the rank of the next card dealt face up is wild too
    (the last such follower counts; when the ``follow`` card is the last up card dealt,
    only the fixed ranks are wild: the common home rule); ``lowest_hole`` makes each
    player's lowest face-down rank wild in their own hand. ``natural_first`` (or the
    switch ``natural_setting``) lets a natural hand beat a wild hand of equal rank."""

    ranks: tuple[Rank, ...]
    follow: Rank | None
    lowest_hole: bool
    natural_first: bool
    natural_setting: str | None
    joker: Joker | None = None
    """How the joker plays (``None``: the deck holds none, or ``joker_setting`` says)."""
    joker_setting: str | None = None
    """A switch announcing the joker fully wild (on) or the bug (off)."""
    cards: tuple[Card, ...] = ()
    """Single cards wild in every hand, whatever their rank does."""
    places: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Where each key is written (the loader's ``Where``), to name it when refused."""

    def at(self, key: str) -> Any:
        """Where ``key`` is written, or the part itself if it is not."""
        return self.places.get(key, self.places[""])


def _rank(table: _Table, key: str, value: Any) -> Rank:
    rank = _RANKS.get(str(value).lower()) if isinstance(value, (str, int)) and \
        not isinstance(value, bool) else None
    if rank is None:
        raise table.where(key).error(f"{value!r} is not a rank (2 to 10, J, Q, K or A)")
    return rank


def _cards(table: _Table) -> tuple[Card, ...]:
    raw = table.get("cards", [])
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise table.where("cards").error("expected a list of cards, such as [\"Jh\", \"Js\"]")
    cards = []
    for text in raw:
        try:
            one = card(text)
        except ValueError as error:
            raise table.where("cards").error(f"{text!r} is not a card: {error}") from None
        if is_joker(one):
            raise table.where("cards").error("the joker is declared by joker = ..., not "
                                             "among the cards")
        cards.append(one)
    return tuple(dict.fromkeys(cards))


def read_wild(table: _Table) -> WildDecl | None:
    """The wild cards a ``[rules.wild]`` table declares (``None`` for an empty one), or
    the loader's error naming the file, line, key and reason."""
    table.only(*WILD_KEYS)
    if not table.data:
        return None
    joker = table.get("joker")
    if joker is not None and (not isinstance(joker, str) or not joker.strip()):
        raise table.where("joker").error(
            f"expected \"bug\", \"wild\" or a switch setting's name, not {joker!r}")
    if table.get("five_of_a_kind", True) is not True:
        raise table.where("five_of_a_kind").error(
            "with wild cards five of a kind is always a hand, above a straight flush; "
            "only true is allowed")
    raw = table.get("ranks", [])
    if not isinstance(raw, list):
        raise table.where("ranks").error("expected a list of ranks, such as [\"2\"]")
    ranks = tuple(dict.fromkeys(_rank(table, "ranks", r) for r in raw))
    follow = table.get("follow")
    lowest = table.get("lowest_hole", False)
    if not isinstance(lowest, bool):
        raise table.where("lowest_hole").error(f"expected true or false, not {lowest!r}")
    natural = table.get("natural_first", False)
    if not isinstance(natural, (bool, str)) or natural == "":
        raise table.where("natural_first").error(
            f"expected true, false or a switch setting's name, not {natural!r}")
    decl = WildDecl(ranks=ranks, follow=_rank(table, "follow", follow) if follow is not None
                    else None, lowest_hole=lowest,
                    natural_first=natural is True,
                    natural_setting=natural if isinstance(natural, str) else None,
                    joker=Joker(joker) if joker in tuple(Joker) else None,
                    joker_setting=joker if joker is not None and joker not in tuple(Joker)
                    else None,
                    cards=_cards(table),
                    places=MappingProxyType({"": table.where(), **{
                        key: table.where(key) for key in table.data}}))
    if not decl.ranks and not decl.cards and decl.follow is None and not decl.lowest_hole \
            and joker is None:
        raise table.where().error("declares no wild card: give ranks, cards, follow, "
                                  "lowest_hole or joker")
    return decl

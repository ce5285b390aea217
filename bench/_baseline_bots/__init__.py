"""The computer players as first shipped with the one betting policy, before the
improvements since (a bettor's range read from its raises, bet sizes by strength, the
draw games' measure, heads-up fixed-limit play): a
frozen copy of ``engine/bots`` kept for ``bench/bots.py`` to measure the new ones against,
so an improvement shows as a positive edge. Nothing on the site imports it; it changes only
when a new baseline is chosen on purpose (copy ``engine/bots`` here again, ``engine.bots.``
imports renamed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from bench._baseline_bots.base import Bot
from bench._baseline_bots.equity import EquityBot
from bench._baseline_bots.pick_a_partner import PartnerBot
from bench._baseline_bots.psycho import PsychoBot
from bench._baseline_bots.sophies_pick import SophieBot

__all__ = ["baseline_for"]

_OWN: Mapping[str, Callable[[], Bot]] = MappingProxyType({
    "pick-a-partner": PartnerBot,
    "sophies-pick": SophieBot, "double-sophie": SophieBot,
    "psycho": PsychoBot,
})


def baseline_for(game_id: str) -> Bot:
    """The previous computer player for this game: its own, or the general one."""
    return _OWN.get(game_id, EquityBot)()

"""Every game and announcement against pokerkit, a row each (``tests.support.oracle``):
pokerkit's game is dealt exactly the cards our engine dealt and given exactly the actions
it accepted, on random hands; at every decision both must name the same seat, offer the
same actions with the same amounts and hold the same pot, and at the end the stacks must
agree. What differs by design is set aside or allowed for, and counted (each game's
``tests/support/oracle_<game>.py`` says what)."""

from __future__ import annotations

import pytest

from tests.support.oracle import OFTEN, SHOWDOWNS, WITNESSES, OracleRow, Witness, row_blocks
from tests.support.scale import FAST


@pytest.mark.parametrize(("row", "seeds"), row_blocks(),
                         ids=lambda v: str(v) if isinstance(v, OracleRow)
                         else f"{v.start}-{v.stop}")
def test_the_engine_agrees_with_pokerkit(row: OracleRow, seeds: range) -> None:
    """Each block reaches showdowns, and often enough every situation its row names."""
    totals = row.play(seeds)
    assert totals["hands"] == len(seeds)
    if row.every_hand is not None:
        assert totals[row.every_hand] == len(seeds)
    assert totals["showdowns"] > len(seeds) * SHOWDOWNS
    if not FAST:  # the quick loop plays too few hands to reach every situation often
        for situation, share in {**OFTEN, **row.often}.items():
            assert totals[situation] > len(seeds) * share, (situation, totals)
    for situation, share in row.rarely.items():
        assert totals[situation] <= max(1, len(seeds) * share), (situation, totals)


@pytest.mark.parametrize("witness", WITNESSES, ids=str)
def test_a_rare_difference_of_convention_is_reached_and_named(witness: Witness) -> None:
    totals = witness.play(range(witness.seed, witness.seed + 1))
    assert totals[witness.situation] > 0

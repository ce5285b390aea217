"""What every collected test shares, the docstrings' examples included: a data folder of
its own for the run, so no test writes a link key or a store into the user's."""

from __future__ import annotations

import os
import tempfile

from ui.sessions.sealing import DATA_ENV

pytest_plugins = ("tests.support.tiers", "tests.support.timing", "tests.support.bytecode")
"""Each test's tier, each tier's cost printed at the end, and the run's bytecode made
once before the workers start (tests/support/)."""

# The site's data folder (the link key, the store) for this test run alone; servers the
# tests start inherit it.
os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="dealers-choice-test-")

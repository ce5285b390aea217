"""What the tests share: helpers, fixtures' building blocks and the suite's own plugins.

Test modules import from here and never from one another (``tests/test_suite_layout.py``
checks it).
"""

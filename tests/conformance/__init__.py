"""One suite every registered game gets without being named (see conftest.py)."""

"""Helpers shared between tests (no test module imports another)."""

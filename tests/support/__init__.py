"""Helpers shared between tests, by area (no test module imports another)."""

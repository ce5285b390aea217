"""Helpers shared between tests, by area."""

"""Benchmarks: each module with a ``main()`` prints its figures (``python -m bench``).

Absolute timings on a shared machine are noise, so every script measures its
peers in the same run and prints ratios next to the raw figures.
"""

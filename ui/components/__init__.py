"""What the pages are drawn from, with Streamlit: cards and their deck style, the table,
the action bar, the deal's setup panel, a hand's link and files, the host's controls and
notices. What they draw and change is plain Python beside them (``engine``, and the
session controllers in ``ui.sessions``)."""

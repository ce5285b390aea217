"""The site as one ASGI app: the pages of ``app.py``, and the site's own addresses beside
them (``ui.routes``: the card pictures, a game night's version check). ``make run``
serves it."""

import streamlit as st

from ui.routes import routes

app = st.App("app.py", routes=routes())

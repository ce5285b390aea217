"""Serve the site: ``python -m ui.serve [streamlit options]`` runs app.py.

Streamlit treats a folder named ``pages/`` beside the main script as an
old-style multipage app until the main script has run once in the server
process. A shared link opened first on a fresh server would then run that
page alone, without app.py's navigation and sidebar. Every page here is
listed by ``st.navigation`` in app.py, so we say so before the server starts.
"""

import sys
from pathlib import Path

from streamlit.runtime.pages_manager import PagesManager
from streamlit.web import cli

APP = Path(__file__).resolve().parents[1] / "app.py"


def main() -> None:
    PagesManager.uses_pages_directory = False
    sys.argv = ["streamlit", "run", str(APP), *sys.argv[1:]]
    cli.main(prog_name="streamlit")


if __name__ == "__main__":
    main()

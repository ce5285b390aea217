"""The site's own addresses beside Streamlit's pages: the card pictures every page
draws, and the socket that tells a game night's screens their table moved. ``app.py``
mounts them."""

from __future__ import annotations

from types import MappingProxyType

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from ui.components.cards import PICTURES, picture
from ui.night.watch import ADDRESS, follow

_KEPT = MappingProxyType({
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"})
"""A picture's address carries a digest of its drawing, so a browser may keep it for
good; opened on its own, the picture may run nothing."""


def card_picture(request: Request) -> Response:
    drawing = picture(request.path_params["name"])
    if drawing is None:
        return Response("No such card.", status_code=404, media_type="text/plain")
    return Response(drawing, media_type="image/svg+xml", headers=_KEPT)


def routes() -> list[BaseRoute]:
    """The addresses to mount beside Streamlit's own."""
    return [Route(f"/{PICTURES}/{{name}}.svg", card_picture),
            WebSocketRoute(f"/{ADDRESS}", follow)]

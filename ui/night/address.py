"""The address a game night's links carry: one a phone on the same network can open.

A host who runs the site on a laptop usually opens it at ``http://localhost:8501``,
the first address Streamlit prints. A link made from that address opens nothing on
a phone (its "localhost" is the phone itself), so a page reached through a loopback
address gives its links the machine's network address instead: the one Streamlit
prints as its "Network URL", found the way Streamlit finds it (the local end of a UDP
socket pointed at an outside address: no packet is sent). A site behind a proxy or a
tunnel names its public address in :data:`PUBLIC_URL_ENV`, which wins over both.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

PUBLIC_URL_ENV = "DEALERS_CHOICE_PUBLIC_URL"
"""A public base address for the night's links (``https://cards.example.org``), for a
site behind a proxy or a tunnel: wins over the address the host's browser used."""
_ROUTE_PROBE = ("8.8.8.8", 1)
"""Any outside address: connecting a UDP socket to it only picks the interface a packet
would leave by, whose address is the machine's network address. Nothing is sent."""
PAGE = "/night"


@dataclass(frozen=True, slots=True)
class LinkBase:
    """Where the night's links point (``http://192.168.1.20:8501/night``), and what the
    host and the TV are told about it ("" when the links use the address the host sees)."""

    url: str
    note: str = ""
    reachable: bool = True

    def link(self, secret: str) -> str:
        return f"{self.url}?t={secret}"

    @property
    def origin(self) -> str:
        """The site's address alone ("http://192.168.1.20:8501"), short enough for the TV."""
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (a phone cannot open it).

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "::1", "0.0.0.0", "192.168.1.5")]
    [True, True, True, True, False]
    """
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def network_ip() -> str | None:
    """This machine's address on its network, as Streamlit finds it; None without one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if is_loopback(found) else found


def _with_page(url: str, *, page_path: bool) -> str:
    """``url`` without query or fragment, ending at the night's page. ``page_path``: the
    path's last part names a page of the site (the browser's address), not a prefix a
    proxy serves the site under."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith(PAGE):
        path = (path.rsplit("/", 1)[0] if page_path else path) + PAGE
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _public(value: str) -> str | None:
    """The configured public address as the night page's base, or None if it is not an
    http(s) address with a host."""
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return _with_page(value.strip(), page_path=False)


def link_base(page_url: str | None, *, environ: dict[str, str] | None = None,
              find_ip: Callable[[], str | None] = network_ip) -> LinkBase:
    """Where the links of a night seen at ``page_url`` (the host's or the TV's browser
    address) point, and what to say about it.

    >>> link_base("http://192.168.1.5:8501/night").url
    'http://192.168.1.5:8501/night'
    >>> base = link_base("http://localhost:8501/night", find_ip=lambda: "192.168.1.5")
    >>> base.link("abc")
    'http://192.168.1.5:8501/night?t=abc'
    >>> link_base("http://localhost:8501", environ={PUBLIC_URL_ENV: "https://cards.example.org/"}).url
    'https://cards.example.org/night'
    """
    env = os.environ if environ is None else environ
    configured = env.get(PUBLIC_URL_ENV, "").strip()
    ignored = ""
    if configured:
        public = _public(configured)
        if public is not None:
            return LinkBase(public)
        ignored = (f" ({PUBLIC_URL_ENV} is set but is not an http or https address, so it "
                   "is not used.)")
    page = _with_page(page_url or "http://localhost:8501", page_path=True)
    parts = urlsplit(page)
    host = parts.hostname or "localhost"
    if not is_loopback(host):
        return LinkBase(page, ignored.strip(), reachable=True)
    found = find_ip()
    if found is None:
        return LinkBase(page, f"This computer has no network address a phone can reach, so "
                              f"these links open only on this computer. Connect it to the "
                              f"same network as the phones, or set {PUBLIC_URL_ENV} to the "
                              f"site's public address.{ignored}", reachable=False)
    netloc = found if parts.port is None else f"{found}:{parts.port}"
    url = urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    shown = urlunsplit((parts.scheme, netloc, "", "", ""))
    return LinkBase(url, f"Phones open the links at {shown}, this computer's network address "
                         f"({host} opens only on this computer). Phones must be on the same "
                         f"network.{ignored}")

"""No injection: nothing a visitor types, links or uploads reaches the page as live HTML
or markdown, and nothing from outside is evaluated or unpickled.

Three layers:

- a static check over the site's code (``app.py``, ``screens/``, ``ui/``,
  ``engine/``): no ``eval``, ``exec``, ``pickle`` and friends; every raw-HTML
  call (``st.html``, ``unsafe_allow_html=True``) draws the output of an HTML
  builder, or an f-string whose every value is escaped or a number;
- every HTML builder, fed hostile text in every text field of a view,
  escapes it;
- the pages, through AppTest: markup typed into every text box, or put in a
  link, shows up as text (escaped in the element's markdown), never as markup.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from engine.cards import parse_cards
from engine.games import new_hand
from engine.odds.tally import Estimate
from engine.state import Event, EventKind, HandState, HandView
from tests.support.hostile import IMG, MARKUP, SCRIPT, hostile_text
from tests.support.pages_fuzz import TEXT_SCREENS, Screen, _open, _text_boxes, _type
from tests.support.scale import FAST, scaled
from ui.components import cards as ui_cards
from ui.components import table as ui_table
from ui.components.plain import WORD_JOINER, plain
from ui.odds import charts as ui_odds_charts

ROOT = Path(__file__).resolve().parents[1]
SITE = [ROOT / "app.py", *sorted((ROOT / "screens").glob("*.py")),
        *sorted((ROOT / "ui").rglob("*.py"))]
EVERYTHING = [*SITE, *sorted((ROOT / "engine").rglob("*.py")),
              *sorted((ROOT / "content").rglob("*.py"))]

FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "execfile", "input"}
FORBIDDEN_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle",
                     "joblib", "subprocess", "pty"}
FORBIDDEN_ATTRIBUTES = {("yaml", "load"), ("yaml", "unsafe_load"), ("os", "system"),
                        ("os", "popen"), ("pd", "read_pickle"), ("pandas", "read_pickle")}
PICKLING_KEYWORDS = {"allow_pickle"}
"""``np.load(..., allow_pickle=True)`` unpickles; without it, it reads plain arrays."""
NUMBERS = {"ref.seed"}
"""Expressions put unescaped into raw HTML that are known to be whole numbers."""
ESCAPERS = {"html.escape", "escape", "_esc"}


@cache
def _tree(path: Path) -> ast.Module:
    """A file of the site parsed once for the three static checks that read it."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _trees(paths: list[Path]) -> Iterator[tuple[Path, ast.Module]]:
    for path in paths:
        yield path, _tree(path)


def _name(node: ast.AST) -> str:
    """``st.html`` for an attribute chain, ``eval`` for a name, else ``""``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _name(node.value)
        return f"{head}.{node.attr}" if head else node.attr
    return ""


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"


# --- the static check --------------------------------------------------------------------


def test_nothing_from_outside_is_evaluated_or_unpickled() -> None:
    found = []
    for path, tree in _trees(EVERYTHING):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in FORBIDDEN_CALLS:
                found.append(f"{_where(path, node)} calls {_name(node.func)}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                pair = (_name(node.func.value), node.func.attr)
                if pair in FORBIDDEN_ATTRIBUTES:
                    found.append(f"{_where(path, node)} calls {'.'.join(pair)}")
                if any(k.arg in PICKLING_KEYWORDS and not (
                        isinstance(k.value, ast.Constant) and k.value.value is False)
                       for k in node.keywords):
                    found.append(f"{_where(path, node)} allows unpickling")
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""]
                for name in names:
                    if name.split(".")[0] in FORBIDDEN_MODULES:
                        found.append(f"{_where(path, node)} imports {name}")
    assert not found, "\n".join(found)


def _raw_html_calls(tree: ast.Module) -> Iterator[tuple[ast.Call, ast.FunctionDef | None]]:
    """Every ``st.html(...)``, ``components.html(...)`` and ``unsafe_allow_html=True`` call,
    with the function it sits in."""
    def visit(node: ast.AST, function: ast.FunctionDef | None) -> Iterator[
            tuple[ast.Call, ast.FunctionDef | None]]:
        if isinstance(node, ast.FunctionDef):
            function = node
        if isinstance(node, ast.Call):
            name = _name(node.func)
            unsafe = any(k.arg == "unsafe_allow_html" and not (
                isinstance(k.value, ast.Constant) and k.value.value is False)
                for k in node.keywords)
            if unsafe or name.endswith(("st.html", "components.html", "v1.html")) \
                    or name == "html" and isinstance(node.func, ast.Name):
                yield node, function
        for child in ast.iter_child_nodes(node):
            yield from visit(child, function)
    yield from visit(tree, None)


def _builder(node: ast.AST) -> bool:
    """A call to an HTML builder (a function named ``*_html``, tested below)."""
    return isinstance(node, ast.Call) and _name(node.func).split(".")[-1].endswith("_html")


def _unsafe_values(node: ast.AST) -> list[str]:
    """The parts of an HTML argument that are neither escaped, numbers nor our constants."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) or _builder(node):
        return []
    if isinstance(node, ast.JoinedStr):
        bad = []
        for value in node.values:
            if not isinstance(value, ast.FormattedValue) or value.format_spec is not None:
                continue
            expr = value.value
            if isinstance(expr, ast.Call) and _name(expr.func) in ESCAPERS or _builder(expr):
                continue
            if ast.unparse(expr) in NUMBERS:
                continue
            bad.append(ast.unparse(expr))
        return bad
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _unsafe_values(node.left) + _unsafe_values(node.right)
    return [ast.unparse(node)]


def test_raw_html_only_draws_escaped_text() -> None:
    """Each raw-HTML call draws a builder's output, or escaped values and numbers only.

    A helper that takes the markup as a parameter (``_draw(markup)``) is
    checked at each of its callers in the same module.
    """
    found = []
    for path, tree in _trees(SITE):
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
        for call, function in _raw_html_calls(tree):
            argument = call.args[0] if call.args else next(
                (k.value for k in call.keywords if k.arg in ("body", "html")), None)
            if argument is None:
                continue
            parameters = {a.arg for a in function.args.args + function.args.kwonlyargs} \
                if function is not None else set()
            if isinstance(argument, ast.Name) and argument.id in parameters:
                assert function is not None
                for caller in calls:
                    if _name(caller.func) == function.name and caller.args:
                        found += [f"{_where(path, caller)}: {bad}"
                                  for bad in _unsafe_values(caller.args[0])]
                continue
            found += [f"{_where(path, call)}: {bad}" for bad in _unsafe_values(argument)]
    assert not found, "unescaped values in raw HTML:\n" + "\n".join(found)


def test_the_static_check_can_fail() -> None:
    """The checker itself flags what it must: an f-string of raw text, eval, pickle."""
    tree = ast.parse("import pickle\n"
                     "def page(name):\n"
                     "    st.html(f'<b>{name}</b>')\n"
                     "    st.markdown(f'<i>{html.escape(name)}</i>', unsafe_allow_html=True)\n"
                     "    eval(name)\n")
    (first, _), (second, _) = list(_raw_html_calls(tree))
    assert _unsafe_values(first.args[0]) == ["name"]
    assert _unsafe_values(second.args[0]) == []
    assert any(isinstance(n, ast.Call) and _name(n.func) in FORBIDDEN_CALLS
               for n in ast.walk(tree))


# --- the HTML builders ------------------------------------------------------------------------


def _hostile_view(text: str) -> HandView:
    """A real finished hand's view with every piece of text replaced by ``text``."""
    state: HandState = new_hand("seven-card-stud", players=3, seed=5)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(next((a for a in legal if a.kind.value in ("check", "call", "show")),
                         legal[0]))
    view = state.view(None)
    seats = tuple(replace(s, name=text, showing=text, notes=(text, text)) for s in view.seats)
    events = tuple(Event(e.kind, text, rule=text, seat=e.seat, street=text)
                   for e in view.events) + (Event(EventKind.STREET, text),)
    settlement = view.settlement
    assert settlement is not None
    awards = tuple(replace(a, name=text, rule=text,
                           hands=tuple((s, cards, text) for s, cards, _ in a.hands))
                   for a in settlement.awards)
    return replace(view, game_name=text, street=text, seats=seats, events=events,
                   settlement=replace(settlement, awards=awards))


CARD_IMAGE = re.compile(r'<img src="cards/[A-Za-z0-9-]+\.svg\?v=[0-9a-f]+" alt="[^"<>]*" '
                        r'width="\d+" height="\d+" style="[^"<>]*"/>')
"""A card as the site draws it: the only image tag its own markup holds."""


QR_IMAGE = re.compile(r'<img src="data:image/svg\+xml;base64,[A-Za-z0-9+/=]+" width="\d+" '
                      r'height="\d+" alt="QR code: [^"<>]*" style="[^"<>]*"/>')
"""A link's QR code as ``ui.night.show.qr_html`` draws it: segno's picture, escaped words."""


def without_card_images(markup: str) -> str:
    """``markup`` less the site's own card images and QR codes, so that any other image
    stands out."""
    return QR_IMAGE.sub("", CARD_IMAGE.sub("", markup))


@pytest.mark.parametrize("text", [*MARKUP, '"><svg onload=alert(1)>', "' onmouseover='x"])
def test_every_html_builder_escapes_every_text_field(text: str) -> None:
    view = _hostile_view(text)
    cards = parse_cards("Kh 10s")
    outputs = {
        "ui.components.table.table_html": ui_table.table_html(view, you={0}, marked=cards),
        "ui.components.table.felt_html": ui_table.felt_html(view, you={0}, marked=cards),
        "ui.components.table.log_html": ui_table.log_html(view.events, empty=text),
        "ui.components.table.event_html": ui_table.event_html(view.events[0]),
        "ui.components.table.settlement_html": ui_table.settlement_html(view, you={0}),
        "ui.components.cards.cards_html": ui_cards.cards_html(cards, captions=[text, text],
                                                              label=text),
        "ui.components.cards.card_html": ui_cards.card_html(cards[0]),
        "ui.components.cards.back_html": ui_cards.back_html(),
        "ui.components.cards.fan_html": ui_cards.fan_html(cards, label=text),
        "ui.odds.charts.bars_html": ui_odds_charts.bars_html(
            {text: Estimate(0.4, 0.39, 0.41)}, title=text, axis=text, highlight=text),
        "ui.odds.charts.grouped_html": ui_odds_charts.grouped_html(
            {text: {text: Estimate(0.4, 0.39, 0.41)}}, title=text, axis=text),
    }
    for name, markup in outputs.items():
        for fragment in ("<img", "<script", "<svg onload", "' onmouseover"):
            if fragment in text:
                assert fragment not in without_card_images(markup), \
                    f"{name} let {fragment!r} through"
        if name not in ("ui.components.cards.card_html", "ui.components.cards.back_html",
                        "ui.components.table.event_html"):
            assert html.escape(text, quote=False) in markup or \
                html.escape(text) in markup, f"{name} dropped the text instead of showing it"
    modules = (ui_table, ui_cards, ui_odds_charts)
    builders = {f"{module.__name__}.{name}" for module in modules
                for name in dir(module) if name.endswith("_html") and not name.startswith("_")
                and getattr(module, name).__module__ == module.__name__}
    assert builders <= set(outputs), f"untested HTML builders: {builders - set(outputs)}"


def test_every_html_builder_in_the_site_is_tested_here() -> None:
    tested = {"ui/components/table.py": {"table_html", "felt_html", "log_html", "event_html",
                                         "settlement_html"},
              "ui/components/cards.py": {"cards_html", "card_html", "back_html", "fan_html"},
              "ui/odds/charts.py": {"bars_html", "grouped_html"},
              "ui/night/show.py": {"qr_html", "chips_html", "codes_html"},
              # The TV's: tests/test_night_page.py feeds them hostile names.
              "ui/night/tv_table.py": {"round_table_html", "how_it_plays_html", "tv_news_html",
                                       "tv_style_html", "scan_html", "head_html",
                                       "showdown_html"},
              "ui/night/lobby_screens.py": {"chairs_html", "lobby_tv_html"},
              "ui/night/results_screen.py": {"standings_html", "settle_up_html",
                                             "results_tv_html"},
              "ui/night/parts.py": {"at_html", "part_html"}}
    found: dict[str, set[str]] = {}
    for path, tree in _trees(SITE):
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                 and n.name.endswith("_html") and not n.name.startswith("_")}
        if names:
            found[str(path.relative_to(ROOT))] = names
    assert found == tested, "an HTML builder was added or moved: test its escaping above"


# --- plain(): markdown that shows exactly the text ---------------------------------------------


MARKUP_CHARS = re.compile(r"[\\`*_{}\[\]<>#|~$]")


@settings(max_examples=scaled(400), deadline=None, database=None)
@given(hostile_text(max_size=80))
def test_plain_text_shows_every_character_and_no_markup(text: str) -> None:
    shown = plain(text)
    assert html.unescape(shown).replace(WORD_JOINER, "") == " ".join(text.splitlines())
    bare = re.sub(r"&#\d+;", "\0", shown)
    assert not MARKUP_CHARS.search(bare)
    assert not re.search(rf"(?<!{WORD_JOINER})[.:@]\S", bare)
    assert "\n" not in shown and "\r" not in shown


@pytest.mark.parametrize("text", ["# title", "- item", "+ item", "1. first", "> quote", "=== ",
                                  "!x"])
def test_plain_text_starts_no_block(text: str) -> None:
    assert plain(text).startswith("&#")


def test_scripts_are_plain_too() -> None:
    assert "<" not in plain(SCRIPT) and "<" not in plain(IMG)


# --- the pages: markup typed or linked shows up as text --------------------------------------


TYPED = ("<img src=x onerror=alert(1)>", "**bold**", "[x](javascript:alert(1))", ":red[red]",
         ":material/home:", "$x^2$", "`code`", "~~gone~~", "# heading")
"""Markup at the start of a box (card boxes quote the first token they cannot read)."""
LIVE = ("<img", "<script", "**bold**", "[x](", ":red[red]", ":material/home:", "$x^2$",
        "`code`", "~~gone~~", "# heading")
"""Markup that must never reach rendered markdown as it was typed."""
MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")

def _rendered(at: Any) -> list[tuple[str, str]]:
    """Every piece of the page Streamlit renders as markdown or HTML: (what, source)."""
    found = [(kind, e.value) for kind in ("markdown", "caption", "error", "warning", "info",
                                          "success", "title", "header", "subheader")
             for e in getattr(at, kind)]
    found += [("button", b.label) for b in at.button]
    found += [("html", str(e.proto.body)) for e in at.get("html")]
    return found


def _as_shown(source: str) -> str:
    """Roughly what a reader sees: entities decoded, escapes and word joiners dropped."""
    return MARKDOWN_ESCAPE.sub(r"\1", html.unescape(source)).replace(WORD_JOINER, "")


def assert_shown_as_text(at: Any, typed: str) -> None:
    """``typed`` reached no markdown or HTML as markup, and its first word is on the page."""
    pieces = _rendered(at)
    for kind, source in pieces:
        live = MARKDOWN_ESCAPE.sub("\0", without_card_images(source))
        for fragment in LIVE:
            if fragment in typed:
                assert fragment not in live, f"{fragment!r} is live in a {kind}: {source[:200]}"
    first = typed.split()[0][:20]
    assert any(first in _as_shown(source) for _, source in pieces), \
        f"{first!r} is not shown anywhere on the page"


@pytest.mark.parametrize("screen", TEXT_SCREENS, ids=[s.name for s in TEXT_SCREENS])
def test_markup_typed_into_every_box_shows_as_text(screen: Screen) -> None:
    at = _open(screen)
    for index, (kind, key) in enumerate(_text_boxes(at)):
        original = getattr(at, kind)(key=key).value
        for typed in TYPED if index == 0 else TYPED[index % 2:index % 2 + 1] if FAST else TYPED[:2]:
            _type(at, kind, key, typed, submit=screen.submit_for(key))
            assert not at.exception, at.exception[0].value
            assert_shown_as_text(at, typed)
        _type(at, kind, key, original)
        if screen.submit and not any(w.key == key for w in at.text_input):
            screen.prepare(at)


LINKED = [("play", {"game": "seven-card-stud", "players": "3", "seed": "1"}, "settings"),
          ("play", {"game": "seven-card-stud", "players": "3", "seed": "1"}, "actions"),
          ("host", {"players": "3", "seed": "1"}, "game"),
          ("quiz", {"level": "random", "seed": "1"}, "drill")]


@pytest.mark.parametrize(("where", "params", "name"), LINKED,
                         ids=[f"{p}-{n}" for p, _, n in LINKED])
def test_markup_in_a_link_shows_as_text(where: str, params: dict[str, str], name: str) -> None:
    from tests.support.hostile import site_page

    for typed in TYPED:
        at = site_page(where, params={**params, name: typed}, timeout=60)
        assert not at.exception, at.exception[0].value
        assert at.error, f"{typed!r} in {name} was taken without a word"
        assert_shown_as_text(at, typed)

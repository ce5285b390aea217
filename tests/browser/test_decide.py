"""The tests' own way of making a decision (``tests.support.browser.decide``), in the real
browser, on a page that stands in for the site's action bar and redraws it under a new number while
its cards are being chosen, as a game night's phone does when another seat acts: the
decision is read again before every click, so it is made once, on the decision drawn
last, with every card it needs. No server is needed: the page counts its runs the way
``app_runs.js`` does for the site.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tests.support.browser import decide

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html><body><div data-testid="stApp" id="app"
  data-test-connection-state="CONNECTED" data-test-script-state="notRunning"></div>
<script>
const runs = {step: 0, asked: 0, finished: 0, committed: 0, messages: []};
window.__appRuns = runs;
const setup = SETUP;
const hand = ["K\u2665", "K\u2660", "7\u2666", "7\u2663", "9\u2660", "2\u2665"];
const app = document.getElementById("app");
let number = 7, taps = 0, picked = {pair1: [], pair2: [], cards: []};
window.made = [];

function pills(key, cards, chosen, prompt) {
  const box = document.createElement("div");
  box.className = "st-key-" + key;
  box.append(prompt);
  for (const card of cards) {
    const button = document.createElement("button");
    button.innerText = card;
    button.setAttribute("aria-pressed", String(chosen.includes(card)));
    button.onclick = () => run(() => {
      const at = chosen.indexOf(card);
      if (at < 0) chosen.push(card); else chosen.splice(at, 1);
    });
    box.append(button);
  }
  app.append(box);
}

function final(key, label, ready) {
  const box = document.createElement("div");
  box.className = "st-key-" + key;
  const button = document.createElement("button");
  button.innerText = label;
  button.disabled = !ready;
  button.onclick = () => run(() => { window.made.push([number, label]); number = null; });
  box.append(button);
  app.append(box);
}

function draw() {
  app.replaceChildren();
  if (number === null) return;
  const step = "play_act_" + number;
  if (setup.kind === "cards") {
    pills(step + "_cards", hand, picked.cards, "Choose the three cards to turn up");
    final(step + "_confirm", "Expose " + picked.cards.join(" "), picked.cards.length === 3);
    return;
  }
  pills(step + "_pair1", hand, picked.pair1, "Pair 1: tap two cards");
  if (picked.pair1.length === 2) {
    const rest = hand.filter(c => !picked.pair1.includes(c));
    pills(step + "_pair2_" + picked.pair1.join(""), rest, picked.pair2, "Pair 2");
  }
  final(step + "_lock", "Lock " + [...picked.pair1, ...picked.pair2].join(" "),
        picked.pair1.length === 2 && picked.pair2.length === 2);
}

function run(change) {
  runs.asked = ++runs.step;
  app.dataset.testScriptState = "running";
  setTimeout(() => {
    change();
    taps += 1;
    if (number !== null && setup.renames.includes(taps)) {
      number += 1;  // redrawn under a new number: new widgets, nothing chosen
      picked = {pair1: [], pair2: [], cards: []};
    }
    draw();
    app.dataset.testScriptState = "notRunning";
    runs.finished = ++runs.step;
    runs.committed = ++runs.step;
  }, 30);
}
draw();
runs.finished = ++runs.step;
runs.committed = ++runs.step;
</script></body></html>"""


@pytest.fixture
def stand_in(page: Page) -> Page:
    return page


def _open(page: Page, kind: str, renames: list[int]) -> None:
    page.set_content(PAGE.replace("SETUP", json.dumps({"kind": kind, "renames": renames})))


@pytest.mark.parametrize("renames", [[], [1], [3], [1, 2]])
def test_pairs_are_locked_once_on_the_decision_drawn_last(stand_in: Page,
                                                           renames: list[int]) -> None:
    _open(stand_in, "pairs", renames)
    label = decide(stand_in)
    assert stand_in.evaluate("window.made") == [[7 + len(renames), label]]
    assert len(label.removeprefix("Lock ").split()) == 4


@pytest.mark.parametrize("renames", [[], [1], [2, 4]])
def test_cards_are_chosen_and_confirmed_once_on_the_decision_drawn_last(
        stand_in: Page, renames: list[int]) -> None:
    _open(stand_in, "cards", renames)
    label = decide(stand_in)
    assert stand_in.evaluate("window.made") == [[7 + len(renames), label]]
    assert len(label.removeprefix("Expose ").split()) == 3

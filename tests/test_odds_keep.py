"""Odds widgets keep the typed cards when an option changes (the same hand compared under
both low rankings, say); a question no longer valid says why. Also: the stud widget's own
deal at eight live hands on seventh street, with its community card."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.pages_odds import answered, errors, open_widget


def _text(at: AppTest, key: str) -> str:
    return str(at.text_input(key=key).value)


def _free(at: AppTest, keys: list[str], wanted: str) -> str:
    """``wanted``'s cards with any the other boxes hold swapped for free low cards."""
    held = {card for key in keys for card in _text(at, key).split()}
    spare = iter(c for c in (f"{r}{s}" for r in "2345678" for s in "♣♦♥♠")
                 if c not in held and c not in wanted.split())
    return " ".join(c if c not in held else next(spare) for c in wanted.split())


def test_stud_keeps_typed_cards_through_hands_street_and_widget_changes() -> None:
    at = open_widget("stud")
    at.text_input(key="odds_stud_down").input("2♣ 2♦").run()
    at.text_input(key="odds_stud_up1").input("K♠ Q♠ J♠").run()
    answered(at)
    at.selectbox(key="odds_stud_hands").set_value(5).run()
    assert _text(at, "odds_stud_down") == "2♣ 2♦" and _text(at, "odds_stud_up1") == "K♠ Q♠ J♠"
    answered(at)
    at.selectbox(key="odds_stud_street").set_value(6).run()
    assert _text(at, "odds_stud_up1").startswith("K♠ Q♠ J♠ ")
    assert _text(at, "odds_stud_down") == "2♣ 2♦"
    answered(at)
    at.radio(key="odds_widget").set_value("psycho").run()
    at.radio(key="odds_widget").set_value("stud").run()
    assert _text(at, "odds_stud_up1").startswith("K♠ Q♠ J♠ ")
    answered(at)


def test_stud_eight_live_hands_on_seventh_street_answer_with_a_community_card() -> None:
    at = open_widget("stud")
    at.selectbox(key="odds_stud_hands").set_value(8).run()
    at.selectbox(key="odds_stud_street").set_value(7).run()
    answered(at)
    assert len(_text(at, "odds_stud_down").split()) == 2
    assert len(_text(at, "odds_stud_community").split()) == 1
    at.button(key="odds_stud_deal").click().run()
    answered(at)
    community = _text(at, "odds_stud_community")
    at.text_input(key="odds_stud_community").input("").run()
    at.text_input(key="odds_stud_down").input(f"{_text(at, 'odds_stud_down')} {community}").run()
    assert any("one community card" in e for e in errors(at))


def test_psycho_compares_the_same_hand_under_both_low_rankings() -> None:
    at = open_widget("psycho")
    at.selectbox(key="odds_psycho_players").set_value(4).run()  # heads-up by default
    rivals = [_text(at, f"odds_psycho_up{i}") for i in range(3)]
    mine = _free(at, [f"odds_psycho_up{i}" for i in range(3)], "A♠ 2♦ 3♣ 5♥ 9♠")
    at.text_input(key="odds_psycho_mine").input(mine).run()
    ace_five = answered(at) and at.table[0].value
    at.radio(key="odds_psycho_ranking").set_value("deuce-to-seven").run()
    assert _text(at, "odds_psycho_mine") == mine
    assert [_text(at, f"odds_psycho_up{i}") for i in range(3)] == rivals
    answered(at)
    assert not at.table[0].value.equals(ace_five)
    at.selectbox(key="odds_psycho_players").set_value(6).run()
    assert _text(at, "odds_psycho_mine") == mine
    assert [_text(at, f"odds_psycho_up{i}") for i in range(3)] == rivals
    answered(at)
    at.selectbox(key="odds_psycho_mode").set_value("draw").run()
    at.text_input(key="odds_psycho_hand").input("K♠ K♦ 7♣ 4♥ 2♠").run()
    answered(at)
    at.selectbox(key="odds_psycho_mode").set_value("declare").run()
    assert _text(at, "odds_psycho_mine") == mine
    at.selectbox(key="odds_psycho_mode").set_value("draw").run()
    assert _text(at, "odds_psycho_hand") == "K♠ K♦ 7♣ 4♥ 2♠"


def test_psycho_draw_cuts_a_big_table_with_a_message() -> None:
    at = open_widget("psycho")
    at.selectbox(key="odds_psycho_players").set_value(10).run()
    answered(at)
    at.selectbox(key="odds_psycho_mode").set_value("draw").run()
    assert any("at most" in w.value for w in at.warning)
    answered(at)


def test_sophie_keeps_the_hole_cards_through_opponents_and_boards() -> None:
    at = open_widget("sophie")
    at.text_input(key="odds_sophie_hole").input("A♠ A♦ K♣ Q♣ 7♥ 2♠").run()
    answered(at)
    at.selectbox(key="odds_sophie_opponents").set_value(4).run()
    assert _text(at, "odds_sophie_hole") == "A♠ A♦ K♣ Q♣ 7♥ 2♠"
    answered(at)
    at.radio(key="odds_sophie_boards").set_value(2).run()
    assert _text(at, "odds_sophie_hole") == "A♠ A♦ K♣ Q♣ 7♥ 2♠"
    answered(at)
    at.selectbox(key="odds_sophie_stage").set_value("flop").run()
    answered(at)


def test_partner_keeps_the_up_cards_and_says_when_the_table_no_longer_fits() -> None:
    at = open_widget("partner")
    at.text_input(key="odds_partner_ups").input("A♠ 9♦ K♣ 4♥").run()
    at.selectbox(key="odds_partner_me").set_value("1").run()
    at.text_input(key="odds_partner_hidden").input("").run()
    answered(at)
    at.selectbox(key="odds_partner_players").set_value(6).run()
    ups = _text(at, "odds_partner_ups").split()
    assert ups[:4] == ["A♠", "9♦", "K♣", "4♥"] and len(ups) == 6
    at.text_input(key="odds_partner_ups").input("A♠ 9♦ K♣ 4♥ 3♣ 2♦").run()
    answered(at)
    at.selectbox(key="odds_partner_me").set_value("6").run()
    at.selectbox(key="odds_partner_players").set_value(4).run()
    assert any("Seat 6" in w.value for w in at.warning)
    assert _text(at, "odds_partner_ups") == "A♠ 9♦ K♣ 4♥"
    assert any("Seat 1 picks before you" in e for e in errors(at))


def test_a_dealt_sample_gives_way_to_a_card_typed_elsewhere() -> None:
    """The dealt down cards hold a card; typing it as another hand's up card moves the
    sample's card, not the visitor's, and no clash is reported."""
    at = open_widget("stud")
    dealt = _text(at, "odds_stud_down").split()
    ups = _text(at, "odds_stud_up1").split()
    at.text_input(key="odds_stud_up1").input(" ".join([dealt[0], *ups[1:]])).run()
    answered(at)
    assert not errors(at)
    assert _text(at, "odds_stud_up1").split()[0] == dealt[0]
    assert dealt[0] not in _text(at, "odds_stud_down").split()
    # a box the visitor typed keeps its card: a real clash is still named
    at.text_input(key="odds_stud_down").input(dealt[0]).run()
    assert any("is both in" in e or "twice" in e or "both" in e for e in errors(at))

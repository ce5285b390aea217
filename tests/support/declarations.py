"""A game that is one data file: Mexican-style six-card stud, its words and its rules in
one TOML text, for the tests that drop it into a game folder and find it everywhere."""

from __future__ import annotations

SIX_CARD_STUD = '''
id = "six-card-stud"
name = "Six-card stud"
page = "six-card-stud"
tagline = "Stud cut short: two cards down and one up, two more up, the last one down."
summary = "Six cards each, three of them hidden; the best five win."
common_mistakes = ["Playing all six cards: only the best five count."]
glossary = ["ante", "up-card", "hole-card"]

[walkthrough]
players = 4
seed = 1

[walkthrough.streets]
"3rd street" = "Two cards down, one up; the lowest up card brings in."

[at_a_glance]
players = "2 to 8"
cards = "Six each: three down, three up"
betting = "Fixed limit: an ante, a bring-in, four betting rounds"
pot = "High only"

[[order_of_play]]
title = "The deal"
text = "Two down and one up, then two more up and one down, a betting round after each."

[[special_rules]]
title = "The best five"
text = "Of the six cards a player holds, the best five make the hand."

[rules]
name = "Six-card stud"
order = 95
players = { min = 2, max = 8 }

[[rules.settings]]
name = "ante"
label = "Ante"
help = "Paid by everyone before the deal."
default = 1
minimum = 0
maximum = 1000

[[rules.settings]]
name = "bring_in"
label = "Bring-in"
help = "The forced bet of the lowest up card."
default = 2
minimum = 1
maximum = 1000

[[rules.settings]]
name = "small_bet"
label = "Small bet"
help = "The bet size in the first two rounds."
default = 4
minimum = 1
maximum = 1000

[[rules.settings]]
name = "big_bet"
label = "Big bet"
help = "The bet size in the last two rounds."
default = 8
minimum = 1
maximum = 1000

[[rules.checks]]
setting = "bring_in"
rule = "below"
than = "small_bet"

[[rules.steps]]
kind = "ante"
amount = "ante"

[[rules.steps]]
kind = "deal"
street = "3rd street"
cards = "ddu"
burn = false

[[rules.steps]]
kind = "bet"
bring_in = "bring_in"

[[rules.steps]]
kind = "deal"
street = "4th street"
cards = "u"

[[rules.steps]]
kind = "bet"
opens = "showing"

[[rules.steps]]
kind = "deal"
street = "5th street"
cards = "u"

[[rules.steps]]
kind = "bet"
stake = "big"
opens = "showing"

[[rules.steps]]
kind = "deal"
street = "6th street"
cards = "d"

[[rules.steps]]
kind = "bet"
stake = "big"
opens = "showing"

[[rules.steps]]
kind = "showdown"
'''


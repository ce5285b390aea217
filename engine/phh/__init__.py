"""Hand histories in the poker world's standard format, PHH (``.phh``), written and read.

PHH (the Poker Hand History format, read by pokerkit) is TOML: the variant,
the stakes, the starting stacks and one line per card dealt or decision
taken. This package writes every hand of the site as PHH and reads back
the stud games and the board games (hold'em, Omaha) from any writer that
follows the standard, and the site's own files of every game. Its parts:
``variants`` (the table from game and announcements to PHH variant code),
``notation`` (the hand as PHH lines, read from the hand's typed record,
``HandState.record``), ``write``, ``reader`` (a file's fields, checked),
``replay`` (the lines by the site's rules), ``stud``, ``board`` and ``draw`` (those
games from any writer) and ``load`` (which reader a file takes).

Seats: the site's seats ``0..n-1`` (clockwise from the dealer's left, the
dealer last) are PHH's players ``p1..pn``, in the same order: pokerkit's
seven-card stud has no button, and its player 1 is the site's Seat 1; in
its hold'em and Omaha the last player is the button, as the site's dealer.

**Seven-card stud** is written as standard ``variant = "F7S"``: ``antes``
(one per player), ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``, and ``actions``: ``d dh p1 AhKd7c`` (cards dealt to a
player, down and up alike, as PHH has it), ``d db 9s`` (the community card
dealt when the stock runs short), ``p3 pb`` (bring-in), ``p1 cbr 10``
(complete, bet or raise *to* 10), ``p2 cc`` (check or call), ``p2 f``
(fold), ``p1 sm AhKd7c2s9h4d5c`` (shows) and ``p1 sm`` (mucks).
``ante_trimming_status = true``: a seat all in for less than the ante
shares only in what it put in, as on this site. pokerkit's own reader loads
such a file and replays it to the same stacks, provided the hand used only
what the two engines share. Where the site's announcements differ from
pokerkit's conventions, the file says so in its user fields (below):

- ``open_pair`` (on by default): an open pair on fourth street lets anyone
  bet the big bet; pokerkit has no such rule, so a hand where it was used
  cannot be replayed by pokerkit;
- heads-up the site has no cap on raises; pokerkit caps every round at a
  bet and three raises;
- ``showing_ties`` (suit by default): pokerkit breaks equal showings by
  seat order, the site's ``seat`` setting;
- ``short_stock`` (community card by default): pokerkit shuffles the muck
  back first, the site's ``reshuffle`` setting;
- odd chips of a split pot go one each to the winners nearest the dealer's
  left; pokerkit gives them all to the first.

A stud file from another writer is read with pokerkit's conventions
(open pair off, equal showings by seat, the muck reshuffled; a community
card if the file deals one), the cards it deals stacked into the site's
deck, and its decisions replayed by the site's rules. A card is burned
only when the stock has one to spare for the street. When the stock cannot
give every player a card, the writer's deal from its own reshuffle of the
muck cannot be followed from one deck: the file is refused on the line
that deals a card a second time (or that the site's reshuffle deals
otherwise, or where the site's burn would take a card the file deals),
saying so; a card dealt twice before the stock can have run short is
refused as the plain duplicate it is.

A muck (``p2 sm``) is kept wherever the site's rules let that hand be
mucked (a hand beaten by those shown). pokerkit also lets a player concede
by mucking a hand that would win, or at an all-in before the last cards;
the site has no concession (it shows a hand that can still win, and deals
every hand still in to the end), so such a file is refused on the muck
line when it would pay the mucked hand. A file that ends before cards the
site deals (the next street, or an all-in's run-out) is refused too: the
site never makes up a card the file does not name.

**Hold'em and Omaha** are written under PHH's codes where it has one for the
announcements: ``NT`` (no-limit hold'em), ``FT`` (fixed-limit hold'em), ``PO``
(pot-limit Omaha high) and ``FO/8`` (fixed-limit Omaha eight or better), with
``blinds_or_straddles`` (small then big, heads-up too, as pokerkit reads them:
it has the dealer post the small blind itself), ``min_bet`` (the big blind)
or, at fixed limit, ``small_bet`` and ``big_bet`` (the big blind and twice
it), hole cards as ``d dh p1 AhKd`` and each board street on its own line
(``d db 9s8d2c``, then ``d db Js``, then ``d db 4h``). PHH has no code for
pot-limit hold'em nor for Omaha announced another way: those hands are
written as the site's own variant (below). A file of these codes from another
writer has its cards stacked into the site's deck and its decisions replayed
by the site's rules; other players' hole cards written ``??`` (a seat's file
from this site, or a player's own history) are read as for stud (below): the
hand opens as its writer's view, or, when the file deals nobody's cards known
(an online dataset's hands, ``????`` until shown), as a watcher's, every hole
card face down. Read as the site's announcements: antes from every player,
a big blind ante (dead money in the main pot, as tournaments play it, where
pokerkit's ante trimming hands it back), a straddle from the third player, and
a hand mucked at the showdown that could have won, or that nobody saw (a
concession). A decision the file leaves out is a check where free, else a
fold, as pokerkit reads it. Amounts in any unit (dollars and cents, a
tournament's millions) are counted exactly in whole chips
(:mod:`engine.phh.amounts`); a ``.phhs`` file holds many hands
(:mod:`engine.phh.many`). Refused, with the line and the reason: other antes, a
second straddle, bet sizes other than the site's, equal blinds heads-up
(pokerkit then has the big blind act first before the flop), a bet of a size
the site's structure does not allow (pokerkit 0.7.7's ``FO/8`` class bets pot
limit), twice-dealt cards, an unknown board card and a file
that ends before cards the site deals. Odd chips of a split pot go one each
to the winners nearest the dealer's left; pokerkit gives them all to the
first (and counts them on the pots it merges). As in stud, heads-up the site
has no cap on fixed-limit raises, where pokerkit's reader stops at a bet and
three raises.

**Short-deck hold'em** is written as ``NS`` (no limit) as hold'em is; its button
blind (every player antes, the dealer posts one blind) is written on the last player,
heads-up on the first, as pokerkit places it. **The draw games** are written under
``F2L3D`` (deuce-to-seven triple draw), ``N2L1D`` (deuce-to-seven single draw, no
limit) and ``FB`` (badugi), with ``small_bet`` and ``big_bet`` or ``min_bet``; a draw
is written as PHH and pokerkit play it, every player's discard first (``p1 sd 7s8h``,
``p2 sd`` standing pat), then each one's new cards (``d dh p1 2c3d``), where the site
deals a player's new cards as soon as they discard (as ``_actions`` keeps them). Such a
file from another writer is read by :mod:`engine.phh.draw`: every card must be known,
and a draw dealt from a stock rebuilt from the cards out of play (by the writer, or
where the site would rebuild its own) is refused on its line, saying so.

**The home games** (Pick a Partner, Sophie's Pick, Double Sophie, Psycho)
have no PHH variant, so they are written with ``variant =
"dealers-choice:<game id>"`` (``dealers-choice:pick-a-partner`` ...; a
game PHH has a code for is written under it: ``engine.phh.variants``): a
string pokerkit's reader (``HandHistory.loads``) accepts as a file, though
pokerkit cannot play it. ``actions`` holds only what standard PHH can say
(cards dealt, bets, draws as ``p1 sd 7c2d``, shows); the full sequence,
with the games' own steps, is the user field ``_actions``:

- ``p1 tu Kd`` turns a card up; ``p1 pp p4`` picks Seat 4 as partner;
- ``p1 lp AhAdKsKc2s2c`` locks three pairs; ``p1 sc 2s2c`` sacrifices a pair;
- ``p1 sd 7c2d`` discards (``p1 sd`` stands pat); ``p1 ex AhKd7c`` exposes;
- ``p1 dc high`` declares (``high``, ``low`` or ``both``);
- ``d db 9s8d2c # board 2``: the second board's cards.

User fields (PHH's ``_``-prefixed fields, which other readers ignore):
``_format``/``_version`` (``"dealers-choice-phh"``, 1), ``_game`` (the
site's game id), ``_settings`` (every announcement, as the site's JSON
writes them), ``_house_rules`` (the announcements in words), ``_seed`` and,
for a typed or stacked deck, ``_deck`` (the shuffle, only in the host's
file: a stacked deck's reshuffle of the discards uses the seed),
``_actions`` (every step of the hand, the games' own included; the host's
file of any game, stud too, replays its shuffle by these, so a stud hand
dealt from the site's reshuffled muck reloads exactly) and ``_view``.

**Hidden cards.** :func:`to_phh` with a ``viewer`` seat writes that seat's
view: every card hidden from it is ``??`` (so ``????`` for two), a secret
choice not yet revealed is ``??``, and neither seed nor deck is written;
the file says ``_view = "Seat 3"``. The host's file (``viewer=None``) has
every card and reloads exactly.

**Unknown cards.** A seven-card stud file may write a down card ``??``
(a card its writer never saw, as pokerkit writes one): a seat's file from
this site, or a player's own hand history from elsewhere. A showdown line
naming the cards (``p3 sm AhKd7c2s9h4d5c``, in the order dealt) tells
them. :func:`read_phh` replays the rest with spare cards standing in, the
weakest they can be, and says whose view the hand opens as
(:class:`PhhHand`): the seat the file deals every card to, or a watcher's,
so that no page shows a stand-in. It refuses a file whose up card is
unknown (the up cards say who brings in and who bets first) and one whose
unknown cards the site's rules would show at the showdown (a stand-in
would decide the pot). A home game's seat file cannot be replayed: the
game replays only from its shuffle.

:func:`read_phh` and :func:`load_phh` (a hand with every card known) raise
``ValueError`` for anything they cannot follow, with a message naming the
line and the reason.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=2, seed=3)
>>> text = to_phh(state)
>>> text.splitlines()[0]
'variant = "F7S"'
>>> load_phh(text).to_json() == state.to_json()
True
"""


from __future__ import annotations

from engine.phh.load import is_phh, load_phh, read_phh
from engine.phh.reader import PhhHand
from engine.phh.variants import STANDARD, STUD, VARIANT_PREFIX, variant_code
from engine.phh.write import FORMAT, to_phh

__all__ = ["FORMAT", "STANDARD", "STUD", "VARIANT_PREFIX", "PhhHand", "is_phh", "load_phh",
           "read_phh", "to_phh", "variant_code"]

"""Seven Up, the All Fours two-hander (RULES.md §1).

In brief: 52 cards, A high ... 2 low; six cards each (two rounds of three) and a card turned to
propose trump, a turned Jack scoring 1 for the dealer; eldest stands or begs, a beg making the
dealer run the cards (three more each and a new turn-up, until a new suit turns; a void deal if
the pack runs out first); after a run both discard down to six; six tricks where the second
player follows suit or trumps; then High, Low, Jack and Game, one point each; the first to 7.

Actions: ``stand``, ``beg``, under ``gift`` the dealer's ``give`` and ``run``, ``discard 5H``
(hidden from the other seat), ``play QS``. Variants: ``gift``, ``free_discard``, ``dealt_low``,
``tens_only_game``, ``tie_game_to_eldest``, ``count_out`` (see :class:`SevenUpRules`). The
state's fields and their invariants are described in :mod:`atout.sevenup.state`.
"""

from atout.sevenup.game import SevenUp
from atout.sevenup.rules import SevenUpRules
from atout.sevenup.state import SevenUpState
from atout.sevenup.view import SevenUpDealResult, SevenUpView

__all__ = ["SevenUp", "SevenUpDealResult", "SevenUpRules", "SevenUpState", "SevenUpView"]

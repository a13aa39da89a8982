"""Schnapsen, the Austrian two-hander (RULES.md §3).

In brief: 20 cards (A 10 K Q J, worth 11 10 4 3 2); five cards each and a ten-card stock under a
face-up trump card; trick and draw with no obligation to follow while the stock is open, strict
follow-and-win once it is exhausted or closed; marriages of King and Queen (20, 40 in trumps);
the trump Jack exchange; closing; the first to 66 card points wins the deal 1, 2 or 3 game
points; the match runs from 7 to 0.

Actions: ``play QS``, ``play KH marriage`` / ``play QH marriage``, ``exchange``, ``close``, and
under ``manual_claim`` ``claim`` (on lead, beside the leads) and, after winning the last trick,
``claim`` or ``pass``. Variants: ``closer_fail_tricks_at_end``, ``manual_claim``,
``last_trick_ten`` (see :class:`SchnapsenRules`). The state's fields and their invariants are
described in :mod:`atout.schnapsen.state`.
"""

from atout.schnapsen.game import Schnapsen
from atout.schnapsen.rules import SchnapsenRules
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.view import SchnapsenDealResult, SchnapsenView

__all__ = ["Schnapsen", "SchnapsenDealResult", "SchnapsenRules", "SchnapsenState",
           "SchnapsenView"]  # fmt: skip

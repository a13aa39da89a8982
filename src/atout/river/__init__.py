"""Up and Down the River, Oh Hell played down and up, for 3 to 8 players (RULES.md §2).

In brief: a 52-card pack, A high; rounds of N, N-1, … 1, … N cards (N is 10, or fewer with
more players; 2N-1 rounds). The dealer deals one card at a time, starting left, and turns the
next card for trump (none when all 52 are dealt); the deal passes left. Each seat bids the
tricks it will take, from left of the dealer round to the dealer, who may not make the bids add
up to the cards (the hook). Follow suit if able; the highest trump, else the highest card of
the led suit, wins; the winner leads. A trick is 1 point, an exact bid 10 more; the most points
after the last round win, ties sharing.

Actions: ``bid 3``, ``play QS``. Variants: ``players``, ``start_cards``, ``simultaneous_bids``,
``no_hook``, ``double_one``, ``exact_only`` (see :class:`RiverRules`). The state's fields and
their invariants are described in :mod:`atout.river.state`.
"""

from atout.river.game import River
from atout.river.rules import RiverRules
from atout.river.state import RiverState
from atout.river.view import RiverDealResult, RiverView, RoundScore

__all__ = ["River", "RiverDealResult", "RiverRules", "RiverState", "RiverView", "RoundScore"]

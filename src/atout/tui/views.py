"""Facts read off the three games' views, each of which names them its own way: the trump
suit a hand is sorted by, the hand, the hand sizes, the dealer, the tricks."""

from __future__ import annotations

from atout.core.state import TrickRecord, View
from atout.river.view import RiverView
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.view import SevenUpView

__all__ = ["current_trick", "dealer_of", "finished_tricks", "hand_of", "hand_sizes", "trump_of"]


def trump_of(view: View) -> int | None:
    """The suit a hand is sorted by: the trump suit, or (Seven Up, before the suit is
    settled) the turn-up's; ``None`` without trumps."""
    if isinstance(view, SevenUpView):
        return view.trump if view.trump is not None else view.turn_up // 13
    if isinstance(view, (SchnapsenView, RiverView)):
        return view.trump
    return None


def hand_of(view: View) -> tuple[int, ...]:
    """The view's own cards (none for a spectator)."""
    if isinstance(view, (SchnapsenView, SevenUpView, RiverView)) and view.hand is not None:
        return tuple(view.hand)
    return ()


def hand_sizes(view: View) -> tuple[int, ...]:
    """How many cards each seat holds."""
    if isinstance(view, (SchnapsenView, SevenUpView, RiverView)):
        return view.hand_sizes
    return ()


def dealer_of(view: View) -> int | None:
    """The dealer of the view's deal."""
    if isinstance(view, (SchnapsenView, SevenUpView, RiverView)):
        return view.dealer
    return None


def finished_tricks(view: View) -> tuple[TrickRecord, ...]:
    """The finished tricks of the view's deal, oldest first."""
    if isinstance(view, SevenUpView):
        return view.tricks
    if isinstance(view, (SchnapsenView, RiverView)):
        return view.history
    return ()


def current_trick(view: View) -> tuple[int, tuple[int, ...]]:
    """The leader of the trick being played and the cards on the table."""
    if isinstance(view, (SchnapsenView, SevenUpView, RiverView)):
        return view.leader, view.trick
    return 0, ()

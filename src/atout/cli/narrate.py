"""Events and views in English words, for the terminal and for transcripts.

Faces never compute a rule: everything said here is read off events, views and results. Each
sentence names seats through ``names`` (``["you", "the computer"]``, or the record's seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import card_text, cards_text, suit_name
from atout.core.events import (
    CardPlayed,
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
    TrickWon,
    TrumpTurned,
)
from atout.core.state import View
from atout.river.events import BidMade, BidsRevealed, NoTrump
from atout.river.view import RiverDealResult, RiverView
from atout.schnapsen.events import (
    CardDrawn,
    Claimed,
    MarriageCredited,
    MarriageDeclared,
    StockClosed,
    TrumpExchanged,
)
from atout.schnapsen.tables import STRENGTH
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.events import (
    PROPOSED,
    TRUMP,
    Begged,
    CardsRun,
    CardTurned,
    Discarded,
    GiftGiven,
    JackTurned,
    Stood,
)
from atout.sevenup.view import SevenUpDealResult, SevenUpView

__all__ = ["REASONS", "describe", "status"]

#: How a Schnapsen deal was decided, in words.
REASONS = {
    "66": "reached 66",
    "last_trick": "won the last trick",
    "closer_failed": "the closer did not reach 66",
    "opponent_66_after_close": "reached 66 after the other closed",
    "wrong_claim": "the other claimed 66 wrongly",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb(name: str, you: str, other: str) -> str:
    """``you`` for the second person, ``other`` for a third person."""
    return you if name == "you" else other


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for an event, or ``None`` for events not worth a line."""
    seat = getattr(event, "seat", None)
    who = names[seat] if isinstance(seat, int) else ""
    if isinstance(event, DealStarted):
        dealer = names[event.dealer]
        return f"Deal {event.deal}: {dealer} {_verb(dealer, 'deal', 'deals')}."
    if isinstance(event, CardsDealt):
        if event.cards is None:
            return None
        return f"{_cap(who)} {_verb(who, 'are', 'is')} dealt {cards_text(event.cards)}."
    if isinstance(event, TrumpTurned):
        return f"{card_text(event.card)} is turned: {suit_name(event.suit)} are trumps."
    if isinstance(event, CardPlayed):
        return f"{_cap(who)} {_verb(who, 'play', 'plays')} {card_text(event.card)}."
    if isinstance(event, TrickWon):
        worth = f" ({event.points})" if event.points else ""
        return f"{_cap(who)} {_verb(who, 'win', 'wins')} the trick{worth}."
    if isinstance(event, CardDrawn):
        if event.card is None:
            return f"{_cap(who)} {_verb(who, 'draw', 'draws')} a card."
        face_up = " (the trump card)" if event.face_up else ""
        return f"{_cap(who)} {_verb(who, 'draw', 'draws')} {card_text(event.card)}{face_up}."
    if isinstance(event, TrumpExchanged):
        return (
            f"{_cap(who)} {_verb(who, 'exchange', 'exchanges')} {card_text(event.jack)} "
            f"for {card_text(event.card)}."
        )
    if isinstance(event, StockClosed):
        return f"{_cap(who)} {_verb(who, 'close', 'closes')} the stock."
    if isinstance(event, MarriageDeclared):
        waits = "" if event.credited else " (it counts once a trick is won)"
        return (
            f"{_cap(who)} {_verb(who, 'declare', 'declares')} {event.points} in "
            f"{suit_name(event.suit)}{waits}."
        )
    if isinstance(event, MarriageCredited):
        return f"{_cap(who)} now {_verb(who, 'count', 'counts')} {event.points} for a marriage."
    if isinstance(event, Claimed):
        verdict = "correctly" if event.correct else "wrongly"
        return f"{_cap(who)} {_verb(who, 'claim', 'claims')} 66 {verdict}, with {event.points}."
    if isinstance(event, _SEVEN_UP_EVENTS):
        return _seven_up_event(event, who, names)
    if isinstance(event, _RIVER_EVENTS):
        return _river_event(event, who, names)
    if isinstance(event, DealEnded):
        if isinstance(event.result, RiverDealResult):
            return river_deal_summary(event.result, names)
        if isinstance(event.result, SevenUpDealResult):
            return seven_up_deal_summary(event.result, names)
        return deal_summary(event.result.to_dict(), names)
    if isinstance(event, MatchEnded):
        if not event.winners:
            return "The match is over."
        winners = " and ".join(names[s] for s in event.winners)
        verb = "win" if len(event.winners) > 1 else _verb(winners, "win", "wins")
        return f"{_cap(winners)} {verb} the match."
    return None


def deal_summary(deal: dict[str, Any], names: Sequence[str]) -> str:
    """A finished deal in a sentence (Schnapsen's per-deal result)."""
    winner = names[deal["winner"]]
    points = deal["points"]
    reason = REASONS.get(deal["reason"], deal["reason"])
    card_points = " to ".join(str(p) for p in deal["card_points"])
    plural = "s" if points != 1 else ""
    return (
        f"{_cap(winner)} {_verb(winner, 'win', 'wins')} deal {deal['deal']}: {points} game "
        f"point{plural} ({reason}; card points {card_points})."
    )


def status(view: View, names: Sequence[str]) -> list[str]:
    """The table as a few lines, from a seat's view."""
    if isinstance(view, SchnapsenView):
        return _schnapsen_status(view, names)
    if isinstance(view, RiverView):
        return _river_status(view, names)
    if isinstance(view, SevenUpView):
        return _seven_up_status(view, names)
    return [str(view.to_dict())]


def _schnapsen_status(v: SchnapsenView, names: Sequence[str]) -> list[str]:
    me = v.seat if v.seat is not None else 0
    other = 1 - me
    trump = f"{suit_name(v.trump)} are trumps"
    if v.trump_card is not None:
        trump += f" (face up: {card_text(v.trump_card)})"
    if v.closed:
        stock = f"stock closed by {names[v.closed_by or 0]}"
    else:
        stock = f"stock {v.stock_size}" if v.stock_size else "stock exhausted"
    waiting = f" (+{v.pending[me]} waiting)" if v.pending[me] else ""
    lines = [
        f"Deal {v.deal}, {names[v.dealer]} dealt · {trump} · {stock}",
        f"To go: {names[me]} {v.to_go[me]}, {names[other]} {v.to_go[other]} · "
        f"card points: {names[me]} {v.points[me]}{waiting}, {names[other]} {v.points[other]} · "
        f"tricks {v.tricks[me]} to {v.tricks[other]}",
    ]
    if v.history:
        last = v.history[-1]
        lines.append(
            f"Last trick: {names[last.leader]} led {card_text(last.cards[0])}, "
            f"{names[1 - last.leader]} played {card_text(last.cards[1])}; "
            f"{names[last.winner]} won {last.points}"
        )
    if v.trick:
        lines.append(f"On the table: {names[v.leader]} led {card_text(v.trick[0])}")
    if v.hand is not None:
        lines.append(f"Your hand: {cards_text(_sorted_hand(v.hand, v.trump), symbols=True)}")
    return lines


def _sorted_hand(hand: Any, trump: int) -> list[int]:
    """Trumps first, then the other suits; high cards first within a suit."""
    return sorted(hand, key=lambda c: (c // 13 != trump, c // 13, -STRENGTH[c]))


# --- Seven Up ---------------------------------------------------------------------------------

_SEVEN_UP_EVENTS = (CardTurned, JackTurned, Stood, Begged, GiftGiven, CardsRun, Discarded)


def _seven_up_event(event: Event, who: str, names: Sequence[str]) -> str | None:
    """A sentence for an event only Seven Up has."""
    if isinstance(event, CardTurned):
        card, suit = card_text(event.card), suit_name(event.suit)
        if event.outcome == PROPOSED:
            return f"{card} is turned up: {suit} are proposed as trumps."
        if event.outcome == TRUMP:
            return f"{card} is turned up: {suit} are trumps."
        return f"{card} is turned up: {suit} again, so it is set aside."
    if isinstance(event, JackTurned):
        jack = "the Jack of the new trumps" if event.new_trump else "the Jack"
        return f"{_cap(who)} {_verb(who, 'turn', 'turns')} {jack}: 1 point."
    if isinstance(event, Stood):
        return f"{_cap(who)} {_verb(who, 'stand', 'stands')}: {suit_name(event.suit)} are trumps."
    if isinstance(event, Begged):
        return f"{_cap(who)} {_verb(who, 'beg', 'begs')}."
    if isinstance(event, GiftGiven):
        return (
            f"{_cap(who)} {_verb(who, 'give', 'gives')} {names[event.to]} one point: "
            f"{suit_name(event.suit)} stay trumps."
        )
    if isinstance(event, CardsRun):
        again = " again" if event.run > 1 else ""
        return f"{_cap(who)} {_verb(who, 'run', 'runs')} the cards{again}."
    if isinstance(event, Discarded):
        what = "a card" if event.card is None else card_text(event.card)
        return f"{_cap(who)} {_verb(who, 'discard', 'discards')} {what}."
    return None


def seven_up_deal_summary(deal: SevenUpDealResult, names: Sequence[str]) -> str:
    """A finished Seven Up deal in a sentence: the points, and who scored each and why."""
    if deal.void:
        return (
            f"Deal {deal.deal} is void: the pack ran out before a new suit turned up, "
            "so nothing scored in it counts."
        )
    totals = " to ".join(str(t) for t in deal.game_totals)
    card = {"high": deal.high_card, "low": deal.low_card}
    parts = []
    for label, key in (("turned Jack", "turned_jack"), ("gift", "gift"),
                       ("Jack turned as trump", "new_trump_jack"), ("High", "high"),
                       ("Low", "low"), ("Jack", "jack"), ("Game", "game")):  # fmt: skip
        seat = getattr(deal, key)
        if seat is not None:
            shown = card.get(key)
            why = f" ({card_text(shown)})" if shown is not None else ""
            parts.append(f"{label} {names[seat]}{why}" + (f" ({totals})" if key == "game" else ""))
    if deal.counted_out is None:
        if deal.high_card is None:
            parts.append("no trump in play")
        if deal.game is None:
            parts.append(f"Game nobody ({totals}, equal)")
    scored = ", ".join(f"{names[s]} {deal.points[s]}" for s in (0, 1))
    line = f"Deal {deal.deal} scores {scored} ({'; '.join(parts)})."
    if deal.counted_out is not None:
        winner = names[getattr(deal, deal.counted_out)]
        point = deal.counted_out.replace("_", " ")
        line += f" {_cap(winner)} {_verb(winner, 'count', 'counts')} out on {point}."
    return line


def _seven_up_status(v: SevenUpView, names: Sequence[str]) -> list[str]:
    me = v.seat if v.seat is not None else 0
    other = 1 - me
    if v.trump is None:
        trump = f"turn-up {card_text(v.turn_up)}: {suit_name(v.turn_up // 13)} proposed as trumps"
    else:
        trump = f"{suit_name(v.trump)} are trumps (turn-up {card_text(v.turn_up)})"
    lines = [
        f"Deal {v.deal}, {names[v.dealer]} dealt, {names[v.eldest]} eldest · {trump} · "
        f"{v.cards_left} cards undealt",
        f"Score: {names[me]} {v.scores[me]}, {names[other]} {v.scores[other]} (7 to win)"
        + (f" · this deal so far: {v.deal_points[me]} to {v.deal_points[other]}"
           if any(v.deal_points) else ""),
    ]  # fmt: skip
    if v.rejected:
        lines.append(f"Set aside: {cards_text(v.rejected)}")
    if v.stage == "stand_or_beg":
        lines.append(f"{_cap(names[v.eldest])} {_verb(names[v.eldest], 'stand', 'stands')} or "
                     f"{_verb(names[v.eldest], 'beg', 'begs')}.")  # fmt: skip
    elif v.stage == "give_or_run":
        lines.append(f"{_cap(names[v.dealer])} {_verb(names[v.dealer], 'give', 'gives')} one or "
                     f"{_verb(names[v.dealer], 'run', 'runs')} the cards.")  # fmt: skip
    elif v.stage == "discard":
        lines.append(f"Discards: each hand goes down to 6, one card at a time "
                     f"({names[v.eldest]} first).")  # fmt: skip
    if v.tricks:
        last = v.tricks[-1]
        lines.append(
            f"Last trick: {names[last.leader]} led {card_text(last.cards[0])}, "
            f"{names[1 - last.leader]} played {card_text(last.cards[1])}; "
            f"{names[last.winner]} took it"
        )
    if v.trick:
        lines.append(f"On the table: {names[v.leader]} led {card_text(v.trick[0])}")
    if v.hand is not None:
        trump_suit = v.trump if v.trump is not None else v.turn_up // 13
        hand = sorted(v.hand, key=lambda c: (c // 13 != trump_suit, c // 13, -c))
        lines.append(f"Your hand: {cards_text(hand, symbols=True)}")
    if v.discards:
        lines.append(f"Your discards: {cards_text(v.discards, symbols=True)}")
    return lines


# --- Up and Down the River --------------------------------------------------------------------

_RIVER_EVENTS = (BidMade, BidsRevealed, NoTrump)


def _river_event(event: Event, who: str, names: Sequence[str]) -> str:
    if isinstance(event, BidMade):
        if event.tricks is None:
            return f"{_cap(who)} {_verb(who, 'make', 'makes')} a sealed bid."
        sealed = " (sealed)" if event.sealed else ""
        return f"{_cap(who)} {_verb(who, 'bid', 'bids')} {event.tricks}{sealed}."
    if isinstance(event, BidsRevealed):
        return "The bids: " + ", ".join(f"{names[s]} {b}" for s, b in enumerate(event.bids)) + "."
    return "All 52 cards are dealt: this round has no trumps."


def river_deal_summary(deal: RiverDealResult, names: Sequence[str]) -> str:
    """A finished River round in a sentence: each seat's bid, tricks and points, then the
    running totals."""
    seats = range(len(deal.bids))
    scored = "; ".join(
        f"{names[s]} bid {deal.bids[s]} and took {deal.tricks[s]} ({deal.points[s]})" for s in seats
    )
    totals = ", ".join(f"{names[s]} {deal.totals[s]}" for s in seats)
    plural = "s" if deal.cards != 1 else ""
    return f"Round {deal.deal} ({deal.cards} card{plural}): {scored}. Totals: {totals}."


def _river_status(v: RiverView, names: Sequence[str]) -> list[str]:
    n = len(v.hand_sizes)
    trump = "no trumps"
    if v.trump is not None and v.turned is not None:
        trump = f"{suit_name(v.trump)} are trumps (turned: {card_text(v.turned)})"
    plural = "s" if v.cards != 1 else ""
    lines = [f"Round {v.deal} of {v.rounds} · {v.cards} card{plural} · {names[v.dealer]} dealt · "
             f"{trump}"]  # fmt: skip
    lines += _river_sheet(v, names)
    if v.history:
        last = v.history[-1]
        lines.append(f"Last trick: {_river_trick(last.leader, last.cards, n, names)}; "
                     f"{names[last.winner]} took it")  # fmt: skip
    if v.trick:
        lines.append(f"On the table: {_river_trick(v.leader, v.trick, n, names)}")
    if v.hand is not None:
        hand = sorted(v.hand, key=lambda c: (c // 13 != v.trump, c // 13, -c))
        lines.append(f"Your hand: {cards_text(hand, symbols=True)}")
    return lines


def _river_trick(leader: int, cards: Sequence[int], n: int, names: Sequence[str]) -> str:
    return ", ".join(f"{names[(leader + i) % n]} {card_text(c)}" for i, c in enumerate(cards))


def _river_sheet(v: RiverView, names: Sequence[str]) -> list[str]:
    """The score sheet as a table: a row per round (its cards), a column per player; a cell
    is bid/tricks taken: running total. The round in play shows the bids this seat may see
    (``?`` sealed, ``-`` not yet made) and the tricks so far."""
    n = len(v.hand_sizes)
    rows = [["cards", *(names[s] for s in range(n))]]
    for r in v.sheet:
        cells = [f"{r.bids[s]}/{r.tricks[s]}: {r.totals[s]}" for s in range(n)]
        rows.append([str(r.cards), *cells])
    if not v.match_over:
        bids = [
            "-" if not v.has_bid[s] else "?" if v.bids[s] is None else str(v.bids[s])
            for s in range(n)
        ]
        rows.append([f"{v.cards} now", *(f"{bids[s]}/{v.tricks[s]}" for s in range(n))])
    widths = [max(len(row[i]) for row in rows) for i in range(n + 1)]
    lines = ["Score sheet (bid/taken: total):"]
    for row in rows:
        lines.append("  " + "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    return lines

"""Events in words, in the reader's language: one sentence per event, or ``None``.

This mirrors the web table's ``static/js/narrate.js`` line for line: the same catalog keys,
the same choices, read off the same event dicts (:meth:`Event.to_dict`, or
``event.seen_by(viewer).to_dict()`` for what a seat was sent). There are two because the
browser cannot run Python and the terminal table should not run JavaScript; the sentences live
once, in the catalogs, and a change to one narrator belongs in the other too (the tests narrate
whole matches of each game in every language with this one).

Everything said is read off the events; nothing is worked out. A sentence about the reader's
own seat (``me``) takes the ``.you`` form of its key; about another seat, the plain form with
``{who}`` from ``name(seat)``. Every sentence starts with a capital.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from atout.i18n import Translator

__all__ = ["describe"]

#: Seven Up's points, in the order a deal's result names them.
_SEVEN_UP_POINTS = ("high", "low", "jack", "game")


def describe(
    event: Mapping[str, Any], me: int | None, name: Callable[[int], str], tr: Translator
) -> str | None:
    """One sentence for ``event`` (a dict with its ``type``), as the reader at seat ``me``
    (``None``: a spectator) reads it in ``tr``'s language; ``None`` for events not worth a line
    (an event of a kind it does not know, the cards another seat is dealt, a card drawn
    unseen). ``name(seat)`` names another seat ("the computer", "Alice")."""
    ev = event

    def about(key: str, seat: int, **values: Any) -> str:
        if seat == me:
            return tr.cap(f"{key}.you", **values)
        return tr.cap(key, **values, who=name(seat))

    def card(text: str) -> str:
        return tr.card_phrase(text)

    kind = ev.get("type")
    if kind == "deal_started":
        return about("ev.deal_started", ev["dealer"], deal=ev["deal"])
    if kind == "cards_dealt":
        # Another seat's cards arrive as None: how many it was dealt is not news.
        if ev.get("cards") is None:
            return None
        return about("ev.cards_dealt", ev["seat"], count=ev["count"])
    if kind == "trump_turned":
        return tr.cap(
            "ev.trump_turned",
            card=card(ev["card"]),
            name=tr.card_name(ev["card"]),
            suit=tr.suit(ev["suit"]),
        )
    if kind == "card_played":
        return about("ev.card_played", ev["seat"], card=card(ev["card"]))
    if kind == "trick_won":
        key = "ev.trick_won_points" if ev.get("points") else "ev.trick_won"
        return about(key, ev["seat"], points=ev.get("points"))
    if kind == "card_drawn":
        if not ev.get("card"):
            return None
        key = "ev.card_drawn_trump" if ev.get("face_up") else "ev.card_drawn"
        return about(key, ev["seat"], card=card(ev["card"]))
    if kind == "trump_exchanged":
        return about("ev.trump_exchanged", ev["seat"], jack=card(ev["jack"]), card=card(ev["card"]))
    if kind == "stock_closed":
        return about("ev.stock_closed", ev["seat"])
    if kind == "marriage_declared":
        key = "ev.marriage" if ev.get("credited") else "ev.marriage_waits"
        return about(key, ev["seat"], points=ev["points"], suit=tr.suit(ev["suit"]))
    if kind == "marriage_credited":
        return about("ev.marriage_credited", ev["seat"], points=ev["points"])
    if kind == "claimed":
        key = "ev.claim_right" if ev.get("correct") else "ev.claim_wrong"
        return about(key, ev["seat"], points=ev["points"])
    if kind == "card_turned":
        return tr.cap(
            f"ev.card_turned.{ev['outcome']}",
            card=card(ev["card"]),
            name=tr.card_name(ev["card"]),
            suit=tr.suit(ev["suit"]),
        )
    if kind == "jack_turned":
        return about("ev.jack_turned_new" if ev.get("new_trump") else "ev.jack_turned", ev["seat"])
    if kind == "stood":
        return about("ev.stood", ev["seat"], suit=tr.suit(ev["suit"]))
    if kind == "begged":
        return about("ev.begged", ev["seat"])
    if kind == "gift_given":
        return about("ev.gift_given", ev["seat"], suit=tr.suit(ev["suit"]))
    if kind == "cards_run":
        return about("ev.cards_run_again" if ev["run"] > 1 else "ev.cards_run", ev["seat"])
    if kind == "discarded":
        if ev.get("card"):
            return about("ev.discarded_card", ev["seat"], card=card(ev["card"]))
        return about("ev.discarded", ev["seat"])
    if kind == "bid_made":
        if ev.get("tricks") is None:
            return about("ev.bid_sealed", ev["seat"])
        return about("ev.bid", ev["seat"], n=ev["tricks"])
    if kind == "bids_revealed":
        bids = ", ".join(f"{name(seat)} {bid}" for seat, bid in enumerate(ev["bids"]))
        return tr.cap("ev.bids_revealed", bids=bids)
    if kind == "no_trump":
        return tr.cap("ev.no_trump")
    if kind == "deal_ended":
        return _deal_ended(ev["result"], me, name, tr, about)
    if kind == "match_ended":
        winners = ev["winners"]
        if not winners:
            return tr.cap("ev.match_over")
        if len(winners) == 1:
            return about("ev.match_won", winners[0])
        who = " · ".join(tr("you") if seat == me else name(seat) for seat in winners)
        return tr.cap("ev.match_shared", who=who)
    return None


def _deal_ended(
    result: Mapping[str, Any],
    me: int | None,
    name: Callable[[int], str],
    tr: Translator,
    about: Callable[..., str],
) -> str:
    """The sentence for a finished deal, told apart by the fields of each game's result."""
    if "reason" in result:  # Schnapsen
        return about(
            "ev.schnapsen_deal",
            result["winner"],
            deal=result["deal"],
            points=result["points"],
            reason=tr(f"reason.{result['reason']}"),
        )
    if "void" in result:  # Seven Up
        if result["void"]:
            return tr.cap("ev.sevenup_void", deal=result["deal"])
        parts = [
            f"{tr(f'point.{point}')}: {tr('you') if seat == me else name(seat)}"
            for point in _SEVEN_UP_POINTS
            if (seat := result.get(point)) is not None
        ]
        return tr.cap(
            "ev.sevenup_deal", deal=result["deal"], parts=", ".join(parts) or tr("nobody")
        )
    return tr.cap("ev.river_round", deal=result["deal"], cards=result["cards"])

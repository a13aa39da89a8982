"""A plain reference model of a Seven Up match, written straight from RULES.md §1.

It works on card texts, sets and lists, with no bitmasks and nothing shared with the engine, so
that a property test can play both side by side: every legal set, every score and every deal's
result must agree. It is slow and simple on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]  # low to high
VALUE = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5,
         "4": 4, "3": 3, "2": 2}  # fmt: skip
TENS_VALUE = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def higher(a: str, b: str) -> bool:
    return RANKS.index(rank(a)) > RANKS.index(rank(b))


@dataclass
class Ref:
    """A match. ``packs[i]`` is the pack of deal ``i``, top card first; ``dealer`` deals first."""

    packs: list[list[str]]
    dealer: int
    gift: bool = False
    free_discard: bool = False
    dealt_low: bool = False
    tens_only_game: bool = False
    tie_game_to_eldest: bool = False
    count_out: bool = False
    scores: list[int] = field(default_factory=lambda: [0, 0])
    deals: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    # the current deal
    number: int = 0
    phase: str = ""  # stand_or_beg, give_or_run, discard, play
    to_act: int | None = 0
    hand: dict[int, set[str]] = field(default_factory=dict)
    undealt: list[str] = field(default_factory=list)
    first_turn_up: str = ""
    turn_up: str = ""
    trump: str = ""
    lead: str | None = None
    leader: int = 0
    captured: dict[int, list[str]] = field(default_factory=dict)
    played_by: dict[str, int] = field(default_factory=dict)
    got: dict[str, int | None] = field(default_factory=dict)  # point name -> seat
    deal_points: list[int] = field(default_factory=lambda: [0, 0])

    def __post_init__(self) -> None:
        self.start_deal()

    @property
    def eldest(self) -> int:
        return 1 - self.dealer

    def start_deal(self) -> None:
        p = self.packs[len(self.deals)]
        self.number += 1
        e, d = self.eldest, self.dealer
        self.hand = {e: set(p[0:3] + p[6:9]), d: set(p[3:6] + p[9:12])}
        self.first_turn_up = self.turn_up = p[12]
        self.trump = suit(p[12])
        self.undealt = p[13:]
        self.phase, self.to_act = "stand_or_beg", e
        self.lead, self.leader = None, e
        self.captured = {0: [], 1: []}
        self.played_by = {}
        self.got = {}
        self.deal_points = [0, 0]
        if rank(p[12]) == "J":
            self.score(d, "turned_jack")

    def score(self, seat: int, point: str) -> None:
        """A point arises; under count_out the first to 7 wins at once."""
        if self.over:
            return
        self.got[point] = seat
        self.scores[seat] += 1
        self.deal_points[seat] += 1
        if self.count_out and self.scores[seat] >= 7:
            self.finish(counted_out=point)

    def legal(self) -> set[str]:
        if self.over:
            return set()
        if self.phase == "stand_or_beg":
            return {"stand", "beg"}
        if self.phase == "give_or_run":
            return {"run"} if self.scores[self.eldest] >= 6 else {"give", "run"}
        assert self.to_act is not None
        h = self.hand[self.to_act]
        if self.phase == "discard":
            return {f"discard {c}" for c in h}
        if self.lead is None:
            return {f"play {c}" for c in h}
        follow = [c for c in h if suit(c) == suit(self.lead)]
        trumps = [c for c in h if suit(c) == self.trump]
        if self.free_discard and not follow:
            return {f"play {c}" for c in h}
        allowed = set(follow) | set(trumps)
        return {f"play {c}" for c in (allowed or h)}

    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        seat = self.to_act
        assert seat is not None
        if action == "stand":
            self.phase = "play"
        elif action == "beg":
            if self.gift:
                self.phase, self.to_act = "give_or_run", self.dealer
            else:
                self.run()
        elif action == "give":
            self.phase, self.to_act = "play", self.eldest
            self.score(self.eldest, "gift")
        elif action == "run":
            self.run()
        elif action.startswith("discard"):
            self.hand[seat].remove(action.split()[1])
            if len(self.hand[seat]) == 6:
                if seat == self.eldest:
                    self.to_act = self.dealer
                else:
                    self.phase, self.to_act = "play", self.eldest
        else:
            card = action.split()[1]
            self.hand[seat].remove(card)
            self.played_by[card] = seat
            if self.lead is None:
                self.lead, self.to_act = card, 1 - seat
            else:
                self.trick(seat, card)

    def run(self) -> None:
        """Three more each and a new turn-up, again while the first suit turns up."""
        while True:
            if len(self.undealt) < 7:
                self.void()
                return
            cards, self.undealt = self.undealt[:7], self.undealt[7:]
            self.hand[self.eldest] |= set(cards[0:3])
            self.hand[self.dealer] |= set(cards[3:6])
            if suit(cards[6]) != suit(self.first_turn_up):
                self.turn_up, self.trump = cards[6], suit(cards[6])
                self.phase, self.to_act = "discard", self.eldest
                if rank(cards[6]) == "J":
                    self.score(self.dealer, "new_trump_jack")
                return

    def void(self) -> None:
        """Nothing scored in the deal stands; the same dealer deals again."""
        for point, seat in self.got.items():
            assert point == "turned_jack" and seat is not None
            self.scores[seat] -= 1
        self.deals.append(self.record(void=True))
        self.start_deal()

    def trick(self, follower: int, card: str) -> None:
        led, leader = self.lead, 1 - follower
        assert led is not None
        # The higher card of the suit led, unless the second card is a trump (a third suit
        # never wins).
        wins = higher(card, led) if suit(card) == suit(led) else suit(card) == self.trump
        winner = follower if wins else leader
        self.captured[winner] += [led, card]
        self.lead, self.leader, self.to_act = None, winner, winner
        if not self.hand[0] and not self.hand[1]:
            self.count_hand()

    def count_hand(self) -> None:
        """High, Low, Jack, Game, each to a seat or nobody, counted in that order."""
        trumps = [c for s in (0, 1) for c in self.captured[s] if suit(c) == self.trump]
        owner = {c: s for s in (0, 1) for c in self.captured[s]}
        self.cards: dict[str, str | None] = {"high": None, "low": None, "jack": None}
        winners: list[tuple[str, int]] = []
        if trumps:
            high = max(trumps, key=lambda c: RANKS.index(rank(c)))
            low = min(trumps, key=lambda c: RANKS.index(rank(c)))
            self.cards["high"], self.cards["low"] = high, low
            winners.append(("high", owner[high]))
            winners.append(("low", self.played_by[low] if self.dealt_low else owner[low]))
            jack = "J" + self.trump
            if jack in trumps:
                self.cards["jack"] = jack
                winners.append(("jack", owner[jack]))
        values = TENS_VALUE if self.tens_only_game else VALUE
        self.totals = [sum(values.get(rank(c), 0) for c in self.captured[s]) for s in (0, 1)]
        if self.totals[0] != self.totals[1]:
            winners.append(("game", 0 if self.totals[0] > self.totals[1] else 1))
        elif self.tie_game_to_eldest:
            winners.append(("game", self.eldest))
        for point, seat in winners:
            self.score(seat, point)
        if not self.over:
            if not self.count_out and max(self.scores) >= 7 and self.scores[0] != self.scores[1]:
                self.finish(counted_out=None)
            else:
                self.deals.append(self.record())
                self.dealer = 1 - self.dealer
                self.start_deal()

    def finish(self, counted_out: str | None) -> None:
        self.over = True
        self.to_act = None
        self.deals.append(self.record(counted_out=counted_out))

    def record(self, *, void: bool = False, counted_out: str | None = None) -> dict[str, Any]:
        """The deal's result in the engine's plain-data form."""
        played = bool(self.played_by) and not self.hand[0] and not self.hand[1]
        cards = getattr(self, "cards", {}) if played else {}
        settled = self.phase in ("discard", "play")
        return {
            "deal": self.number,
            "dealer": self.dealer,
            "void": void,
            "trump": self.trump if settled and not void else None,
            "points": [0, 0] if void else list(self.deal_points),
            **{p: None if void else self.got.get(p) for p in (
                "turned_jack", "gift", "new_trump_jack", "high", "low", "jack", "game")},
            "high_card": cards.get("high"),
            "low_card": cards.get("low"),
            "jack_card": cards.get("jack"),
            "game_totals": list(self.totals) if played else [0, 0],
            "counted_out": counted_out,
        }  # fmt: skip

    @property
    def winners(self) -> list[int]:
        return [0 if self.scores[0] > self.scores[1] else 1] if self.over else []

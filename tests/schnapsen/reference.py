"""A plain reference model of one Schnapsen deal, written straight from RULES.md §3.

It works on card texts, sets and lists, with no bitmasks and nothing shared with the engine, so
that a property test can play both side by side: every legal set and every deal result must
agree. It is slow and simple on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ORDER = ["J", "Q", "K", "10", "A"]  # weakest first
WORTH = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


@dataclass
class Ref:
    """One deal. ``pack`` is the pack order, top card first; seat ``1 - dealer`` leads."""

    pack: list[str]
    dealer: int
    manual_claim: bool = False
    last_trick_ten: bool = False
    closer_fail_tricks_at_end: bool = False
    hand: dict[int, set[str]] = field(default_factory=dict)
    stock: list[str] = field(default_factory=list)  # face-down cards, then the trump card
    trump: str = ""
    closed_by: int | None = None
    at_close: tuple[int, int] = (0, 0)  # the closer's opponent's points and tricks
    to_act: int = 0
    lead: str | None = None
    points: list[int] = field(default_factory=lambda: [0, 0])  # cards + credited marriages
    waiting: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    # manual_claim: the last trick's winner may claim or pass. A claim is made on lead or after
    # winning a trick (RULES.md §3 `manual_claim`); only after the last trick is there no lead
    # to make it beside, so only there is "not claiming" an action.
    window: bool = False
    result: tuple[int, int, str] | None = None  # winner, game points, reason

    def __post_init__(self) -> None:
        p, eldest = self.pack, 1 - self.dealer
        self.hand = {eldest: set(p[0:3] + p[7:9]), self.dealer: set(p[3:6] + p[9:11])}
        self.stock = [*p[11:], p[6]]
        self.trump = suit(p[6])
        self.to_act = eldest

    def stock_open(self) -> bool:
        return self.closed_by is None and len(self.stock) > 0

    def legal(self) -> set[str]:
        if self.window:
            return {"claim", "pass"}
        h = self.hand[self.to_act]
        if self.lead is None:
            out = {f"play {c}" for c in h}
            for c in h:
                partner = {"K": "Q", "Q": "K"}.get(rank(c))
                if partner and partner + suit(c) in h:
                    out.add(f"play {c} marriage")
            if self.stock_open():
                if "J" + self.trump in h:
                    out.add("exchange")
                out.add("close")
            if self.manual_claim:
                out.add("claim")
            return out
        if self.stock_open():
            return {f"play {c}" for c in h}
        led = self.lead
        same = [c for c in h if suit(c) == suit(led)]
        if same:
            higher = [c for c in same if ORDER.index(rank(c)) > ORDER.index(rank(led))]
            return {f"play {c}" for c in (higher or same)}
        trumps = [c for c in h if suit(c) == self.trump]
        return {f"play {c}" for c in (trumps or h)}

    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        seat = self.to_act
        if action == "claim":
            self.window = False
            if self.points[seat] >= 66:
                self.win(seat, "66")
            else:
                self.result = (1 - seat, 2 if self.tricks[seat] else 3, "wrong_claim")
        elif action == "pass":
            self.window = False
            self.played_out(seat)
        elif action == "exchange":
            jack = "J" + self.trump
            self.hand[seat].remove(jack)
            self.hand[seat].add(self.stock[-1])
            self.stock[-1] = jack
        elif action == "close":
            self.closed_by = seat
            self.at_close = (self.points[1 - seat], self.tricks[1 - seat])
        else:
            card = action.split()[1]
            self.hand[seat].remove(card)
            if self.lead is None:
                self.lead = card
                if action.endswith("marriage"):
                    worth = 40 if suit(card) == self.trump else 20
                    if self.tricks[seat]:
                        self.points[seat] += worth
                        # Under manual_claim the declarer has led: the follower plays on.
                        if not self.manual_claim and self.points[seat] >= 66:
                            self.win(seat, "66")
                            return
                    else:
                        self.waiting[seat] += worth
                self.to_act = 1 - seat
            else:
                self.trick(seat, card)

    def trick(self, follower: int, card: str) -> None:
        led, leader = self.lead, 1 - follower
        assert led is not None
        if suit(card) == suit(led):
            beats = ORDER.index(rank(card)) > ORDER.index(rank(led))
        else:
            beats = suit(card) == self.trump
        w = follower if beats else leader
        self.points[w] += WORTH[rank(card)] + WORTH[rank(led)]
        self.tricks[w] += 1
        if self.tricks[w] == 1:
            self.points[w] += self.waiting[w]
            self.waiting[w] = 0
        self.lead = None
        self.to_act = w
        last = not self.hand[0] and not self.hand[1]
        if last and self.last_trick_ten and self.closed_by is None:
            self.points[w] += 10
        if self.manual_claim:
            if last:
                self.window = True
                return
        elif self.points[w] >= 66:
            self.win(w, "66")
            return
        if last:
            self.played_out(w)
            return
        if self.stock_open():
            self.hand[w].add(self.stock.pop(0))
            self.hand[1 - w].add(self.stock.pop(0))

    def win(self, seat: int, reason: str) -> None:
        """``seat`` reached 66 (recognised or claimed)."""
        other = 1 - seat
        if self.closed_by is None:
            opp_points, opp_tricks = self.points[other], self.tricks[other]
        elif self.closed_by == seat:
            opp_points, opp_tricks = self.at_close
        else:
            self.result = (seat, self.closer_failed_points(), "opponent_66_after_close")
            return
        game_points = 1 if opp_points >= 33 else 2 if opp_tricks else 3
        self.result = (seat, game_points, reason)

    def played_out(self, last_winner: int) -> None:
        if self.closed_by is None:
            self.result = (last_winner, 1, "last_trick")
        else:
            self.result = (1 - self.closed_by, self.closer_failed_points(), "closer_failed")

    def closer_failed_points(self) -> int:
        opponent = 1 - (self.closed_by or 0)
        if self.closer_fail_tricks_at_end:
            return 2 if self.tricks[opponent] else 3
        return 2 if self.at_close[1] else 3

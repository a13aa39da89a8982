"""A plain reference model of a whole Up and Down the River match, written straight from
RULES.md §2.

It works on card texts, sets, lists and dicts, with no bitmasks and nothing shared with the
engine, so that a property test can play both side by side: the seats to act and the legal
sets must agree at every step, and the score sheets at the end. It is slow and simple on
purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]  # low to high


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def suit(card: str) -> str:
    return card[-1]


@dataclass
class RefMatch:
    """A match. ``packs[i]`` is round ``i``'s pack, top card first; ``dealer`` deals first."""

    players: int
    start: int
    packs: list[list[str]]
    dealer: int
    simultaneous_bids: bool = False
    no_hook: bool = False
    double_one: bool = False
    exact_only: bool = False
    round: int = 0
    cards: int = 0
    hands: dict[int, set[str]] = field(default_factory=dict)
    dealt: dict[int, list[str]] = field(default_factory=dict)
    turned: str | None = None
    bids: dict[int, int] = field(default_factory=dict)
    tricks: dict[int, int] = field(default_factory=dict)
    trick: list[tuple[int, str]] = field(default_factory=list)
    leader: int = 0
    to_act: set[int] = field(default_factory=set)
    totals: list[int] = field(default_factory=list)
    sheet: list[dict[str, object]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.totals = [0] * self.players
        self.deal()

    def schedule(self) -> list[int]:
        down = list(range(self.start, 0, -1))
        return down + list(range(1 if self.double_one else 2, self.start + 1))

    def deal(self) -> None:
        n, pack = self.players, self.packs[self.round]
        self.cards = self.schedule()[self.round]
        self.hands = {s: set() for s in range(n)}
        self.dealt = {s: [] for s in range(n)}
        for i in range(self.cards * n):
            seat = (self.dealer + 1 + i) % n  # one card at a time, starting left of the dealer
            self.hands[seat].add(pack[i])
            self.dealt[seat].append(pack[i])
        self.turned = pack[self.cards * n] if self.cards * n < 52 else None
        self.bids, self.tricks, self.trick = {}, dict.fromkeys(range(n), 0), []
        self.leader = (self.dealer + 1) % n
        self.to_act = set(range(n)) if self.simultaneous_bids else {self.leader}

    @property
    def over(self) -> bool:
        return not self.to_act

    def legal(self, seat: int) -> set[str]:
        assert seat in self.to_act
        if len(self.bids) < self.players:
            options = set(range(self.cards + 1))
            hooked = not (self.simultaneous_bids or self.no_hook)
            if hooked and seat == self.dealer:
                options.discard(self.cards - sum(self.bids.values()))
            return {f"bid {b}" for b in options}
        hand = self.hands[seat]
        if self.trick:
            led = suit(self.trick[0][1])
            same = {c for c in hand if suit(c) == led}
            if same:
                return {f"play {c}" for c in same}
        return {f"play {c}" for c in hand}

    def apply(self, seat: int, action: str) -> None:
        assert action in self.legal(seat), (seat, action, self.legal(seat))
        word, arg = action.split()
        n = self.players
        if word == "bid":
            self.bids[seat] = int(arg)
            if self.simultaneous_bids:
                self.to_act.discard(seat)
                if not self.to_act:
                    self.to_act = {self.leader}
            else:
                done = len(self.bids) == n
                self.to_act = {self.leader if done else (seat + 1) % n}
            return
        self.hands[seat].remove(arg)
        self.trick.append((seat, arg))
        if len(self.trick) < n:
            self.to_act = {(seat + 1) % n}
            return
        winner = self.trick_winner()
        self.tricks[winner] += 1
        self.trick = []
        self.leader = winner
        self.to_act = {winner}
        if not any(self.hands.values()):
            self.score()

    def trick_winner(self) -> int:
        trump = suit(self.turned) if self.turned else None
        trumps = [(rank(c), s) for s, c in self.trick if suit(c) == trump]
        if trumps:
            return max(trumps)[1]
        led = suit(self.trick[0][1])
        return max((rank(c), s) for s, c in self.trick if suit(c) == led)[1]

    def score(self) -> None:
        n = self.players
        points = []
        for s in range(n):
            made = self.tricks[s] == self.bids[s]
            if made:
                points.append(10 + self.tricks[s])
            else:
                points.append(0 if self.exact_only else self.tricks[s])
            self.totals[s] += points[s]
        self.sheet.append(
            {
                "deal": self.round + 1,
                "cards": self.cards,
                "dealer": self.dealer,
                "trump_card": self.turned,
                "bids": [self.bids[s] for s in range(n)],
                "tricks": [self.tricks[s] for s in range(n)],
                "points": points,
                "totals": list(self.totals),
                "hands": [self.dealt[s] for s in range(n)],
            }
        )
        self.round += 1
        if self.round == len(self.schedule()):
            self.to_act = set()
            return
        self.dealer = (self.dealer + 1) % n
        self.deal()

    def winners(self) -> list[int]:
        top = max(self.totals)
        return [s for s in range(self.players) if self.totals[s] == top]

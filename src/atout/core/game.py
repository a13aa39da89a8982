"""A game: its rules object and the static facts every match of it shares.

``Game`` is to ``State`` what OpenSpiel's game is to its state: it holds the rules (frozen), the
pack, the number of seats and the action notation, and it starts matches.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from atout.cards import RANK_LETTERS, SUIT_LETTERS, Rank, card_text, parse_card
from atout.core.actions import Action
from atout.core.data import Data
from atout.core.rules import Rules
from atout.core.state import State, View, seeded_int
from atout.errors import PackError

__all__ = ["Game"]

S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """A game with one set of rules. Subclasses set the class attributes and implement
    :meth:`_start`, :meth:`parse_action` and :meth:`all_actions`."""

    #: The registered name (``schnapsen``), as in rules texts.
    name: ClassVar[str]
    #: The name people use (``Schnapsen``).
    title: ClassVar[str]
    #: The game's rules dataclass.
    rules_type: ClassVar[type[Rules]]
    #: The accepted action forms, for error messages and help.
    action_forms: ClassVar[tuple[str, ...]]
    #: The ranks in trick-taking order, highest first (every game of atout: a trump beats any
    #: card of another suit, a higher card of the suit led beats a lower one).
    rank_order: ClassVar[tuple[Rank, ...]] = (
        Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
        Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
    )  # fmt: skip

    def __init__(self, rules: Rules | None = None) -> None:
        if rules is None:
            rules = self.rules_type()
        if not isinstance(rules, self.rules_type):
            raise TypeError(f"{self.name} takes {self.rules_type.__name__}, not {rules!r}")
        self.rules = rules

    @property
    def text(self) -> str:
        """The canonical rules text (``schnapsen(manual_claim=true)``)."""
        return self.rules.text

    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats the table has."""

    @property
    @abstractmethod
    def pack(self) -> tuple[int, ...]:
        """The cards a deal uses, in card-id order."""

    def new_match(
        self,
        seed: int | None = None,
        packs: Sequence[Sequence[int | str]] | None = None,
        dealer: int | None = None,
        *,
        shuffle: bool = True,
    ) -> S:
        """Start a match.

        ``packs[i]`` is the pack order of deal ``i``, top card first (card ints or texts); deals
        beyond the list are shuffled from ``seed`` (drawn from :mod:`secrets` when omitted).
        ``dealer`` is the first dealer, drawn from the seed when omitted. With
        ``shuffle=False`` a deal beyond ``packs`` raises :class:`~atout.errors.PackError`."""
        if seed is None:
            seed = secrets.randbits(63)
        fixed = tuple(self.check_pack(p, deal=i) for i, p in enumerate(packs or ()))
        if dealer is None:
            dealer = seeded_int(seed, "dealer") % self.seats
        elif not (isinstance(dealer, int) and 0 <= dealer < self.seats):
            raise ValueError(f"dealer must be a seat from 0 to {self.seats - 1}, not {dealer!r}")
        return self._start(seed, fixed, dealer, shuffle)

    @abstractmethod
    def _start(
        self, seed: int, packs: tuple[tuple[int, ...], ...], dealer: int, shuffle: bool
    ) -> S:
        """Create the state of a new match (its first deal dealt)."""

    def check_pack(self, pack: Iterable[int | str], deal: int = 0) -> tuple[int, ...]:
        """Read a pack (card ints or texts) and check it orders exactly this game's cards."""
        cards = tuple(parse_card(c) if isinstance(c, str) else c for c in pack)
        if sorted(cards) != list(self.pack):
            want = set(self.pack)
            twice = sorted(c for c, n in Counter(cards).items() if n > 1)
            missing = sorted(want - set(cards))
            foreign = sorted(set(cards) - want)
            parts = []
            if twice:
                parts.append("twice: " + " ".join(map(card_text, twice)))
            if missing:
                parts.append("missing: " + " ".join(map(card_text, missing)))
            if foreign:
                parts.append("not in the pack: " + " ".join(map(card_text, foreign)))
            raise PackError(
                f"the pack for deal {deal + 1} is not an order of the {len(self.pack)}-card "
                f"{self.title} pack ({'; '.join(parts) or f'{len(cards)} cards'})"
            )
        return cards

    # --- the order of the cards in a trick (public helpers for bots) ----------------------

    @property
    def rank_letters(self) -> tuple[str, ...]:
        """The ranks as cards write them, highest first: ``("A", "10", "K", "Q", "J")`` in
        Schnapsen, ``("A", "K", "Q", ..., "2")`` in Seven Up and River."""
        return tuple(RANK_LETTERS[r] for r in self.rank_order)

    def strength(self, card: int | str) -> int:
        """How high ``card`` ranks within its suit: 0 for the lowest rank of this game's
        pack, one more per rank above it (Schnapsen: J 0, Q 1, K 2, 10 3, A 4)."""
        c = _card(card)
        rank = c % 13
        if rank not in self.rank_order:
            raise ValueError(f"{card_text(c)} is not a card of the {self.title} pack")
        return len(self.rank_order) - 1 - self.rank_order.index(Rank(rank))

    def beats(
        self,
        card: int | str,
        other: int | str,
        trump: int | str | None,
        led: int | str | None = None,
    ) -> bool:
        """Whether ``card`` ranks above ``other`` in a trick led in suit ``led`` (by default
        ``other``'s suit: ``other`` led, or is the card winning the trick) with ``trump`` the
        trump suit (``None``: a round without trumps). A trump beats every card of another
        suit; a card of the suit led beats every card of a suit that is neither; within one
        suit the higher rank wins (:attr:`rank_order`). Suits are ints 0-3 or letters C D H S."""
        a, b = _card(card), _card(other)
        t = _suit(trump)
        lead = _suit(led)
        if lead is None:
            lead = b // 13
        return self._trick_key(a, t, lead) > self._trick_key(b, t, lead)

    def trick_winner(self, cards: Sequence[int | str], trump: int | str | None) -> int:
        """The index, in the order played, of the card that wins a trick of ``cards`` (the
        first led): the highest trump, or with no trump in it the highest card of the suit
        led."""
        if not cards:
            raise ValueError("a trick has at least one card")
        played = [_card(c) for c in cards]
        t, lead = _suit(trump), played[0] // 13
        keys = [self._trick_key(c, t, lead) for c in played]
        return keys.index(max(keys))

    def _trick_key(self, c: int, trump: int | None, led: int) -> int:
        """A number that orders cards within one trick: trumps above the suit led above the
        rest (which never win), each by :meth:`strength`."""
        suit = c // 13
        tier = 2 if suit == trump else 1 if suit == led else 0
        return tier * 16 + self.strength(c) if tier else -1

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's text; :class:`~atout.errors.NotationError` names the forms."""

    @abstractmethod
    def all_actions(self) -> list[Action]:
        """Every action that can ever be legal in this game (for tests and action masks)."""

    def sample_world(self, view: View, rng: random.Random) -> S:
        """A state drawn from those consistent with ``view``: the cards its seat cannot see
        dealt at random as the rules and the play so far allow, uniformly over such worlds.
        Its view for that seat equals ``view``. Search bots play in such worlds; they never
        see the real state. Each game implements it."""
        raise TypeError(f"{self.title} has no world sampler yet")

    def world_weight(self, view: View, world: S) -> float:
        """How likely a world drawn by :meth:`sample_world` is, given what the other seats chose
        in sight of ``view``'s seat (their bids, plays, declarations), relative to the others:
        the importance weight an inferring search gives it. 1 by default (no inference)."""
        return 1.0

    def deal_value(self, deal: Data, seat: int) -> float:
        """What a finished deal is worth to ``seat``, the utility search maximises: by default
        the seat's points in the deal less the best of the other seats'. Games override it."""
        points = getattr(deal, "points", None)
        if not isinstance(points, (list, tuple)):
            raise TypeError(f"{self.title} must say what a deal is worth to a seat")
        others = [p for s, p in enumerate(points) if s != seat]
        return float(points[seat] - max(others))

    @classmethod
    def variants(cls) -> list[str]:
        """Rules texts the conformance kit runs: the defaults and each option changed alone."""
        base = cls.rules_type()
        texts = [base.text]
        for key, value in base.to_dict().items():
            if isinstance(value, bool):
                texts.append(cls.rules_type.from_dict({key: not value}).text)
        return texts

    def to_dict(self) -> dict[str, Any]:
        """The game's name, rules text and options (plain JSON data)."""
        return {"game": self.name, "rules": self.text, "options": self.rules.to_dict()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"atout.load({self.text!r})"


def _card(card: int | str) -> int:
    """A card id from an id or a text (``QS``)."""
    if isinstance(card, str):
        return parse_card(card)
    if type(card) is not int or not 0 <= card < 52:
        raise ValueError(f"{card!r} is not a card (an int from 0 to 51, or a text like QS)")
    return card


def _suit(suit: int | str | None) -> int | None:
    """A suit from its number (0-3), its letter (C D H S) or ``None`` (no trump)."""
    if suit is None:
        return None
    if isinstance(suit, str) and suit.upper() in SUIT_LETTERS:
        return SUIT_LETTERS.index(suit.upper())
    if type(suit) is int and 0 <= suit < 4:
        return suit
    raise ValueError(f"{suit!r} is not a suit (0-3, or one of C D H S) or None")

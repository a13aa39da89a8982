"""The OpenSpiel bridge: every atout game registered as an OpenSpiel Python game.

Importing this module (it needs the ``openspiel`` extra; :mod:`atout.envs` does not import it)
registers three games with ``pyspiel.register_game``, one per atout game, each taking the
game's rule options (RULES.md) as OpenSpiel parameters::

    import pyspiel
    import atout.envs.openspiel as aos

    game = pyspiel.load_game("atout_river(players=5,simultaneous_bids=True)")
    game = aos.load_game("river(players=5,simultaneous_bids=true)")  # the same, from a rules text
    state = game.new_initial_state()  # chance nodes first: the first dealer, then the pack

- ``atout_schnapsen``: ``closer_fail_tricks_at_end``, ``manual_claim``, ``last_trick_ten``;
- ``atout_seven_up``: ``gift``, ``free_discard``, ``dealt_low``, ``tens_only_game``,
  ``tie_game_to_eldest``, ``count_out``;
- ``atout_river``: ``players`` (3-8), ``start_cards``, ``simultaneous_bids``, ``no_hook``,
  ``double_one``, ``exact_only``.

Every game also takes ``dealer``: the seat that deals first, or -1 (the default) for a chance
node that draws it uniformly. One OpenSpiel episode is one atout match, all its deals.

**Players and actions.** OpenSpiel player ``p`` is atout seat ``p``. Action ids are those of
:func:`atout.envs.encoding.encoding` (``Encoding.actions``: every action of
``Game.all_actions()``, in order), so ``num_distinct_actions`` is ``len(Encoding.actions)``
and a policy trained through the PettingZoo or Gymnasium environments reads the same ids.
``legal_actions()`` are the seat's legal actions, ascending; an illegal id raises
:class:`~atout.errors.IllegalAction` rather than being applied.

**Chance.** Chance is explicit, as OpenSpiel's checks and its ISMCTS expect: the first dealer
(when ``dealer`` is -1: outcome ``s`` makes seat ``s`` the dealer, each with probability
1/seats), then each deal's pack drawn card by card from the top, each outcome the index of a
card in ``Game.pack`` (card-id order), uniform over the cards not yet drawn, so
``max_chance_outcomes`` is the pack's size (20 or 52). Only the cards a deal can use are drawn,
and the last card of a pack is never drawn, being forced: Schnapsen 19, Seven Up 51, River
``players * cards + 1`` (the hands and the card turned for trump), at most 51. The cards left
complete the pack in card-id order; nobody ever sees them (River's undealt stock). So the
chance nodes of a deal give every world that matters its uniform probability, in as few nodes
as the deal needs.

The atout match starts from the first pack (``new_match(packs=..., shuffle=False)``). The
action that ends a deal needs the next deal's pack, which the match does not have: atout
raises :class:`~atout.errors.PackError` and leaves the match as it was. The bridge then keeps
that action *pending*, draws the next pack by chance, rebuilds the match from its packs and
actions (a replay, as records replay) and applies the pending action, whose events close the
deal and open the next. (One rejected alternative: one chance node per deal whose outcome is
a whole pack: 52! outcomes do not fit OpenSpiel's action ids.)

**Simultaneous bids.** Under River's ``simultaneous_bids`` the game stays *sequential*: the
seats bid one at a time, lowest seat first, and a later bidder cannot see an earlier sealed
bid (its view and its information state show that the seat has bid, not what) until the last
bid reveals them all. That is the same game as bidding at once, and it keeps ISMCTS, which
accepts sequential games only, usable on every variant.

**Returns.** Terminal only (reward model ``TERMINAL``): at the end of the match +1 to each
winner and -1 to each other seat (0 to all before the end). Schnapsen and Seven Up have one
winner: ``ZERO_SUM``. River's winners are the seats with the highest total, possibly several:
``GENERAL_SUM``.

**Information state and observation.** For seat ``p``:

- ``information_state_string(p)``: everything the seat has seen since the match began, one
  line per event of the match's start and of each action, as :meth:`Event.seen_by` shows it
  to the seat (``card_played seat=1 card=QS``; a card it may not see written ``-``), with the
  seat's own decisions as lines ``> play QS``. Perfect recall, and nothing the seat may not
  see: it is what the table server sends that seat.
- ``observation_string(p)``: the seat's atout view now, as compact JSON (its ``to_dict``).
- ``observation_tensor(p)``: ``Encoding.observation(state.view(p))``, float32 of
  ``Encoding.size`` values, named by the encoding's fields (``make_observation(game).dict``
  has one array per field: ``hand``, ``played``, ``trick``, ...).
- ``information_state_tensor(p)``: the same vector as the observation tensor. It is **not**
  perfect recall (it keeps the current deal's cards played by seat, not their order, nor
  earlier deals); algorithms that need a perfect-recall key use the string, as tabular CFR
  and ISMCTS do.

Before the first deal is dealt, tensors are zeros and strings empty.

**ISMCTS.** ``resample_from_infostate(p, sampler)`` returns a state drawn by
:meth:`atout.core.game.Game.sample_world` from those consistent with seat ``p``'s view (its
random seed taken from ``sampler``, or use :func:`resampler` with
``ISMCTSBot.set_resampler`` for a reproducible search). Its information state for ``p`` is the
original's, as ISMCTS checks. Such a *sampled world* holds the current deal only: its
``history()`` is empty, it shuffles its later deals itself (no chance nodes after its current
deal; its future is as random as the real one), it cannot be serialized, and the other
seats' information states in it start from their view at the moment of sampling (their
earlier private history is no part of a world) and go on with what they see.

**Other algorithms.** ``evaluate_bots`` plays any OpenSpiel bots, and :class:`AtoutBot` makes
an atout bot one. Outcome- or external-sampling MCCFR run on any variant. Tabular CFR (which
walks the whole tree at every iteration) does not fit any variant: the smallest,
``atout_river(players=3,start_cards=1)``, one round of one card each, has
52 * 51 * 50 * 49 (6.5 million) deals before its first bid. OpenSpiel's MCTS searches the true
state, which in these games means seeing every hidden card: use it on a sampled world
(determinized) or as a cheating baseline only.

**Cloning and serialization.** ``clone()`` copies the match with atout's ``State.clone()``.
``serialize()`` stores the packs and the actions as text and deserializing replays them.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
import pyspiel

import atout
from atout.bots.base import Bot
from atout.cards import CardSet, card_text
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.game import Game
from atout.core.state import State, View
from atout.envs.encoding import Encoding, encoding
from atout.errors import PackError
from atout.games import game_class

__all__ = [
    "DEALER_BY_CHANCE",
    "GAME_NAMES",
    "AtoutBot",
    "AtoutGame",
    "AtoutObserver",
    "AtoutState",
    "RiverGame",
    "SchnapsenGame",
    "SevenUpGame",
    "game_string",
    "load_game",
    "resampler",
]

#: The OpenSpiel name of each atout game.
GAME_NAMES: Final[dict[str, str]] = {
    "schnapsen": "atout_schnapsen",
    "seven_up": "atout_seven_up",
    "river": "atout_river",
}

#: The first dealer's parameter: a seat, or this for a chance node that draws it.
DEALER_BY_CHANCE: Final = -1

#: The most deals a match can have. Schnapsen: every deal gives 1 to 3 game points to one seat,
#: and a match is 7 up, so 13. Seven Up has no bound: a deal may score nothing (void, or no
#: trump in play and Game tied; about 1 deal in 4,000 at random play) and is dealt again; 13
#: scoring deals and 27 that score nothing is a match that does not happen (below 1e-60).
_MAX_DEALS: Final = {"schnapsen": 13, "seven_up": 40}
#: The most decisions of one deal: Schnapsen 20 plays, one exchange, one close, and under
#: manual_claim one claim (it ends the deal) or pass (only after the last trick) (23; 48 kept);
#: Seven Up a stand or beg, a give or run, 30 discards (5 runs of 3 cards to each seat) and 12
#: plays (44; 48 kept).
_MAX_DECISIONS: Final = {"schnapsen": 48, "seven_up": 48}

Vector = npt.NDArray[np.float32]


# --- the static facts of one bridged game -------------------------------------------------


class _Spec:
    """What every state of one bridged game shares: the atout game, its encoding, the first
    dealer's parameter and how many cards each deal draws by chance."""

    def __init__(self, game: Game[Any], dealer: int) -> None:
        if not (dealer == DEALER_BY_CHANCE or 0 <= dealer < game.seats):
            raise ValueError(
                f"dealer is a seat from 0 to {game.seats - 1}, or -1 for a chance node, "
                f"not {dealer}"
            )
        self.game = game
        self.enc: Encoding = encoding(game)
        self.dealer = dealer
        self.seats = game.seats
        self.pack: tuple[int, ...] = tuple(game.pack)
        self.schedule: tuple[int, ...] = tuple(getattr(game, "schedule", ()))

    def to_draw(self, deal: int) -> int:
        """How many cards of deal ``deal`` (from 0) are drawn by chance, from the top."""
        most = len(self.pack) - 1  # the last card is forced
        if self.game.name == "river":
            return min(self.seats * self.schedule[deal] + 1, most)
        return most

    def max_game_length(self) -> int:
        """The most decisions (chance outcomes not counted) of one match."""
        name = self.game.name
        if name == "river":
            return sum(self.seats * (cards + 1) for cards in self.schedule)
        return _MAX_DEALS[name] * _MAX_DECISIONS[name]


@functools.cache
def _spec(rules: str, dealer: int) -> _Spec:
    """The spec of a canonical rules text and first dealer (one per pair: states share it)."""
    return _Spec(atout.load(rules), dealer)


# --- one match: the engine state, the packs, the chance in progress, the event log ---------

#: The event log, newest first, as a linked list of tuples ``(previous, seat, action, events)``
#: (``None`` when empty): ``seat`` took ``action`` and it produced ``events``; the match's
#: opening events have seat -1 and no action. Clones share it, as atout's action log.
_Log = tuple[Any, int, Action | None, tuple[Event, ...]] | None


class _Match:
    """Everything one bridged state holds. ``state`` is ``None`` until the first pack is
    drawn; ``pending`` is the action waiting for the next deal's pack while ``drawn`` (the
    outcomes drawn so far, indices into the pack) fills it. ``roots`` is set in a sampled
    world only: each seat's information state at the moment of sampling."""

    __slots__ = ("cache", "drawn", "first_dealer", "log", "packs", "pending", "roots", "spec",
                 "state")  # fmt: skip

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        self.first_dealer: int | None = None if spec.dealer == DEALER_BY_CHANCE else spec.dealer
        self.packs: tuple[tuple[int, ...], ...] = ()
        self.drawn: tuple[int, ...] = ()
        self.state: State | None = None
        self.pending: tuple[int, Action] | None = None
        self.log: _Log = None
        self.roots: tuple[str, ...] | None = None
        #: Per seat, the newest information-state string rendered and the log node it is of.
        self.cache: list[tuple[_Log, str]] = [(None, "")] * spec.seats

    def clone(self) -> _Match:
        new = _Match.__new__(_Match)
        new.spec = self.spec
        new.first_dealer = self.first_dealer
        new.packs = self.packs
        new.drawn = self.drawn
        new.state = None if self.state is None else self.state.clone()
        new.pending = self.pending
        new.log = self.log
        new.roots = self.roots
        new.cache = list(self.cache)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        # OpenSpiel's Clone() deep-copies a Python state's attributes: copy the match cheaply.
        return self.clone()

    def __reduce__(self) -> tuple[Callable[..., _Match], tuple[Any, ...]]:
        # OpenSpiel's serialize() pickles a Python state's attributes: keep the packs and the
        # actions as text, and replay them on the way back.
        if self.roots is not None:
            raise TypeError("a sampled world (from resample_from_infostate) cannot be serialized")
        history = [] if self.state is None else self.state.history
        pending = None if self.pending is None else (self.pending[0], str(self.pending[1]))
        data = {
            "rules": self.spec.game.text,
            "dealer": self.spec.dealer,
            "first_dealer": self.first_dealer,
            "packs": self.packs,
            "drawn": self.drawn,
            "history": [(seat, str(action)) for seat, action in history],
            "pending": pending,
        }
        return (_restore, (data,))

    # --- who acts ---------------------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        return self.first_dealer is None or self.state is None or self.pending is not None

    def current_player(self) -> int:
        if self.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.state is not None
        to_act = self.state.to_act
        if to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        # Seats that decide at once (sealed bids) decide here one at a time, lowest first.
        return to_act if isinstance(to_act, int) else min(to_act)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.first_dealer is None:
            n = self.spec.seats
            return [(s, 1.0 / n) for s in range(n)]
        taken = set(self.drawn)
        left = [i for i in range(len(self.spec.pack)) if i not in taken]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def legal_ids(self, seat: int) -> list[int]:
        assert self.state is not None
        action_id = self.spec.enc.action_id
        return sorted(action_id(a) for a in self.state.legal_actions(seat))

    # --- applying -----------------------------------------------------------------------------

    def apply_chance(self, outcome: int) -> None:
        spec = self.spec
        if self.first_dealer is None:
            if not 0 <= outcome < spec.seats:
                raise ValueError(f"{outcome} is no seat to deal first")
            self.first_dealer = outcome
            return
        if not 0 <= outcome < len(spec.pack) or outcome in self.drawn:
            raise ValueError(f"{outcome} is not a card left to draw")
        self.drawn = (*self.drawn, outcome)
        deal = len(self.packs)
        if len(self.drawn) < spec.to_draw(deal):
            return
        taken = set(self.drawn)
        order = [spec.pack[i] for i in self.drawn]
        order += [c for i, c in enumerate(spec.pack) if i not in taken]
        self.packs = (*self.packs, tuple(order))
        self.drawn = ()
        if self.state is None:
            self.state = spec.game.new_match(
                0, packs=self.packs, dealer=self.first_dealer, shuffle=False
            )
            self.log = (self.log, -1, None, tuple(self.state.opening_events()))
            return
        assert self.pending is not None
        seat, action = self.pending
        # The match cannot take a pack it has begun without: replay it with the new one.
        state = _replay(spec.game, self.first_dealer, self.packs, self.state.history)
        events = state.apply(action, seat)
        self.state, self.pending = state, None
        self.log = (self.log, seat, action, tuple(events))

    def apply_decision(self, action_id: int) -> None:
        seat = self.current_player()
        assert self.state is not None and seat >= 0
        action = self.spec.enc.action(action_id)
        try:
            events = self.state.apply(action, seat)
        except PackError:
            if self.roots is not None:
                raise  # a sampled world shuffles its own packs: this is a bug
            # The action ends the deal: draw the next deal's pack first (apply left the match
            # as it was).
            self.pending = (seat, action)
            self.drawn = ()
            return
        self.log = (self.log, seat, action, tuple(events))

    # --- what a seat knows --------------------------------------------------------------------

    def information_state(self, seat: int) -> str:
        """Every line the seat has seen, rendered from the newest cached node on."""
        node, text = self.cache[seat]
        new: list[_Log] = []
        walk = self.log
        while walk is not node:
            if walk is None:  # the cache is not an ancestor (cannot happen): render it all
                text = ""
                break
            new.append(walk)
            walk = walk[0]
        if self.roots is not None and not text:
            text = self.roots[seat]
        lines = [line for n in reversed(new) for line in _lines(n, seat)]
        if lines:
            text = "\n".join([text, *lines]) if text else "\n".join(lines)
        self.cache[seat] = (self.log, text)
        return text

    def view(self, seat: int) -> View:
        if self.state is None:
            raise ValueError("no deal is dealt yet: the cards are being drawn")
        return self.state.view(seat)


def _lines(node: _Log, seat: int) -> Iterator[str]:
    """The information-state lines of one log node for ``seat``."""
    assert node is not None
    _, actor, action, events = node
    if actor == seat and action is not None:
        yield f"> {action}"
    for event in events:
        yield _event_text(event.seen_by(seat))


def _event_text(event: Event) -> str:
    """One event as a line: its kind, then its fields (``card_played seat=1 card=QS``)."""
    data = event.to_dict()
    kind = str(data.pop("type"))
    return kind + "".join(f" {k}={_plain_text(v)}" for k, v in data.items())


def _plain_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_plain_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}={_plain_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def _view_text(view: View) -> str:
    return json.dumps(view.to_dict(), separators=(",", ":"))


def _replay(
    game: Game[Any],
    first_dealer: int | None,
    packs: Sequence[Sequence[int]],
    history: Sequence[tuple[int, Action]],
) -> State:
    """The match with these packs and actions, replayed."""
    state: State = game.new_match(0, packs=packs, dealer=first_dealer, shuffle=False)
    for seat, action in history:
        state.step(action, seat)
    return state


def _restore(data: dict[str, Any]) -> _Match:
    """A match from :meth:`_Match.__reduce__`'s data, replayed with its events, so that its
    log (and so every seat's information state) is the original's."""
    spec = _spec(data["rules"], data["dealer"])
    game = spec.game
    m = _Match(spec)
    m.first_dealer = data["first_dealer"]
    m.packs = packs = data["packs"]
    m.drawn = data["drawn"]
    if packs:
        state: State = game.new_match(0, packs=packs, dealer=m.first_dealer, shuffle=False)
        m.log = (None, -1, None, tuple(state.opening_events()))
        for seat, text in data["history"]:
            action = game.parse_action(text)
            m.log = (m.log, seat, action, tuple(state.apply(action, seat)))
        m.state = state
    pending = data["pending"]
    if pending is not None:
        m.pending = (pending[0], game.parse_action(pending[1]))
    return m


# --- OpenSpiel's game, state and observer ---------------------------------------------------


def _game_type(name: str) -> Any:
    """The OpenSpiel game type of an atout game."""
    cls = game_class(name)
    rules = cls.rules_type()
    two = name != "river"
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"atout {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2 if two else 8,
        min_num_players=2 if two else 3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**rules.to_dict(), "dealer": DEALER_BY_CHANCE},
    )


class AtoutGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """An atout game as an OpenSpiel game. ``params`` are the rule options and ``dealer``
    (see the module's table); OpenSpiel fills in the defaults. Subclasses name the game."""

    atout_name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        dealer = int(params.pop("dealer", DEALER_BY_CHANCE))
        rules = game_class(self.atout_name).rules_type.from_dict(params)
        spec = _spec(rules.text, dealer)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.enc.actions),
            max_chance_outcomes=len(spec.pack),
            num_players=spec.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if spec.seats == 2 else None,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(_TYPES[self.atout_name], info, {**params, "dealer": dealer})
        self._spec = spec
        #: Draws the worlds of ``resample_from_infostate`` called without a sampler.
        self.rng = random.Random()

    @property
    def atout_game(self) -> Game[Any]:
        """The atout game (its rules, pack and notation)."""
        return self._spec.game

    @property
    def encoding(self) -> Encoding:
        """The action and observation encoding (:func:`atout.envs.encoding.encoding`)."""
        return self._spec.enc

    def action_id(self, action: Action | str) -> int:
        """The OpenSpiel action id of an atout action (or its text)."""
        return self._spec.enc.action_id(action)

    def new_initial_state(self) -> AtoutState:
        """The start of a match: a chance node (the first dealer, or the first card)."""
        return AtoutState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AtoutObserver:
        """The observer OpenSpiel asks for: the information state when ``iig_obs_type`` asks
        for perfect recall, else the observation, both of one seat (its own cards and the
        public facts). Other observation types (public facts only, private cards only) are
        not provided: their observer has no tensor and its strings are ``None``, as
        OpenSpiel's tests expect of an observation a game does not offer."""
        if params:
            raise ValueError(f"the atout observers take no parameters, not {params}")
        if iig_obs_type is None:
            return AtoutObserver(self._spec, "observation")
        if not iig_obs_type.public_info or (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return AtoutObserver(self._spec, None)
        return AtoutObserver(
            self._spec, "info_state" if iig_obs_type.perfect_recall else "observation"
        )

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes of one match: the first dealer, and the cards drawn for
        each deal."""
        spec = self._spec
        first = 1 if spec.dealer == DEALER_BY_CHANCE else 0
        name = spec.game.name
        deals = len(spec.schedule) if name == "river" else _MAX_DEALS[name]
        return first + sum(spec.to_draw(d) for d in range(deals))


class SchnapsenGame(AtoutGame):
    """Schnapsen (RULES.md §3) as the OpenSpiel game ``atout_schnapsen``."""

    atout_name: ClassVar[str] = "schnapsen"


class SevenUpGame(AtoutGame):
    """Seven Up (RULES.md §1) as the OpenSpiel game ``atout_seven_up``."""

    atout_name: ClassVar[str] = "seven_up"


class RiverGame(AtoutGame):
    """Up and Down the River (RULES.md §2) as the OpenSpiel game ``atout_river``."""

    atout_name: ClassVar[str] = "river"


class AtoutState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """One atout match as an OpenSpiel state (see the module's docstring for its chance nodes,
    players, returns and information states)."""

    def __init__(self, game: AtoutGame) -> None:
        super().__init__(game)
        # The one attribute: OpenSpiel's clone() deep-copies it, serialize() pickles it.
        self._m = _Match(game._spec)

    # --- OpenSpiel's protocol --------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` while cards are drawn, ``PlayerId.TERMINAL``
        once the match is over."""
        return self._m.current_player()

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        m = self._m
        return not m.is_chance and m.state is not None and m.state.is_over

    def _legal_actions(self, player: int) -> list[int]:
        return self._m.legal_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node: the first dealer's seat, or the pack index of
        each card not yet drawn, uniform."""
        return self._m.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        m = self._m
        if m.is_chance:
            m.apply_chance(int(action))
        else:
            m.apply_decision(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        m = self._m
        if player == int(pyspiel.PlayerId.CHANCE):
            if m.first_dealer is None:
                return f"seat {action} deals first"
            return f"draw {card_text(m.spec.pack[action])}"
        return str(m.spec.enc.action(action))

    def returns(self) -> list[float]:
        """+1 to each winner of the match and -1 to each other seat once it is over, else
        zeros."""
        m = self._m
        n = m.spec.seats
        if not self.is_terminal():
            return [0.0] * n
        assert m.state is not None
        winners = m.state.result().winners
        if not winners:
            return [0.0] * n
        return [1.0 if s in winners else -1.0 for s in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state drawn uniformly from those with the same information state for seat
        ``player_id``: a sampled world (see the module's docstring). Its random seed comes
        from ``probability_sampler()`` (a number in [0, 1)), or from the game's ``rng``."""
        if probability_sampler is not None:
            rng = random.Random(int(probability_sampler() * 2.0**53))
        else:
            rng = self.get_game().rng
        return self.resample(player_id, rng)

    def resample(self, seat: int, rng: random.Random) -> AtoutState:
        """:meth:`resample_from_infostate` with the world drawn from ``rng``. Only at a
        decision node (or the end): while cards are drawn there is no deal to sample."""
        m = self._m
        if m.is_chance or m.state is None:
            raise ValueError("resample at a decision node: chance is drawing cards now")
        spec = m.spec
        world = spec.game.sample_world(m.state.view(seat), rng)
        roots = tuple(
            m.information_state(s) if s == seat else "sampled world " + _view_text(world.view(s))
            for s in range(spec.seats)
        )
        new: AtoutState = self.get_game().new_initial_state()
        w = _Match(spec)
        w.first_dealer = m.first_dealer
        w.state = world
        w.roots = roots
        new._m = w
        return new

    def __str__(self) -> str:
        m = self._m
        head = m.spec.game.text
        if m.first_dealer is None:
            return f"{head}: the first dealer is drawn"
        lines = [f"{head}: seat {m.first_dealer} deals first"]
        if m.state is not None:
            # The public state, then where every card is (the hands included).
            lines.append(_view_text(m.state.view(None)))
            zones = m.state.zones()
            lines.append(" ".join(f"{z}=[{CardSet(mask)}]" for z, mask in zones.items()))
        if m.is_chance:
            drawn = " ".join(card_text(m.spec.pack[i]) for i in m.drawn)
            lines.append(f"drawing deal {len(m.packs) + 1}: {drawn}".rstrip())
        if m.pending is not None:
            lines.append(f"seat {m.pending[0]} waits to {m.pending[1]}")
        return "\n".join(lines)

    # --- atout's side, for drivers and bots ------------------------------------------------

    def view(self, seat: int) -> View:
        """Seat ``seat``'s atout view (:class:`ValueError` before the first deal)."""
        return self._m.view(seat)

    def legal_atout_actions(self, seat: int | None = None) -> list[Action]:
        """The atout actions legal now for ``seat`` (the current player by default)."""
        m = self._m
        if m.is_chance or m.state is None:
            return []
        who = self.current_player() if seat is None else seat
        if who < 0 or who not in m.state.acting_seats:
            return []
        return m.state.legal_actions(who)

    @property
    def atout_state(self) -> State | None:
        """The atout match itself (``None`` before the first deal). It holds every hidden
        card: for drivers and tests, never for a bot."""
        return self._m.state

    @property
    def is_sampled_world(self) -> bool:
        """Whether this state came from :meth:`resample_from_infostate`."""
        return self._m.roots is not None


class AtoutObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)
    of one ``kind``: ``"info_state"`` (the information state), ``"observation"``, or ``None``
    (an observation type atout does not provide: no tensor, ``None`` strings). Both tensors
    are the encoding's observation; ``dict`` names its fields."""

    def __init__(self, spec: _Spec, kind: str | None) -> None:
        self._spec = spec
        self.kind = kind
        self.tensor: Vector | None = None
        self.dict: dict[str, Vector] = {}
        if kind is not None:
            tensor = np.zeros(spec.enc.size, np.float32)
            self.tensor = tensor
            self.dict = {f.name: tensor[f.slice].reshape(f.shape) for f in spec.enc.layout}

    def set_from(self, state: AtoutState, player: int) -> None:
        """Write seat ``player``'s observation of ``state`` into ``tensor``."""
        tensor = self.tensor
        if tensor is None:
            return
        m = state._m
        if m.state is None:
            tensor.fill(0.0)
        else:
            tensor[:] = self._spec.enc.observation(m.state.view(player))

    def string_from(self, state: AtoutState, player: int) -> str | None:
        """Seat ``player``'s information state (or observation) of ``state`` as text."""
        m = state._m
        if self.kind == "info_state":
            return m.information_state(player)
        if self.kind == "observation":
            return "" if m.state is None else _view_text(m.state.view(player))
        return None


# --- helpers --------------------------------------------------------------------------------


class AtoutBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type information
    """An atout bot (:class:`atout.bots.base.Bot`, or its spec such as ``"medium"``) as an
    OpenSpiel bot, for ``evaluate_bots`` and the like. It chooses from the seat's view only,
    with its own ``random.Random(seed)``."""

    def __init__(self, bot: Bot | str, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        if isinstance(bot, str):
            from atout.bots import make

            bot = make(bot)
        self.bot = bot
        self.rng = random.Random(seed)

    def step(self, state: AtoutState) -> int:
        """The action id the bot chooses for the current player."""
        seat = state.current_player()
        legal = state.legal_atout_actions(seat)
        choice = self.bot.choose(state.view(seat), legal, self.rng)
        return int(state.get_game().action_id(choice))

    def restart_at(self, state: AtoutState) -> None:
        """Nothing to forget: the bot reads the view afresh at every step."""

    def inform_action(self, state: AtoutState, player_id: int, action: int) -> None:
        """Nothing to track: the view holds what the seat has seen."""


def resampler(rng: random.Random) -> Callable[[AtoutState, int], AtoutState]:
    """A resampler for ``ISMCTSBot.set_resampler`` that draws its worlds from ``rng``, so that
    a seeded search plays the same moves again."""

    def resample(state: AtoutState, player: int) -> AtoutState:
        return state.resample(player, rng)

    return resample


def game_string(rules: str | Game[Any], *, dealer: int = DEALER_BY_CHANCE) -> str:
    """The OpenSpiel game string of an atout game or rules text:
    ``game_string("river(players=5)")`` is ``"atout_river(players=5)"``."""
    game = atout.load(rules) if isinstance(rules, str) else rules
    options = {**game.rules.changed()}
    if dealer != DEALER_BY_CHANCE:
        options["dealer"] = dealer
    body = ",".join(f"{k}={v}" for k, v in options.items())
    name = GAME_NAMES[game.name]
    return f"{name}({body})" if body else name


def load_game(rules: str | Game[Any], *, dealer: int = DEALER_BY_CHANCE) -> AtoutGame:
    """The OpenSpiel game of an atout game or rules text (``load_game("schnapsen")``)."""
    game: AtoutGame = pyspiel.load_game(game_string(rules, dealer=dealer))
    return game


_TYPES: Final = {name: _game_type(name) for name in GAME_NAMES}

for _cls in (SchnapsenGame, SevenUpGame, RiverGame):
    pyspiel.register_game(_TYPES[_cls.atout_name], _cls)

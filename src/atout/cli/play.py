"""Line mode: play a match against computer seats, one typed move at a time.

Plain lines in and out, so that screen readers and scripts can drive it. The loop belongs here,
not to the engine: the engine is asked what is legal and told what was chosen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from atout.bots import Bot
from atout.cli.narrate import describe, status
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.game import Game
from atout.core.state import State
from atout.errors import IllegalAction, NotationError

__all__ = ["play", "read_move"]

HELP = (
    "Type a move as listed (e.g. 'play QS', or just 'QS'; 'KH m' declares a marriage with KH), "
    "or its number. 'moves' lists them again, 'quit' leaves."
)


def read_move(game: Game[State], state: State, seat: int, text: str) -> Action:
    """A typed move: its number in the list of legal moves, its full text, or a shorthand
    (``QS`` for ``play QS``, ``KH m`` for ``play KH marriage``). Raises ``NotationError`` or
    ``IllegalAction`` with the reason."""
    legal = state.legal_actions(seat)
    t = text.strip()
    if t.isdigit():
        i = int(t)
        if 1 <= i <= len(legal):
            return legal[i - 1]
        raise IllegalAction(f"there is no move {i}: choose 1 to {len(legal)}")
    words = t.split()
    if words and words[0].lower() not in {"play", "bid", "discard"} and len(words) <= 2:
        first = words[0]
        if first[:1].isdigit() or (first[:1].upper() in "AKQJT" and len(first) in (2, 3)):
            rest = ["marriage"] if len(words) == 2 and words[1].lower() in ("m", "marriage") else []
            t = " ".join(["play", first, *rest]) if len(words) == 1 or rest else t
    action = game.parse_action(t)
    state.check(action, seat)
    return action


def play(
    game: Game[State],
    human: int,
    bots: dict[int, Bot],
    *,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> State:
    """Play one match: ``human`` types moves, the other seats are ``bots``. Returns the state
    (finished, or where the player quit)."""
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    names = list(names or [("you" if s == human else "the computer") for s in range(game.seats)])
    say(f"{game.title} ({game.text}). {HELP}")
    for event in state.opening_events():
        _say(event.seen_by(human), names, say)
    while state.to_act is not None:
        to_act = state.to_act
        seat = to_act if isinstance(to_act, int) else min(to_act)
        if seat == human:
            action = _ask_human(game=game, state=state, seat=human, names=names, ask=ask, say=say)
            if action is None:
                say("You leave the table.")
                return state
        else:
            view = state.view(seat)
            action = bots[seat].choose(view, state.legal_actions(seat), rng)
        for event in state.apply(action, seat):
            _say(event.seen_by(human), names, say)
    return state


def _say(event: Event, names: Sequence[str], say: Callable[[str], None]) -> None:
    line = describe(event, names)
    if line:
        say(line)


def _ask_human(
    *,
    game: Game[State],
    state: State,
    seat: int,
    names: Sequence[str],
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> Action | None:
    say("")
    for line in status(state.view(seat), names):
        say(line)
    legal = state.legal_actions(seat)
    say("Your moves: " + ", ".join(f"{i}) {a}" for i, a in enumerate(legal, 1)))
    while True:
        try:
            text = ask("> ")
        except EOFError:
            return None
        low = text.strip().lower()
        if low in ("quit", "exit", "q"):
            return None
        if low in ("?", "help"):
            say(HELP)
            continue
        if low in ("moves", "m", ""):
            say("Your moves: " + ", ".join(f"{i}) {a}" for i, a in enumerate(legal, 1)))
            continue
        try:
            return read_move(game, state, seat, text)
        except (NotationError, IllegalAction) as e:
            say(f"{str(e)[:1].upper()}{str(e)[1:]}.")

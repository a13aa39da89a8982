"""Line mode: play a match against computer seats, one typed move at a time.

Plain lines in and out, so that screen readers and scripts can drive it. The loop belongs here,
not to the engine: the engine is asked what is legal and told what was chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.cards import card_text, parse_card
from atout.cli.narrate import describe, status
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.game import Game
from atout.core.state import State
from atout.errors import IllegalAction, NotationError
from atout.tui.session import Session

__all__ = ["play", "read_move"]

HELP = (
    "Type a move as listed (e.g. 'play QS', or just 'QS' for whatever you are asked to do with a "
    "card: play it, or discard it; 'KH m' declares a marriage with KH), or its number. "
    "'moves' lists them again, 'quit' leaves."
)


def read_move(game: Game[State], state: State, seat: int, text: str) -> Action:
    """A typed move: its number in the list of legal moves, its full text, or a shorthand: a
    bare card (``QS``) for the card move asked for now (``play QS``, or ``discard QS`` while
    discarding), ``KH m`` for ``play KH marriage``. Raises ``NotationError`` or
    ``IllegalAction`` with the reason."""
    legal = state.legal_actions(seat)
    t = text.strip()
    if t.isdigit():
        i = int(t)
        if 1 <= i <= len(legal):
            return legal[i - 1]
        raise IllegalAction(f"there is no move {i}: choose 1 to {len(legal)}")
    words = t.split()
    if 1 <= len(words) <= 2 and words[0].lower() not in {"play", "bid", "discard"}:
        card = _card(words[0])
        rest = ["marriage"] if len(words) == 2 and words[1].lower() in ("m", "marriage") else []
        if card is not None and (len(words) == 1 or rest):
            t = " ".join([_card_verb(legal, card), card, *rest])
    action = game.parse_action(t)
    state.check(action, seat)
    return action


def _card(text: str) -> str | None:
    """The canonical text of a card (``th`` gives ``10H``), or ``None`` if it is no card."""
    try:
        return card_text(parse_card(text))
    except NotationError:
        return None


def _card_verb(legal: Sequence[Action], card: str) -> str:
    """The verb a bare card stands for, asked of the legal moves: the one they use with this
    card, else the one they all use with cards (``discard`` while discarding), else ``play``
    (whose refusal then says why, e.g. "you do not hold 2C")."""
    moves = [str(a).split() for a in legal]
    for words in moves:
        if len(words) >= 2 and words[1] == card:
            return words[0]
    verbs = {words[0] for words in moves if len(words) >= 2 and _card(words[1]) is not None}
    return verbs.pop() if len(verbs) == 1 else "play"


def play(
    session: Session,
    *,
    names: Sequence[str] | None = None,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> State:
    """Play a match on from where ``session`` stands: its people type moves (one person, in
    line mode), its bots choose theirs. Returns the state (finished, or where the player
    quit). The session keeps its journal after every action."""
    state, game = session.state, session.game
    human = session.people[0] if session.people else None
    if not names:
        # Facing one computer it is "the computer"; around a bigger table seats go by number.
        other = "the computer" if game.seats == 2 else "seat {}"
        names = ["you" if s in session.people else other.format(s) for s in range(game.seats)]
    say(f"{game.title} ({game.text}). {HELP}")
    if state.history:
        say(f"The match goes on after {len(state.history)} moves.")
    else:
        for event in state.opening_events():
            _say(event.seen_by(human), names, say)
    while not state.is_over:
        # Bots first when several seats act at once (sealed bids): the person then sees
        # that theirs are made.
        if session.bot_to_act() is not None:
            events = session.play_bot(*session.think())
        else:
            seat = session.person_to_act()
            assert seat is not None  # someone acts while the match goes on
            action = _ask_human(game=game, state=state, seat=seat, names=names, ask=ask, say=say)
            if action is None:
                say("You leave the table.")
                return state
            events = session.play(action, seat)
        for event in events:
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

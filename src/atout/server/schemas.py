"""The API's request and response bodies, as pydantic models: they validate what comes in and
give the OpenAPI schema its shapes. Views, events, results and records are the engine's own
JSON (``to_dict()``), described here as objects."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue

from atout.games import names

__all__ = [
    "ActionIn",
    "AgainIn",
    "CreateIn",
    "CreatedOut",
    "DuplicateIn",
    "DuplicateOut",
    "ErrorOut",
    "EventsOut",
    "GameOut",
    "GamesOut",
    "HintIn",
    "HintOut",
    "HistoryOut",
    "InviteOut",
    "JoinIn",
    "JoinedOut",
    "MessageOut",
    "PlayerIn",
    "PlayerOut",
    "ProgressOut",
    "ReviewOut",
    "RulesTextOut",
    "SeatOut",
    "TableList",
    "TableOut",
]

#: A seat's player: ``human``, or a built-in bot's spec (``medium``, ``hard(time=0.5)``).
Player = Annotated[
    str, Field(min_length=1, max_length=100, examples=["human", "medium", "hard(time=0.5)"])
]

#: The Unicode categories no name may hold: controls (NUL, ESC and the terminal sequences it
#: starts, the one-character CSI), formats (bidi overrides and isolates, zero-width
#: characters), surrogates, and line and paragraph separators. Names are shown to other
#: players, in pages and in terminals (``atout replay``), where these would act, not show.
UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _printable(name: str) -> str:
    for ch in name:
        if unicodedata.category(ch) in UNPRINTABLE:
            raise ValueError(
                f"a name may not hold control or format characters (it holds U+{ord(ch):04X})"
            )
    return name


#: A player's name, as others see it.
Name = Annotated[str, Field(max_length=40, examples=["Ann"]), AfterValidator(_printable)]

#: The games, for the schema.
_GAMES: list[JsonValue] = list(names())


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateIn(_Strict):
    """A new table: the game, its rules text (``null``: the defaults), one player per seat,
    the creator's seat (``null``: the first human seat) and the table's options."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"game": "schnapsen", "seats": ["human", "medium"], "name": "Ann"},
                {"game": "river", "rules": "river(players=4)", "seats": ["human"] * 4},
            ]
        },
    )

    # A plain string, checked by the service, so that an unknown game is refused with the
    # list of games; the schema still names them.
    game: str = Field(
        min_length=1, max_length=40, examples=["schnapsen"], json_schema_extra={"enum": _GAMES}
    )
    rules: str | None = Field(
        default=None, max_length=500, examples=["schnapsen(manual_claim=true)"]
    )
    seats: list[Player] = Field(min_length=1, max_length=8, examples=[["human", "medium"]])
    seat: int | None = Field(default=None, ge=0, le=7)
    name: Name | None = None
    grace: float | None = Field(
        default=None,
        ge=0,
        le=86400,
        description="seconds an absent player has before a stand-in plays (60); at least the "
        "server's least grace period (10 unless it was started with --min-grace)",
    )
    standin: str | None = Field(
        default=None, min_length=1, max_length=100, description="the stand-in bot (medium)"
    )
    packs: list[list[str]] | None = Field(
        default=None,
        max_length=20,
        description="the packs of the first deals, top card first (only on a server started "
        "with --fixed-deals: for tests and demonstrations)",
    )
    dealer: int | None = Field(
        default=None, ge=0, le=7, description="the first dealer (only with --fixed-deals)"
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**63, description="the match seed (only with --fixed-deals)"
    )


class JoinIn(_Strict):
    """Take the free seat an invite opens."""

    invite: str = Field(min_length=1, max_length=100)
    name: Name | None = None


class ActionIn(_Strict):
    """An action's text, and the ``seq`` of the state it was chosen on."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"action": "play QS", "seq": 0}]}
    )

    action: str = Field(min_length=1, max_length=100, examples=["play QS"])
    seq: int = Field(ge=0, le=1_000_000)


class SeatOut(BaseModel):
    """A seat as everybody may see it. ``present``: the player is here (bots always are);
    ``standin``: a bot plays for a player gone past the grace period."""

    seat: int
    player: str
    name: str | None
    taken: bool
    present: bool
    standin: bool


class TableOut(BaseModel):
    """A table's public summary. ``seq`` counts the actions applied; ``result`` is the
    engine's match result once the match is over; ``paused``: every person at the table has
    gone, and the match waits for one to come back (no stand-in plays for nobody)."""

    id: str
    game: str
    rules: str
    status: Literal["waiting", "playing", "over", "expired"]
    seq: int
    to_act: list[int]
    free_seats: list[int]
    seats: list[SeatOut]
    grace: float
    standin: str
    created_at: float
    result: dict[str, Any] | None
    paused: bool = False


class TableList(BaseModel):
    """Tables, newest first."""

    tables: list[TableOut]


class InviteOut(BaseModel):
    """An invite to a free human seat: the secret code (give it to that player only) and a
    link that carries it."""

    seat: int
    code: str
    link: str


class CreatedOut(BaseModel):
    """The new table, the creator's seat and token (``null`` at a table of bots only) and an
    invite per other human seat. The token is shown this once: keep it."""

    table: TableOut
    seat: int | None
    token: str | None
    invites: list[InviteOut]


class JoinedOut(BaseModel):
    """The seat taken and its token, shown this once."""

    table: TableOut
    seat: int
    token: str


class MessageOut(BaseModel):
    """A view message: ``snapshot`` (the full current view) or ``update`` (after an action,
    with its ``events`` as this seat may see them). ``view`` is the engine's
    ``view(seat).to_dict()``; ``legal`` the actions this seat may take now."""

    type: Literal["snapshot", "update"]
    seq: int
    seat: int | None
    status: Literal["waiting", "playing", "over"]
    to_act: list[int]
    legal: list[str]
    view: dict[str, Any]
    events: list[dict[str, Any]] | None = None


class EventsOut(BaseModel):
    """What happened so far, as this seat (or a spectator) was told it: ``steps[0]`` holds the
    match's opening events (the first deal dealt, the trump turned), ``steps[n]`` those of the
    ``n``-th action, each as the ``update`` messages carried them. ``seq`` counts the actions
    (there are ``seq + 1`` steps)."""

    seq: int
    seat: int | None
    steps: list[list[dict[str, Any]]]


class ErrorOut(BaseModel):
    """An error; nothing was changed. ``seq`` comes with ``stale_seq``."""

    error: str
    detail: str
    seq: int | None = None


class GameOut(BaseModel):
    """A game the server plays: its seats (a range where an option sets them), its variant
    options with their types and defaults, and the languages of its rules."""

    game: str
    title: str
    seats: dict[str, int]
    options: list[dict[str, Any]]
    languages: list[str]


class GamesOut(BaseModel):
    """The games, and the bot levels a seat may have (weakest first)."""

    games: list[GameOut]
    levels: list[str]


class RulesTextOut(BaseModel):
    """The rules of a game as players read them (Markdown), in one language."""

    game: str
    lang: str
    text: str


class HintIn(_Strict):
    """Ask for a hint on the state after ``seq`` actions."""

    seq: int = Field(ge=0, le=1_000_000)


class ReasonOut(BaseModel):
    """Why a hint: the catalog key ``why.<key>`` (``/i18n/<lang>.json``) and its arguments.
    ``card``, ``keep`` and ``partner`` hold a card's text (``AH``), ``suit`` a suit's letter;
    the others are whole numbers."""

    key: str
    args: dict[str, int | str]


class HintOut(BaseModel):
    """The action the coach's search values highest from the seat's own view
    (:mod:`atout.advice`): why, every legal action's value in the game's ``unit``
    (Schnapsen: game points; Seven Up and River: points), the next best action
    (``runner_up``, ``null`` when the action was the only one), the ``margin`` by which
    the hint beats it, and whether that is too ``close`` to call."""

    seq: int
    action: str
    reason: ReasonOut
    values: dict[str, float]
    unit: str
    runner_up: str | None
    margin: float
    close: bool


class ReviewOut(BaseModel):
    """One step of a finished match, replayed from its record: step 0 is the deal before any
    action; step ``n`` follows the ``n``-th action (``seat`` took ``action``). ``events`` are
    what that step made happen, ``view`` the spectator's view after it, ``hands`` every seat's
    hand (the match is over: nothing is hidden any more). ``deals`` gives the step at which
    each deal begins."""

    step: int
    steps: int
    seat: int | None
    action: str | None
    events: list[dict[str, Any]]
    view: dict[str, Any]
    hands: list[list[str]]
    deals: list[int]


class AnalysisIn(_Strict):
    """Ask the coach for a finished match's analysis: from each person's view at the time
    (``view``), or with all cards open (``open``)."""

    mode: Literal["view", "open"] = "view"


class AnalysisOut(BaseModel):
    """Where the coach's analysis of a finished match stands in ``mode``: ``none`` (not
    asked for), ``running`` (``done`` of ``total`` decisions valued so far), ``done`` (then
    ``analysis`` holds it: :meth:`atout.coach.Analysis.to_dict`, its decisions, verdicts,
    accuracy per seat and deal, the costliest steps), or ``failed`` (``error`` says why;
    asking again starts it again). The analysis is made once and kept with the table."""

    mode: Literal["view", "open"]
    status: Literal["none", "running", "done", "failed"]
    done: int
    total: int
    analysis: dict[str, Any] | None = None
    error: str | None = None


class AgainIn(_Strict):
    """Play a finished match's deal ``deal`` again: a new match from its packs, the caller
    at ``seat`` (the same seat, or another to hold the other cards)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"deal": 2, "seat": 1, "name": "Ann"}]}
    )

    deal: int = Field(default=1, ge=1, le=1000)
    seat: int = Field(ge=0, le=7)
    name: Name | None = None


class TutorialIn(_Strict):
    """The guided first match of ``game``: its fixed first deal against the easy bot."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"game": "schnapsen", "name": "Ann"}]}
    )

    game: str = Field(min_length=1, max_length=40, json_schema_extra={"enum": _GAMES})
    name: Name | None = None


class DuplicateIn(_Strict):
    """Ask for the duplicate challenge of ``seat`` in ``deal``: that deal of a finished match
    played again from the same cards with the ``expert`` in the seat."""

    deal: int = Field(ge=1, le=1000)
    seat: int = Field(ge=0, le=7)


class DuplicateOut(BaseModel):
    """Where a duplicate challenge stands: ``none`` (not asked for), ``running`` (``done``
    decisions of the expert's line made so far), ``done`` (then ``duplicate`` holds it:
    :meth:`atout.duplicate.Duplicate.to_dict`, both lines of play with each one's deal result
    and value to the seat, and their ``difference``), or ``failed`` (``error`` says why;
    asking again starts it again). Made once and kept with the table."""

    deal: int
    seat: int
    status: Literal["none", "running", "done", "failed"]
    done: int
    duplicate: dict[str, Any] | None = None
    error: str | None = None


class PlayerIn(_Strict):
    """A player who keeps a history: the name they go by (optional)."""

    name: Name | None = None


class PlayerOut(BaseModel):
    """A player: their id, name and when they began. ``key`` only in the answer that makes
    them: the secret that is the player, shown this once (keep it, copy it to another device;
    send it as the ``X-Player-Key`` header)."""

    id: str
    name: str | None
    created_at: float
    key: str | None = None


class HistoryOut(BaseModel):
    """A player's finished matches, newest first: each with its table (for the review), game,
    rules, when it finished, the player's seat, the opponents, the level it counts under
    (a bot level, ``mixed`` or ``people``), the final scores and whether the player won."""

    matches: list[dict[str, Any]]


class ProgressOut(BaseModel):
    """A player's statistics per game and level (matches, wins, win rate, deals, points per
    deal; Schnapsen's marriages and closes made and won, Seven Up's begs, River's exact bids
    and their rate) and rating per game against the computer levels (``mu`` and ``sigma`` on
    an Elo scale, its course over the matches rated, the levels' anchors and the ``next``
    level to try)."""

    statistics: dict[str, dict[str, dict[str, Any]]]
    ratings: dict[str, dict[str, Any]]

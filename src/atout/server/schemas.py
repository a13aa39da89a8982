"""The API's request and response bodies, as pydantic models: they validate what comes in and
give the OpenAPI schema its shapes. Views, events, results and records are the engine's own
JSON (``to_dict()``), described here as objects."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from atout.games import names

__all__ = [
    "ActionIn",
    "CreateIn",
    "CreatedOut",
    "ErrorOut",
    "InviteOut",
    "JoinIn",
    "JoinedOut",
    "MessageOut",
    "SeatOut",
    "TableList",
    "TableOut",
]

#: A seat's player: ``human``, or a built-in bot's spec (``medium``, ``hard(time=0.5)``).
Player = Annotated[
    str, Field(min_length=1, max_length=100, examples=["human", "medium", "hard(time=0.5)"])
]

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
    name: str | None = Field(default=None, max_length=40)
    grace: float | None = Field(
        default=None, ge=0, le=86400, description="seconds before a stand-in plays (60)"
    )
    standin: str | None = Field(
        default=None, min_length=1, max_length=100, description="the stand-in bot (medium)"
    )


class JoinIn(_Strict):
    """Take the free seat an invite opens."""

    invite: str = Field(min_length=1, max_length=100)
    name: str | None = Field(default=None, max_length=40)


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
    engine's match result once the match is over."""

    id: str
    game: str
    rules: str
    status: Literal["waiting", "playing", "over"]
    seq: int
    to_act: list[int]
    free_seats: list[int]
    seats: list[SeatOut]
    grace: float
    standin: str
    created_at: float
    result: dict[str, Any] | None


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


class ErrorOut(BaseModel):
    """An error; nothing was changed. ``seq`` comes with ``stale_seq``."""

    error: str
    detail: str
    seq: int | None = None

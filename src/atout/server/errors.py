"""The errors the API answers with. Each carries its HTTP status and a stable ``error`` code;
the body is always ``{"error": code, "detail": "words a person can act on", ...}`` (a stale
``seq`` adds the current one). Nothing has changed when one is raised."""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "ApiError",
    "BadRecord",
    "BadTable",
    "Busy",
    "Forbidden",
    "Illegal",
    "Malformed",
    "NotFound",
    "NotOver",
    "NotStarted",
    "NotYourTurn",
    "Stale",
    "TooLarge",
    "Unauthorized",
]


class ApiError(Exception):
    """An error answered to the client rather than a defect of the server."""

    status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body of the response."""
        return {"error": self.code, "detail": self.detail, **self.extra}


class NotFound(ApiError):
    """No table has that id."""

    status = 404
    code = "not_found"


class Unauthorized(ApiError):
    """The request needs a seat's token and has none."""

    status = 401
    code = "token_missing"


class Forbidden(ApiError):
    """The token (or invite) given is not one of this table's."""

    status = 403
    code = "token_wrong"


class Stale(ApiError):
    """The action was chosen on an older state: ``seq`` is the current one."""

    status = 409
    code = "stale_seq"


class NotStarted(ApiError):
    """The table still waits for players to take its free seats."""

    status = 409
    code = "not_started"


class NotOver(ApiError):
    """The match is still being played: its review (every card shown) opens at its end."""

    status = 409
    code = "not_over"


class NotYourTurn(ApiError):
    """The seat has no decision to make now (a hint is for the seat to act)."""

    status = 409
    code = "not_your_turn"


class Illegal(ApiError):
    """The rules do not allow the action now; the detail is the engine's reason."""

    status = 422
    code = "illegal_action"


class Malformed(ApiError):
    """The request does not read: bad JSON, a missing field, text that is no action."""

    status = 422
    code = "malformed"


class BadTable(ApiError):
    """A table that cannot be made: unknown game or option, a wrong number of seats, a bot
    that does not exist here."""

    status = 422
    code = "bad_table"


class BadRecord(ApiError):
    """A record that does not replay, or not to a finished match: the detail names the
    field or the step at fault."""

    status = 422
    code = "bad_record"


class TooLarge(ApiError):
    """The request body is larger than the server accepts."""

    status = 413
    code = "too_large"


class Busy(ApiError):
    """The bot pool could not answer in time (a hint under load); nothing changed: ask again."""

    status = 503
    code = "busy"

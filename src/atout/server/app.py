"""The FastAPI application: the HTTP routes, the websocket, the error bodies.

Every route is a thin face over :class:`~atout.server.service.TableService`; the service asks
the engine. Seats prove who they are with ``Authorization: Bearer TOKEN``; a request without a
token reads as a spectator where spectators may read (a view, a record) and is refused (401)
where only a seat may act. Creating tables, hints, analyses and websockets are under the quotas of
:class:`~atout.server.limits.Quotas` (429). ``/docs`` and ``/redoc`` load their scripts and
styles from this server (the ``fastapi_offline`` package's copies), never from a CDN.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import Body, Depends, FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from atout.server import catalog, page
from atout.server.botpool import BotPool
from atout.server.broker import Broker, LocalBroker, PostgresBroker
from atout.server.errors import ApiError, Malformed, NotFound, NotOver, Unauthorized
from atout.server.limits import BodyLimit, Quotas, TooMany, address
from atout.server.schemas import (
    ActionIn,
    AgainIn,
    AnalysisIn,
    AnalysisOut,
    CreatedOut,
    CreateIn,
    DuplicateIn,
    DuplicateOut,
    ErrorOut,
    EventsOut,
    GamesOut,
    HintIn,
    HintOut,
    HistoryOut,
    JoinedOut,
    JoinIn,
    MessageOut,
    PlayerIn,
    PlayerOut,
    ProgressOut,
    ReviewOut,
    RulesTextOut,
    TableList,
    TableOut,
    TutorialIn,
)
from atout.server.service import Created, TableService
from atout.server.settings import Settings
from atout.server.store import OVER, PLAYING, WAITING, Store, StoredPlayer
from atout.server.table import Subscriber, Table

__all__ = ["create_app"]

#: What a table id looks like (``secrets.token_urlsafe(6)``; a little room for other forms).
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: Seconds a websocket without an ``Authorization`` header has to send its hello.
HELLO_TIMEOUT = 10.0

_bearer = HTTPBearer(auto_error=False, description="a seat's token, from create or join")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
#: A player's key (:meth:`TableService.register`), for the routes that keep a history.
PlayerKey = Annotated[
    str | None,
    Header(
        alias="X-Player-Key",
        max_length=100,
        description="your player key: the seat you take counts in your history",
    ),
]
#: For the schema of routes a spectator may read without a token: the empty requirement
#: (FastAPI appends it to the bearer's) makes the token optional.
_TOKEN_OPTIONAL: dict[str, Any] = {"security": [{}]}


#: How a 429 says when to try again.
_RETRY_AFTER = {
    "Retry-After": {
        "description": "whole seconds (at least 1) until the request is taken again",
        "schema": {"type": "integer", "minimum": 1},
    }
}


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {
        code: {"model": ErrorOut, "headers": _RETRY_AFTER} if code == 429 else {"model": ErrorOut}
        for code in codes
    }


def _player(player: StoredPlayer) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "created_at": player.created_at}


async def _me(request: Request, key: str | None) -> StoredPlayer:
    """The player ``X-Player-Key`` names: 401 without one, 403 for a key nobody has."""
    player = await _service(request).player(key)
    if player is None:
        raise Unauthorized("send your player key as the X-Player-Key header")
    return player


def _created(request: Request, made: Created) -> dict[str, Any]:
    """The answer to a table's creator: the table, their seat and token, the invites."""
    base = str(request.base_url).rstrip("/")
    invites = [
        {"seat": seat, "code": code, "link": f"{base}/#table={made.table.id}&invite={code}"}
        for seat, code in sorted(made.invites.items())
    ]
    info = made.table.info(time.time())
    return {"table": info, "seat": made.seat, "token": made.token, "invites": invites}


def _json(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data), status_code=status, media_type="application/json")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application for these settings. Its lifespan opens the store (running the
    migrations), starts the bot pool and the broker, resumes every unfinished table, and
    starts counting the quotas."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db)
        await asyncio.to_thread(store.open)
        pool = BotPool(settings.workers, settings.bot_timeout)
        await asyncio.to_thread(pool.warm)
        broker: Broker = PostgresBroker(settings.db) if store.is_postgres else LocalBroker()
        service = TableService(settings, store, broker, pool)
        await service.start()
        app.state.service = service
        app.state.quotas = Quotas(settings)
        try:
            yield
        finally:
            await service.stop()
            pool.close()
            await asyncio.to_thread(store.close)

    app = FastAPIOffline(
        title="atout",
        summary="Card tables for Schnapsen, Seven Up and Up and Down the River.",
        version="1",
        lifespan=lifespan,
        # Swagger UI would otherwise send the schema's address to validator.swagger.io and
        # show the verdict as an image from there: the page loads nothing from elsewhere.
        swagger_ui_parameters={"validatorUrl": None},
    )
    app.add_middleware(
        BodyLimit, limit=settings.max_body, larger={"/api/records": settings.max_record}
    )
    _handlers(app)
    _routes(app)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, e: ApiError) -> Response:
        response = _json(e.body(), e.status)
        if isinstance(e, TooMany) and e.retry_after is not None:
            response.headers["Retry-After"] = str(e.retry_after)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, e: RequestValidationError) -> Response:
        parts = []
        for err in e.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return _json(Malformed("; ".join(parts) or "the request does not read").body(), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, e: StarletteHTTPException) -> Response:
        if e.status_code == 400:
            # FastAPI's "error parsing the body" (not UTF-8, say): the API promises 422 for
            # every body that does not read.
            return _json(Malformed(f"the request body does not read: {e.detail}").body(), 422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return _json({"error": code, "detail": str(e.detail)}, e.status_code)


def _service(request: Request | WebSocket) -> TableService:
    service = request.app.state.service
    assert isinstance(service, TableService)
    return service


def _quotas(request: Request | WebSocket) -> Quotas:
    quotas = request.app.state.quotas
    assert isinstance(quotas, Quotas)
    return quotas


async def _table(request: Request | WebSocket, table_id: str) -> Table:
    if not _TABLE_ID.fullmatch(table_id):
        raise NotFound(f"there is no table {table_id!r}")
    return await _service(request).table(table_id)


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


def _routes(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def home() -> HTMLResponse:
        """The web table: one page, its scripts and styles under ``/static``, its strings
        under ``/i18n``."""
        return HTMLResponse(page.home(), headers=page.HEADERS)

    app.mount("/static", page.static_files(), name="static")
    app.mount("/i18n", page.catalog_files(), name="i18n")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """The icon, where browsers look for it without asking the page."""
        return Response(page.icon(), media_type="image/svg+xml")

    @app.get("/api/games", response_model=GamesOut, summary="The games and their options")
    async def games() -> Response:
        """Every game with its seats, variant options (type and default) and the languages
        of its rules; and the bot levels a seat may have."""
        return _json({"games": catalog.games(), "levels": list(catalog.LEVELS)})

    @app.get(
        "/api/games/{game}/rules",
        response_model=RulesTextOut,
        responses=_errors(404, 422),
        summary="A game's rules, as players read them",
    )
    async def rules(
        game: str, lang: Annotated[Literal["en", "fr", "de", "da"], Query()] = "en"
    ) -> Response:
        """The rules of ``game`` in Markdown, in English, French, German or Danish."""
        if game not in catalog.GAMES:
            raise NotFound(f"there is no game {game!r}; the games are: {', '.join(catalog.GAMES)}")
        return _json({"game": game, "lang": lang, "text": catalog.rules_text(game, lang)})

    @app.post(
        "/api/tables/{table_id}/hint",
        response_model=HintOut,
        responses=_errors(401, 403, 404, 409, 410, 413, 422, 429, 503),
        summary="Ask for a hint and its reason",
    )
    async def hint(request: Request, table_id: str, body: HintIn, credentials: Token) -> Response:
        """The action the coach's search values highest for the token's seat, and why in
        words (a catalog key and its arguments), chosen from that seat's own view like any
        bot's: nothing is applied. 409 if ``seq`` is stale or the seat has no decision to
        make; 429 past the hints an address, or a table, may ask for in a minute; 503 if no
        hint could be found in time."""
        table = await _table(request, table_id)
        service = _service(request)
        seat = await service.authenticate(table, _token(credentials), required=True)
        assert seat is not None
        # Counted once the token is known good: a stranger cannot use up a table's hints.
        _quotas(request).hint(address(request), table.id)
        advice = await service.hint(table, seat, body.seq)
        return _json({"seq": body.seq, **advice})

    @app.get(
        "/api/tables/{table_id}/review",
        response_model=ReviewOut,
        responses=_errors(404, 409, 410, 422),
        summary="One step of a finished match",
    )
    async def review(
        request: Request,
        table_id: str,
        step: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> Response:
        """Step ``step`` of a finished match replayed from its record, every hand shown
        (a step past the end gives the last). 409 while the match is played."""
        table = await _table(request, table_id)
        if not table.over:
            raise NotOver("the review opens once the match is over")
        return _json(table.review(step))

    @app.post(
        "/api/tables/{table_id}/analysis",
        status_code=202,
        response_model=AnalysisOut,
        responses=_errors(404, 409, 410, 422, 429),
        summary="Start the coach on a finished match",
    )
    async def analyse(request: Request, table_id: str, body: AnalysisIn) -> Response:
        """Start the coach's analysis of a finished match in ``mode`` (unless it is running
        or done): every decision a person made, valued by the expert search. It runs in the
        bot pool behind the tables where people play; follow it with ``GET``. 409 while the
        match is played; 429 past the analyses and challenges an address may start in a
        minute (asking for one running or done starts nothing, and is not counted)."""
        table = await _table(request, table_id)
        count = functools.partial(_quotas(request).analysis, address(request))
        return _json(await _service(request).analyse(table, body.mode, count), 202)

    @app.get(
        "/api/tables/{table_id}/analysis",
        response_model=AnalysisOut,
        responses=_errors(404, 409, 410, 422),
        summary="The coach's analysis of a finished match",
    )
    async def analysis(
        request: Request,
        table_id: str,
        mode: Annotated[Literal["view", "open"], Query()] = "view",
    ) -> Response:
        """Where the analysis in ``mode`` stands, and once done the analysis itself. 409
        while the match is played."""
        table = await _table(request, table_id)
        return _json(await _service(request).analysis(table, mode))

    @app.post(
        "/api/tables/{table_id}/duplicate",
        status_code=202,
        response_model=DuplicateOut,
        responses=_errors(404, 409, 410, 422, 429),
        summary="Start the duplicate challenge of a deal",
    )
    async def challenge(request: Request, table_id: str, body: DuplicateIn) -> Response:
        """Play deal ``deal`` of a finished match again from the same cards with the
        ``expert`` in ``seat`` and the other seats' bots, to set beside the way the seat
        played it (unless that is running or done). It runs in the bot pool behind the
        tables where people play; follow it with ``GET``. 409 while the match is played;
        422 for a deal it did not finish or a seat with no decision in it; 429 past the
        analyses and challenges an address may start in a minute (as for the analysis)."""
        table = await _table(request, table_id)
        count = functools.partial(_quotas(request).analysis, address(request))
        out = await _service(request).challenge(table, body.deal, body.seat, count)
        return _json(out, 202)

    @app.get(
        "/api/tables/{table_id}/duplicate",
        response_model=DuplicateOut,
        responses=_errors(404, 409, 410, 422),
        summary="The duplicate challenge of a deal",
    )
    async def duplicate(
        request: Request,
        table_id: str,
        deal: Annotated[int, Query(ge=1, le=1000)],
        seat: Annotated[int, Query(ge=0, le=7)],
    ) -> Response:
        """Where the duplicate challenge of ``seat`` in ``deal`` stands, and once done both
        lines of play. 409 while the match is played."""
        table = await _table(request, table_id)
        return _json(await _service(request).duplicate(table, deal, seat))

    @app.post(
        "/api/tables/{table_id}/again",
        status_code=201,
        response_model=CreatedOut,
        responses=_errors(403, 404, 409, 410, 413, 422, 429),
        summary="Play a deal of a finished match again",
    )
    async def again(
        request: Request, table_id: str, body: AgainIn, key: PlayerKey = None
    ) -> Response:
        """A new table whose match starts from the packs of deal ``deal`` of a finished
        match (then its later packs, then fresh shuffles), with that deal's dealer, the same
        rules and players, the caller at ``seat``: the answer is the creator's, as for a new
        table. Up and Down the River starts again from deal 1 only. 409 while the match is
        played; 429 past the tables an address may create in a minute."""
        table = await _table(request, table_id)
        _quotas(request).create(address(request))
        service = _service(request)
        player = await service.player(key)
        made = await service.again(
            table, body.deal, body.seat, body.name, player.id if player else None
        )
        return _json(_created(request, made), 201)

    @app.post(
        "/api/tutorials",
        status_code=201,
        response_model=CreatedOut,
        responses=_errors(404, 413, 422, 429),
        summary="Start a guided first match",
    )
    async def tutorial(request: Request, body: TutorialIn) -> Response:
        """A table for the guided first match of ``game`` (:mod:`atout.server.tutorials`): a
        fixed first deal against the easy bot, the caller at seat 0; the answer is the
        creator's, as for a new table. It is not part of a player's history. 404 for a game
        without a tutorial; 429 past the tables an address may create in a minute."""
        _quotas(request).create(address(request))
        made = await _service(request).tutorial(body.game, body.name)
        return _json(_created(request, made), 201)

    @app.post(
        "/api/records",
        status_code=201,
        response_model=TableOut,
        responses=_errors(413, 422, 429),
        summary="Open a record to review it",
    )
    async def open_record(request: Request, body: Annotated[dict[str, Any], Body()]) -> Response:
        """A finished table made from a match record (as ``GET .../record`` gives it, or
        ``atout play --record`` writes it), to review and analyse like any finished table.
        The record is replayed and checked: 422 ``bad_record`` names the field or the step at
        fault, or says the match is not over. 429 past the tables an address may create in
        a minute."""
        _quotas(request).create(address(request))
        table = await _service(request).open_record(body)
        return _json(table.info(time.time()), 201)

    @app.post(
        "/api/players",
        status_code=201,
        response_model=PlayerOut,
        responses=_errors(413, 422, 429),
        summary="Become a player who keeps a history",
    )
    async def register(request: Request, body: PlayerIn) -> Response:
        """A new player, with their secret ``key`` (shown this once: no password, the key is
        the player). Send it as ``X-Player-Key`` when creating or joining a table, and the
        seat counts in the player's history, statistics and rating. 429 past the tables an
        address may create in a minute (the same quota)."""
        _quotas(request).create(address(request))
        player, key = await _service(request).register(body.name)
        return _json(_player(player) | {"key": key}, 201)

    @app.get(
        "/api/players/me",
        response_model=PlayerOut,
        responses=_errors(401, 403, 422),
        summary="The player a key names",
    )
    async def me(request: Request, key: PlayerKey = None) -> Response:
        """Who ``X-Player-Key`` is (never the key)."""
        return _json(_player(await _me(request, key)))

    @app.patch(
        "/api/players/me",
        response_model=PlayerOut,
        responses=_errors(401, 403, 413, 422),
        summary="Change the name a player goes by",
    )
    async def rename(request: Request, body: PlayerIn, key: PlayerKey = None) -> Response:
        """The player, renamed (their past seats keep the names they were taken with)."""
        service = _service(request)
        return _json(_player(await service.rename(await _me(request, key), body.name)))

    @app.get(
        "/api/players/me/history",
        response_model=HistoryOut,
        responses=_errors(401, 403, 422),
        summary="A player's finished matches",
    )
    async def history(
        request: Request,
        key: PlayerKey = None,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    ) -> Response:
        """The player's finished matches, newest first: game, rules, opponents, result,
        when, and the table to review. A match still being played is not in it."""
        player = await _me(request, key)
        return _json({"matches": await _service(request).history(player, limit)})

    @app.get(
        "/api/players/me/progress",
        response_model=ProgressOut,
        responses=_errors(401, 403, 422),
        summary="A player's statistics and rating",
    )
    async def progress(request: Request, key: PlayerKey = None) -> Response:
        """Statistics per game and level, and the rating per game against the computer
        levels, with its course and the next level to try, from the finished matches."""
        return _json(await _service(request).progress(await _me(request, key)))

    @app.get("/api/health", summary="Whether the server is up")
    async def health(request: Request) -> dict[str, str]:
        return {"status": "ok", "database": _service(request).store.url.get_backend_name()}

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=CreatedOut,
        responses=_errors(403, 413, 422, 429),
        summary="Create a table",
    )
    async def create(request: Request, body: CreateIn, key: PlayerKey = None) -> Response:
        """A table for ``game`` under ``rules``, one player per seat (``human`` or a bot
        spec). The creator gets their seat's token, and one invite per other human seat; the
        match starts once every human seat is taken. With a player key, the creator's seat
        counts in that player's history (403 for a key nobody has). 429 past the tables an
        address may create in a minute."""
        _quotas(request).create(address(request))
        service = _service(request)
        player = await service.player(key)
        made = await service.create(
            body.game,
            body.rules,
            players=body.seats,
            seat=body.seat,
            name=body.name,
            grace=body.grace,
            standin=body.standin,
            packs=body.packs,
            dealer=body.dealer,
            seed=body.seed,
            player=player.id if player else None,
        )
        return _json(_created(request, made), 201)

    @app.get("/api/tables", response_model=TableList, responses=_errors(422), summary="Tables")
    async def tables(
        request: Request,
        status: Annotated[Literal["open", "waiting", "playing", "over", "all"], Query()] = "open",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> Response:
        """The newest tables: ``open`` (waiting for players or playing, the default),
        ``waiting``, ``playing``, ``over`` or ``all``."""
        statuses = {
            "open": [WAITING, PLAYING],
            "all": [WAITING, PLAYING, OVER],
        }.get(status, [status])
        return _json({"tables": await _service(request).listing(statuses, limit)})

    @app.get(
        "/api/tables/{table_id}",
        response_model=TableOut,
        responses=_errors(404, 410),
        summary="A table's summary",
    )
    async def table(request: Request, table_id: str) -> Response:
        """Its game, rules, status, seats and, once over, the result."""
        return _json((await _table(request, table_id)).info(time.time()))

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=JoinedOut,
        responses=_errors(403, 404, 410, 413, 422),
        summary="Take a free seat with its invite",
    )
    async def join(
        request: Request, table_id: str, body: JoinIn, key: PlayerKey = None
    ) -> Response:
        """The seat the invite opens, and its token (shown this once). With a player key,
        the seat counts in that player's history (403 for a key nobody has)."""
        await _table(request, table_id)
        service = _service(request)
        player = await service.player(key)
        table, seat, token = await service.join(
            table_id, body.invite, body.name, player.id if player else None
        )
        return _json({"table": table.info(time.time()), "seat": seat, "token": token})

    @app.get(
        "/api/tables/{table_id}/view",
        response_model=MessageOut,
        responses=_errors(403, 404, 410),
        summary="The seat's view (a spectator's without a token)",
        openapi_extra=_TOKEN_OPTIONAL,
    )
    async def view(request: Request, table_id: str, credentials: Token) -> Response:
        """A ``snapshot``: ``view`` is the engine's ``view(seat).to_dict()``, ``legal`` the
        seat's legal actions, ``seq`` the number of actions applied."""
        table = await _table(request, table_id)
        seat = await _service(request).authenticate(table, _token(credentials), required=False)
        return Response(table.snapshot(seat), media_type="application/json")

    @app.post(
        "/api/tables/{table_id}/actions",
        response_model=MessageOut,
        responses=_errors(401, 403, 404, 409, 410, 413, 422),
        summary="Take an action",
    )
    async def act(request: Request, table_id: str, body: ActionIn, credentials: Token) -> Response:
        """Apply ``action`` for the token's seat, chosen on the state after ``seq`` actions.
        The answer is the seat's ``update``; 409 with the current ``seq`` if it is stale, 422
        with the engine's reason if the rules do not allow it."""
        table = await _table(request, table_id)
        service = _service(request)
        seat = await service.authenticate(table, _token(credentials), required=True)
        assert seat is not None
        message = await service.act(table, seat, body.action, body.seq)
        return Response(message, media_type="application/json")

    @app.get(
        "/api/tables/{table_id}/record",
        response_model=dict[str, Any],
        responses=_errors(403, 404, 410),
        summary="The match record",
        openapi_extra=_TOKEN_OPTIONAL,
    )
    async def record(request: Request, table_id: str, credentials: Token) -> Response:
        """Once the match is over, its whole record (it replays). Before, the record as the
        token's seat (or a spectator) may read it: every card it has not seen written ``??``."""
        table = await _table(request, table_id)
        seat = await _service(request).authenticate(table, _token(credentials), required=False)
        return _json(table.record(seat))

    @app.get(
        "/api/tables/{table_id}/events",
        response_model=EventsOut,
        responses=_errors(403, 404, 410),
        summary="What happened so far, as the seat was told it",
        openapi_extra=_TOKEN_OPTIONAL,
    )
    async def events(request: Request, table_id: str, credentials: Token) -> Response:
        """Every step's events as the token's seat (or a spectator) was sent them in its
        ``update`` messages, from the match's opening on: a page opened late tells the story
        from the start."""
        table = await _table(request, table_id)
        seat = await _service(request).authenticate(table, _token(credentials), required=False)
        return _json({"seq": table.seq, "seat": seat, "steps": table.events(seat)})

    @app.websocket("/api/tables/{table_id}/ws")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await _socket(websocket, table_id)


async def _socket(websocket: WebSocket, table_id: str) -> None:
    """One seat's (or spectator's) websocket: a ``snapshot`` first, then every ``update``.

    The token comes in an ``Authorization: Bearer`` header or, from a browser, as the first
    message ``{"token": "..."}`` (``{"token": null}`` to spectate). Errors arrive as a message
    ``{"type": "error", ...}`` and a close code 4000 + the HTTP status (4403, 4404, 4410,
    4422, 4429). The socket holds its places in the quotas from its opening (a socket still
    to say hello holds one too) to its closing."""
    await websocket.accept()
    quotas = _quotas(websocket)
    with contextlib.ExitStack() as places:
        try:
            places.enter_context(quotas.socket(address(websocket), table_id))
            table, seat = await _open(websocket, table_id)
            if seat is None:
                places.enter_context(quotas.spectator(table.id))
        except ApiError as e:
            await websocket.send_text(json.dumps({"type": "error", **e.body()}))
            await websocket.close(4000 + e.status)
            return
        except WebSocketDisconnect:
            return
        await _serve(websocket, table, seat)


async def _open(websocket: WebSocket, table_id: str) -> tuple[Table, int | None]:
    """The table and the seat (``None``: a spectator) the socket is for."""
    header = websocket.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        token = await _hello(websocket)
    table = await _table(websocket, table_id)
    seat = await _service(websocket).authenticate(table, token.strip() or None, required=False)
    return table, seat


async def _serve(websocket: WebSocket, table: Table, seat: int | None) -> None:
    """Relay the table's messages to an open socket until either side ends it."""
    service = _service(websocket)
    sub = service.subscribe(table, seat)
    pump = asyncio.create_task(_pump(websocket, sub))
    try:
        while not pump.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if _is_ping(message.get("text")):
                sub.push(json.dumps({"type": "pong", "seq": table.seq}))
            if seat is not None:
                await service.seen(table, seat)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        pump.cancel()
        await service.unsubscribe(table, sub)


async def _hello(websocket: WebSocket) -> str:
    """The token of the first message (empty for a spectator). A first message that is not
    the text ``{"token": "..."}`` (a binary frame, text that is no JSON or too deeply nested
    JSON, another shape, a token that is no UTF-8 text) is :class:`Malformed`."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        raise Malformed('send {"token": ...} first (null to spectate)') from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise Malformed('the first message is the text {"token": "..."}, not a binary frame')
    hello = _read_json(text)
    token = hello.get("token", "") if isinstance(hello, dict) else 0
    if token is None:
        return ""
    if not isinstance(token, str):
        raise Malformed('the first message is {"token": "..."} (null to spectate)')
    try:
        token.encode()
    except UnicodeEncodeError:
        raise Malformed("the token is no text: it holds a lone surrogate") from None
    return token


def _read_json(text: str) -> Any:
    """The JSON value of a message, or ``None`` if it does not read (bad JSON, or nested
    deeper than the reader recurses)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _is_ping(text: str | None) -> bool:
    if not text:
        return False
    data = _read_json(text)
    return isinstance(data, dict) and data.get("type") == "ping"


async def _pump(websocket: WebSocket, sub: Subscriber) -> None:
    """Send the subscriber's messages in order; a dropped subscriber's socket is closed
    (1013: try again later) so that its client reconnects to a fresh snapshot."""
    try:
        while True:
            message = await sub.queue.get()
            if message is None:
                await websocket.close(1013)
                return
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):
        return  # the client is gone; the receiving side cleans up

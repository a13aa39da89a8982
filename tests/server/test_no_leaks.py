"""No leaks: whole matches of each game played over HTTP and websockets; every body any seat or
the spectator received is scanned, and no card that viewer could not know ever appears.

Every human seat and a spectator keep a websocket open for the whole match (one seat
authenticates by hello message, the others by header); the client also reads views, records
and summaries, tries refused actions and stale ``seq``s. Afterwards the finished record is
replayed and, from the engine's zones, the test works out what each viewer may know of each
deal (:mod:`tests.server.knowledge`); every card of every body must be among them (cards the
client itself named excepted: an error may quote them back). The websocket updates must also be
exactly the engine's view, legal actions and events for that viewer, in ``seq`` order, none
missing; and a seat's record during play may show a card in its pack only where the seat saw
it dealt.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from atout import record as records
from atout.cards import parse_card
from tests.server.harness import Client, Received, ServerProcess, Socket
from tests.server.knowledge import (
    Knowledge,
    cards_in,
    check_socket,
    no_leak,
    scan,
    scan_record,
)
from tests.server.play import play

CASES = [
    pytest.param("schnapsen", "schnapsen(manual_claim=true)", ["human", "human"], id="schnapsen"),
    pytest.param("seven_up", "seven_up(gift=true)", ["human", "human"], id="seven_up"),
    pytest.param("river", None, ["human"] * 4, id="river"),
    pytest.param(
        "river", "river(players=3,simultaneous_bids=true)", ["human"] * 3, id="river-sealed"
    ),
    pytest.param("schnapsen", None, ["random", "human"], id="schnapsen-bot"),
    pytest.param("seven_up", None, ["human", "random"], id="seven_up-bot"),
    pytest.param("river", "river(players=3)", ["random", "human", "random"], id="river-bots"),
]


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_no_card_reaches_a_viewer_who_may_not_know_it(
    server: ServerProcess, game: str, rules: str | None, players: list[str]
) -> None:
    asyncio.run(_match(server, game, rules, players))


async def _match(server: ServerProcess, game: str, rules: str | None, players: list[str]) -> None:
    client = Client(server.url)
    table = await client.table(game, rules, players)
    viewers: list[tuple[int | None, str | None]] = [*table.tokens.items(), (None, None)]
    async with contextlib.AsyncExitStack() as stack:
        sockets: dict[int | None, Socket] = {}
        for i, (viewer, token) in enumerate(viewers):
            sockets[viewer] = await stack.enter_async_context(
                client.socket(table.id, viewer, token, header=i != 1)
            )
        final = await play(client, table, rules or game, seed=len(players), probe=True)
        for sock in sockets.values():
            await sock.until_seq(final["seq"])
    full = (await client.http.get(f"/api/tables/{table.id}/record")).json()  # over: all of it
    knowledge = Knowledge.of(records.from_dict(full))
    assert final["seq"] == len(full["actions"])
    for viewer, sock in sockets.items():
        check_socket(knowledge, viewer, sock.messages)
    for got in client.received:
        _check_body(knowledge, got)
    await client.aclose()


def _check_body(k: Knowledge, got: Received) -> None:
    body = got.body
    said = set(cards_in(got.said))
    if isinstance(body, dict) and "error" in body:
        # An error may name the partner of a King or Queen the request declared ("you do not
        # hold QH" for a marriage with KH): the rules name it, so it tells the viewer nothing.
        said |= {c + (1 if c % 13 == 10 else -1) for c in said if c % 13 in {10, 11}}
    if isinstance(body, dict) and "packs" in body:
        _check_record(k, got.viewer, body)
        found = scan_record(body, k)
    elif isinstance(body, dict) and body.get("type") == "update":
        found = scan(body, k.deal_after[body["seq"]], k.action_deal[body["seq"]])
    else:
        found = scan(body, k.deal_after[got.seq])
    no_leak(k, got.viewer, [(d, c) for d, c in found if c not in said], body)


def _check_record(k: Knowledge, viewer: int | None, body: dict[str, Any]) -> None:
    """A record read during play: cards in place only where the viewer saw them dealt, the
    actions as the engine shows them to the viewer."""
    assert body["meta"]["masked"] is True and body["meta"]["viewer"] == viewer
    assert "seed" not in body
    n = len(body["actions"])
    assert [tuple(a) for a in body["actions"]] == k.history[viewer][:n]
    assert len(body["packs"]) == k.deal_after[n]
    for deal, pack in enumerate(body["packs"], start=1):
        for place, text in enumerate(pack):
            if text == "??":
                continue
            card = parse_card(text)
            assert card == k.packs[deal - 1][place], f"deal {deal}: {text} is not in its place"
            assert k.placed[viewer][deal] >> card & 1, (
                f"viewer {viewer} is shown {text} in place in deal {deal} without seeing it dealt"
            )


def test_the_scan_reads_cards_but_not_secrets() -> None:
    """A token or table id may spell a card in its base64 ("6H_pJk..."); the scan skips such
    secrets but still finds a card anywhere else, the same text included."""
    body = {
        "table": {"id": "eNi_AS"},
        "meta": {"table": "eNi_AS"},
        "token": "6H_pJkSIu-rpEeK1GZL1",
        "invites": [{"seat": 1, "code": "QS_x", "link": "http://h/#table=eNi_AS&invite=QS_x"}],
        "view": {"hand": ["6H"], "note": "6H_pJk"},
    }
    assert scan(body, 1) == [(1, parse_card("6H")), (1, parse_card("6H"))]

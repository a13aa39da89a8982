"""Whole matches played over the API by a client that holds every human seat's token.

Each step asks the table who acts, reads that seat's view, and posts one of its legal actions
(chosen by a seeded stream, so a match is repeatable from its seed and the table's deal).
With ``probe`` it also tries, now and then, an action the rules refuse, a stale ``seq``, and
reads every seat's record and the spectator's: all of it lands in the client's received
bodies for the leak scan.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from atout.games import load
from tests.server.harness import Client, Table

__all__ = ["choose", "play"]


def choose(seq: int, legal: list[str], seed: int) -> str:
    """The action a test client plays: a function of the seed, the step and the choices."""
    return legal[random.Random(f"{seed}:{seq}").randrange(len(legal))]


async def play(
    client: Client,
    table: Table,
    rules: str,
    *,
    seed: int = 0,
    probe: bool = False,
) -> dict[str, Any]:
    """Play the table's human seats (those it has tokens for) until the match is over; returns
    the table's final summary. Bots, if any, play on the server meanwhile."""
    rng = random.Random(seed)
    every = [str(a) for a in load(rules).all_actions()]
    steps = 0
    info = (await client.get(f"/api/tables/{table.id}", None, None)).json()
    while True:
        seq = info["seq"]
        if info["status"] == "over":
            return dict(info)
        acting = [s for s in info["to_act"] if s in table.tokens]
        if not acting:
            await asyncio.sleep(0.005)  # a bot is thinking
            info = (await client.get(f"/api/tables/{table.id}", None, None, seq)).json()
            continue
        seat = rng.choice(acting)
        token = table.tokens[seat]
        info = (await client.get(f"/api/tables/{table.id}/view", seat, token, seq)).json()
        if info["seq"] != seq:
            continue  # a bot acted meanwhile
        legal = info["legal"]
        if probe and rng.random() < 0.2:
            refused = [a for a in every if a not in legal]
            wrong = rng.choice(refused)
            r = await client.act(table.id, seat, token, wrong, seq)
            assert r.status_code == 422 and r.json()["error"] == "illegal_action", r.text
        if probe and seq > 0 and rng.random() < 0.05:
            r = await client.act(table.id, seat, token, legal[0], seq - 1)
            assert r.status_code == 409 and r.json()["seq"] == seq, r.text
        if probe and steps % 20 == 0:
            for viewer, tok in [*table.tokens.items(), (None, None)]:
                await client.get(f"/api/tables/{table.id}/record", viewer, tok, seq)
            await client.get(f"/api/tables/{table.id}", None, None, seq)
        r = await client.act(table.id, seat, token, choose(seq, legal, seed), seq)
        if r.status_code == 409 and r.json()["error"] == "stale_seq":
            info = (await client.get(f"/api/tables/{table.id}", None, None)).json()
            continue  # a bot acted first (simultaneous bids)
        assert r.status_code == 200, r.text
        info = r.json()
        steps += 1

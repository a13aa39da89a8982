"""The guided first match (``POST /api/tutorials``): each game's fixed first deal against the
easy bot, the caller at seat 0, made by the server's own pack (no ``--fixed-deals`` needed),
and outside the player's history."""

from __future__ import annotations

import httpx
import pytest

from atout.cards import parse_cards
from atout.server.tutorials import TUTORIALS
from tests.server.harness import ServerProcess


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_tutorial_deals_its_fixed_pack_against_the_easy_bot(
    server: ServerProcess, game: str
) -> None:
    tutorial = TUTORIALS[game]
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.post("/api/tutorials", json={"game": game, "name": "Ann"})
        assert r.status_code == 201, r.text
        made = r.json()
        info = made["table"]
        assert made["seat"] == 0 and made["invites"] == [] and info["rules"] == tutorial.rules
        assert [s["player"] for s in info["seats"]] == list(tutorial.seats)
        assert info["seats"][0]["name"] == "Ann" and info["status"] == "playing"
        auth = {"Authorization": f"Bearer {made['token']}"}
        view = http.get(f"/api/tables/{info['id']}/view", headers=auth).json()
        # The person decides first, holding the cards the tutorial's text names.
        assert view["to_act"] == [0]
        hand = set(parse_cards(view["view"]["hand"]))
        dealt = {
            "schnapsen": "QC KC JD JH AS",
            "seven_up": "6C AC JD QD 7H 9H",
            "river": "5C 6D AD",
        }[game]
        assert hand == set(parse_cards(dealt))


def test_a_game_without_a_tutorial_is_404_and_a_bad_body_422(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.post("/api/tutorials", json={"game": "bridge"})
        assert r.status_code == 404 and "schnapsen" in r.json()["detail"]
        assert http.post("/api/tutorials", json={"game": "river", "seats": []}).status_code == 422


def test_a_tutorial_is_not_in_the_players_history(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        key = http.post("/api/players", json={"name": "Ann"}).json()["key"]
        r = http.post("/api/tutorials", json={"game": "river"}, headers={"X-Player-Key": key})
        assert r.status_code == 201
        made = r.json()
        table, auth = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
        for _ in range(500):  # played to its end: a finished match is what a history lists
            got = http.get(f"/api/tables/{table}/view", headers=auth).json()
            if got["status"] == "over":
                break
            if got["legal"]:
                act = {"action": got["legal"][0], "seq": got["seq"]}
                http.post(f"/api/tables/{table}/actions", json=act, headers=auth)
        else:
            pytest.fail("the tutorial did not end")
        me = http.get("/api/players/me/history", headers={"X-Player-Key": key}).json()
        assert me["matches"] == []

"""The server pieces the web table needs: the games and their options, the rules texts, the
page and its files, hints from the seat's own view, each seat's events so far, the review of a
finished match, and packs fixed only on a server that allows it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout import games
from atout.cards import parse_card
from tests.server.harness import ServerProcess
from tests.web.helpers import make_table
from tests.web.test_schnapsen import PACK


@pytest.fixture
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def test_the_games_their_options_and_the_bot_levels(http: httpx.Client) -> None:
    body = http.get("/api/games").json()
    games = {g["game"]: g for g in body["games"]}
    assert list(games) == ["schnapsen", "seven_up", "river"]
    assert games["schnapsen"]["seats"] == {"min": 2, "max": 2, "default": 2}
    assert games["river"]["seats"] == {"min": 3, "max": 8, "default": 4}
    options = {o["name"]: o for o in games["river"]["options"]}
    assert options["players"] == {
        "name": "players",
        "type": "int",
        "default": 4,
        "min": 3,
        "max": 8,
    }
    assert {"name": "manual_claim", "type": "bool", "default": False} in games["schnapsen"][
        "options"
    ]
    assert body["levels"] == ["random", "easy", "medium", "hard", "expert"]
    assert all(g["languages"] == ["en", "fr", "de", "da"] for g in games.values())


def test_the_rules_texts_in_four_languages(http: httpx.Client) -> None:
    fr = http.get("/api/games/seven_up/rules", params={"lang": "fr"}).json()
    assert fr["lang"] == "fr" and "Écart" in fr["text"]
    assert http.get("/api/games/river/rules").json()["lang"] == "en"
    assert http.get("/api/games/whist/rules").status_code == 404
    assert http.get("/api/games/river/rules", params={"lang": "xx"}).status_code == 422


def test_the_page_and_its_files(http: httpx.Client) -> None:
    page = http.get("/")
    assert page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert '<script type="module" src="/static/js/main.js">' in page.text
    js = http.get("/static/js/table.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    assert http.get("/static/style.css").headers["content-type"].startswith("text/css")
    assert http.get("/favicon.ico").headers["content-type"] == "image/svg+xml"
    assert http.get("/static/../service.py").status_code == 404


def test_a_hint_comes_from_the_seats_own_view_and_changes_nothing(
    http: httpx.Client, server: ServerProcess
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    auth = {"Authorization": f"Bearer {seat['token']}"}
    view = http.get(f"/api/tables/{table}/view", headers=auth).json()
    hint = http.post(f"/api/tables/{table}/hint", json={"seq": 0}, headers=auth).json()
    assert hint["action"] in view["legal"] and hint["seq"] == 0
    # Why, as a catalog key with its arguments, and every legal action valued.
    assert hint["reason"]["key"] and set(hint["values"]) == set(view["legal"])
    assert hint["runner_up"] in view["legal"] and hint["unit"] == "game points"
    assert http.get(f"/api/tables/{table}").json()["seq"] == 0  # nothing was played
    assert http.post(f"/api/tables/{table}/hint", json={"seq": 0}).status_code == 401
    stale = http.post(f"/api/tables/{table}/hint", json={"seq": 3}, headers=auth)
    assert stale.status_code == 409 and stale.json()["seq"] == 0
    http.post(f"/api/tables/{table}/actions", json={"action": "play AH", "seq": 0}, headers=auth)
    info = http.get(f"/api/tables/{table}").json()
    if info["to_act"] != [0]:
        late = http.post(f"/api/tables/{table}/hint", json={"seq": info["seq"]}, headers=auth)
        assert late.status_code in (409,)


def test_the_review_of_a_finished_match_step_by_step(
    http: httpx.Client, server: ServerProcess
) -> None:
    made = http.post(
        "/api/tables", json={"game": "river", "rules": "river(players=3,start_cards=1)",
                             "seats": ["random", "random", "random"]},
    ).json()  # fmt: skip
    table = made["table"]["id"]
    early = http.get(f"/api/tables/{table}/review")
    assert early.status_code in (200, 409)  # bots may finish it at once
    for _ in range(200):
        if http.get(f"/api/tables/{table}").json()["status"] == "over":
            break
    else:
        pytest.fail("the bots did not finish")
    start = http.get(f"/api/tables/{table}/review", params={"step": 0}).json()
    assert start["step"] == 0 and start["steps"] == 6 and start["action"] is None
    assert [len(h) for h in start["hands"]] == [1, 1, 1] and start["deals"] == [0]
    assert start["events"][0]["type"] == "deal_started"
    first = http.get(f"/api/tables/{table}/review", params={"step": 1}).json()
    assert first["action"].startswith("bid") and first["events"][0]["type"] == "bid_made"
    end = http.get(f"/api/tables/{table}/review", params={"step": 99}).json()
    assert end["step"] == 6 and end["view"]["match_over"] and end["hands"] == [[], [], []]


def test_the_events_so_far_as_each_seat_was_told_them(
    http: httpx.Client, server: ServerProcess
) -> None:
    """What a page opened late narrates: every step's events, the opening first, exactly as the
    engine's ``seen_by`` gives them to the seat, or to a spectator."""
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    auth = {"Authorization": f"Bearer {seat['token']}"}
    http.post(f"/api/tables/{table}/actions", json={"action": "play AH", "seq": 0}, headers=auth)
    for _ in range(200):  # the bot answers; then the table waits for seat 0
        if http.get(f"/api/tables/{table}").json()["seq"] == 2:
            break
        time.sleep(0.05)
    actions = http.get(f"/api/tables/{table}/record", headers=auth).json()["actions"]
    state = games.load("schnapsen").new_match(
        seed=0, packs=[tuple(parse_card(c) for c in PACK)], dealer=1, shuffle=False
    )
    told: dict[int | None, list[list[dict[str, Any]]]] = {}
    steps = [state.opening_events(), *(state.apply(text, s) for s, text in actions)]
    for viewer in (0, 1, None):
        told[viewer] = [[e.seen_by(viewer).to_dict() for e in step] for step in steps]
    mine = http.get(f"/api/tables/{table}/events", headers=auth).json()
    public = http.get(f"/api/tables/{table}/events").json()
    assert mine == {"seq": 2, "seat": 0, "steps": told[0]}
    assert public == {"seq": 2, "seat": None, "steps": told[None]}
    assert mine["steps"][0][0] == {"type": "deal_started", "deal": 1, "dealer": 1}
    assert told[0] != told[1]  # each seat its own cards
    bad = http.get(f"/api/tables/{table}/events", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 403
    assert http.get("/api/tables/nosuch/events").status_code == 404


def test_the_review_waits_for_the_end_of_the_match(
    http: httpx.Client, server: ServerProcess
) -> None:
    table, _seat = make_table(server.url, "schnapsen", ["human", "medium"])
    r = http.get(f"/api/tables/{table}/review")
    assert r.status_code == 409 and r.json()["error"] == "not_over"


def test_given_packs_are_refused_by_a_server_that_deals_itself(tmp_path: Path) -> None:
    plain = ServerProcess(tmp_path).start()  # without --fixed-deals
    try:
        body = {"game": "schnapsen", "seats": ["human", "random"]}
        for extra in ({"packs": [PACK]}, {"dealer": 0}, {"seed": 7}):
            r = httpx.post(f"{plain.url}/api/tables", json={**body, **extra}, timeout=30)
            assert r.status_code == 422 and "--fixed-deals" in r.json()["detail"], r.text
        assert httpx.post(f"{plain.url}/api/tables", json=body, timeout=30).status_code == 201
    finally:
        plain.stop()


def test_given_packs_must_be_packs(http: httpx.Client) -> None:
    body = {"game": "schnapsen", "seats": ["human", "random"]}
    bad = http.post("/api/tables", json={**body, "packs": [[*PACK[:-1], "AH"]]})
    assert bad.status_code == 422 and "twice: AH" in bad.json()["detail"]
    assert http.post("/api/tables", json={**body, "dealer": 5}).status_code == 422
    made = http.post("/api/tables", json={**body, "packs": [PACK], "seed": 3}).json()
    assert "seed" not in str(made) and "packs" not in str(made)

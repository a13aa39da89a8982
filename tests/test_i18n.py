"""The string catalogs (atout.i18n): every key in every language with the placeholders English
has, plurals by each language's rule, the language the environment asks for, card phrases, the
narration of whole matches in four languages, and the web table's copy of both (the catalogs
served under /i18n, and narrate.js saying what the Python narrator says)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from atout import games
from atout.cards import parse_card
from atout.core.events import CardPlayed, DealEnded, Event, MatchEnded, TrickWon
from atout.i18n import LANGUAGES, Translator, catalog, language_from_env, missing_keys
from atout.i18n.narrate import describe

PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: A catalog key shown as it is: the sign of a key the narrator asked for and no catalog has.
RAW_KEY = re.compile(r"\b(?:ev|reason|point)\.\w")

#: Matches (rules text, seed) that between them make every kind of event and most of the
#: choices narrate.js makes: the trump exchanged, marriages that wait, claims right and wrong,
#: Seven Up's runs (again, a rejected suit, a Jack turned as the new trump) and gift, sealed
#: bids revealed, a round without trumps, matches won and shared.
MATCHES = [
    ("schnapsen", 2),
    ("schnapsen", 3),
    ("schnapsen", 9),
    ("schnapsen(manual_claim=true)", 4),
    ("seven_up", 15),
    ("seven_up(gift=true)", 2),
    ("river", 35),
    ("river(simultaneous_bids=true,players=4,start_cards=13)", 7),
]


#: Placeholders the narrator fills though the English sentence does without them: a turned
#: card's bare ``name`` beside its phrase ``card`` (German says "Aufgedeckt: Kreuz-Bube", with
#: no article to decline).
ALSO_FILLED = {
    "ev.trump_turned": {"name"},
    "ev.card_turned.proposed": {"name"},
    "ev.card_turned.trump": {"name"},
    "ev.card_turned.rejected": {"name"},
}


def entries_text(entry: Any) -> list[str]:
    """The texts of an entry: itself, or a plural's two forms."""
    return [entry["one"], entry["other"]] if isinstance(entry, dict) else [entry]


def placeholders(entry: Any) -> set[str]:
    """The placeholders an entry fills (a plural's number included)."""
    names = {n for text in entries_text(entry) for n in PLACEHOLDER.findall(text)}
    return names | ({entry["plural"]} if isinstance(entry, dict) else set())


# --- the catalogs ------------------------------------------------------------------------------


def test_every_language_has_every_key_and_no_other() -> None:
    assert missing_keys() == []
    assert list(catalog("en")) == list(catalog("fr")) == list(catalog("de")) == list(catalog("da"))


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_placeholder_is_one_english_fills(lang: str) -> None:
    english = catalog("en")
    wrong = {}
    for key, entry in catalog(lang).items():
        unknown = placeholders(entry) - placeholders(english[key]) - ALSO_FILLED.get(key, set())
        if unknown:
            wrong[key] = sorted(unknown)
    assert wrong == {}


def test_plurals_by_each_languages_rule() -> None:
    en, fr, de, da = (Translator(lang) for lang in LANGUAGES)
    assert [en("cards_n", n=n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [fr("cards_n", n=n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
    assert [de("cards_n", n=n) for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
    assert [da("tricks_n", n=n) for n in (0, 1, 2)] == ["0 stik", "1 stik", "2 stik"]
    assert fr("points_n", n=0) == "0 point"
    assert de("sum.you_win_deal", points=1) == "Du gewinnst das Spiel: 1 Punkt."
    assert en("cards_n") == "{n} cards"  # no number: the plural, the placeholder left to see


def test_a_missing_key_falls_back_to_english_with_english_plurals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fr = Translator("fr")
    monkeypatch.setattr(fr, "_entries", {})  # as if French lacked every key
    assert fr("close") == "Close"
    # English's singular says "1 card" outright: French's rule would put it on 0 cards.
    assert fr("pack_n", n=0) == "0 cards left"
    assert fr("no.such.key") == "no.such.key"


def test_a_language_atout_is_not_written_in() -> None:
    with pytest.raises(ValueError, match="not 'es'"):
        Translator("es")


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "de_AT.UTF-8@euro"}, "de"),
        ({"LANG": "nb_NO.UTF-8"}, "da"),
        ({"LANG": "nn_NO"}, "da"),
        ({"LANG": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_MESSAGES": "da_DK.UTF-8", "LANG": "fr_FR.UTF-8"}, "da"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL rules, and says C
        ({"LANGUAGE": "es:de:fr", "LANG": "fr_FR.UTF-8"}, "de"),  # the first we are written in
        ({"LANGUAGE": "es", "LANG": "da_DK.UTF-8"}, "da"),  # none in the list: the locale
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "fr_FR"}, "fr"),  # empty means unset
    ],
)
def test_the_language_the_environment_asks_for(environ: dict[str, str], lang: str) -> None:
    assert language_from_env(environ) == lang


@pytest.mark.parametrize(
    ("lang", "card", "phrase"),
    [
        ("en", "QS", "the queen of spades"),
        ("en", "10H", "the ten of hearts"),
        ("fr", "AH", "l\u2019as de cœur"),
        ("fr", "QS", "la dame de pique"),
        ("fr", "KD", "le roi de carreau"),
        ("de", "JS", "den Pik-Buben"),
        ("de", "KC", "den Kreuz-König"),
        ("de", "QH", "die Herz-Dame"),
        ("de", "AD", "das Karo-Ass"),
        ("de", "10S", "die Pik-Zehn"),
        ("da", "QS", "spar dame"),
    ],
)
def test_card_phrases(lang: str, card: str, phrase: str) -> None:
    assert Translator(lang).card_phrase(card) == phrase


def test_card_and_suit_names() -> None:
    assert Translator("de").card_name("JS") == "Pik-Bube"
    assert [Translator(lang).suit("H") for lang in LANGUAGES] == [
        "hearts",
        "cœur",
        "Herz",
        "hjerter",
    ]
    assert Translator("en").cap("ev.no_trump").startswith("All 52 cards")


# --- narration ---------------------------------------------------------------------------------


def play(rules: str, seed: int) -> list[Event]:
    """Every event of a match of ``rules``, each action drawn from the legal ones by a
    generator seeded with ``seed`` (the deals are shuffled from it too)."""
    state = games.load(rules).new_match(seed=seed)
    rng = random.Random(seed)
    events = list(state.opening_events())
    while not state.is_over:
        seat = state.acting_seats[0]  # sealed bids: the lowest seat still to bid
        events += state.apply(rng.choice(state.legal_actions(seat)), seat)
    return events


def namer(tr: Translator, me: int | None, seats: int) -> Callable[[int], str]:
    """Names as the web table gives them (table.js ``ctx.name``): "you", else the computer."""

    def name(seat: int) -> str:
        if seat == me:
            return tr("you")
        return tr("the_computer") if seats == 2 else tr("computer_n", n=seat + 1)

    return name


def unsaid(event: dict[str, Any]) -> bool:
    """Whether narrate.js says nothing of ``event`` on purpose: cards dealt to another seat
    (how many is no news), a card drawn from the stock out of sight."""
    return (event["type"] == "cards_dealt" and event["cards"] is None) or (
        event["type"] == "card_drawn" and event["card"] is None
    )


def all_kinds() -> set[str]:
    """The kind of every event class (each game's events imported first)."""
    import atout.river.events
    import atout.schnapsen.events
    import atout.sevenup.events  # noqa: F401

    kinds: set[str] = set()
    todo = [Event]
    while todo:
        cls = todo.pop()
        kinds.add(cls.kind)
        todo += cls.__subclasses__()
    return kinds - {"event"}


@pytest.fixture(scope="module")
def matches() -> dict[tuple[str, int], list[Event]]:
    return {(rules, seed): play(rules, seed) for rules, seed in MATCHES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_of_every_game_is_told(
    lang: str, matches: dict[tuple[str, int], list[Event]]
) -> None:
    tr = Translator(lang)
    told: set[str] = set()
    for (rules, _seed), events in matches.items():
        seats = len(events[-1].to_dict()["scores"])
        for me in (0, None):
            name = namer(tr, me, seats)
            for event in events:
                seen = event.seen_by(me).to_dict()
                line = describe(seen, me, name, tr)
                where = f"{rules} {seen} as {me}: {line!r}"
                if unsaid(seen):
                    assert line is None, where
                    continue
                assert line, where
                assert not PLACEHOLDER.search(line) and not RAW_KEY.search(line), where
                assert line[0].isupper() and line.endswith((".", "!")), where
                told.add(seen["type"])
    assert told == all_kinds()


def test_unknown_events_are_not_told() -> None:
    tr = Translator("en")
    assert describe({"type": "shuffled"}, 0, namer(tr, 0, 2), tr) is None


def say(event: Event | dict[str, Any], lang: str = "en", me: int | None = 0, seats: int = 2) -> Any:
    tr = Translator(lang)
    data = event.to_dict() if isinstance(event, Event) else event
    return describe(data, me, namer(tr, me, seats), tr)


def test_sentences() -> None:
    qs, ah = parse_card("QS"), parse_card("AH")
    trick = TrickWon(seat=1, leader=0, cards=(qs, ah), points=14)
    assert say(CardPlayed(seat=0, card=qs)) == "You play the queen of spades."
    assert say(CardPlayed(seat=1, card=qs)) == "The computer plays the queen of spades."
    assert say(trick) == "The computer wins the trick (14)."
    assert say(CardPlayed(seat=0, card=ah), "fr") == "Vous jouez l\u2019as de cœur."
    assert say(CardPlayed(seat=1, card=parse_card("JS")), "de") == (
        "Der Computer spielt den Pik-Buben."
    )
    assert say(trick, "da") == "Computeren tager stikket (14)."
    assert say(TrickWon(seat=2, leader=0, cards=(), points=0), seats=4) == (
        "Computer 3 wins the trick."
    )
    assert say({"type": "card_drawn", "seat": 0, "card": "JD", "face_up": False}, "de") == (
        "Du ziehst den Karo-Buben."
    )
    assert say({"type": "bid_made", "seat": 3, "tricks": None, "sealed": True}, seats=4) == (
        "Computer 4 makes a sealed bid."
    )
    assert say({"type": "bids_revealed", "bids": [1, 0, 2]}, seats=3) == (
        "The bids: you 1, computer 2 0, computer 3 2."
    )
    assert say(MatchEnded(winners=(0, 2), scores=(5, 3, 5)), seats=3) == (
        "The match is shared: you · computer 3."
    )
    assert say(MatchEnded(winners=(), scores=(0, 0))) == "The match is over."


def test_deal_results() -> None:
    schnapsen = {"type": "deal_ended", "deal": 2, "result": {
        "deal": 2, "dealer": 0, "winner": 1, "points": 1, "reason": "last_trick",
        "card_points": [50, 60], "tricks": [4, 6], "closed_by": None, "claimed_by": None,
    }}  # fmt: skip
    assert say(schnapsen) == "The computer wins deal 2: 1 game point (won the last trick)."
    assert say(schnapsen, "fr", me=1) == (
        "Vous gagnez la donne 2 : 1 point de partie (a pris la dernière levée)."
    )
    void = {"type": "deal_ended", "deal": 3, "result": {"deal": 3, "void": True}}
    assert say(void) == "Deal 3 is void: nothing scored in it counts."
    scored = {"type": "deal_ended", "deal": 1, "result": {
        "deal": 1, "void": False, "high": 0, "low": 1, "jack": None, "game": None,
    }}  # fmt: skip
    assert say(scored) == "Hand 1 is scored: High: you, Low: the computer."
    nothing = {"type": "deal_ended", "deal": 1, "result": {
        "deal": 1, "void": False, "high": None, "low": None, "jack": None, "game": None,
    }}  # fmt: skip
    assert say(nothing) == "Hand 1 is scored: nobody."
    river = next(e for e in play("river", 35) if isinstance(e, DealEnded))
    assert say(river, "de", seats=4) == "Runde 1 ist vorbei."


# --- the web table's copy ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def web() -> Iterator[Any]:
    """The server's app, without its lifespan (no store: the page and its files only)."""
    import warnings

    from sqlalchemy.engine import make_url
    from starlette.exceptions import StarletteDeprecationWarning

    from atout.server.app import create_app
    from atout.server.settings import Settings

    with warnings.catch_warnings():
        # Starlette 1.10 would have its test client on httpx2, which the test extra lacks.
        warnings.simplefilter("ignore", StarletteDeprecationWarning)
        from starlette.testclient import TestClient

    yield TestClient(create_app(Settings(db=make_url("sqlite://"))))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_server_serves_the_catalogs(web: Any, lang: str) -> None:
    r = web.get(f"/i18n/{lang}.json")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    assert r.json() == catalog(lang)
    # Cached as the page's other files are: validated by ETag and date.
    script = web.get("/static/js/i18n.js")
    assert set(r.headers) - {"content-type"} == set(script.headers) - {"content-type"}
    again = web.get(f"/i18n/{lang}.json", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize(
    "path",
    [
        "/i18n/__init__.py",
        "/i18n/narrate.py",
        "/i18n/es.json",
        "/i18n/",
        "/i18n/__pycache__/",
        "/i18n/../server/app.py",
        "/i18n/%2e%2e/server/app.py",
        "/i18n/..%2fserver%2fapp.py",
        "/i18n/EN.json",
        "/i18n/en.json.bak",
    ],
)
def test_only_the_catalogs_are_served(web: Any, path: str) -> None:
    r = web.get(path)
    assert r.status_code == 404, (path, r.text[:200])


def test_the_old_dictionaries_are_gone() -> None:
    from atout.server.page import STATIC

    assert not (STATIC / "js" / "i18n").exists()
    for script in (STATIC / "js").rglob("*.js"):
        assert not re.search(r"i18n/\w+\.js\b", script.read_text(encoding="utf-8")), script


#: Seat names for the page's narrator and ours: lower case, so that a sentence that starts
#: with one shows it capitalised.
NAMES = ["ann", "bo", "cy", "di"]

PAGE = "<!doctype html><meta charset=utf-8><title>narrate</title>"

NARRATE = """async ({events, lang, me, names, plurals}) => {
  const i18n = await import("/static/js/i18n.js");
  const { describe } = await import("/static/js/narrate.js");
  i18n.setLang(lang);
  const ctx = { me, name: (s) => (s === me ? i18n.t("you") : names[s]) };
  return {
    lines: events.map((ev) => describe(ev, ctx)),
    plurals: plurals.map(([key, vars]) => i18n.t(key, vars)),
    missing: i18n.missingKeys(),
    dicts: i18n.DICTS,
  };
}"""


def run_in_page(web: Any, args: list[dict[str, Any]]) -> tuple[list[Any], list[str]]:
    """:data:`NARRATE`'s answers for each of ``args``, from a page whose files the server's app
    serves, and the page's errors. Its own thread: the browser tests of ``tests/web`` may hold
    a Playwright session in this one, and Playwright's sync API runs one to a thread."""
    from concurrent.futures import ThreadPoolExecutor

    from playwright.sync_api import ConsoleMessage, Route, sync_playwright

    from tests.web.browser import ARGS, chromium

    def serve(route: Route) -> None:
        path = route.request.url.removeprefix("http://atout.test")
        if path == "/":
            route.fulfill(body=PAGE, content_type="text/html")
            return
        r = web.get(path)
        route.fulfill(status=r.status_code, headers=dict(r.headers), body=r.content)

    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def run() -> tuple[list[Any], list[str]]:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(chromium()), args=list(ARGS))
            try:
                context = browser.new_context()
                context.route("http://atout.test/**", serve)
                page = context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("console", console)
                page.goto("http://atout.test/")
                return [page.evaluate(NARRATE, a) for a in args], errors
            finally:
                browser.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result(timeout=300)


@pytest.mark.browser
def test_narrate_js_says_what_the_python_narrator_says(web: Any) -> None:
    """The page's narrator (the catalogs served under /i18n, i18n.js, narrate.js) and ours,
    on the same events, in every language: the same sentences, the same plurals."""
    events = [e.seen_by(0).to_dict() for rules, seed in MATCHES for e in play(rules, seed)]
    plurals = [
        (key, {entry["plural"]: n})
        for key, entry in catalog("en").items()
        if isinstance(entry, dict)
        for n in (0, 1, 2)
    ]
    answers, errors = run_in_page(
        web,
        [
            {"events": events, "lang": lang, "me": 0, "names": NAMES, "plurals": plurals}
            for lang in LANGUAGES
        ],
    )
    assert errors == []
    for lang, got in zip(LANGUAGES, answers, strict=True):
        tr = Translator(lang)
        names = [tr("you"), *NAMES[1:]]
        assert got["lines"] == [describe(e, 0, names.__getitem__, tr) for e in events], lang
        assert got["plurals"] == [tr(key, **values) for key, values in plurals], lang
        assert got["missing"] == []
        assert got["dicts"][lang] == catalog(lang)

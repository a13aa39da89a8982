"""Fixtures of the browser tests: one ``atout serve`` (SQLite, ``--fixed-deals`` so that a test
can deal the cards it needs), Debian's Chromium driven by Playwright (installed first if the
machine lacks it), and pages that fail their test on any console error.

Pages ask for reduced motion, so tricks do not animate and the tests wait for nothing but the
server; a test that wants the animations asks for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from tests.server.harness import ServerProcess
from tests.web.browser import ARGS, chromium

#: Where the tests leave their screenshots (ignored by git): look at them.
SHOTS = Path(__file__).with_name("screenshots")

#: Desktop and the narrowest phone the table supports.
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``atout serve --fixed-deals`` on a fresh SQLite file, for every browser test; a grace
    period may be as short as a second, so that a test can see a stand-in play for a player who
    left (tables keep the default of a minute unless they ask)."""
    args = ("--fixed-deals", "--min-grace", "1")
    process = ServerProcess(tmp_path_factory.mktemp("web"), args=args).start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium (never a browser Playwright downloads)."""
    path = chromium()
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(path), args=list(ARGS))
        yield launched
        launched.close()


#: The settings the tests' pages start with, over the page's defaults: a forced last card is
#: not played by itself, so that a test that clicks it does not race the page (the test of
#: that setting turns it on).
PREFS: dict[str, object] = {"autoPlay": False}


class Pages:
    """Opens browser contexts (each its own localStorage: its own player) and their pages,
    and keeps every console error and uncaught exception they report."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []
        self.allowed: list[str] = []

    def allow(self, text: str) -> None:
        """Errors containing ``text`` are expected by this test (the browser's own report of a
        refused connection while the server is down, say)."""
        self.allowed.append(text)

    def open(
        self,
        path: str = "/",
        *,
        viewport: dict[str, int] | None = None,
        locale: str = "en-GB",
        motion: str = "reduce",
        scheme: str = "light",
        seats: dict[str, dict[str, object]] | None = None,
        base: str | None = None,
        prefs: dict[str, object] | None = None,
    ) -> Page:
        """A page in a new context at ``path``; ``seats`` are put in its localStorage first
        (table id -> {"token", "seat"}), as if this browser had created those tables. ``base``:
        another server than the session's. ``prefs`` are settings over :data:`PREFS`."""
        context = self.browser.new_context(
            viewport=viewport or DESKTOP,
            locale=locale,
            reduced_motion=motion,  # type: ignore[arg-type]
            color_scheme=scheme,  # type: ignore[arg-type]
            base_url=base or self.base,
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.goto("/static/icon.svg")  # same origin, to reach its localStorage
        settings = PREFS | (prefs or {})
        page.evaluate("p => localStorage.setItem('atout.prefs', JSON.stringify(p))", settings)
        if seats:
            page.evaluate("s => localStorage.setItem('atout.seats', JSON.stringify(s))", seats)
        page.goto(path)
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(a in message.text for a in self.allowed):
            self.errors.append(f"console: {message.text} at {message.location.get('url')}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, server: ServerProcess) -> Iterator[Pages]:
    """Pages for one test; the test fails if any of them logged an error."""
    opened = Pages(browser, server.url)
    yield opened
    opened.close()
    assert opened.errors == [], opened.errors


@pytest.fixture
def shot() -> Callable[[Page, str], Path]:
    """Save a full-page screenshot as ``screenshots/<name>.png``."""
    SHOTS.mkdir(exist_ok=True)

    def take(page: Page, name: str) -> Path:
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take

"""The ``atout`` command: ``rules``, ``play``, ``replay``, ``arena`` and ``serve``.

Every subcommand reports bad input (an unknown game or option, a record that does not replay)
in one line on stderr and exits with status 2; nothing is left half written.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from atout import bots, record, rulebook
from atout.cli import analyse, arena
from atout.cli.play import play
from atout.cli.transcript import printable, transcript
from atout.core.game import Game
from atout.core.rules import parse_rules_text
from atout.core.state import State
from atout.errors import NotationError, RecordError, RulesError
from atout.games import game_class, load, names
from atout.i18n import LANGUAGES, language_from_env
from atout.tui.session import HUMAN, Session

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="atout",
        description="A card table for Schnapsen, Seven Up and Up and Down the River.",
    )
    p.add_argument(
        "--version", action="version", version=_version(), help="say the version and engine"
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("info", help="say the version and which engine runs (compiled or pure)")

    r = sub.add_parser("rules", help="print the rules of a game")
    r.add_argument("game", nargs="?", help=f"one of: {', '.join(names())}")
    r.add_argument("--lang", default="en", help="en, fr, de or da (default: en)")

    pl = sub.add_parser(
        "play",
        help="play a match in this terminal: the terminal table, or the line mode",
        description="Play a match in this terminal. On a terminal it opens the terminal table; "
        "with --plain, with no terminal (a script, a pipe) or with TERM=dumb it is the line mode: "
        "plain lines in and out, for scripts and screen readers.",
    )
    pl.add_argument(
        "game",
        nargs="?",
        help="a game or rules text, e.g. schnapsen or 'schnapsen(manual_claim=true)' "
        "(not with --resume)",
    )
    pl.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    pl.add_argument(
        "--players", type=int, help="how many sit at the table, for games played by 3 or more"
    )
    pl.add_argument("--seed", type=int, help="shuffle from this seed (default: random)")
    pl.add_argument(
        "--level",
        default="medium",
        choices=("random", *bots.LEVELS),
        help="how well the computer plays (default: medium)",
    )
    pl.add_argument(
        "--opponent", help="a bot spec for the computer seats instead of a level: hard(time=1)"
    )
    pl.add_argument(
        "--seats",
        metavar="LIST",
        help="who sits where, seat by seat: 'you' or a bot spec, comma-separated "
        "('you,easy,hard' mixes levels; 'hard,expert' watches two bots; 'you,you' is pass "
        "and play); instead of --seat, --level and --opponent",
    )
    pl.add_argument(
        "--record",
        metavar="FILE",
        help="keep the match record in FILE as the match goes (every move written safely)",
    )
    pl.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the match FILE records (written by --record); a finished match "
        "opens for review",
    )
    pl.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the terminal table's language (default: from LANGUAGE, LC_ALL or LANG)",
    )
    pl.add_argument("--plain", action="store_true", help="the line mode, even on a terminal")
    pl.add_argument(
        "--delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long the terminal table shows a computer's card before going on (0.6)",
    )

    rp = sub.add_parser("replay", help="print a match record as a transcript, deal by deal")
    rp.add_argument("file", help="a record written by atout (JSON)")

    arena.add_parser(sub)
    analyse.add_parser(sub)

    sv = sub.add_parser("serve", help="run the table server: the HTTP API and websockets")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    sv.add_argument(
        "--db", help="database URL: postgresql://user@host/db (default: SQLite in --data)"
    )
    sv.add_argument("--data", help="data directory for the SQLite default (~/.local/share/atout)")
    sv.add_argument(
        "--bot-workers", type=int, default=0, help="processes bots think in (default: one per CPU)"
    )
    sv.add_argument(
        "--min-grace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the least grace period a table may give an absent player before a stand-in "
        "plays (default: 10)",
    )
    sv.add_argument(
        "--fixed-deals",
        action="store_true",
        help="let tables be created from given packs, dealer and seed (tests, demonstrations)",
    )
    _quota_options(sv)
    return p


#: ``atout serve``'s quotas: the option (its dest is the Settings field), what it counts, and
#: its default (Settings' own, repeated here so that ``--help`` works without the server
#: extra; a test holds them equal).
QUOTAS = (
    ("--max-tables-per-minute", "tables an address may create in any minute", 30),
    ("--max-hints-per-minute", "hints an address may ask for in any minute", 60),
    ("--max-table-hints-per-minute", "hints asked for at one table in any minute", 30),
    (
        "--max-analyses-per-minute",
        "analyses and duplicate challenges an address may start in any minute",
        10,
    ),
    ("--max-sockets", "websockets an address may hold open", 100),
    ("--max-table-sockets", "websockets an address may hold open on one table", 20),
    ("--max-spectators", "spectators' websockets one table may have open", 200),
)
#: The default of ``--waiting-ttl`` (Settings' own): a day.
WAITING_TTL = 86400


def _quota_options(sv: argparse.ArgumentParser) -> None:
    """``atout serve``'s options for the quotas, the waiting tables' expiry and the proxies."""
    for option, what, default in QUOTAS:
        sv.add_argument(
            option,
            type=int,
            default=None,
            metavar="N",
            help=f"{what} (default: {default}; 0: no limit)",
        )
    sv.add_argument(
        "--no-quotas",
        action="store_true",
        help="no quota but those given: every --max-... option 0 unless set (a server whose "
        "clients all share one address, as in tests and benchmarks)",
    )
    sv.add_argument(
        "--waiting-ttl",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"how long a table waits for players with nobody joining before it expires "
        f"(default: {WAITING_TTL}, a day; 0: never)",
    )
    sv.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="ADDRESSES",
        help="the proxies (comma-separated addresses or networks, * for any) whose "
        "X-Forwarded-For names the client; by default no header is believed and a client is "
        "the address it connects from",
    )


def _version() -> str:
    """``atout 0.1.0 (compiled engine)``: the version, and whether the engine's hot modules run
    compiled (mypyc) or as the pure-Python reference (no compiler at install, or ATOUT_PURE=1)."""
    from atout import ENGINE, __version__

    return f"atout {__version__} ({ENGINE} engine)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "rules":
            return _rules(args.game, args.lang)
        if args.command == "play":
            return _play(args)
        if args.command == "arena":
            return arena.main(args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "info":
            print(_version())
            return 0
        if args.command == "analyse":
            return analyse.main(args)
        return _replay(args.file)
    except (RulesError, NotationError, RecordError, ValueError) as e:
        print(f"atout: {printable(str(e))}", file=sys.stderr)  # one line, shown, not obeyed
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``atout replay m.json | head``): stop quietly, and point stdout
        # at nothing so that flushing it at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _serve(args: argparse.Namespace) -> int:
    try:
        from atout.server.run import serve
        from atout.server.settings import MIN_GRACE, Settings, data_dir, database_url
    except ImportError as e:
        raise ValueError(
            f"the server needs the server extra ({e.name} is missing): pip install 'atout[server]'"
        ) from None
    if args.bot_workers < 0:
        raise ValueError("--bot-workers is a number of processes (0: one per CPU)")
    min_grace = MIN_GRACE if args.min_grace is None else args.min_grace
    if not 0 <= min_grace <= 86400:
        raise ValueError("--min-grace is a number of seconds from 0 to 86400")
    data = Path(args.data) if args.data else data_dir()
    settings = Settings(
        db=database_url(args.db, data),
        min_grace=min_grace,
        bot_workers=args.bot_workers,
        host=args.host,
        port=args.port,
        fixed_deals=args.fixed_deals,
        forwarded_allow_ips=args.forwarded_allow_ips,
        **_quotas(args),
    )
    serve(settings)
    return 0


def _quotas(args: argparse.Namespace) -> dict[str, Any]:
    """The quota settings given on the command line (the others keep Settings' defaults)."""
    given: dict[str, Any] = {}
    for option, _what, _default in QUOTAS:
        name = option.removeprefix("--").replace("-", "_")
        value = getattr(args, name)
        if value is None and args.no_quotas:
            value = 0
        if value is not None:
            if value < 0:
                raise ValueError(f"{option} is a whole number from 0 (0: no limit)")
            given[name] = value
    ttl = args.waiting_ttl
    if ttl is not None:
        if not 0 <= ttl <= 10 * 365 * 86400:  # refuses nan and inf too
            raise ValueError("--waiting-ttl is a number of seconds from 0 (never) to 10 years")
        given["waiting_ttl"] = ttl
    return given


def _rules(game: str | None, lang: str) -> int:
    if game is None:
        for name in names():
            cls = game_class(name)
            have = ", ".join(rulebook.languages(name))
            variants = ", ".join(cls.rules_type.option_names())
            print(f"{name}: {cls.title} (rules in {have}) · variants: {variants}")
        print("Print one with: atout rules GAME [--lang fr|de|da]")
        return 0
    cls = game_class(game)
    print(rulebook.text(cls.name, lang))
    return 0


def _play(args: argparse.Namespace) -> int:
    session = _session(args)
    if _plain(args):
        if session.is_over:  # a finished match resumed: its review is the transcript
            print("This match is over. What happened, deal by deal:\n")
            return _replay(args.resume)
        play(session)
        if args.record and session.is_over:
            print(f"The record is in {args.record}; replay it with: atout replay {args.record}")
        elif session.journal is not None:
            print(
                f"The match is kept in {session.journal}; go on with: "
                f"atout play --resume {session.journal}"
            )
        return 0
    # atout.tui imports Textual only inside run(): ask for the package itself.
    if importlib.util.find_spec("textual") is None:
        raise ValueError(
            "the terminal table needs the tui extra (textual is missing): pip install "
            "'atout[tui]', or play in line mode with --plain"
        )
    from atout.tui import run

    if not 0 <= args.delay <= 10:
        raise ValueError("--delay is a number of seconds from 0 to 10")
    lang = args.lang or language_from_env()
    return run(session, lang=lang, review=session.is_over, bot_delay=args.delay)


def _plain(args: argparse.Namespace) -> bool:
    """Whether to play in line mode: asked for, or no terminal to draw a table on."""
    term = os.environ.get("TERM", "")
    return bool(args.plain) or not (sys.stdin.isatty() and sys.stdout.isatty()) or term == "dumb"


def _session(args: argparse.Namespace) -> Session:
    """The match ``atout play`` opens: a new one from the options, or the one ``--resume``
    names."""
    if args.resume:
        if args.game or args.seats or args.players is not None or args.seed is not None:
            raise ValueError(
                "--resume goes on with the recorded match: give no game, "
                "--seats, --players or --seed with it"
            )
        return Session.resume(args.resume, level=args.opponent)
    if not args.game:
        raise ValueError("name a game to play (atout play schnapsen), or --resume FILE")
    game = _with_players(args.game, args.players)
    if args.seats:
        specs = bots.split_specs(args.seats)
        if len(specs) != game.seats:
            raise ValueError(f"--seats names {len(specs)} seats; {game.title} has {game.seats}")
        people = [s for s, spec in enumerate(specs) if spec == HUMAN]
        others = {s: bots.make(spec) for s, spec in enumerate(specs) if spec != HUMAN}
    else:
        if not 0 <= args.seat < game.seats:
            raise ValueError(f"--seat must be from 0 to {game.seats - 1}")
        spec = args.opponent or args.level
        people = [args.seat]
        others = {s: bots.make(spec) for s in range(game.seats) if s != args.seat}
    if args.record and Path(args.record).exists():
        raise ValueError(
            f"{args.record} exists: go on with it with --resume, or choose another file"
        )
    return Session.new(game, people, others, seed=args.seed, journal=args.record)


def _with_players(text: str, players: int | None) -> Game[State]:
    """The game a rules text names, with ``--players`` folded into it as the ``players``
    option (refused for games without one, or when the text names a number too)."""
    if players is None:
        return load(text)
    name, options = parse_rules_text(text)
    cls = game_class(name)
    if "players" not in cls.rules_type.option_names():
        raise RulesError(f"{cls.title} has no players option: --players does not apply")
    if "players" in options:
        raise RulesError(f"the number of players is given twice: in {text!r} and --players")
    return cls(cls.rules_type.from_dict({**options, "players": str(players)}))


def _replay(path: str) -> int:
    rec = record.load(path)
    lines = list(transcript(rec))  # replay it all first: a bad record prints nothing but the error
    print("\n".join(lines))
    return 0

"""The ``atout`` command: ``rules``, ``play``, ``replay``, ``arena`` and ``serve``.

Every subcommand reports bad input (an unknown game or option, a record that does not replay)
in one line on stderr and exits with status 2; nothing is left half written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from atout import bots, record, rulebook
from atout.cli import arena
from atout.cli.play import play
from atout.cli.transcript import printable, transcript
from atout.core.game import Game
from atout.core.rules import parse_rules_text
from atout.core.state import State
from atout.errors import NotationError, RecordError, RulesError
from atout.games import game_class, load, names

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

    pl = sub.add_parser("play", help="play a match in this terminal against the computer")
    pl.add_argument(
        "game", help="a game or rules text, e.g. schnapsen or 'schnapsen(manual_claim=true)'"
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
    pl.add_argument("--record", metavar="FILE", help="write the match record here at the end")

    rp = sub.add_parser("replay", help="print a match record as a transcript, deal by deal")
    rp.add_argument("file", help="a record written by atout (JSON)")

    arena.add_parser(sub)

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
    game = _with_players(args.game, args.players)
    if not 0 <= args.seat < game.seats:
        raise ValueError(f"--seat must be from 0 to {game.seats - 1}")
    spec = args.opponent or args.level
    others = {s: bots.make(spec) for s in range(game.seats) if s != args.seat}
    state = play(game, args.seat, others, seed=args.seed)
    if args.record:
        seats = [
            record.Seat("you") if s == args.seat else record.Seat(others[s].name, others[s].version)
            for s in range(game.seats)
        ]
        record.dump(record.from_state(state, seats), args.record)
        print(f"The record is in {args.record}; replay it with: atout replay {args.record}")
    return 0


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

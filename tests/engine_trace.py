"""Random matches traced step by step, for the differential test of the two engine builds
(``tests/test_engines.py``, issue 13).

Run under one engine (``ATOUT_PURE=1`` for the pure-Python one), it plays matches ``START`` to
``STOP - 1`` of a game and prints a header line (the engine it ran on), then one line per match:
its index and the BLAKE2b digest of its trace as canonical JSON. ``--full`` prints the traces
themselves instead, one JSON line per step, to find where two engines part.

Match ``i`` is seeded with ``i`` (its packs, first dealer and random choices) and plays the
rules text :func:`rules_for` gives it. Every random choice depends only on what the engine says
(who acts, the legal actions), so two engines that agree play the same match and print the same
digest. The trace holds the rules text and the opening events, then at every step who acts,
the legal actions' texts (per seat when several decide at once), every seat's view and the
spectator's (``to_dict()``), and the action taken with the events ``apply`` returned, and at the
end the result. An exception in the engine ends the trace with its type and message.

``--perturb MATCH:STEP`` alters one recorded value, the spectator view's rules text at that step
of that match: the test's self-check that a difference is found and placed.

    ATOUT_PURE=1 .venv/bin/python tests/engine_trace.py river 0 100
    .venv/bin/python tests/engine_trace.py river 17 18 --full
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import atout
from atout.errors import RulesError
from atout.games import game_class

#: River's start_cards for each block of 72 matches (every player count with every option set),
#: in turn. Short rivers keep 10,000 matches affordable: see the test module's docstring.
RIVER_STARTS = (1, 1, 2, 1, 1, 2, 1, 1, 3)
#: Every this many River matches, one is played at the rule book's start (10 cards for 3 to
#: 5 players, 8, 7, 6 for 6, 7, 8): coprime to 6 and 72, so these meet every player count.
RIVER_LONG_EVERY = 409
#: Every this many River matches, one is 4 players with 13 cards: its first and last rounds
#: deal all 52 cards and are played without trumps.
RIVER_NO_TRUMP_EVERY = 2000


@cache
def option_sets(game: str) -> tuple[str, ...]:
    """Every valid combination of the game's boolean options, as rules texts: the defaults
    first, then the first option alone, the second alone, both, and so on (a binary count)."""
    rules_type = game_class(game).rules_type
    flags = [k for k, v in rules_type().to_dict().items() if isinstance(v, bool)]
    texts = []
    for bits in range(1 << len(flags)):
        options = {flag: bool(bits >> j & 1) for j, flag in enumerate(flags)}
        try:
            texts.append(rules_type.from_dict(options).text)
        except RulesError:  # contradictory options (River's no_hook with simultaneous_bids)
            continue
    return tuple(texts)


def rules_for(game: str, index: int) -> str:
    """The rules text of match ``index``.

    Schnapsen and Seven Up take every combination of their options in turn (8 and 64). River
    takes the player counts 3 to 8 in turn, each with the 12 valid combinations of its four
    options in turn, at a start of 1 to 3 cards from :data:`RIVER_STARTS` by block of 72; one
    match in :data:`RIVER_LONG_EVERY` is played at the rule book's start and one in
    :data:`RIVER_NO_TRUMP_EVERY` with 4 players and 13 cards."""
    sets = option_sets(game)
    if game != "river":
        return sets[index % len(sets)]
    options = dict(atout.load(sets[index // 6 % len(sets)]).rules.changed())
    options["players"] = 3 + index % 6
    if index % RIVER_NO_TRUMP_EVERY == RIVER_NO_TRUMP_EVERY - 1:
        options.update(players=4, start_cards=13)
    elif index % RIVER_LONG_EVERY != RIVER_LONG_EVERY - 1:
        options["start_cards"] = RIVER_STARTS[index // 72 % len(RIVER_STARTS)]
    return game_class(game).rules_type.from_dict(options).text


def _texts(actions: list[atout.Action]) -> list[str]:
    return [str(a) for a in actions]


def trace(rules: str, index: int, perturb: int | None = None) -> Iterator[dict[str, Any]]:
    """The steps of match ``index`` under ``rules`` as plain JSON data: a header, then one
    record per step. ``perturb``: the step whose spectator view gets a wrong rules text."""
    game = atout.load(rules)
    viewers: list[int | None] = [*range(game.seats), None]
    rng = random.Random(index)
    step = 0
    try:
        state = game.new_match(seed=index)
        yield {"rules": game.text, "opening": [e.to_dict() for e in state.opening_events()]}
        while True:
            to_act = state.to_act
            record: dict[str, Any] = {"step": step}
            if isinstance(to_act, frozenset):
                order = sorted(to_act)
                legal_by_seat = {s: state.legal_actions(s) for s in order}
                record["to_act"] = order
                record["legal"] = {str(s): _texts(a) for s, a in legal_by_seat.items()}
            else:
                legal = state.legal_actions()
                record["to_act"] = to_act
                record["legal"] = _texts(legal)
            record["views"] = [state.view(s).to_dict() for s in viewers]
            if step == perturb:
                record["views"][-1]["rules"] += " (perturbed)"
            if to_act is None:
                record["result"] = state.result().to_dict()
                yield record
                return
            if isinstance(to_act, frozenset):
                seat = order[int(rng.random() * len(order))]
                legal = legal_by_seat[seat]
            else:
                seat = to_act
            action = legal[int(rng.random() * len(legal))]
            record["seat"], record["action"] = seat, str(action)
            record["events"] = [e.to_dict() for e in state.apply(action, seat)]
            yield record
            step += 1
    except Exception as e:  # an engine that raises must differ from one that does not
        yield {"step": step, "error": f"{type(e).__name__}: {e}"}


def canonical(record: dict[str, Any]) -> bytes:
    """One step as canonical JSON: sorted keys, no spaces."""
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()


def digest(records: Iterator[dict[str, Any]]) -> str:
    """The BLAKE2b digest of a trace: its steps' canonical JSON, a line each."""
    h = hashlib.blake2b(digest_size=16)
    for record in records:
        h.update(canonical(record))
        h.update(b"\n")
    return h.hexdigest()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Trace random matches (tests/test_engines.py).")
    parser.add_argument("game", choices=atout.names())
    parser.add_argument("start", type=int, help="the first match index")
    parser.add_argument("stop", type=int, help="the match index after the last")
    parser.add_argument("--full", action="store_true", help="print the traces, not digests")
    parser.add_argument("--rules", help="play these rules in every match (for timing)")
    parser.add_argument("--perturb", metavar="MATCH:STEP", help="alter one value (self-check)")
    args = parser.parse_args(argv)
    bad_match, bad_step = map(int, (args.perturb or "-1:-1").split(":"))
    out = sys.stdout
    header = {"engine": getattr(atout, "ENGINE", "pure"), "game": args.game}
    out.write(json.dumps(header) + "\n")
    for i in range(args.start, args.stop):
        rules = args.rules or rules_for(args.game, i)
        steps = trace(rules, i, bad_step if i == bad_match else None)
        if args.full:
            out.writelines(canonical(record).decode() + "\n" for record in steps)
        else:
            out.write(f"{i} {digest(steps)}\n")
    out.flush()


if __name__ == "__main__":
    main()

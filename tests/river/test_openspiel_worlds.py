"""The worlds OpenSpiel's ISMCTS is given in ``bench/strength_river.py`` (stop 10's finding,
kept as a test instead of a one-off script).

open-spiel 2.0.2's ``oh_hell`` ``ResampleFromInfostate`` deals the other players only cards
really dealt to them, never a card of the stock, so the shipped ISMCTS knows which cards are
out of play. The bench's ``fair_state`` hands ISMCTS a round whose unseen cards are drawn anew:
the seat's own information state is the real one, and the others hold stock cards as often as
a uniform draw would have them. Should a later open-spiel stop leaking, the first test fails
and the bench's ``--leaky`` runs become the fair ones.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pyspiel

import atout
from atout.cards import FULL_PACK

CARDS = 8
DEALER = 1
#: The first to bid: left of the dealer.
SEAT = 2


def _bench() -> ModuleType:
    path = Path(__file__).parents[2] / "bench" / "strength_river.py"
    spec = importlib.util.spec_from_file_location("strength_river", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("strength_river", module)
    spec.loader.exec_module(module)
    return module


def _others_cards(state: pyspiel.State, seat: int) -> set[str]:
    """The cards the players other than ``seat`` hold, read off the state's text
    (``Player: k`` and a line per suit, ``C: AK4``)."""
    held: set[str] = set()
    player = None
    for line in str(state).splitlines():
        if line.startswith("Player: "):
            player = int(line.split()[1])
        elif player is not None and len(line) > 6 and line[4] in "CDSH" and line[5] == ":":
            if player != seat:
                held |= {line[4] + rank for rank in line[6:].strip()}
        elif line.startswith("Trump"):
            break
    return held


def _round() -> tuple[ModuleType, pyspiel.Game, pyspiel.State, atout.core.state.State]:
    bench = _bench()
    pack = list(FULL_PACK)
    random.Random(7).shuffle(pack)
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": CARDS})
    real = game.new_initial_state()
    for chance in bench.os_chances(pack, CARDS, DEALER):
        real.apply_action(chance)
    mirror = atout.load(f"river(start_cards={CARDS})").new_match(seed=0, packs=[pack],
                                                                 dealer=DEALER)  # fmt: skip
    assert real.current_player() == SEAT == mirror.to_act
    return bench, game, real, mirror


def test_the_shipped_resampler_deals_the_others_only_their_real_cards() -> None:
    _bench_module, _game, real, _mirror = _round()
    truth = _others_cards(real, SEAT)
    assert len(truth) == 3 * CARDS
    rng = random.Random(1)
    for _ in range(50):
        world = real.resample_from_infostate(SEAT, rng.random)
        assert world.information_state_string(SEAT) == real.information_state_string(SEAT)
        assert _others_cards(world, SEAT) == truth


def test_fair_worlds_keep_the_seat_s_view_and_deal_the_stock_like_a_uniform_draw() -> None:
    bench, game, real, mirror = _round()
    truth = _others_cards(real, SEAT)
    rng = random.Random(2)
    from_stock = []
    for _ in range(200):
        world = bench.fair_state(game, mirror, SEAT, rng)
        assert world.information_state_string(SEAT) == real.information_state_string(SEAT)
        held = _others_cards(world, SEAT)
        assert len(held) == 3 * CARDS
        from_stock.append(len(held - truth))
    # 24 of the 43 cards the seat has not seen (all but its 8 and the turned card) go to the
    # others; 19 of those 43 are in the stock, so a uniform draw deals them 24 * 19 / 43.
    mean = sum(from_stock) / len(from_stock)
    assert abs(mean - 24 * 19 / 43) < 0.5, mean

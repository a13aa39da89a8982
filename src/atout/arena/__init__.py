"""Tournaments between bots: duplicate deals, ratings and confidence intervals.

>>> from atout.arena import Tournament, run, summarise
>>> report = summarise(run(Tournament("schnapsen", ("random", "random"), units=20)))

The ``atout arena`` command is a face over this API. See :mod:`atout.arena.schedule` for who
plays where, :mod:`atout.arena.dealset` for fixed evaluation deals,
:mod:`atout.arena.play` for one match, :mod:`atout.arena.stats` for the numbers.
"""

from atout.arena import dealset
from atout.arena.play import Fault, UnitResult, play_unit
from atout.arena.report import csv_text, summarise, text
from atout.arena.schedule import Unit, schedule
from atout.arena.tournament import Sprt, Tournament, TournamentRun, run

__all__ = [
    "Fault",
    "Sprt",
    "Tournament",
    "TournamentRun",
    "Unit",
    "UnitResult",
    "csv_text",
    "dealset",
    "play_unit",
    "run",
    "schedule",
    "summarise",
    "text",
]

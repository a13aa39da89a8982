"""``python -m atout`` runs the ``atout`` command."""

import sys

from atout.cli import main

sys.exit(main())

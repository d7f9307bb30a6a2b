"""``python -m wasteland`` runs the ``wasteland`` command."""

import sys

from wasteland.cli import main

sys.exit(main())

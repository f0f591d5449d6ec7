import sys

from specproof.checks.cli import main

sys.exit(main())

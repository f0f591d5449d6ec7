import sys

from specproof.cli.main import main

sys.exit(main())

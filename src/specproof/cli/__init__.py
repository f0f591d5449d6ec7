"""The command line: the parser (:mod:`~specproof.cli.commands`, light: no command module imported for `--help`)
and every ``cmd_*`` handler, one module per command family. The top floor: it may import every room below it."""

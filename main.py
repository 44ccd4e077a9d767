"""Start Conquest: `python main.py` plays, `--demo` and `--simulate` are described by --help."""

from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

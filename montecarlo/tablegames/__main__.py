"""`python -m montecarlo.tablegames edges`: every bet's house edge, one JSON object per line (see `edges`).
`--write FILE` also keeps them in FILE (the public rules pages read montecarlo/tablegames/edges.json)."""

from __future__ import annotations

import argparse
import json
import sys

from montecarlo.tablegames.edges import all_edges, lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m montecarlo.tablegames")
    parser.add_argument("command", choices=["edges"])
    parser.add_argument("--write", metavar="FILE", help="also write the lines as one JSON list to FILE")
    args = parser.parse_args(argv)
    found = []
    for edge in all_edges():  # each line as soon as its game is computed
        found.append(edge)
        print(next(lines([edge])), flush=True)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as handle:
            json.dump(found, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

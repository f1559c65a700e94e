"""`python -m montecarlo.holdem replay FILE` (or `-` for standard input).

Prints the result of one hand history, or of a JSON array of them, as JSON
(shared/formats/hand-history.md). Disputes go to the member in charge, who replays the
recorded hand (30 DCMR 1604.3(dd)). An illegal single hand exits 2 with one line on
standard error and nothing on standard output; in an array each illegal hand's place holds
{"error": message} and the exit status is 0. `--max-seats N`: the players a table of the
hand's tournament may seat (its recorded seats_limit; default DC's 7, 30 DCMR 1603.23).
"""

import argparse
import json
import sys

from montecarlo.holdem.hand import MAX_SEATS, HandError, replay


def _one(history, max_seats: int) -> dict:
    try:
        return replay(history, max_seats=max_seats)
    except HandError as err:
        return {"error": str(err)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m montecarlo.holdem", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a hand history (JSON) and print its result")
    replay_cmd.add_argument("file", help="the hand history file, or - for standard input")
    replay_cmd.add_argument("--max-seats", type=int, default=MAX_SEATS,
                            help="the players a table of the hand's tournament may seat (30 DCMR 1603.23)")
    args = parser.parse_args(argv)

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        history = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        print(f"{args.file}: cannot read a JSON hand history: {err}", file=sys.stderr)
        return 2

    if isinstance(history, list):
        print(json.dumps([_one(h, args.max_seats) for h in history]))
        return 0
    try:
        result = replay(history, max_seats=args.max_seats)
    except HandError as err:
        print(str(err), file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

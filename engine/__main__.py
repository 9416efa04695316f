"""`python -m engine replay RECORD.json`, `python -m engine simulate ...` and
`python -m engine tournament ...` (rules/record-format.md, "The command line")."""

from __future__ import annotations

import argparse
import json
import math
import sys

from .ai import AGENTS, DIFFICULTIES
from .errors import RecordError
from .record import replay
from .simulate import simulate


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        result = replay(record)
    except (OSError, ValueError, RecordError) as err:
        print(f"cannot read {path}: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json()))
    return 1 if result.error else 0


def _agent_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = {*AGENTS, *DIFFICULTIES}
    unknown = [n for n in names if n not in known]
    if not names or unknown:
        raise argparse.ArgumentTypeError(f"agents are {', '.join(sorted(known))}")
    return names


def _tournament_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tour = commands.add_parser("tournament", help="seat-rotated games between agents")
    tour.add_argument("--agents", type=_agent_names, default=["ismcts", "heuristic", "random"])
    tour.add_argument("--variant", choices=("classic", "plus"), default="classic")
    tour.add_argument("--seats", type=int, default=4)
    tour.add_argument("--games", type=int, default=30)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--iterations", type=int, help="ismcts iterations per decision")
    tour.add_argument("--recall", type=float, help="memory of the heuristic and ismcts agents")
    tour.add_argument(
        "--option",
        action="append",
        default=[],
        type=_agent_option,
        metavar="AGENT.KEY=VALUE",
        help="a constructor option of one agent, e.g. ismcts.iterations=400 (repeatable)",
    )


def _agent_option(text: str) -> tuple[str, str, float]:
    name, _, rest = text.partition(".")
    key, _, value = rest.partition("=")
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if name not in {*AGENTS, *DIFFICULTIES} or not key or math.isnan(number):
        raise argparse.ArgumentTypeError("expected AGENT.KEY=NUMBER, e.g. ismcts.iterations=400")
    return name, key, int(number) if number.is_integer() and "." not in value else number


def _tournament(args: argparse.Namespace) -> int:
    from .ai.tournament import tournament

    names = [*AGENTS, *DIFFICULTIES]
    options: dict[str, dict[str, float]] = {name: {} for name in names if name != "random"}
    if args.iterations is not None:
        options["ismcts"]["iterations"] = args.iterations
    if args.recall is not None:
        for name in AGENTS:
            if name in options:
                options[name]["recall"] = args.recall
    for name, key, value in args.option:
        options[name][key] = value
    result = tournament(args.agents, args.variant, args.seats, args.games, args.seed, options)
    print(json.dumps(result.to_json()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser("replay", help="rebuild a game from its record")
    rep.add_argument("record")
    sim = commands.add_parser("simulate", help="play whole games with the engine's agents")
    sim.add_argument("--variant", choices=("classic", "plus"), default="classic")
    sim.add_argument("--seats", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--agents", choices=sorted(AGENTS), default="random")
    _tournament_parser(commands)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.record)
    if args.command == "tournament":
        return _tournament(args)
    result = simulate(args.variant, args.seats, args.games, args.seed, args.agents)
    print(json.dumps(result.to_json()))
    return 1 if result.errors else 0


if __name__ == "__main__":
    sys.exit(main())

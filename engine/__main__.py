"""`python -m engine replay RECORD.json`, `python -m engine simulate ...` and
`python -m engine tournament ...` for every game (rules/record-format.md and
rules/pizza-island-record.md, "The command line"). `replay` picks the game by
the record's `format`; `simulate` and `tournament` take `--game`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import AnyGame, game, game_for, games
from .errors import RecordError

DEFAULT_GAME = "mammamia"


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        result = game_for(record).replay(record)
    except (OSError, ValueError, RecordError) as err:
        print(f"cannot read {path}: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json()))
    return 1 if result.error else 0


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The game settings given on the command line (each game reads its own)."""
    given = {"variant": args.variant, "level": args.level, "scoring": args.scoring}
    return {k: v for k, v in given.items() if v is not None}


def _common(parser: argparse.ArgumentParser, games_default: int) -> None:
    parser.add_argument("--game", choices=sorted(games()), default=DEFAULT_GAME)
    parser.add_argument("--variant", help="mammamia: classic or plus")
    parser.add_argument("--level", help="pizza-island: easy, normal or advanced")
    parser.add_argument("--scoring", help="pizza-island: wins or points")
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--games", type=int, default=games_default)
    parser.add_argument("--seed", type=int, default=1)


def _seats(args: argparse.Namespace, rules: AnyGame, default: int) -> int:
    if args.seats is not None:
        return int(args.seats)
    least, most = rules.seat_limits(_settings(args))
    return min(max(default, least), most)


def _agent_names(rules: AnyGame, text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = rules.agent_names()
    if not names or any(n not in known for n in names):
        raise RecordError(f"agents of {rules.name} are {', '.join(sorted(known))}")
    return names


def _agent_option(rules: AnyGame, text: str) -> tuple[str, str, float]:
    """`ismcts.iterations=400`: one constructor option of one agent."""
    name, _, rest = text.partition(".")
    key, _, value = rest.partition("=")
    try:
        number = float(value)
    except ValueError:
        number = float("nan")
    if name not in rules.agent_names() or not key or number != number:
        raise RecordError("expected AGENT.KEY=NUMBER, e.g. ismcts.iterations=400")
    return name, key, int(number) if number.is_integer() and "." not in value else number


def _simulate(args: argparse.Namespace) -> int:
    rules = game(args.game)
    agent = args.agents or "random"
    if agent not in rules.agent_names():
        print(f"agents of {rules.name} are {', '.join(rules.agent_names())}", file=sys.stderr)
        return 2
    result = rules.simulate(_settings(args), _seats(args, rules, 4), args.games, args.seed, agent)
    print(json.dumps(result.to_json()))
    return 1 if getattr(result, "errors", 0) else 0


def _tournament(args: argparse.Namespace) -> int:
    rules = game(args.game)
    default = "ismcts,heuristic,random"
    names = _agent_names(rules, args.agents or default)
    options: dict[str, dict[str, float]] = {}
    if args.iterations is not None:
        options.setdefault("ismcts", {})["iterations"] = args.iterations
    if args.recall is not None:
        for name in ("heuristic", "ismcts"):
            options.setdefault(name, {})["recall"] = args.recall
    for option in args.option:
        name, key, value = _agent_option(rules, option)
        options.setdefault(name, {})[key] = value
    seats = _seats(args, rules, 4)
    result = rules.tournament(names, _settings(args), seats, args.games, args.seed, options)
    print(json.dumps(result.to_json()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser("replay", help="rebuild a game from its record")
    rep.add_argument("record")
    sim = commands.add_parser("simulate", help="play whole games with a game's own agents")
    _common(sim, 100)
    sim.add_argument("--agents", default=None, help="the agent every seat plays")
    tour = commands.add_parser("tournament", help="seat-rotated games between agents")
    _common(tour, 30)
    tour.add_argument("--agents", default=None, help="comma-separated agent names")
    tour.add_argument("--iterations", type=int, help="ismcts iterations per decision")
    tour.add_argument("--recall", type=float, help="memory of the heuristic and ismcts agents")
    tour.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="AGENT.KEY=VALUE",
        help="a constructor option of one agent, e.g. ismcts.iterations=400 (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args.record)
        if args.command == "tournament":
            return _tournament(args)
        return _simulate(args)
    except RecordError as err:  # bad settings on the command line
        print(f"python -m engine {args.command}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""`python -m engine replay RECORD.json`, `python -m engine simulate ...` and
`python -m engine tournament ...` for every game (rules/record-format.md and
rules/pizza-island-record.md, "The command line"). `replay` picks the game by
the record's `format`; `simulate` and `tournament` take `--game`, and then
that game's own settings as flags (`--variant plus`, `--level easy`), made
from the options it declares; `--set NAME=VALUE` reaches any of them."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from . import AnyGame, default_game, game, game_for, games
from .errors import EngineError, RecordError
from .simulate import simulate
from .tournament import MAX_ACTIONS, Extra, make, tournament


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


def _settings(rules: AnyGame, args: argparse.Namespace) -> dict[str, Any]:
    """The settings given on the command line, checked by the game."""
    given: dict[str, Any] = {}
    for option in rules.options:
        value = getattr(args, f"setting_{option.name}", None)
        if value is not None:
            given[option.name] = value
    for text in args.set:
        name, _, value = text.partition("=")
        given[name] = value
    declared = {o.name: o for o in rules.options}
    for name, value in given.items():
        if name not in declared or value not in declared[name].choices:
            names = "; ".join(f"{o.name}: {', '.join(o.choices)}" for o in rules.options)
            raise RecordError(f"unknown {name} {value!r} (settings of {rules.name}: {names})")
    try:
        rules.check_settings(given)
    except EngineError as err:
        raise RecordError(str(err)) from err
    return given


def _seats(args: argparse.Namespace, rules: AnyGame, settings: dict[str, Any]) -> int:
    least, most = rules.seat_limits(settings)
    if args.seats is None:
        return min(max(4, least), most)
    if not least <= args.seats <= most:
        raise RecordError(f"{rules.name} seats {least} to {most}, not {args.seats}")
    return int(args.seats)


def _extra(args: argparse.Namespace, rules: AnyGame) -> Extra:
    """Agents from a module named on the command line: its `AGENTS[game]`."""
    if not args.agents_from:
        return {}
    module = importlib.import_module(args.agents_from)
    found: Extra = getattr(module, "AGENTS", {}).get(rules.name, {})
    return found


def _agent_names(rules: AnyGame, text: str, extra: Extra) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = (*rules.agent_names(), *extra)
    if not names or any(n not in known for n in names):
        raise RecordError(f"agents of {rules.name} are {', '.join(known)}")
    return names


def _agent_option(names: list[str], text: str) -> tuple[str, str, float]:
    """`hard.steps=4000`: one option of one of the agents playing."""
    name, _, rest = text.partition(".")
    key, _, value = rest.partition("=")
    try:
        number = float(value)
    except ValueError:
        number = float("nan")
    if name not in names or not key or number != number:
        raise RecordError("expected AGENT.KEY=NUMBER for an agent playing, e.g. hard.steps=4000")
    return name, key, int(number) if number.is_integer() and "." not in value else number


def _simulate(rules: AnyGame, args: argparse.Namespace) -> int:
    agent = args.agents or "random"
    if agent not in rules.agent_names():
        raise RecordError(f"agents of {rules.name} are {', '.join(rules.agent_names())}")
    settings = _settings(rules, args)
    seats = _seats(args, rules, settings)
    result = simulate(rules, settings, seats, args.games, args.seed, agent)
    print(json.dumps(result.to_json()))
    return 1 if result.errors else 0


def _tournament(rules: AnyGame, args: argparse.Namespace) -> int:
    extra = _extra(args, rules)
    names = _agent_names(rules, args.agents or ",".join(rules.difficulties), extra)
    options: dict[str, dict[str, float]] = {}
    for option in args.option:
        name, key, value = _agent_option(names, option)
        options.setdefault(name, {})[key] = value
    settings = _settings(rules, args)
    seats = _seats(args, rules, settings)
    for name, given in options.items():  # an option the agent does not take, said before play
        try:
            make(rules, name, 0, 0, given, (), extra)
        except TypeError as err:
            print(f"python -m engine tournament: --option {name}: {err}", file=sys.stderr)
            return 2
    result = tournament(
        rules, names, settings, seats, args.games, args.seed, options, extra, args.max_actions
    )
    print(json.dumps(result.to_json()))
    return 0


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _parser(rules: AnyGame | None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser("replay", help="rebuild a game from its record")
    rep.add_argument("record")
    sim = commands.add_parser("simulate", help="play whole games with a game's own agents")
    sim.add_argument("--agents", default=None, help="the agent every seat plays (random)")
    tour = commands.add_parser("tournament", help="seat-rotated games between agents")
    tour.add_argument(
        "--agents", default=None, help="comma-separated agent names (the difficulties)"
    )
    tour.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="AGENT.KEY=VALUE",
        help="an option of one agent, e.g. hard.steps=4000 (repeatable)",
    )
    tour.add_argument(
        "--agents-from",
        metavar="MODULE",
        help="also the agents of this module's AGENTS[game], e.g. bench.rivals",
    )
    tour.add_argument(
        "--max-actions",
        type=_at_least_one,
        default=MAX_ACTIONS,
        metavar="N",
        help="stop a game after N actions and count it apart as unfinished",
    )
    for command, games_default in ((sim, 100), (tour, 30)):
        command.add_argument("--game", choices=sorted(games()), default=default_game())
        command.add_argument("--seats", type=int, default=None)
        command.add_argument("--games", type=int, default=games_default)
        command.add_argument("--seed", type=int, default=1)
        command.add_argument(
            "--set", action="append", default=[], metavar="NAME=VALUE", help="a game setting"
        )
        taken = {s for action in command._actions for s in action.option_strings}
        for option in rules.options if rules is not None else ():
            flag = f"--{option.name}"
            if flag not in taken:
                choices = ", ".join(option.choices)
                command.add_argument(flag, dest=f"setting_{option.name}", help=choices)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The game's settings are flags of their own: find the game first.
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", default=default_game())
    known, _ = first.parse_known_args(argv)
    rules = games().get(known.game)
    args = _parser(rules).parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args.record)
        rules = game(args.game)
        if args.command == "tournament":
            return _tournament(rules, args)
        return _simulate(rules, args)
    except RecordError as err:  # bad settings on the command line
        print(f"python -m engine {args.command}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

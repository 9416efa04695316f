"""An import-linter contract that keeps each game in its own folders, by
default: a game is any package under a game root (`engine.<game>`,
`bot.games.<game>`), found in the import graph, not listed; only that game's
own packages import it, and no game imports another. Every other module of
the host, listed or not, new or old, imports no game.

Used by `make lint` (`lint-imports`, with `tests/support/` on the path):

    [tool.importlinter]
    contract_types = ["games_apart: importlinter_games.GamesApartContract"]
"""

from __future__ import annotations

import grimp
from importlinter import Contract, ContractCheck, fields, output


class GamesApartContract(Contract):
    type_name = "games_apart"

    #: Where games live: each child package of a root is one game's package.
    game_roots = fields.ListField(subfield=fields.StringField())
    #: Everything these packages hold is the host (or a game's own package).
    hosts = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        roots: list[str] = list(self.game_roots)  # type: ignore[arg-type]
        owner: dict[str, str] = {}  # module -> the game whose package holds it
        for root in roots:
            for child in graph.find_children(root):
                if graph.find_children(child):  # a package, not a shared module
                    game = child.rpartition(".")[2]
                    for module in {child, *graph.find_descendants(child)}:
                        owner[module] = game
        games = sorted(set(owner.values()))
        broken: list[tuple[str, str, str]] = []
        for host in self.hosts:  # type: ignore[attr-defined]
            for importer in {host, *graph.find_descendants(host)}:
                mine = owner.get(importer)
                for imported in graph.find_modules_directly_imported_by(importer):
                    theirs = owner.get(imported)
                    if theirs is not None and theirs != mine:
                        broken.append((importer, imported, theirs))
        return ContractCheck(
            kept=not broken,
            warnings=[] if games else ["no game package found under the game roots"],
            metadata={"broken": sorted(broken), "games": games},
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported, game in check.metadata["broken"]:
            output.print_error(f"{importer} imports {imported}, which is the game {game}'s.")
            output.new_line()

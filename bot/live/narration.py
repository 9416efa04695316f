"""The narration model of a game's public events: the game folds each event
into its model (`Presentation.narrate`) and says what the narration message
does with it (`Step`): nothing, a new message, an edit (paced or not), the
final result.

`fold` is done twice for each action, the same way: once when it is
committed (`bot.flow.service`), to store the model the action leads to with
the action itself, and to know how long the narration will take before the
players can act (their clock starts after it); and once by the publisher,
which shows each step with the game's pace (`bot.publishing.narrator`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.live.public_messages import Published
from bot.plugin.contract import AnyPresentation, Model, Show, Step
from engine.interface import Event


@dataclass
class Fold:
    """The narration after some events: the model, and what showing them takes."""

    model: Model | None
    # Each step shown, with the model as it then stood.
    steps: list[tuple[Model | None, Step]] = field(default_factory=list)
    paced: int = 0  # steps followed by a pause
    posts: int = 0  # new narration messages
    final: bool = False
    repost: bool = False

    def seconds(self, pace: float) -> float:
        """How long showing these steps takes at `pace` seconds a pause."""
        return self.paced * pace


def fold(shown: AnyPresentation, model: Model | None, events: Iterable[Event]) -> Fold:
    """Fold the public ones of `events` into `model`, keeping each step."""
    result = Fold(model)
    for event in events:
        if event.to is not None:
            continue
        after, step = shown.narrate(result.model, event)
        if after is not None:
            result.model = after
        if step.repost_table:
            result.repost = True
        if step.show is Show.NOTHING:
            continue
        result.steps.append((result.model, step))
        result.paced += step.paced
        result.posts += step.show is Show.POST
        result.final = result.final or step.show is Show.FINAL
    return result


def stored_model(shown: AnyPresentation, published: Published) -> Model | None:
    if published.model is None:
        return None
    model: Model = shown.load_narration(published.model)
    return model

"""Frozen typed values with a JSON form: views, pending decisions, events.

A game's views are frozen dataclasses deriving from `Value`; their JSON form
(for records, the command line and the Activity) lists the fields in the
order they are declared, turns tuples into lists and nested values into
their own JSON form, and leaves out the fields named in `OMITTED_IF_NONE`
while they are None (a field that only exists in some phases, e.g. the
final scores). Readers in Python use the attributes, so renaming a field is
a type error, not a missing key at run time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

JSON = dict[str, Any]
V = TypeVar("V", bound="Value")


class Value:
    """Base of a frozen dataclass with a JSON form (`to_json`)."""

    __slots__ = ()

    #: Fields left out of the JSON form while they are None.
    OMITTED_IF_NONE: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> JSON:
        out: JSON = {}
        omitted = self.OMITTED_IF_NONE
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if value is None and name in omitted:
                continue
            out[name] = as_json(value)
        return out


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def builder(cls: type[V]) -> Callable[[dict[str, Any]], V]:
    """`cls(**fields)` for a frozen Value dataclass without slots, made fast:
    the fields become the instance's `__dict__` in one step, where the
    dataclass's `__init__` matches each keyword and sets each field through
    `object.__setattr__` (some thirty times the cost for a view of thirty
    fields; the computer players build a view at every decision). `fields`
    must be a new dict naming every field, defaults included, and nothing
    else: it becomes the value's own, so the caller keeps no hold on it.
    Nothing is converted (the class has no `__post_init__`)."""
    names = frozenset(_field_names(cls))
    if "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not built from a __dict__ of its fields")
    if any(not f.init for f in dataclasses.fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has fields not set by __init__")
    new, put = object.__new__, object.__setattr__
    count = len(names)

    def build(fields: dict[str, Any]) -> V:
        if len(fields) != count:
            raise TypeError(f"{cls.__name__} takes {sorted(names)}, not {sorted(fields)}")
        value: V = new(cls)
        put(value, "__dict__", fields)
        return value

    return build


def as_json(value: Any) -> Any:
    """The JSON form of a view's field: values, sequences and maps all the way down."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    to_json = getattr(value, "to_json", None)  # before tuples: a NamedTuple has its own form
    if to_json is not None:
        return to_json()
    if isinstance(value, tuple | list):
        return [as_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: as_json(item) for key, item in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__}")

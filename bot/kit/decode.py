"""Strict decoders for what a client sends: custom ids, select values, modal text and slash options.

Discord's own client only sends what a message offered, but a modified one can send anything: `²`
(a digit to `str.isdigit`, not to `int`), a 40-digit game id (past SQLite's 64-bit integers), a
value no menu listed, an option outside its choices. Each decoder answers None (or False) for such
input, and the caller refuses with `INVALID` before any state is read or written.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

from locales import t

SQLITE_MAX = 2**63 - 1  # SQLite's largest INTEGER: every id the bot stores fits below it
TEXT_LIMIT = 4000  # Discord: a modal text input holds at most 4000 characters; a select value 100
INVALID = "That control is not valid any more."


def invalid(lang: str) -> str:
    """`INVALID` in the clicker's language."""
    return t(lang, "That control is not valid any more.")


# A click or submit whose custom id no control claims (bot.moves.unclaimed).
STRAY = "That control is out of date or not valid, so nothing happened. Use the buttons on the newest message."


def stray(lang: str) -> str:
    """`STRAY` in the clicker's language."""
    return t(
        lang, "That control is out of date or not valid, so nothing happened. Use the buttons on the newest message."
    )


_UINT = re.compile(r"[0-9]{1,19}", re.ASCII)


def strict_int(text: str, *, low: int = 0, high: int = SQLITE_MAX) -> int | None:
    """`text` as an integer in [low, high] if it is 1-19 ASCII digits, else None (never an exception)."""
    if not isinstance(text, str) or not _UINT.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def strict_indices(values: Iterable[str], offered: Collection[int]) -> frozenset[int] | None:
    """Select values read as hand positions, each among `offered`; None if any is not."""
    picked: set[int] = set()
    for value in values:
        index = strict_int(value, high=10_000)
        if index is None or index not in offered:
            return None
        picked.add(index)
    return frozenset(picked)


def _children(component: Any) -> Iterator[Any]:
    """Every component inside `component` (action rows, containers, sections and their accessories)."""
    for attribute in ("children", "components"):
        for child in getattr(component, attribute, None) or ():
            yield child
            yield from _children(child)
    accessory = getattr(component, "accessory", None)
    if accessory is not None:
        yield accessory


def carries(components: Sequence[Any], custom_id: str, component_type: object) -> bool:
    """True when a message's components include one of this type with this custom id: discord.py hands a
    click to a DynamicItem only then, and drops a click on an id the message does not carry."""
    for top in components:
        for component in (top, *_children(top)):
            kind = getattr(getattr(component, "type", None), "value", None)
            if getattr(component, "custom_id", None) == custom_id and kind == component_type:
                return True
    return False


def shown_options(components: Sequence[Any], custom_id: str) -> set[str] | None:
    """The option values the select `custom_id` showed on a message, or None when it showed none."""
    for top in components:
        for component in (top, *_children(top)):
            if getattr(component, "custom_id", None) == custom_id and hasattr(component, "options"):
                return {str(option.value) for option in component.options}
    return None


def values_were_shown(components: Sequence[Any], custom_id: str, values: Sequence[str]) -> bool:
    """True when every value is one the select offered (a channel, role or user select lists none: any id)."""
    if not values:
        return True
    offered = shown_options(components, custom_id)
    if offered is None:
        return False
    return all(value in offered for value in values)


def modal_value(components: Sequence[Any], custom_id: str) -> str | None:
    """The text a modal submit carries for the input `custom_id` (in an action row or a label), or None
    when it carries none, or no text, or more than a text input holds."""
    stack = list(components or ())
    while stack:
        component = stack.pop()
        if not isinstance(component, dict):
            continue
        if component.get("custom_id") == custom_id:
            value = component.get("value")
            return value if isinstance(value, str) and len(value) <= TEXT_LIMIT else None
        children = component.get("components")
        if isinstance(children, list):
            stack.extend(children)
        if isinstance(component.get("component"), dict):
            stack.append(component["component"])
    return None


def leaf_options(options: Sequence[Any]) -> list[dict[str, Any]]:
    """The options a slash command was given, below its group and subcommand levels (types 1 and 2)."""
    leaves: list[dict[str, Any]] = []
    for option in options or ():
        if not isinstance(option, dict):
            continue
        if option.get("type") in (1, 2):
            leaves.extend(leaf_options(option.get("options") or []))
        else:
            leaves.append(option)
    return leaves


def slash_refusal(parameters: Sequence[Any], options: Sequence[Any], lang: str = "en") -> str | None:
    """Why the raw `options` do not fit the command's `parameters` (app_commands.Parameter: choices,
    min/max), or None. Discord's client enforces these; a modified one need not, so the bot checks."""
    declared = {parameter.display_name: parameter for parameter in parameters}
    for option in leaf_options(options):
        name, value = option.get("name"), option.get("value")
        parameter = declared.get(str(name))
        if parameter is None:
            return t(lang, "That option is not valid: this command has no option {name}.", name=repr(str(name)[:32]))
        choices = [choice.value for choice in getattr(parameter, "choices", None) or ()]
        if choices and value not in choices:
            listed = ", ".join(str(choice) for choice in choices)
            return t(lang, "That option is not valid: {name} must be one of {choices}.", name=name, choices=listed)
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            low, high = getattr(parameter, "min_value", None), getattr(parameter, "max_value", None)
            if (low is not None and value < low) or (high is not None and value > high) or abs(value) > SQLITE_MAX:
                return t(lang, "That option is not valid: {name} is out of range.", name=name)
        elif isinstance(value, str) and len(value) > TEXT_LIMIT:
            return t(lang, "That option is not valid: {name} is too long.", name=name)
    return None

"""The strict decoders of client input (bot.kit.decode, bot.kit.ids), fuzzed: any text in, a value or None out."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from bot.kit.decode import SQLITE_MAX, slash_refusal, strict_indices, strict_int, values_were_shown
from bot.kit.ids import CUSTOM_ID_LIMIT, ComponentId, decode_mask, encode_mask

TEXT = st.text(max_size=300)


@given(TEXT)
def test_strict_int_never_raises_and_stays_in_sqlite_range(text: str) -> None:
    """Any text: None, or an int in [0, 2^63-1] written with ASCII digits only."""
    value = strict_int(text)
    assert value is None or (0 <= value <= SQLITE_MAX and text.isascii() and text.isdigit())


def test_strict_int_refuses_digits_int_would_choke_on() -> None:
    """`²` is a digit to str.isdigit but not to int; 40 digits overflow SQLite; signs and spaces are out."""
    assert [strict_int(t) for t in ("²", "1" * 40, "9223372036854775808", "-1", " 1", "٣", "7")] == [None] * 6 + [7]


@given(st.lists(TEXT, max_size=5), st.frozensets(st.integers(0, 30)))
def test_strict_indices_are_among_the_offered_or_none(values: list[str], offered: frozenset[int]) -> None:
    """Select values as hand positions: all among the offered ones, or the whole answer is None."""
    picked = strict_indices(values, offered)
    assert picked is None or picked <= offered


@given(TEXT)
def test_component_id_parse_never_raises(text: str) -> None:
    """Any custom id: None, or a ComponentId whose numbers fit SQLite and whose text fits Discord's limit."""
    cid = ComponentId.parse(text)
    assert cid is None or (cid.game_id <= SQLITE_MAX and cid.version <= SQLITE_MAX and len(text) <= CUSTOM_ID_LIMIT)


def test_component_id_with_a_forty_digit_game_is_refused() -> None:
    """A game id past SQLite's INTEGER decodes to None, never to an int that overflows a query."""
    assert ComponentId.parse("cr:" + "1" * 40 + ":1:play") is None
    assert ComponentId.parse("cr:" + "²" + ":1:play") is None


@given(TEXT)
def test_decode_mask_raises_only_value_error(text: str) -> None:
    """A forged mask is a ValueError (the router refuses it), never anything else, never a huge set."""
    try:
        indices = decode_mask(text)
    except ValueError:
        return
    assert max(indices, default=0) < 130 and decode_mask(encode_mask(indices)) == indices


@dataclass
class Option:
    value: str


@dataclass
class Menu:
    custom_id: str
    options: list[Option]


@dataclass
class Row:
    children: list[Menu]


@given(st.lists(TEXT, max_size=4))
def test_values_must_be_among_the_options_shown(values: list[str]) -> None:
    """A select's values count only if that menu on that message listed every one of them."""
    shown = [Row([Menu("cr:1:2:sel", [Option("0"), Option("1")])])]
    assert values_were_shown(shown, "cr:1:2:sel", values) == (set(values) <= {"0", "1"})
    assert values_were_shown(shown, "cr:1:2:other", values) == (not values)


@dataclass
class Choice:
    value: str


@dataclass
class Param:
    display_name: str
    choices: list[Choice]
    min_value: int | None = None
    max_value: int | None = None


ANY_VALUE = st.one_of(TEXT, st.integers(), st.floats(allow_nan=False), st.booleans())


@given(ANY_VALUE, st.sampled_from(["pace", "seats", "x"]))
def test_slash_options_outside_choices_or_ranges_are_refused(value: object, name: str) -> None:
    """pace must be a listed choice, seats within 2..5, unknown options refused; nothing raises."""
    params = [Param("pace", [Choice("live"), Choice("casual")]), Param("seats", [], 2, 5)]
    refusal = slash_refusal(params, [{"name": name, "type": 3, "value": value}])
    if name == "x" or (name == "pace" and value not in ("live", "casual")):
        assert refusal is not None
    if name == "seats" and isinstance(value, int) and not isinstance(value, bool) and not 2 <= value <= 5:
        assert refusal is not None
    if name == "pace" and value in ("live", "casual"):
        assert refusal is None


def test_forged_pace_is_refused_with_the_choices() -> None:
    """`pace=warp` gets a sentence naming the real choices."""
    params = [Param("pace", [Choice("live"), Choice("casual")])]
    options = [{"name": "new", "type": 1, "options": [{"name": "pace", "type": 3, "value": "warp"}]}]
    assert slash_refusal(params, options) == "That option is not valid: pace must be one of live, casual."


def test_modal_value_reads_an_input_in_a_label_or_a_row_and_refuses_anything_else() -> None:
    """A modal submit's text by input id, wherever Discord nests it; None when absent, not text, or too long."""
    from bot.kit.decode import modal_value

    in_label = [{"type": 18, "component": {"type": 4, "custom_id": "table", "value": "6h 7h 8h"}}]
    in_row = [{"type": 1, "components": [{"type": 4, "custom_id": "table", "value": "9s 9d 9c"}]}]
    assert modal_value(in_label, "table") == "6h 7h 8h"
    assert modal_value(in_row, "table") == "9s 9d 9c"
    assert modal_value(in_row, "other") is None
    assert modal_value([{"type": 4, "custom_id": "table", "value": 7}], "table") is None
    assert modal_value([{"type": 4, "custom_id": "table", "value": "x" * 4001}], "table") is None
    assert modal_value([{"type": 1, "components": "junk"}, "junk"], "table") is None

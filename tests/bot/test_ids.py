"""Custom ids: the state a click carries across restarts, within Discord's 100 characters."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.kit.ids import CUSTOM_ID_LIMIT, ComponentId, decode_mask, encode_mask


def test_component_id_round_trips():
    cid = ComponentId(game_id=42, version=17, action="play", arg="1a2")
    assert ComponentId.parse(cid.encode()) == cid


def test_component_id_without_arg():
    assert ComponentId.parse("cr:1:0:join") == ComponentId(1, 0, "join", "")


@pytest.mark.parametrize("text", ["cr:x:1:play", "xx:1:1:play", "cr:1:1:", "cr:1:1:Play", "cr:1:1:play:a b"])
def test_foreign_or_malformed_ids_are_not_ours(text):
    assert ComponentId.parse(text) is None


def test_an_id_over_discords_limit_is_refused():
    """Discord rejects custom ids over 100 characters (50035); we refuse them before sending."""
    with pytest.raises(ValueError, match="100"):
        ComponentId(1, 1, "play", "a" * CUSTOM_ID_LIMIT).encode()


@given(st.frozensets(st.integers(min_value=0, max_value=120)))
def test_mask_round_trips(indices):
    assert decode_mask(encode_mask(indices)) == indices


def test_a_full_sixty_card_selection_fits_in_twelve_characters():
    assert len(encode_mask(range(60))) <= 12


def test_bad_mask_text_raises():
    with pytest.raises(ValueError):
        decode_mask("not base36!")

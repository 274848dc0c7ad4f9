"""bot.moves.unclaimed: which custom ids are Cardroom's to answer when no control claims them."""

from __future__ import annotations

import pytest

from bot.kit.ids import Scope
from bot.moves.unclaimed import in_our_scope


@pytest.mark.parametrize("scope", list(Scope))
def test_every_scope_prefix_with_a_colon_is_ours(scope: Scope) -> None:
    """An id under any of Cardroom's prefixes, however malformed after it, is answered by the bot."""
    assert in_our_scope(f"{scope.value}:" + "1" * 41)


@pytest.mark.parametrize("custom_id", ["", "cr", "crx:1", "other:cr:1", "CR:1", "cardroomx:play", "cx1:2"])
def test_ids_of_other_apps_or_without_our_prefix_are_left_alone(custom_id: str) -> None:
    """Anything else is not Cardroom's: another handler (or nobody) answers it."""
    assert not in_our_scope(custom_id)

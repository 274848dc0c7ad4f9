"""What a Sixty-Six / Schnapsen / Santase player reads: claims, the end of a deal, the Santase words.

Each test reads what the player is shown (the hand's buttons, the confirmation question, the public
header, the words drawn on the table image), against positions and deals from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.moves.adapters import PanelContext
from cogs.schnapsen.adapter import SchnapsenAdapter
from cogs.schnapsen.words import TERMINAL, table_header
from games.schnapsen import DealEnd, Scale, State, new_game, position
from rendering import schnapsen
from rendering.measure import recording

ADAPTER = SchnapsenAdapter()
NAMES = ("Alice", "Bob")
FULL_TALON = "Ks Qs Js 9s Kd Qd 10d Ad 9h Jh 10c"


def actions(state: State, seat: int = 0) -> list[str]:
    panel = ADAPTER.hand_panel(PanelContext(7, 3, seat, state.view(seat), NAMES))
    return [item.item.custom_id.split(":")[3] for item in panel.items]  # type: ignore[attr-defined]


def memory_lead(tricks: tuple[int, int], scores: tuple[int, int]) -> State:
    """Alice to lead in memory mode with K♥ Q♥ in hand (so "show 20 and claim" could be offered too)."""
    return position(
        hands=["Kh Qh 9c As 10s Jd", "Ah 10h Kc Qc Jc 9d"],
        trump="Ac",
        talon=FULL_TALON,
        leader=0,
        tricks=tricks,
        scores=scores,
        claim_mode="memory",
    )


def test_claim_66_is_not_offered_before_a_trick_is_won() -> None:
    """SX-11: before Alice has won a trick any claim would be false, so the hand offers no Claim 66
    (nor "show and claim"); after her first trick it does."""
    before = memory_lead((0, 0), (0, 0))
    assert before.view(0).can_claim  # the engine would take it (and score it false)
    assert "claim" not in actions(before)
    after = memory_lead((1, 0), (20, 0))
    assert "claim" in actions(after)


def test_claim_66_asks_first_like_close_the_stock() -> None:
    """SX-11: Claim 66 and "show and claim" ask once first (bot.flows.confirm), as Close does, and the question
    says a claim under 66 loses the deal."""
    asked = {action: ADAPTER.confirmations.get(action, ("", ""))[0] for action in ("claim", "claimm", "close")}
    assert all(asked.values()), asked
    assert asked["claim"] == asked["claimm"]
    assert "66" in asked["claim"] and "your opponent wins it" in asked["claim"]


def deal_where(preset: str, wanted: Callable[[State], bool], **options: Any) -> State:
    """The first state (seeded random play) right after a deal ended as `wanted` says."""
    for seed in range(400):
        rng, state = random.Random(seed), new_game(2, seed, {"preset": preset, **options})
        while not state.is_over and state.deal_number == 1:
            state = state.apply(rng.choice(state.legal_moves()))
            if state.last_deal is not None and wanted(state):
                return state
    raise AssertionError("no seed gave such a deal")


def drawn_words(state: State) -> list[str]:
    with recording() as drawn:
        schnapsen.render_table(state.view(None), NAMES)
    return [item.text for item in drawn]


def test_the_table_image_says_reached_66_when_the_deal_ended_by_itself() -> None:
    """D-SX-3: with automatic claims nobody claimed; the end-of-deal picture reads "reached 66", never
    "claim"."""
    state = deal_where("sixty_six", lambda s: s.last_deal.reason is DealEnd.CLAIM)  # type: ignore[union-attr]
    words = drawn_words(state)
    assert "reached 66" in words
    assert not any("claim" in text.lower() for text in words)


def test_a_memory_mode_claim_is_drawn_as_claimed_66() -> None:
    """D-SX-3: in memory mode the same ending was a player's claim, and the picture says so."""
    state = deal_where(
        "schnapsen", lambda s: s.last_deal.reason is DealEnd.CLAIM, claim_mode="memory"  # type: ignore[union-attr]
    )
    assert "claimed 66" in drawn_words(state)


def test_a_santase_deal_reads_without_schneider_or_schwarz() -> None:
    """D-SX-1: a Santase table's header, terminal log and picture give a 2- or 3-point deal's reason in
    plain words ("Bob has 30, under 33", "Bob took no trick"), not the German Schneider / Schwarz."""
    state = deal_where("santase", lambda s: s.last_deal.scale in (Scale.SCHNEIDER, Scale.SCHWARZ))  # type: ignore[union-attr]
    view = state.view(None)
    said = [table_header(view, NAMES), *TERMINAL.log(view, NAMES), *drawn_words(state)]
    assert any("under 33" in text or "took no trick" in text for text in said)
    assert not any("Schneider" in text or "Schwarz" in text for text in said)


def test_a_schnapsen_deal_keeps_its_own_names_for_the_scale() -> None:
    """SX-12: Schnapsen and pagat's 66 keep the names their players use."""
    state = deal_where("schnapsen", lambda s: s.last_deal.scale in (Scale.SCHNEIDER, Scale.SCHWARZ))  # type: ignore[union-attr]
    header = table_header(state.view(None), NAMES)
    assert "Schneider" in header or "Schwarz" in header

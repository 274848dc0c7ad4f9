"""How a click on a DM hand is acknowledged (bot.kit.acks), end to end through the offline Discord: a
click that only redraws the hand (a card chosen) by the redrawn hand itself when it is ready in time (one
UPDATE_MESSAGE callback, nothing else); a move, or a redraw not ready in time, by a deferred update and
then an edit through the interaction's token."""

from __future__ import annotations

import dataclasses

from bench.bot_load import move_click
from bench.players.common import FAST
from fakediscord import FakeDiscord
from fakediscord.server import Recorded
from tests.e2e.test_load_once import started_duel

CALLBACK = "/callback"
EDIT_BY_TOKEN = "/messages/@original"


def answers(requests: list[Recorded]) -> list[str]:
    """The click answers among `requests`: "update" (a callback of type 7), "deferred" (type 6), "edit" (a
    PATCH of the clicked message through that click's token; the table's edits through the Start click's
    token are not these clicks' answers)."""
    said, tokens = [], set()
    for recorded in requests:
        parts = recorded.path.split("/")
        if recorded.method == "POST" and recorded.path.endswith(CALLBACK):
            tokens.add(parts[3])  # /interactions/{id}/{token}/callback
            said.append({7: "update", 6: "deferred"}.get(int(recorded.json["type"]), str(recorded.json["type"])))
        elif recorded.method == "PATCH" and recorded.path.endswith(EDIT_BY_TOKEN) and parts[3] in tokens:
            said.append("edit")  # /webhooks/{app}/{token}/messages/@original
    return said


async def test_a_card_chosen_is_answered_by_the_hand_alone_and_a_move_is_deferred_first(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots
) -> None:
    """The first move of a game: choosing its card costs one callback that shows the redrawn hand (no
    deferral before it, no edit after it); Play is deferred at once, before the move is stored, and its
    hand edited through the token. The wait is wide here so that a busy machine cannot push the card's
    answer past it; Discord's 3 s are counted by the fake on the bot's clock."""
    tuning = dataclasses.replace(FAST, answer_within=60.0)
    bot, game_id, mover, hand = await started_duel(fake, bots, tuning)
    since = len(fake.requests)
    label, chosen = await move_click(mover, hand)
    assert label == "Play"  # the game's first move leads: a card is chosen first
    assert answers(fake.requests[since:]) == ["update"]
    assert chosen.id == hand.id and chosen.attachments[0].data != hand.attachments[0].data  # the card raised
    shown = await mover.click(chosen, label=label)
    assert answers(fake.requests[since:]) == ["update", "deferred", "edit"]
    assert shown.id == hand.id and "Your turn" not in shown.text  # the clicked hand, redrawn for the move
    assert (await bot.service.load(game_id)).record.version == 1


async def test_a_click_not_answered_in_time_is_deferred_then_edited(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """With no time to answer (`answer_within` 0), the card chosen is deferred at once as the move is, and
    each hand edited through the interaction's token after: the player's hand shows the move either way."""
    tuning = dataclasses.replace(FAST, answer_within=0.0)
    bot, game_id, mover, hand = await started_duel(fake, bots, tuning)
    since = len(fake.requests)
    label, hand = await move_click(mover, hand)
    shown = await mover.click(hand, label=label)
    clicks = 2 if label == "Play" else 1
    assert answers(fake.requests[since:]) == ["deferred", "edit"] * clicks
    assert shown.id == hand.id and "Your turn" not in shown.text
    assert (await bot.service.load(game_id)).record.version == 1

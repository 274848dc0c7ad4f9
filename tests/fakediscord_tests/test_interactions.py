"""Slash commands, buttons, selects and modals travel the real gateway and callback routes."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord, InteractionFailed, Message, Modal
from fakediscord.probe import Probe


async def test_slash_reply_is_ephemeral_to_its_caller(fake: FakeDiscord, probe_bot: object) -> None:
    """/cardroom answers with callback type 4 + flag 64: only the caller sees it."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    reply = await alice.slash("cardroom")
    assert isinstance(reply, Message) and reply.ephemeral and "Thirteen" in reply.text
    assert reply.id in [m.id for m in alice.sees(fake.channel)]
    assert reply.id not in [m.id for m in bob.sees(fake.channel)]


async def test_slash_options_and_resolved_member_reach_the_command(fake: FakeDiscord, probe_bot: object) -> None:
    """Integer and member options arrive typed; the member is resolved from `resolved`."""
    reply = await fake.users["alice"].slash("probe echo", seats=3, who=fake.users["bob"])
    assert isinstance(reply, Message) and reply.content == "seats=3 who=bob"


async def test_client_refuses_an_option_outside_its_range(fake: FakeDiscord, probe_bot: object) -> None:
    """Like Discord's client, a person cannot send seats=9 when the command declares 2..4."""
    with pytest.raises(ValueError, match=r"2\.\.4"):
        await fake.users["alice"].slash("probe echo", seats=9, who=fake.users["bob"])


async def test_subcommand_group_path_is_routed(fake: FakeDiscord, probe_bot: object) -> None:
    """ "probe nested leaf" builds the group/subcommand option tree discord.py walks."""
    reply = await fake.users["alice"].slash("probe nested leaf", word="hi")
    assert isinstance(reply, Message) and reply.content == "leaf hi" and not reply.ephemeral


async def test_button_click_updates_the_message(fake: FakeDiscord, probe_bot: object) -> None:
    """A click answered with edit_message (type 7) returns the updated message, edited in place."""
    table = await fake.users["alice"].slash("probe table")
    assert isinstance(table, Message)
    updated = await fake.users["bob"].click(table, label="Join")
    assert isinstance(updated, Message) and updated.id == table.id
    assert updated.content == "bob joined" and updated.edits == 1


async def test_disabled_button_cannot_be_clicked(fake: FakeDiscord, probe_bot: object) -> None:
    """The client greys out disabled buttons, so the simulated person refuses to press them."""
    table = await fake.users["alice"].slash("probe table")
    assert isinstance(table, Message)
    with pytest.raises(ValueError, match="not a clickable button"):
        await fake.users["bob"].click(table, custom_id="probe:closed")


async def test_deferred_update_settles_with_the_original_edit(fake: FakeDiscord, probe_bot: object) -> None:
    """defer() (type 6) then edit_original_response: the person sees the edited message and new image."""
    table = await fake.users["alice"].slash("probe table")
    assert isinstance(table, Message)
    rendered = await fake.users["alice"].click(table, label="Render")
    assert isinstance(rendered, Message) and rendered.content == "rendered"
    assert [a.filename for a in rendered.attachments] == ["t2.png"] and rendered.attachments[0].image().size == (8, 8)


async def test_thinking_defer_is_filled_by_the_first_followup(fake: FakeDiscord, probe_bot: object) -> None:
    """defer(thinking=True) shows a placeholder; the first follow-up replaces it, as Discord does."""
    reply = await fake.users["alice"].slash("probe think")
    assert isinstance(reply, Message) and reply.content == "thought" and reply.ephemeral and not reply.thinking
    assert len(fake.users["alice"].sees(fake.channel)) == 1


async def test_modal_opens_and_its_submission_reaches_the_bot(fake: FakeDiscord, probe_bot: object) -> None:
    """Callback type 9 returns a Modal; submitting it sends type 5 with the typed value."""
    alice = fake.users["alice"]
    table = await alice.slash("probe table")
    assert isinstance(table, Message)
    modal = await alice.click(table, label="Settings")
    assert isinstance(modal, Modal) and modal.title == "Table settings" and "rounds" in modal.fields
    result = await alice.submit_modal(modal, rounds="3")
    assert isinstance(result, Message) and result.id == table.id and result.content == "rounds=3"


async def test_select_in_a_dm_updates_the_dm_message(fake: FakeDiscord, probe_bot: object) -> None:
    """The bot DMs a select; picking two values in the DM (no guild) reaches the view."""
    alice = fake.users["alice"]
    await alice.slash("probe dm")
    dm = await fake.wait_for_message(alice.dm, lambda m: m.content == "pick one")
    picked = await alice.select(dm, "probe:pick", ["a", "c"])
    assert isinstance(picked, Message) and picked.content == "picked a,c"


async def test_select_refuses_values_it_does_not_offer(fake: FakeDiscord, probe_bot: object) -> None:
    """A person can only pick offered options."""
    alice = fake.users["alice"]
    await alice.slash("probe dm")
    dm = await fake.wait_for_message(alice.dm, lambda m: m.content == "pick one")
    with pytest.raises(ValueError, match="offers"):
        await alice.select(dm, "probe:pick", ["z"])


async def test_components_v2_layout_is_readable(fake: FakeDiscord, probe_bot: object) -> None:
    """A LayoutView message: V2 flag, text in TextDisplays, gallery pointing at the uploaded PNG, a button."""
    message = await fake.users["alice"].slash("probe layout")
    assert isinstance(message, Message) and message.is_v2 and message.content == ""
    assert "Thirteen · round 1" in message.text
    assert message.media_urls == [message.attachment("table.png").url]
    played = await fake.users["bob"].click(message, label="Play")
    assert isinstance(played, Message) and played.content == "played" and played.visible_to == fake.users["bob"].id


async def test_late_response_is_refused_and_the_person_sees_a_failure(fake: FakeDiscord, probe: Probe) -> None:
    """C.1: an answer after the 3 s window gets 404/10062 and the person sees "interaction failed"."""
    fake.response_deadline, probe.delay = 0.1, 0.3
    with pytest.raises(InteractionFailed):
        await fake.users["alice"].slash("probe slow")
    await fake.wait_for_request("POST", r"/interactions/\d+/[^/]+/callback")
    assert [(e.status, e.code) for e in probe.errors] == [(404, 10062)]


async def test_command_exception_gets_a_friendly_answer_and_is_logged(fake: FakeDiscord, probe_bot: object) -> None:
    """A command that raises: the person gets an apology, never "interaction failed"; the log has the error."""
    reply = await fake.users["alice"].slash("probe boom")
    assert isinstance(reply, Message) and reply.ephemeral and "went wrong" in reply.text
    assert any("probe exploded" in repr(record.exc_info) for record in fake.logged_errors)
    fake.logged_errors.clear()


async def test_commands_unknown_in_a_dm_context_are_not_offered(fake: FakeDiscord, bots: object) -> None:
    """Guild-synced commands (dev guild) do not exist in DMs, so a person cannot run them there."""
    from harness.offline import BotHarness

    assert isinstance(bots, BotHarness)
    await bots.start(bots.settings(dev_guild_id=int(fake.guild.id)))
    alice = fake.users["alice"]
    assert isinstance(await alice.slash("cardroom"), Message)
    with pytest.raises(LookupError, match="not offered in a DM"):
        await alice.slash("cardroom", where=alice.dm)


async def test_followups_original_fetch_and_delete_use_the_webhook_routes(fake: FakeDiscord, probe_bot: object) -> None:
    """POST /webhooks (a new message), GET/PATCH @original, DELETE a follow-up by id."""
    first = await fake.users["alice"].slash("probe followups")
    assert isinstance(first, Message) and first.content == "first"
    edited = await fake.wait_for_message(fake.channel, lambda m: m.content == "original was first")
    assert edited.id == first.id
    assert [m.content for m in fake.messages(fake.channel, deleted=True) if m.deleted] == ["second"]


async def test_followup_before_acknowledging_is_unknown_webhook(fake: FakeDiscord, probe: Probe) -> None:
    """A follow-up needs an acknowledged interaction first: 404/10015."""
    await fake.users["alice"].slash("probe early")
    assert [(e.status, e.code) for e in probe.errors] == [(404, 10015)]


async def test_followup_after_the_token_expires_is_refused(fake: FakeDiscord, probe: Probe) -> None:
    """C.1: the interaction token lasts 15 min (here shortened); later follow-ups are 401/50027."""
    fake.token_lifetime, probe.delay = 0.05, 0.1
    await fake.users["alice"].slash("probe expire")
    await fake.wait_for_request("POST", r"^/webhooks/")
    assert [(e.status, e.code) for e in probe.errors] == [(401, 50027)]

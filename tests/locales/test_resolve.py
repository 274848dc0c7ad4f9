"""Whose language a message takes (locales.resolve): the person's, the server's, or a DM's."""

from __future__ import annotations

from locales.resolve import for_dm, for_person, for_server, from_discord


def test_discord_locales_map_by_their_language_part():
    """en-US and en-GB read English; vi, de and bg are ours; a language we lack maps to nothing."""
    assert [from_discord(code) for code in ("en-US", "en-GB", "vi", "de", "bg", "pt-BR", None)] == [
        "en", "en", "vi", "de", "bg", None, None,
    ]  # fmt: skip


def test_a_private_answer_follows_the_persons_choice_over_discord():
    """A Vietnamese client reading with Urdu chosen reads Urdu."""
    assert for_person("ur", "vi") == "ur"


def test_a_private_answer_without_a_choice_follows_the_interaction_locale():
    """No choice: the locale the interaction came with."""
    assert for_person(None, "de") == "de"


def test_a_private_answer_in_a_language_we_lack_reads_english():
    """No choice and a Portuguese client: English, the source."""
    assert for_person(None, "pt-BR") == "en"


def test_a_table_text_follows_the_servers_choice_over_its_preferred_locale():
    """A server that chose Bulgarian reads Bulgarian whatever its Discord language."""
    assert for_server("bg", "de") == "bg"


def test_a_table_text_without_a_server_choice_follows_the_preferred_locale():
    """No server choice: the server's preferred locale, else English."""
    assert (for_server(None, "vi"), for_server(None, None)) == ("vi", "en")


def test_a_dm_without_an_interaction_uses_the_choice_then_the_last_locale_seen():
    """A turn notice: the stored choice first, then the last locale seen, then English."""
    assert (for_dm("ka", "vi"), for_dm(None, "vi"), for_dm(None, None)) == ("ka", "vi", "en")


def test_a_stored_code_we_no_longer_know_is_ignored():
    """A language taken out of the bot falls back to Discord's locale rather than failing."""
    assert for_person("xx", "de") == "de"

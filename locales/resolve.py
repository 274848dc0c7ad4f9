"""Whose language a message is written in: pure functions over what is stored and what Discord sent.

- A private answer (an ephemeral reply, a hand, a panel) follows the person: their `/settings language`
  choice, else the locale of the interaction at hand, else English.
- A text the whole table reads (lobby, table, channel notices, standings, boards) follows the server:
  the `/settings server` language, else the server's preferred locale, else English.
- A DM sent with no interaction at hand (a turn notice) follows the person: their choice, else the last
  locale Discord sent with one of their interactions, else English.

Urdu and Georgian are no Discord client languages, so only a stored choice reaches them; a Discord
locale is mapped by its language part ("en-US", "en-GB" -> en; "vi", "de", "bg" as they are).
"""

from __future__ import annotations

from . import LANGUAGES, SOURCE, known


def from_discord(locale: str | None) -> str | None:
    """Our language for a Discord locale code ("vi", "en-GB", "pt-BR"), or None when we have none."""
    if not locale:
        return None
    language = locale.replace("_", "-").split("-")[0].lower()
    return language if language in LANGUAGES else None


def _first(chosen: str | None, discord_locale: str | None) -> str:
    if chosen is not None and known(chosen):
        return chosen
    return from_discord(discord_locale) or SOURCE


def for_person(chosen: str | None, interaction_locale: str | None) -> str:
    """A private answer to an interaction: the person's choice, else the interaction's locale."""
    return _first(chosen, interaction_locale)


def for_server(chosen: str | None, preferred_locale: str | None) -> str:
    """A text the table reads: the server's choice, else the server's preferred locale."""
    return _first(chosen, preferred_locale)


def for_dm(chosen: str | None, last_seen_locale: str | None) -> str:
    """A DM with no interaction at hand: the person's choice, else the last locale seen from them."""
    return _first(chosen, last_seen_locale)

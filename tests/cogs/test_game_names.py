"""Every message and image names a game as its players say it in the reader's language (Tiến lên, not
"Thirteen", at a Vietnamese table); a Schnapsen table of a preset is named for the preset (D-SX-1)."""

from __future__ import annotations

import importlib

import pytest

from bot.moves.adapters import GameAdapter, adapter_class
from games import registry
from locales import PSEUDO, TRANSLATED, t
from locales.pseudo import marked

KINDS = tuple(game.kind for game in registry.games())


def adapter(kind: str) -> GameAdapter:
    return adapter_class(registry.get(kind))()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_game_is_named_in_the_readers_language_as_its_own_words_name_it(kind: str, lang: str) -> None:
    words = importlib.import_module(f"cogs.{kind}.words")
    assert adapter(kind).name(lang) == words.title(lang)


@pytest.mark.parametrize("kind", KINDS)
def test_a_games_name_is_one_marked_message_in_the_pseudo_language(kind: str) -> None:
    assert marked(adapter(kind).name(PSEUDO))


def test_thirteen_is_tien_len_in_vietnamese() -> None:
    assert adapter("thirteen").name("vi") == "Tiến lên"


@pytest.mark.parametrize("preset", ["santase", "sixty_six"])
def test_d_sx1_a_preset_table_is_named_for_its_preset(preset: str) -> None:
    source = {"santase": "Santase", "sixty_six": "Sixty-Six"}[preset]
    assert adapter("schnapsen").name("bg", {"preset": preset}) == t("bg", source)

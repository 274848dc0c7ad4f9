"""What a person at the terminal table reads: sentences said to "you", real plurals, the card you drew,
one summary per hand in its place, memory mode's hidden points and the end of a Thirteen game."""

from __future__ import annotations

import re

import pytest

from games.base import seeded_rng
from games.registry import get_engine
from rendering.measure import recording
from terminal.app import game_text
from tests.terminal.scripted import Session, play

# Short hint-following games, one per kind: every sentence of a whole game is read.
GAMES = {
    "thirteen": ["thirteen", "--players", "3", "--seed", "4"],
    "schnapsen": ["schnapsen", "--seed", "4"],
    "carousel": ["carousel", "--players", "2", "--seed", "4", "--option", "target=40"],
    "gin": ["gin", "--seed", "4", "--option", "target=30"],
}
CARD = r"(?:(?:10|[2-9JQKA])[♠♣♦♥]|🃏)"
# "You" with a third-person verb ("You leads", "You scores", "You was"), or capitalised inside a
# sentence ("taken by You", "and You undercut").
THIRD_PERSON = re.compile(r"\bYou (?!pass\b)(?:was|has|does|[a-z]+s)\b|(?<=[a-z,;] )You\b")


@pytest.fixture(scope="module")
def sessions() -> dict[str, Session]:
    return {kind: play(argv) for kind, argv in GAMES.items()}


@pytest.mark.parametrize("kind", GAMES)
def test_sentences_about_you_are_said_to_you(sessions, kind):
    """Every line of a whole game: "You lead", "you take the trick", "taken by you", never "You leads"."""
    session = sessions[kind]
    assert session.code == 0
    wrong = [line for line in session.output.splitlines() if THIRD_PERSON.search(line)]
    assert wrong == []


@pytest.mark.parametrize("kind", GAMES)
def test_the_opening_line_counts_computer_players_in_real_plurals(sessions, kind):
    """"you against 2 computer players", "you against 1 computer player": no "player(s)"."""
    first = sessions[kind].output.splitlines()[0]
    assert "(s)" not in first
    players = int(GAMES[kind][GAMES[kind].index("--players") + 1]) if "--players" in GAMES[kind] else 2
    others = players - 1
    assert f"you against {others} computer player{'s' if others > 1 else ''}," in first


@pytest.mark.parametrize(("kind", "drew"), [("carousel", "You drew a card"), ("gin", "You drew from the stock"),
                                            ("schnapsen", "You drew")])
def test_the_terminal_names_the_card_you_drew(sessions, kind, drew):
    """Your own draw from a hidden stock names the card, as the Discord hand does: "You drew a card: Q♦"."""
    lines = [line.strip() for line in sessions[kind].output.splitlines() if line.strip().startswith(drew)]
    assert lines
    assert all(re.search(rf"{CARD}$", line) for line in lines), lines


def test_a_gin_hand_summary_says_the_score_once(sessions):
    """The end of a Gin hand: both hands and one score sentence, not a headline repeating it."""
    output = sessions["gin"].output
    blocks = re.findall(r"── Hand \d+ over ─+\n((?:   .*\n)+)", output)
    assert blocks
    for block in blocks:
        assert len(re.findall(r"\bscores? \d+", block)) == 1, block


def test_the_next_schnapsen_deal_is_announced_after_the_last_ones_result(sessions):
    """"── Deal 1 over" and its card points come before "Deal 2: … deals, trump …"."""
    output = sessions["schnapsen"].output
    assert output.index("── Deal 1 over") < output.index("Deal 2: ")


def test_a_finished_thirteen_table_shows_what_the_last_player_held(sessions):
    """After the game: no "Table: clear, the leader plays anything", and the loser's cards are shown."""
    output = sessions["thirteen"].output
    end = output[output.index("is left holding cards") :]
    assert "Table: clear" not in end
    assert re.search(rf"Ben was left holding (?:{CARD} )+\(\d+ cards?\)", end)


def test_the_next_thirteen_game_of_a_series_is_dealt_after_the_points_so_far():
    """D-TL-5: "── Game 2 of 2" and the place points come before "Game 2 of 2 is dealt"."""
    output = play(["thirteen", "--players", "2", "--seed", "7", "--option", "series_games=2"]).output
    assert output.index("── Game 2 of 2") < output.index("Game 2 of 2 is dealt")


def test_the_table_images_never_call_a_seat_you(tmp_path):
    """The images are the public table, whose sentences are third person: the default human is drawn as
    "Player" there ("Player leads a new round"), and the terminal says so once."""
    with recording() as drawn:
        session = play(["thirteen", "--players", "2", "--seed", "4", "--images", str(tmp_path)])
    texts = [item.text for item in drawn if item.kind == "text"]
    assert texts and any("Player" in text for text in texts)
    assert not any(re.search(r"\bYou\b", text) for text in texts)
    assert "your seat is called Player" in session.output


def _memory_midgame():
    engine = get_engine("schnapsen")
    state = engine.new_game(2, 5, {"claim_mode": "memory"})
    computer = engine.computer("easy")
    n = 0
    while not any(state.view(seat).points[seat] for seat in range(2)):
        state = state.apply(computer.choose(state.view(state.to_move), seeded_rng(5, "t", n)))
        n += 1
    return state


def test_memory_mode_hides_your_own_card_points():
    """SX-11 memory mode: the terminal shows nobody's card points, yours included, as the Discord hand."""
    state = _memory_midgame()
    text = game_text("schnapsen")
    for seat in range(2):
        table = text.table(state.view(seat), ["You", "Ada"])
        assert not re.search(r"\d+ card pts?\b", table), table
        assert table.count("? card pts") == 2


def test_a_thirteen_series_shows_what_the_last_player_held_before_the_next_game():
    """Between two games of a series the summary names the loser's cards, then the place points."""
    output = play(["thirteen", "--players", "2", "--seed", "7", "--option", "series_games=2"]).output
    summary = output[output.index("── Game 2 of 2") : output.index("Place points so far")]
    assert re.search(rf"Ada was left holding (?:{CARD} )+\(\d+ cards?\)", summary), summary

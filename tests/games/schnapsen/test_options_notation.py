"""Table options (D-SX-1, D-SX-5), move notation and the engine contract for Sixty-Six."""

import random

import pytest

from games.base import IllegalMove
from games.cards import parse_card
from games.registry import get_engine
from games.schnapsen import (
    ENGINE,
    PRESETS,
    Claim,
    Close,
    ExchangeTrump,
    Marriage,
    Options,
    PlayCard,
    State,
    new_game,
    position,
)


def test_engine_conforms_to_the_contract():
    """Kind, seats (SX-1) and levels; the registry finds it (protocols: tests/test_contract.py)."""
    assert get_engine("schnapsen") is ENGINE
    assert (ENGINE.kind, ENGINE.min_players, ENGINE.max_players) == ("schnapsen", 2, 2)
    assert tuple(ENGINE.levels) == ("easy", "normal", "hard")


def test_engine_refuses_other_player_counts():
    """SX-1: exactly two players."""
    with pytest.raises(ValueError, match="exactly 2"):
        ENGINE.new_game(3, 1, None)


def test_d_sx5_preset_names():
    """D-SX-5: the preset names used in code."""
    assert set(PRESETS) == {"santase", "sixty_six", "schnapsen", "schnapsen_tournament"}
    assert new_game().options.preset == "santase"


@pytest.mark.parametrize(
    ("preset", "deck", "target", "bonus"),
    [("santase", 24, 11, 10), ("sixty_six", 24, 7, 10), ("schnapsen", 20, 7, 0), ("schnapsen_tournament", 20, 7, 0)],
)
def test_d_sx1_preset_basics(preset, deck, target, bonus):
    """D-SX-1: deck size, target and last-trick bonus by preset."""
    options = Options.preset_named(preset)
    assert (options.deck_size, options.target, options.last_trick_bonus) == (deck, target, bonus)


def test_options_override_a_switch_and_round_trip():
    """Each switch can be set on its own; to_dict/from_mapping round-trips."""
    options = Options.from_mapping({"preset": "sixty_six", "close_on_first_lead": True, "claim_mode": "memory"})
    assert options.close_on_first_lead and options.claim_mode == "memory" and options.target == 7
    assert Options.from_mapping(options.to_dict()) == options


@pytest.mark.parametrize(
    ("mapping", "words"),
    [
        ({"preset": "bridge"}, "Unknown Sixty-Six preset 'bridge'"),
        ({"targett": 5}, "Unknown Sixty-Six option 'targett'"),
        ({"target": "eleven"}, "target must be a whole number"),
        ({"target": 0}, "between 1 and 99"),
        ({"allow_close": "yes"}, "allow_close must be true or false"),
        ({"claim_mode": "manual"}, "claim_mode must be one of auto, memory"),
        ({"deck_size": 32}, "deck_size must be 24"),
    ],
)
def test_options_refuse_bad_values_with_a_sentence(mapping, words):
    """Options.from_mapping names the bad key or value."""
    with pytest.raises(ValueError, match=words):
        Options.from_mapping(mapping)


def test_engine_new_game_takes_preset_and_switches():
    """ENGINE.new_game reads a preset and overrides from the options mapping."""
    state = ENGINE.new_game(2, 4, {"preset": "schnapsen", "target": 3})
    assert state.options.deck_size == 20 and state.options.target == 3


@pytest.fixture
def lead_state() -> State:
    return position(["Kh Qh 9c Ad", "As Jd Jh 10s"], trump="Ac", talon="9h Qd 10d", leader=0, tricks=(1, 0),
                    claim_mode="memory")


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Ad", PlayCard(parse_card("Ad"))),
        ("A♦", PlayCard(parse_card("Ad"))),
        ("20 Kh", Marriage(parse_card("Kh"), 20)),
        ("marriage Qh", Marriage(parse_card("Qh"), 20)),
        ("m:Kh", Marriage(parse_card("Kh"), 20)),
        ("exchange", ExchangeTrump()),
        ("close", Close()),
        ("claim", Claim()),
        ("claim 20 Kh", Claim(parse_card("Kh").suit, 20)),
    ],
)
def test_parse_move_player_notation(lead_state, text, move):
    """parse_move reads player notation."""
    assert lead_state.parse_move(text) == move


@pytest.mark.parametrize("text", ["", "banana", "Zz", "20", "40 Kh", "marriage 9h", "play Ad now"])
def test_parse_move_refuses_nonsense_with_a_sentence(lead_state, text):
    """parse_move raises IllegalMove with a readable reason on nonsense."""
    with pytest.raises(IllegalMove) as error:
        lead_state.parse_move(text)
    assert error.value.reason.endswith(".")


def test_every_legal_move_round_trips_through_its_code(lead_state):
    """Moves encode to short text that decode_move reads back; str() is human text."""
    moves = lead_state.legal_moves()
    assert {type(m) for m in moves} == {PlayCard, Marriage, ExchangeTrump, Close, Claim}
    for move in moves:
        code = move.encode()
        assert len(code) <= 10 and lead_state.decode_move(code) == move
        assert str(move)
    assert str(Marriage(parse_card("Kh"), 20)) == "K♥ (marriage 20)"


def test_check_refuses_a_card_not_held(lead_state):
    """check() explains a refused move."""
    with pytest.raises(IllegalMove, match="You do not hold"):
        lead_state.check(PlayCard(parse_card("As")))


def test_apply_leaves_the_old_state_untouched(lead_state):
    """design §2: apply returns a new state."""
    before = lead_state.to_dict()
    lead_state.apply(PlayCard(parse_card("Ad")))
    assert lead_state.to_dict() == before


def test_public_view_hides_hands_and_moves():
    """design §2: view(None) has no hand and no legal moves; a seat sees only its own cards."""
    state = new_game(2, 11, {"preset": "santase"})
    public = state.view(None)
    assert public.hand == () and public.legal_moves == () and public.hand_sizes == (6, 6)
    mine = state.view(0)
    assert set(mine.hand) == set(state.hands[0])
    assert not set(mine.hand) & set(state.hands[1])
    assert state.view(1).legal_moves == ()  # seat 1 is not to move
    assert mine.playable and mine.trump_card == state.talon[-1] and mine.talon_size == 12


def test_snapshot_round_trip_mid_deal():
    """to_dict/from_dict rebuild an equal state (design §2)."""
    state = new_game(2, 2, {"preset": "schnapsen"})
    state = state.apply(state.legal_moves()[0])
    assert ENGINE.from_dict(state.to_dict()) == state


def test_sx10_table_stored_before_the_pauses_keeps_its_rules():
    """A sixty_six table stored before the SX-9/10/13 switches existed loads with them off and replays its log."""
    stored = Options.preset_named("sixty_six").to_dict()
    for key in ("close_before_draw", "exchange_on_close", "non_closer_out_two"):
        del stored[key]
    engine = get_engine("schnapsen")
    state = engine.new_game(2, 11, stored)
    assert not (state.options.close_before_draw or state.options.exchange_on_close or state.options.non_closer_out_two)
    rng = random.Random(11)
    log = []
    while state.deal_number <= 2 and not state.is_over:  # moves logged under the old rules: no pauses
        move = rng.choice(state.legal_moves())
        log.append(move.encode())
        state = state.apply(move)
    assert engine.replay(2, 11, stored, log) == state


def test_sx10_new_sixty_six_tables_get_the_pauses():
    """A host's partial options (or a full current dict) keep pagat 66's switches on."""
    assert Options.from_mapping({"preset": "sixty_six", "target": 5}).close_before_draw
    full = Options.preset_named("sixty_six").to_dict()
    assert Options.from_mapping(full).exchange_on_close


def test_sx9_table_stored_before_the_open_offer_keeps_its_rules():
    """A sixty_six table stored with the pauses but before `exchange_offer_always` replays its logged closes."""
    stored = Options.preset_named("sixty_six").to_dict()
    del stored["exchange_offer_always"]
    engine = get_engine("schnapsen")
    assert engine.new_game(2, 5, stored).options.exchange_on_close
    assert not engine.new_game(2, 5, stored).options.exchange_offer_always
    closes_without_pause = 0
    for seed in range(30):
        state = engine.new_game(2, seed, stored)
        rng = random.Random(seed)
        log = []
        while state.deal_number <= 2 and not state.is_over:
            moves = state.legal_moves()
            move = next((m for m in moves if m.encode() == "c"), None) or rng.choice(moves)
            before = state
            log.append(move.encode())
            state = state.apply(move)
            closes_without_pause += move.encode() == "c" and state.pause is None and before.closed is None
        assert engine.replay(2, seed, stored, log) == state
    assert closes_without_pause  # the old rule: no pause when the opponent lacks the 9


def test_sx9_new_sixty_six_tables_offer_the_exchange_to_everybody():
    """A full current dict and a host's partial options both keep `exchange_offer_always` on."""
    assert Options.from_mapping(Options.preset_named("sixty_six").to_dict()).exchange_offer_always
    assert Options.from_mapping({"preset": "sixty_six", "target": 5}).exchange_offer_always

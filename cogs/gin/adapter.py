"""`GinAdapter`: Gin Rummy's hand controls and table texts for the shared table machinery.

The hand DM shows the cards as buttons in the order of the hand image (the engine's best arrangement,
melds then deadwood), at most 4 to a row so eleven cards take rows 0-2 (Discord: ≤ 5 buttons a row,
≤ 5 rows). What the buttons do follows the phase of the turn, and only what the engine allows is
enabled:

- first turn (GR-4): "Take the upcard 7♥" and "Pass"; the cards are shown, greyed;
- drawing (GR-5): "Draw from the stock" and "Take 7♥"; the cards greyed;
- discarding: one tap on a card discards it (the card just taken from the pile is greyed, D-GR-2);
  **Knock** is enabled only when a discard leaves the knock limit or less (GR-6, GR-12) and is labelled
  with the card it puts face down and the deadwood left (the least-deadwood discard; "Gin!" when that
  is none, GR-7); otherwise it is greyed and says what a knock needs and what the best discard leaves.
  "Knock with another card" switches the card buttons to knock discards, each labelled with its
  deadwood and enabled only when legal; **Big gin** appears when all eleven cards meld (D-GR-4).

Card buttons carry the card code (`cr:<game>:<version>:disc:7h`, `...:knock:7h`), so a click needs no
memory and survives a restart. The engine checks every move and its refusal reaches the player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.kit.components import button
from bot.kit.ids import ComponentId
from bot.moves.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from cogs.gin import words
from games.base import GameState, IllegalMove, Move
from games.cards import Card, parse_suited
from games.gin import BIG_GIN, DRAW, GAME, PASS, TAKE, Discard, GinView, Knock, Phase, State
from games.gin.cards import index_of, mask_of
from games.gin.melds import deadwood
from games.gin.views import card_value
from locales import SOURCE, t
from rendering.gin import render_hand, render_table

ROW_WIDTH = 4  # eleven cards in rows of 4, 4, 3: the action row and Hint still fit in Discord's five
CARD_ROWS = (0, 1, 2)
ACTION_ROW = 3
HINT_ROW = 4
KNOCK_MODE = frozenset({-1})  # the panel's selection while the cards are knock discards


class HandAction(StrEnum):
    """Gin's hand controls, as custom-id actions (none is a bot.kit.ids.LobbyAction or TableAction)."""

    STOCK = "stock"
    TAKE_PILE = "takeup"
    PASS_UP = "passup"
    DISCARD = "disc"
    KNOCK = "knock"
    KNOCK_MENU = "kmode"
    BACK = "back"
    BIG = "big"
    HINT = "hint"


def card_rows(count: int) -> list[int]:
    """The action row of each of `count` card buttons, `ROW_WIDTH` to a row (11 cards: 4 + 4 + 3)."""
    return [CARD_ROWS[min(i // ROW_WIDTH, len(CARD_ROWS) - 1)] for i in range(count)]


def best_knock(view: GinView) -> tuple[Card, int] | None:
    """The knock offered first: least deadwood left, then the highest card put face down."""
    knocks = view.knocks
    if not knocks:
        return None
    return min(knocks, key=lambda item: (item[1], -card_value(item[0])))


def least_deadwood(view: GinView) -> tuple[Card, int]:
    """The discard that leaves the least deadwood this turn (D-GR-2: never the card just taken)."""
    mask = mask_of(view.hand)
    choices = [(card, deadwood(mask ^ 1 << index_of(card))) for card in view.hand if card != view.just_taken]
    return min(choices, key=lambda item: (item[1], -card_value(item[0])))


def _card_arg(arg: str) -> Card | None:
    try:
        card = parse_suited(arg)
    except ValueError:
        return None
    return card if card.suit is not None and card.rank is not None and not card.copy else None


class GinAdapter(GameAdapter):
    game = GAME  # kind, title, engine, command and seats come from the declaration
    summary = words.RULES

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return words.refusal_said(lang, refused)

    def summary_in(self, lang: str) -> str:
        return words.rules(lang)

    # -- options and public texts ------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any], *, lang: str = SOURCE) -> dict[str, Any]:
        """The two switches and the target (0 or None: the rules' own, GR-11, D-GR-7)."""
        given = {key: value for key, value in raw.items() if value is not None}
        return words.table_options(given).to_dict()

    def describe_options(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.describe_options(options, lang=lang)

    def rules_text(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.rules_text(options, lang=lang)

    def table_header(self, view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        return words.table_header(view, names, lang=lang)

    def render_table(self, view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> bytes:
        return render_table(view, names, lang=lang)

    # -- the hand panel ----------------------------------------------------------------------------

    def hand_panel(self, ctx: PanelContext, *, lang: str = SOURCE) -> Panel:
        view: GinView = ctx.view
        knocking = ctx.selection == KNOCK_MODE and len(view.knocks) > 0
        lines = words.panel_lines(
            view,
            ctx.names,
            location=ctx.location,
            notice=ctx.notice,
            knocking=knocking,
            waiting=t(lang, QUIET_WAITING) if ctx.quiet else None,
            lang=lang,
        )
        image = render_hand(view, lang=lang) if view.hand else None
        items = self._card_buttons(ctx, view, knocking, lang) + self._action_row(ctx, view, knocking, lang)
        if view.my_turn:
            items.append(
                button(
                    ComponentId(ctx.game_id, ctx.version, HandAction.HINT), t(lang, "Hint"), emoji="💡", row=HINT_ROW
                )
            )
        return Panel(content="\n".join(lines), image=image, items=tuple(items))

    @staticmethod
    def _card_buttons(ctx: PanelContext, view: GinView, knocking: bool, lang: str) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        cards = view.arrangement.cards
        discarding = view.my_turn and view.phase is Phase.DISCARD
        knocks = dict(view.knocks)
        for card, row in zip(cards, card_rows(len(cards)), strict=True):
            if knocking:
                left = knocks.get(card)
                enabled = left is not None
                label = t(lang, "{card}: {left} left", card=card, left=left) if left is not None else str(card)
                cid = ComponentId(ctx.game_id, ctx.version, HandAction.KNOCK, card.code)
                style = discord.ButtonStyle.success if enabled else discord.ButtonStyle.secondary
            else:
                enabled = discarding and card != view.just_taken  # D-GR-2
                label = t(lang, "{card} (just taken)", card=card) if card == view.just_taken else str(card)
                cid = ComponentId(ctx.game_id, ctx.version, HandAction.DISCARD, card.code)
                style = discord.ButtonStyle.secondary
            items.append(button(cid, label, style=style, disabled=not enabled, row=row))
        return items

    @staticmethod
    def _action_row(ctx: PanelContext, view: GinView, knocking: bool, lang: str) -> list[discord.ui.Item[Any]]:
        """The draw choices, or Knock / Gin / Big gin, each only when the engine allows it."""
        gid, version = ctx.game_id, ctx.version
        items: list[discord.ui.Item[Any]] = []
        if not view.my_turn:
            return items
        if view.phase is Phase.UPCARD:
            items.append(
                button(
                    ComponentId(gid, version, HandAction.TAKE_PILE),
                    t(lang, "Take the upcard {card}", card=view.top),
                    style=discord.ButtonStyle.primary,
                    row=ACTION_ROW,
                )
            )
            items.append(button(ComponentId(gid, version, HandAction.PASS_UP), t(lang, "Pass"), row=ACTION_ROW))
        elif view.phase is Phase.DRAW:
            items.append(
                button(
                    ComponentId(gid, version, HandAction.STOCK),
                    t(lang, "Draw from the stock ({n})", n=view.stock_count),
                    style=discord.ButtonStyle.primary,
                    row=ACTION_ROW,
                )
            )
            items.append(
                button(
                    ComponentId(gid, version, HandAction.TAKE_PILE),
                    t(lang, "Take {card}", card=view.top),
                    style=discord.ButtonStyle.primary,
                    row=ACTION_ROW,
                )
            )
        elif knocking:
            items.append(
                button(ComponentId(gid, version, HandAction.BACK), t(lang, "Back: discard instead"), row=ACTION_ROW)
            )
        else:
            knock = best_knock(view)
            if knock is None:  # shown greyed, so a newcomer sees what a knock needs (GR-6, GR-12)
                card, left = least_deadwood(view)
                items.append(
                    button(
                        ComponentId(gid, version, HandAction.KNOCK, card.code),
                        words.no_knock_label(view, left, lang=lang),
                        disabled=True,
                        row=ACTION_ROW,
                    )
                )
            else:
                card, left = knock
                style = discord.ButtonStyle.success if left == 0 else discord.ButtonStyle.danger
                items.append(
                    button(
                        ComponentId(gid, version, HandAction.KNOCK, card.code),
                        words.knock_label(card, left, lang=lang),
                        style=style,
                        row=ACTION_ROW,
                    )
                )
                if len(view.knocks) > 1:
                    items.append(
                        button(
                            ComponentId(gid, version, HandAction.KNOCK_MENU),
                            t(lang, "Knock with another card"),
                            row=ACTION_ROW,
                        )
                    )
            if view.can_big_gin:
                items.append(
                    button(
                        ComponentId(gid, version, HandAction.BIG),
                        t(lang, "Big gin: lay out all 11"),
                        style=discord.ButtonStyle.success,
                        row=ACTION_ROW,
                    )
                )
        return items

    # -- clicks ------------------------------------------------------------------------------------

    def on_action(
        self, ctx: PanelContext, action: str, arg: str, values: Sequence[str], *, lang: str = SOURCE
    ) -> Outcome:
        """Turn a click into a move. The engine checks it; its refusal reason reaches the player."""
        view: GinView = ctx.view
        if arg and action not in (HandAction.DISCARD, HandAction.KNOCK):
            return Refuse(t(lang, "That button isn't part of this game."))  # only the card buttons carry an argument
        if action in (HandAction.DISCARD, HandAction.KNOCK):
            card = _card_arg(arg)
            if card is None:
                return Refuse(t(lang, "That button doesn't name a card."))
            return Submit(Discard.of(card) if action == HandAction.DISCARD else Knock.of(card))
        if action == HandAction.STOCK:
            return Submit(DRAW)
        if action == HandAction.TAKE_PILE:
            return Submit(TAKE)
        if action == HandAction.PASS_UP:
            return Submit(PASS)
        if action == HandAction.BIG:
            return Submit(BIG_GIN)
        if action == HandAction.KNOCK_MENU:
            if not view.knocks:
                return Refuse(t(lang, "You can't knock right now: no discard leaves you within the knock limit."))
            return Redraw(selection=KNOCK_MODE)
        if action == HandAction.BACK:
            return Redraw()
        if action == HandAction.HINT:
            if not view.my_turn:
                return Refuse(t(lang, "Hints are for your own turn."))
            move = self.computer("normal").choose(view, random.Random(ctx.version))
            return Redraw(
                selection=ctx.selection, notice=t(lang, "💡 Hint: {hint}.", hint=words.move_text(move, lang=lang))
            )
        return Refuse(t(lang, "That button isn't part of this game."))

    def timeout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """Time ran out: pass the upcard, draw from the stock, or discard the highest deadwood card.

        Never a knock: knocking is the player's choice (GR-6), and a simple rule is one a player can predict.
        """
        assert isinstance(state, State)
        view = state.view(seat)
        if view.phase is Phase.UPCARD:
            return PASS
        if view.phase is Phase.DRAW:
            return DRAW
        arranged = view.arrangement
        pool = [card for card in arranged.deadwood if card != view.just_taken]
        pool = pool or [card for card in arranged.cards if card != view.just_taken]
        return Discard.of(max(pool, key=card_value))

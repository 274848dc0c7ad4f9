"""`SchnapsenAdapter`: Schnapsen's hand controls and table texts for the shared table machinery.

The hand panel has one button per card (Discord: ≤ 5 buttons per action row, ≤ 5 rows; a 6-card
hand takes two rows of three) and a row of lead actions, each shown only when the engine says it is
legal: Marriage, Swap (exchange the trump), Close the stock and, in memory mode, Claim 66. In the
open phase every card may be played (SX-6); once the stock is closed or used up only the cards the
follow rules allow are enabled (SX-7), and the panel says why the others are greyed out.

Pagat 66's two pauses replace that row: after a trick its winner sees "Draw", "Close without
drawing" and "Draw, don't ask again this deal" (SX-10 `close_before_draw`: the last one draws and
lets the seat's later tricks of the deal draw at once, with no question), and when the stock is
closed the opponent holding the lowest trump sees "Exchange 9♠ for A♠" and "Keep", and an opponent
without it sees "Continue", so the pause itself tells nobody where the card is (SX-9
`exchange_on_close`); the cards stay greyed out.

A card button carries its card code in the custom id (`cr:<game>:<version>:play:Kh`), so a click
needs no memory and survives a restart. Declaring a marriage takes two clicks (SX-8: show the K and
Q, then lead one of them): Marriage redraws the panel in "marriage mode", whose selection is the
positions of the marriage cards in the sorted hand, and the card buttons then declare and lead.
Every move goes to the engine, which refuses anything illegal with its own reason.

Hint (row 3, on your turn only) asks the normal computer player what it would do from your view,
as Thirteen's and Carousel's hands do; in the closed or exhausted phase that runs the solver, which
can take a noticeable fraction of a second, so clicks are handled in a worker thread.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any

import discord

from bot.kit.components import button
from bot.kit.ids import ComponentId
from bot.moves.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from cogs.schnapsen import words
from games.base import IllegalMove
from games.cards import Card, Suit, parse_suited
from games.schnapsen import (
    GAME,
    Claim,
    Close,
    Draw,
    ExchangeTrump,
    KeepTrump,
    Marriage,
    Move,
    Options,
    PlayCard,
    SchnapsenView,
)
from games.schnapsen.ai import NormalPlayer
from locales import SOURCE, t
from rendering.schnapsen import render_hand, render_table

log = logging.getLogger(__name__)

ROW_WIDTH = 5  # Discord: at most 5 buttons in an action row
CARD_ROWS = (0, 1)
ACTION_ROW = 2
HINT_ROW = 3  # its own row: the action row can already hold Back and three "show and claim" buttons


class HandAction(StrEnum):
    """Schnapsen's hand controls, as custom-id actions (none is a bot.kit.ids.LobbyAction or TableAction)."""

    PLAY = "play"
    MARRIAGE = "mar"
    MARRY = "marry"
    BACK = "back"
    SWAP = "swap"
    CLOSE = "close"
    CLAIM = "claim"
    CLAIM_MARRIAGE = "claimm"
    DRAW = "draw"
    DRAW_UNASKED = "drawall"
    KEEP = "keep"
    HINT = "hint"


def card_rows(count: int) -> list[int]:
    """The action row of each of `count` card buttons: one row up to 5, else two even rows (6 → 3 + 3)."""
    if count <= ROW_WIDTH:
        return [CARD_ROWS[0]] * count
    first = (count + 1) // 2
    return [CARD_ROWS[0]] * first + [CARD_ROWS[1]] * (count - first)


def marriage_cards(view: SchnapsenView) -> frozenset[int]:
    """Positions in the hand of the cards that may lead a marriage now (the K only under the K-lead rule)."""
    leads = {move.card for move in view.legal_moves if isinstance(move, Marriage)}
    return frozenset(i for i, card in enumerate(view.hand) if card in leads)


def _card_arg(arg: str) -> Card | None:
    try:
        return parse_suited(arg)
    except ValueError:
        return None


class SchnapsenAdapter(GameAdapter):
    game = GAME  # kind, title, engine, command and seats come from the declaration
    summary = words.COMMON_RULES

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return words.refusal_said(lang, refused)

    def summary_in(self, lang: str) -> str:
        return words.common_rules(lang)

    act_in_thread = True  # Hint may run the solver (see the module docstring)
    # What cannot be undone asks once first (bot.flows.confirm): closing the stock, and a claim of 66, which
    # ends the deal at once and loses it outright when false (SX-11).
    confirmations = MappingProxyType(
        {
            HandAction.CLOSE: (words.CLOSE_QUESTION, words.CLOSED),
            HandAction.CLAIM: (words.CLAIM_QUESTION, words.CLAIMED),
            HandAction.CLAIM_MARRIAGE: (words.CLAIM_QUESTION, words.CLAIMED),
        }
    )

    # -- options and public texts ------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any], *, lang: str = SOURCE) -> dict[str, Any]:
        """Preset plus overrides (D-SX-1); `None` values mean "the preset's own value"."""
        given = {key: value for key, value in raw.items() if value is not None}
        return Options.from_mapping(given).to_dict()

    def name(self, lang: str, options: Mapping[str, Any] | None = None) -> str:
        """A table of a preset is named for it: Santase, Sixty-Six (D-SX-1)."""
        preset = (options or {}).get("preset")
        return words.preset_title(lang, preset if isinstance(preset, str) else None)

    def describe_options(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.describe_options(options, lang=lang)

    def rules_text(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.rules_text(options, lang=lang)

    def table_header(self, view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        return words.table_header(view, names, lang=lang)

    def render_table(self, view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> bytes:
        return render_table(view, names, lang=lang)

    # -- the hand panel ----------------------------------------------------------------------------

    def hand_panel(self, ctx: PanelContext, *, lang: str = SOURCE) -> Panel:
        view: SchnapsenView = ctx.view
        marrying = self._marrying(view, ctx.selection)
        chosen = [view.hand[i] for i in sorted(marrying)]
        lines = words.panel_lines(
            view,
            ctx.names,
            location=ctx.location,
            notice=ctx.notice,
            marrying=bool(marrying),
            waiting=t(lang, QUIET_WAITING) if ctx.quiet else None,
            lang=lang,
        )
        image = render_hand(view, chosen, lang=lang) if view.hand else None
        items = self._card_buttons(ctx, view, marrying, lang)
        if view.can_draw or view.can_keep:
            items += self._pause_row(ctx, view, lang)
        else:
            items += self._marriage_row(ctx, view, lang) if marrying else self._action_row(ctx, view, lang)
        if view.seat is not None and view.to_move == view.seat:
            items.append(
                button(
                    ComponentId(ctx.game_id, ctx.version, HandAction.HINT), t(lang, "Hint"), emoji="💡", row=HINT_ROW
                )
            )
        return Panel(content="\n".join(lines), image=image, items=tuple(items))

    @staticmethod
    def _marrying(view: SchnapsenView, selection: frozenset[int]) -> frozenset[int]:
        """Marriage mode is on when the selection names exactly the cards that may lead a marriage."""
        legal = marriage_cards(view)
        return legal if selection and selection == legal else frozenset()

    @staticmethod
    def _card_buttons(
        ctx: PanelContext, view: SchnapsenView, marrying: frozenset[int], lang: str
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        gid, version = ctx.game_id, ctx.version
        for index, (card, row) in enumerate(zip(view.hand, card_rows(len(view.hand)), strict=True)):
            trump = card.suit == view.trump
            if marrying:
                enabled = index in marrying
                label = words.marriage_label(view, card, lang=lang) if enabled else str(card)
                cid = ComponentId(gid, version, HandAction.MARRY if enabled else HandAction.PLAY, card.code)
                style = discord.ButtonStyle.success if enabled else discord.ButtonStyle.secondary
            else:
                enabled = card in view.playable  # SX-7: only legal cards in the closed / exhausted phase
                # Newcomers need not remember the trump suit: a trump says so.
                if view.playable:
                    label = t(lang, "Play {card} (trump)", card=card) if trump else t(lang, "Play {card}", card=card)
                else:
                    label = t(lang, "{card} (trump)", card=card) if trump else str(card)
                cid = ComponentId(gid, version, HandAction.PLAY, card.code)
                style = discord.ButtonStyle.primary if trump else discord.ButtonStyle.secondary
            items.append(button(cid, label, style=style, disabled=not enabled, row=row))
        return items

    @staticmethod
    def _action_row(ctx: PanelContext, view: SchnapsenView, lang: str) -> list[discord.ui.Item[Any]]:
        """Lead actions, each offered only when the engine lists it as legal (SX-8..SX-11)."""
        gid, version = ctx.game_id, ctx.version
        items: list[discord.ui.Item[Any]] = []
        if view.marriage_suits:
            if len(view.marriage_suits) == 1:
                suit = view.marriage_suits[0]
                label = t(lang, "Marriage: show K+Q {suit} for {points}", suit=suit.symbol,
                          points=words.marriage_points(view, suit))  # fmt: skip
            else:
                label = t(lang, "Marriage: show a K+Q pair for 20 (40 in trumps)")
            items.append(
                button(
                    ComponentId(gid, version, HandAction.MARRIAGE),
                    label,
                    style=discord.ButtonStyle.success,
                    row=ACTION_ROW,
                )
            )
        if view.can_exchange and view.trump_card is not None:
            label = t(
                lang, "Swap your {card} for the trump {trump}", card=words.exchange_card(view), trump=view.trump_card
            )
            items.append(button(ComponentId(gid, version, HandAction.SWAP), label, row=ACTION_ROW))
        if view.can_close:
            label = t(lang, "Close the stock: no more drawing")
            items.append(button(ComponentId(gid, version, HandAction.CLOSE), label, row=ACTION_ROW))
        if may_claim(view):
            items.append(_claim_button(ctx, lang))
        return items

    @staticmethod
    def _pause_row(ctx: PanelContext, view: SchnapsenView, lang: str) -> list[discord.ui.Item[Any]]:
        """Pagat 66's pauses: Draw / Close without drawing (SX-10), or Exchange / Keep (SX-9)."""
        gid, version = ctx.game_id, ctx.version
        items: list[discord.ui.Item[Any]] = []
        if view.can_draw:
            items.append(
                button(
                    ComponentId(gid, version, HandAction.DRAW),
                    t(lang, "Draw"),
                    style=discord.ButtonStyle.primary,
                    row=ACTION_ROW,
                )
            )
            if view.can_close:
                items.append(
                    button(
                        ComponentId(gid, version, HandAction.CLOSE), t(lang, "Close without drawing"), row=ACTION_ROW
                    )
                )
            # SX-10: one tap ends the question for this deal; the seat draws at once after its tricks.
            items.append(
                button(ComponentId(gid, version, HandAction.DRAW_UNASKED), words.draw_unasked(lang), row=ACTION_ROW)
            )
            if may_claim(view):
                items.append(_claim_button(ctx, lang))
        if view.can_exchange and view.trump_card is not None:
            label = t(lang, "Exchange {card} for {trump}", card=words.exchange_card(view), trump=view.trump_card)
            items.append(
                button(
                    ComponentId(gid, version, HandAction.SWAP), label, style=discord.ButtonStyle.success, row=ACTION_ROW
                )
            )
            items.append(button(ComponentId(gid, version, HandAction.KEEP), t(lang, "Keep"), row=ACTION_ROW))
        elif view.can_keep:  # SX-9: the same pause without the card, so it reveals nothing
            items.append(
                button(
                    ComponentId(gid, version, HandAction.KEEP),
                    t(lang, "Continue"),
                    style=discord.ButtonStyle.primary,
                    row=ACTION_ROW,
                )
            )
        return items

    @staticmethod
    def _marriage_row(ctx: PanelContext, view: SchnapsenView, lang: str) -> list[discord.ui.Item[Any]]:
        """Back, and in memory mode "declare and claim" per suit (SX-11: out on a marriage, no lead)."""
        gid, version = ctx.game_id, ctx.version
        items: list[discord.ui.Item[Any]] = [
            button(ComponentId(gid, version, HandAction.BACK), t(lang, "Back: no marriage"), row=ACTION_ROW)
        ]
        if may_claim(view):
            for suit in view.marriage_suits:
                points = words.marriage_points(view, suit)
                items.append(
                    button(
                        ComponentId(gid, version, HandAction.CLAIM_MARRIAGE, suit.letter),
                        t(lang, "Show {points} {suit} and claim 66", points=points, suit=suit.symbol),
                        style=discord.ButtonStyle.danger,
                        row=ACTION_ROW,
                    )
                )
        return items

    # -- clicks ------------------------------------------------------------------------------------

    def on_action(
        self, ctx: PanelContext, action: str, arg: str, values: Sequence[str], *, lang: str = SOURCE
    ) -> Outcome:
        """Turn a click into a move. The engine checks it; its refusal reason reaches the player."""
        view: SchnapsenView = ctx.view
        if action in (HandAction.PLAY, HandAction.MARRY):
            card = _card_arg(arg)
            if card is None or card.suit is None:
                return Refuse(t(lang, "That button doesn't name a card."))
            if action == HandAction.PLAY:
                return Submit(PlayCard(card))
            return Submit(Marriage(card, words.marriage_points(view, card.suit)))
        if action == HandAction.MARRIAGE:
            leads = marriage_cards(view)
            if not leads:
                return Refuse(t(lang, "You can't declare a marriage right now."))
            return Redraw(selection=leads)
        if action == HandAction.BACK:
            return Redraw()
        if action == HandAction.HINT:
            if view.to_move != view.seat:
                return Refuse(t(lang, "Hints are for your own turn."))
            move = NormalPlayer().choose(view, random.Random(ctx.version))
            return Redraw(notice=t(lang, "💡 Hint: {hint}.", hint=hint_text(move, lang=lang)))
        if action == HandAction.SWAP:
            return Submit(ExchangeTrump())
        if action == HandAction.CLOSE:
            return Submit(Close())
        if action == HandAction.DRAW:
            return Submit(Draw())
        if action == HandAction.DRAW_UNASKED:
            return Submit(Draw(unasked=True))
        if action == HandAction.KEEP:
            return Submit(KeepTrump())
        if action == HandAction.CLAIM:
            return Submit(Claim())
        if action == HandAction.CLAIM_MARRIAGE:
            suit = _suit_arg(arg)
            if suit is None:
                return Refuse(t(lang, "That button doesn't name a suit."))
            return Submit(Claim(suit, words.marriage_points(view, suit)))
        return Refuse(t(lang, "That button isn't part of this game."))


def may_claim(view: SchnapsenView) -> bool:
    """Whether the hand offers Claim 66 (SX-11, memory mode): when the engine allows a claim and the seat
    has won a trick. Card points come only from tricks and a marriage counts only once a trick is won,
    so before the first trick a claim could only be false: the button would be a trap, not a choice."""
    seat = view.seat
    return view.can_claim and seat is not None and view.tricks_won[seat] > 0


def _claim_button(ctx: PanelContext, lang: str = SOURCE) -> discord.ui.Item[Any]:
    """Claim 66 (SX-11, memory mode): at a lead, or at pagat 66's pause right after the trick."""
    return button(
        ComponentId(ctx.game_id, ctx.version, HandAction.CLAIM),
        t(lang, "Claim 66: end the deal now"),
        style=discord.ButtonStyle.danger,
        row=ACTION_ROW,
    )


def hint_text(move: Move, *, lang: str = SOURCE) -> str:
    """The normal computer player's suggestion in a player's words."""
    if isinstance(move, Marriage):
        return t(lang, "show the marriage for {points} and lead {card}", points=move.points, card=move.card)
    if isinstance(move, PlayCard):
        return t(lang, "play {card}", card=move.card)
    if isinstance(move, Claim) and move.marriage is not None:
        return t(lang, "show the {points} in {suit} and claim 66", points=move.points, suit=move.marriage.symbol)
    hints = {
        ExchangeTrump: t(lang, "exchange your lowest trump for the trump card"),
        Close: t(lang, "close the stock"),
        Draw: t(lang, "draw as usual"),
        KeepTrump: t(lang, "go on without exchanging"),
        Claim: t(lang, "claim 66"),
    }
    return hints[type(move)]


def _suit_arg(arg: str) -> Suit | None:
    try:
        return Suit(arg)
    except ValueError:
        return None

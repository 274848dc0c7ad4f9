"""`CarouselAdapter`: Carousel's hand controls and table texts for the shared table machinery.

The turn follows CA-4 button by button: **Draw**; after each draw **Meld** or draw again; after the
third draw the turn is over; a hand small enough that it could be within the knock limit stops there
with **End turn** first and, when its count is within the limit, **Knock** beside it (CA-9; the engine
passes the turn on by itself for bigger hands).

Choosing cards. The hand is in the view's display order, which the hand image draws too
(`games.carousel.views.display_order`: suits alternating red and black, ace low, jokers last) and
the selection is a set of positions in that order, carried in
every custom id as a bitmask (bot.kit.ids.encode_mask), so a click needs no memory and survives a
restart. Discord allows 25 options per select and 5 action rows per message, and a Carousel hand can
pass 25 cards, so past 25 the hand is split into one menu per suit (suits packed together while they
fit, jokers last) in at most `MAX_MENUS` menus, leaving a row for the buttons.

Melding (CA-6, CA-7). Meld hands the chosen cards to the exact solver (`solver.arrange`), which
builds a complete legal table keeping existing melds where it can and freeing jokers where needed.
The panel then shows the proposed table (image, plus what moved and what each joker stands for) with
Confirm and Back. The proposal is a pure function of (table, chosen cards), i.e. of version and
selection, so the Confirm button only carries the selection and the same table is recomputed (or
taken from `Proposals`, a small cache of solver answers). When the cards cannot all be placed, the
panel says so and preselects the part worth the most points that can (`solver.best_play` on the
chosen cards). "Type the table" opens a modal for a hand-written table (`TypeTableButton`).

The solver runs for Meld, Confirm and Hint, so `act_in_thread` asks the router to call `on_action`
in a worker thread (the hand panel is drawn in one already).
"""

from __future__ import annotations

import logging
import random
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import discord

from bot.kit.components import button, select
from bot.kit.decode import INVALID, SQLITE_MAX, modal_value, strict_indices, strict_int
from bot.kit.ids import ComponentId, Scope, decode_mask, encode_mask, scope_pattern, scoped
from bot.kit.languages import reader_language
from bot.moves.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from bot.moves.unclaimed import send_form
from cogs.carousel import words
from cogs.carousel.guide import tips as guide_tips
from cogs.carousel.words import added_cards
from data import GameNotFound, GameStatus
from games.base import IllegalMove
from games.cards import AnyCard
from games.carousel import GAME, CarouselView, Draw, Knock, Meld, MeldStep, PassKnock, Phase, card_value
from games.carousel.ai import NormalPlayer
from games.carousel.changes import meld_changes
from games.carousel.moves import parse_table
from games.carousel.solver import arrange, best_play
from locales import SOURCE, t
from rendering.carousel import render_hand, render_table

log = logging.getLogger(__name__)

MENU_OPTIONS = 25  # Discord: at most 25 options in one select menu
ACTION_ROWS = 5  # Discord: at most 5 action rows in a message
MAX_MENUS = ACTION_ROWS - 1  # one row stays for the buttons
# A mark in the selection, above any card position (a hand never nears 100 cards: every seat draws
# at least once a turn, so even at 3 players one hand holds under 60), meaning "show the proposal".
PROPOSING = 100


class HandAction(StrEnum):
    """Carousel's hand controls, as custom-id actions (none is a bot.kit.ids.LobbyAction or TableAction)."""

    DRAW = "draw"
    MELD = "meld"
    CONFIRM = "ok"
    BACK = "back"
    HINT = "hint"
    CLEAR = "clear"
    KNOCK = "knock"
    PASS = "pass"
    TYPE = "type"
    TYPED = "typed"


MENU_PREFIX = "sel"  # sel0 .. sel3: one action per card menu, so every custom id on a panel is unique


# Card menus --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Menu:
    """One select menu: its placeholder and the hand positions (sorted hand) it offers."""

    title: str
    positions: tuple[int, ...]


def card_menus(hand: Sequence[AnyCard], lang: str = SOURCE) -> list[Menu]:
    """Menus for a sorted hand: one for up to 25 cards, else per suit (packed while ≤ 25 fit together).

    A suit with more than 25 cards (two decks, a very long hand) is cut into pieces of 25. If the
    suits would need more than `MAX_MENUS` menus, the hand is simply cut into pieces of 25.
    """
    if len(hand) <= MENU_OPTIONS:
        return [Menu(t(lang, "Choose cards to meld"), tuple(range(len(hand))))] if hand else []
    groups: list[tuple[str, list[int]]] = []
    for suit in (*dict.fromkeys(card.suit for card in hand if card.suit is not None), None):  # in the hand's order
        positions = [i for i, card in enumerate(hand) if card.suit == suit]
        label = suit.symbol if suit is not None else "🃏"
        for start in range(0, len(positions), MENU_OPTIONS):
            groups.append((label, positions[start : start + MENU_OPTIONS]))
    menus: list[tuple[list[str], list[int]]] = []
    for label, positions in groups:
        if not positions:
            continue
        if menus and len(menus[-1][1]) + len(positions) <= MENU_OPTIONS:
            menus[-1][0].append(label)
            menus[-1][1].extend(positions)
        else:
            menus.append(([label], list(positions)))
    if len(menus) > MAX_MENUS:
        return [
            Menu(
                t(lang, "Cards {first}-{last}", first=start + 1, last=min(start + MENU_OPTIONS, len(hand))),
                tuple(range(start, min(start + MENU_OPTIONS, len(hand)))),
            )
            for start in range(0, len(hand), MENU_OPTIONS)
        ][:MAX_MENUS]
    return [
        Menu(t(lang, "{suits} cards to meld", suits=" ".join(labels)), tuple(positions)) for labels, positions in menus
    ]


def positions_of(hand: Sequence[AnyCard], cards: Sequence[AnyCard]) -> frozenset[int]:
    """Positions in the sorted hand of these physical cards."""
    wanted = set(cards)
    return frozenset(i for i, card in enumerate(hand) if card in wanted)


# Solver answers ----------------------------------------------------------------------------------

ProposalKey = tuple[tuple[Meld, ...], tuple[AnyCard, ...], int]


class Proposals:
    """`solver.arrange` answers by (table, cards, decks): the panel, Confirm and the modal share a solve.

    Thread-safe (panels and clicks run in worker threads); bounded, oldest answers dropped first.
    Losing it (a restart) costs only a recomputation, which gives the same table.
    """

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._answers: OrderedDict[ProposalKey, tuple[Meld, ...] | None] = OrderedDict()
        self._lock = threading.Lock()

    def table(self, table: Sequence[Meld], cards: Sequence[AnyCard], decks: int) -> tuple[Meld, ...] | None:
        """The complete new table holding `table` plus all `cards`, or None if there is none (CA-6)."""
        key = (tuple(table), tuple(cards), decks)
        found, answer = self._stored(key)
        if found:
            return answer
        answer = arrange(key[0], key[1], copies=decks)
        with self._lock:
            self._answers[key] = answer
            while len(self._answers) > self._size:
                self._answers.popitem(last=False)
        return answer

    def known(self, table: Sequence[Meld], cards: Sequence[AnyCard], decks: int) -> tuple[Meld, ...] | None:
        """A stored proposal for exactly these cards, or None; never solves (safe on the event loop)."""
        return self._stored((tuple(table), tuple(cards), decks))[1]

    def _stored(self, key: ProposalKey) -> tuple[bool, tuple[Meld, ...] | None]:
        with self._lock:
            if key not in self._answers:
                return False, None
            self._answers.move_to_end(key)
            return True, self._answers[key]


# The adapter -------------------------------------------------------------------------------------


class CarouselAdapter(GameAdapter):
    game = GAME  # kind, title, engine, command and seats come from the declaration
    summary = words.RULES

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return words.refusal_said(lang, refused)

    def summary_in(self, lang: str) -> str:
        return words.rules(lang)

    act_in_thread = True  # Meld, Confirm and Hint run the solver
    guide = True  # a person's first Carousel game explains draw, meld and knock (cogs.carousel.guide)

    def __init__(self) -> None:
        self.proposals = Proposals()

    # -- options and public texts ------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any], *, lang: str = SOURCE) -> dict[str, Any]:
        given = {key: value for key, value in raw.items() if value is not None}
        return words.table_options({"knock_offer_always": True, **given}).to_dict()

    def describe_options(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.describe_options(options, lang=lang)

    def rules_text(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        return words.rules_text(options, lang=lang)

    def table_header(self, view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        return words.table_header(view, names, lang=lang)

    def render_table(self, view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> bytes:
        return render_table(view, names, lang=lang)

    # -- the hand panel ----------------------------------------------------------------------------

    def hand_panel(self, ctx: PanelContext, *, lang: str = SOURCE) -> Panel:
        view: CarouselView = ctx.view
        hand = list(view.hand)
        selection = frozenset(i for i in ctx.selection if i < len(hand))
        chosen = [hand[i] for i in sorted(selection)]
        if PROPOSING in ctx.selection and view.may_meld and chosen:
            table = self.proposals.table(view.table, chosen, view.decks)
            if table is not None:
                return self._proposal_panel(ctx, view, chosen, selection, table, lang)
        lines = words.panel_lines(
            view,
            ctx.names,
            location=ctx.location,
            chosen=chosen,
            notice=ctx.notice,
            waiting=t(lang, QUIET_WAITING) if ctx.quiet else None,
            lang=lang,
        )
        if ctx.guided:
            lines += guide_tips(view, ctx.names, lang=lang)
        image = render_hand(view, chosen, lang=lang) if hand else None
        return Panel(
            content="\n".join(lines), image=image, items=tuple(self._controls(ctx, view, hand, selection, lang))
        )

    def _controls(
        self,
        ctx: PanelContext,
        view: CarouselView,
        hand: Sequence[AnyCard],
        selection: frozenset[int],
        lang: str = SOURCE,
    ) -> list[discord.ui.Item[Any]]:
        gid, version, mask = ctx.game_id, ctx.version, encode_mask(selection)
        if view.is_over or not view.my_turn:
            return [button(ComponentId(gid, version, HandAction.DRAW), t(lang, "Draw"), disabled=True)]
        if view.phase is Phase.DRAW_1:
            return [
                button(
                    ComponentId(gid, version, HandAction.DRAW),
                    t(lang, "Draw"),
                    style=discord.ButtonStyle.primary,
                    emoji="🂠",
                )
            ]
        if view.phase is Phase.KNOCK:
            # CA-9: the stop at the end of the turn. End turn is always the first, primary button, so
            # playing on is one tap in the same place whatever the count; Knock only within the limit.
            end = button(
                ComponentId(gid, version, HandAction.PASS), t(lang, "End turn"), style=discord.ButtonStyle.primary
            )
            if not view.can_knock:
                return [end]
            knock = button(
                ComponentId(gid, version, HandAction.KNOCK),
                t(lang, "Knock with {count}", count=view.hand_value),
                style=discord.ButtonStyle.danger,
            )
            return [end, knock]
        items: list[discord.ui.Item[Any]] = []
        menus = card_menus(hand, lang)
        for number, menu in enumerate(menus):
            options = [
                discord.SelectOption(label=str(hand[i]), value=str(i), default=i in selection) for i in menu.positions
            ]
            cid = ComponentId(gid, version, f"{MENU_PREFIX}{number}", mask)
            items.append(select(cid, options, placeholder=menu.title, row=number))
        row = len(menus)
        second = view.phase is Phase.MELD_1
        draw_label = t(lang, "Draw a 2nd card") if second else t(lang, "Draw a 3rd (last) card")
        items += [
            button(
                ComponentId(gid, version, HandAction.MELD, mask),
                t(lang, "Meld"),
                style=discord.ButtonStyle.success,
                disabled=not selection,
                row=row,
            ),
            button(ComponentId(gid, version, HandAction.DRAW), draw_label, style=discord.ButtonStyle.primary, row=row),
            button(ComponentId(gid, version, HandAction.HINT, mask), t(lang, "Hint"), emoji="💡", row=row),
            button(ComponentId(gid, version, HandAction.CLEAR), t(lang, "Clear"), disabled=not selection, row=row),
            TypeTableButton(gid, version, mask, row=row, lang=lang),
        ]
        return items

    def _proposal_panel(
        self,
        ctx: PanelContext,
        view: CarouselView,
        chosen: Sequence[AnyCard],
        selection: frozenset[int],
        table: tuple[Meld, ...],
        lang: str = SOURCE,
    ) -> Panel:
        """The table as it would be after this meld step, with Confirm / Back / Type the table."""
        rest = [card for card in view.hand if card not in set(chosen)]
        lines = [
            ctx.location,
            t(lang, "**Your turn.** Meld {cards}? The table would be (picture below):", cards=words.cards_text(chosen)),
            *words.step_lines(view.table, table, chosen, lang=lang),
            t(lang, "Your hand after: {count}.", count=words.count_text(rest, lang))
            if rest
            else t(lang, "That is your last card: you go out."),
            t(lang, "**Confirm** to meld, **Back** to change your cards, or type the table yourself."),
        ]
        if ctx.notice:
            lines.append(ctx.notice)
        assert view.seat is not None
        sizes = tuple(len(rest) if seat == view.seat else size for seat, size in enumerate(view.hand_sizes))
        # CA-6: the proposal marks the player's own cards as new and the cards it moves, as the table will.
        marks = meld_changes(view.seat, view.table, table, chosen)
        shown = replace(view, table=table, hand_sizes=sizes, hand_just_ended=False, last_hand=None, last_meld=marks)
        image = render_table(shown, ctx.picture_names or ctx.names, lang=lang)
        gid, version, mask = ctx.game_id, ctx.version, encode_mask(selection)
        items: list[discord.ui.Item[Any]] = [
            button(
                ComponentId(gid, version, HandAction.CONFIRM, mask),
                t(lang, "Confirm"),
                style=discord.ButtonStyle.success,
            ),
            button(ComponentId(gid, version, HandAction.BACK, mask), t(lang, "Back")),
            TypeTableButton(gid, version, mask, lang=lang),
        ]
        return Panel(content="\n".join(lines), image=image, filename="proposal.png", items=tuple(items))

    # -- clicks ------------------------------------------------------------------------------------

    def on_action(
        self, ctx: PanelContext, action: str, arg: str, values: Sequence[str], *, lang: str = SOURCE
    ) -> Outcome:
        """Turn a click into an outcome; the engine checks every move and its refusal reaches the player."""
        view: CarouselView = ctx.view
        hand = list(view.hand)
        selection = frozenset(i for i in ctx.selection if i < len(hand))
        chosen = [hand[i] for i in sorted(selection)]
        if action.startswith(MENU_PREFIX):
            menus = card_menus(hand, lang)
            number = strict_int(action[len(MENU_PREFIX) :], high=len(menus) - 1)
            offered = frozenset(menus[number].positions) if number is not None else frozenset()
            picked = strict_indices(values, offered)
            if number is None or picked is None:
                return Refuse(INVALID)
            return Redraw(selection=(selection - offered) | picked)
        if action == HandAction.CLEAR:
            return Redraw()
        if action == HandAction.BACK:
            return Redraw(selection=selection)
        if action == HandAction.DRAW:
            return Submit(Draw())
        if action == HandAction.KNOCK:
            return Submit(Knock())
        if action == HandAction.PASS:
            return Submit(PassKnock())
        if (
            action in (HandAction.HINT, HandAction.MELD, HandAction.CONFIRM, HandAction.TYPE, HandAction.TYPED)
            and not view.may_meld
        ):
            return Refuse(_not_now(view, lang))
        if action == HandAction.HINT:
            return self._hint(view, hand, selection, lang)
        if action == HandAction.MELD:
            return self._meld(view, hand, chosen, selection, lang)
        if action == HandAction.CONFIRM:
            if not chosen:
                return Refuse(t(lang, "Choose the cards to meld first."))
            table = self.proposals.table(view.table, chosen, view.decks)
            if table is None:
                return self._meld(view, hand, chosen, selection, lang)
            return Submit(MeldStep(table), selection)
        if action == HandAction.TYPED:
            text = values[0] if values else ""
            return self._typed(view, text, selection, lang)
        if action == HandAction.TYPE:  # reached only when the modal could not be opened
            return Redraw(selection=selection, notice=t(lang, "The table can't be typed right now; here is your hand."))
        return Refuse(t(lang, "That button isn't part of this game."))

    def _hint(
        self, view: CarouselView, hand: Sequence[AnyCard], selection: frozenset[int], lang: str = SOURCE
    ) -> Outcome:
        """The normal computer player's choice (ai-notes §4.2.1), its cards preselected."""
        move = NormalPlayer().choose(view, random.Random(0))
        if not isinstance(move, MeldStep):
            return Redraw(selection=selection, notice=t(lang, "💡 Hint: nothing fits on the table yet; draw a card."))
        cards = added_cards(move, view)
        points = sum(card_value(card) for card in cards)
        return Redraw(
            selection=positions_of(hand, cards),
            notice=t(
                lang,
                "💡 Hint: meld {cards} ({points} off your count). Press **Meld** to see where they go.",
                cards=words.cards_text(cards),
                points=words.points_count(lang, points),
            ),
        )

    def _meld(
        self,
        view: CarouselView,
        hand: Sequence[AnyCard],
        chosen: Sequence[AnyCard],
        selection: frozenset[int],
        lang: str = SOURCE,
    ) -> Outcome:
        if not chosen:
            return Refuse(t(lang, "Choose the cards to meld in the menus first."))
        table = self.proposals.table(view.table, chosen, view.decks)
        if table is not None:
            return Redraw(selection=selection | {PROPOSING})
        fitting, _ = best_play(view.table, chosen, copies=view.decks)
        shown = words.cards_text(chosen)
        if not fitting:
            notice = t(lang, "⚠️ {cards}: none of these fit on the table, even rearranged.", cards=shown)
            return Redraw(selection=selection, notice=notice)
        return Redraw(
            selection=positions_of(hand, fitting),
            notice=t(
                lang,
                "⚠️ {cards} can't all go on the table, even rearranged. The part worth the most points that "
                "fits is {fitting}: now selected, press **Meld** to see it.",
                cards=shown,
                fitting=words.cards_text(fitting),
            ),
        )

    @staticmethod
    def _typed(view: CarouselView, text: str, selection: frozenset[int], lang: str) -> Outcome:
        """A table written in the modal; the engine judges it (CA-6, CA-7) and says why if not."""
        body = text.strip()
        if body.lower().startswith("table"):
            body = body[5:].lstrip(" :")
        try:
            move = parse_table(body, view.table, view.hand)
        except IllegalMove as error:
            return Redraw(selection=selection, notice=f"⚠️ {words.refusal_said(lang, error)}")
        return Submit(move, selection)


def _not_now(view: CarouselView, lang: str = SOURCE) -> str:
    if not view.my_turn:
        return t(lang, "It's not your turn.")
    if view.phase is Phase.DRAW_1:
        return t(lang, "Draw a card first: every turn starts with a draw.")
    return t(lang, "Your turn is over: no melding after the third draw.")


# "Type the table": a button that opens a modal ---------------------------------------------------
#
# A modal must be the first answer to a click (Discord), and the core router defers every hand click
# at once, so this one button has its own custom-id prefix and DynamicItem (registered by the cog). It
# opens the modal only when the click is current and the player may meld; anything else (a stale
# panel, someone else's game) goes to the router as the action `type`, which answers as for any click.
# The modal's answer goes to the router too, as the action `typed` with the text as its value, so the
# typed table takes the same path as every other move.
#
# The modal is a form only (bot.moves.unclaimed.send_form): its submit is read back from its custom id,
# `crm:<game>:<version>:<mask>:<nonce>`, by `on_table_typed`, so it is answered after a restart too.
# The nonce makes every modal's id its own: two modals opened one after the other for the same hand
# share game, version and selection, and a submit must never be taken for the other one's.

# Bounded like bot.kit.ids.PATTERN: a longer forged id is claimed by no template, and bot.moves.unclaimed answers it.
TYPE_TEMPLATE = scope_pattern(
    Scope.MODAL_BUTTON, r"(?P<game>[0-9]{1,40}):(?P<version>[0-9]{1,40}):(?P<mask>[0-9a-z]{1,24})"
)
# The nonce is optional: a modal opened before it was added still decodes.
MODAL_TEMPLATE = scope_pattern(
    Scope.MODAL,
    r"(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<mask>[0-9a-z]{1,24})(?::(?P<nonce>[0-9a-f]{1,16}))?",
)
MODAL_INPUT_LIMIT = 4000  # Discord: a text input holds at most 4000 characters
TABLE_INPUT = "table"  # the custom id of the modal's one text input


class TypeTableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TYPE_TEMPLATE):
    """Opens `TableModal` for a game version and selection (`crt:<game>:<version>:<mask>`)."""

    def __init__(self, game_id: int, version: int, mask: str, *, row: int | None = None, lang: str = SOURCE) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "Type the table"),
                emoji="⌨️",
                custom_id=scoped(Scope.MODAL_BUTTON, game_id, version, mask),
                row=row,
            )
        )
        self.cid = ComponentId(game_id, version, HandAction.TYPE, mask)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TypeTableButton:
        return cls(int(match["game"]), int(match["version"]), match["mask"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client: Any = interaction.client
        if max(self.cid.game_id, self.cid.version) > SQLITE_MAX:  # a forged id: nothing is read (bot.kit.decode)
            await interaction.response.send_message(INVALID, ephemeral=True)
            return
        db = getattr(client, "db", None)
        lang = await reader_language(db, interaction) if db is not None else SOURCE
        modal = await self._modal(client, interaction.user.id, lang)
        if modal is None:
            await client.router.dispatch(interaction, self.cid, [])
            return
        await send_form(interaction, modal)

    async def _modal(self, client: Any, user_id: int, lang: str = SOURCE) -> TableModal | None:
        """The modal, prefilled, if this click may open it; None lets the router answer instead."""
        cid = self.cid
        try:
            loaded = await client.service.load(cid.game_id)
        except GameNotFound:
            return None
        record, state = loaded.record, loaded.state
        seat = record.seat_of(user_id)
        if state is None or seat is None or seat.is_computer or record.status is not GameStatus.ACTIVE:
            return None
        if record.version != cid.version or record.kind != CarouselAdapter.kind:
            return None
        view: CarouselView = state.view(seat.seat)
        if not view.may_meld:
            return None
        adapter = client.service.adapter(record.kind)
        hand = list(view.hand)
        try:
            chosen = [hand[i] for i in sorted(decode_mask(cid.arg)) if i < len(hand)]
        except ValueError:
            chosen = []
        return TableModal(cid, prefill(adapter.proposals, view, chosen), lang=lang)


def prefill(proposals: Proposals, view: CarouselView, chosen: Sequence[AnyCard]) -> str:
    """The modal's starting text: the proposal for the chosen cards if one was computed, else the table
    as it is with the chosen cards as one more meld for the player to place (never solves: this runs
    on the event loop, within Discord's 3 seconds)."""
    proposal = proposals.known(view.table, chosen, view.decks) if chosen else None
    if proposal is not None:
        return words.table_notation(proposal)[:MODAL_INPUT_LIMIT]
    text = words.table_notation(view.table)
    if chosen:
        extra = " ".join(card.face.code for card in chosen)
        text = f"{text} | {extra}" if text else extra
    return text[:MODAL_INPUT_LIMIT]


class TableModal(discord.ui.Modal):
    """One text input: the whole new table in card notation (CA-6; `Jk=7h` declares a joker, CA-7).

    A form only: `on_table_typed` answers its submit (see above)."""

    def __init__(self, cid: ComponentId, text: str, *, lang: str = SOURCE) -> None:
        custom_id = scoped(Scope.MODAL, cid.game_id, cid.version, cid.arg or "0", secrets.token_hex(6))
        super().__init__(title=t(lang, "Write the new table"), custom_id=custom_id, timeout=None)
        self.cid = cid
        self.table: discord.ui.TextInput[TableModal] = discord.ui.TextInput(
            custom_id=TABLE_INPUT,
            style=discord.TextStyle.paragraph,
            default=text or None,
            placeholder="6h Jk=7h 8h | 9s 9d 9c | 10c Jc Qc",
            max_length=MODAL_INPUT_LIMIT,
        )
        self.add_item(
            discord.ui.Label(
                text=t(lang, "The whole table, melds split by |"),
                description=t(lang, "Jk=7h is a joker standing for 7♥. Your hand cards go in too."),
                component=self.table,
            )
        )


async def on_table_typed(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """A `TableModal` submitted: the typed table goes to the router as the action `typed` (the same
    checks as every click: the game, the seat, the version), or `INVALID` when the id's numbers or the
    text are not what the modal could send (bot.kit.decode)."""
    client: Any = interaction.client
    game_id, version = strict_int(match["game"]), strict_int(match["version"])
    data: dict[str, Any] = dict(interaction.data or {})
    text = modal_value(data.get("components") or [], TABLE_INPUT)
    if game_id is None or version is None or text is None:
        await interaction.response.send_message(INVALID, ephemeral=True)
        return
    await client.router.dispatch(interaction, ComponentId(game_id, version, HandAction.TYPED, match["mask"]), [text])

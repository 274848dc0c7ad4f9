"""The turn digest: one DM at most every N hours listing the casual tables waiting for a person.

A person at many casual tables who chose the digest (`/settings turns digest:`) is not pinged at each
turn start of a casual game, and their DM hand is not drawn at each turn either (bot.projection.reconciler.hand_step):
this DM, which Discord does notify, names every casual table waiting for them, and once it is out the DM
hands of the turns it names follow it, silently (`SUPPRESS_NOTIFICATIONS`). Between digests the person
plays from the My hand panel (the table's button, or `/games`), answered through the interaction; a turn
taken there before any digest named it costs no DM at all. The digest names every casual table waiting:
game, number, server, channel link and deadline (`<t:…:R>`, each reader's own time, no edits:
discord-notes C.6). Live games always notify at once: a live table cannot wait.

Stored and reconciled like the rest (data.digests): the sweeper's periodic pass asks `send_owed`, which
for each person finds what waits, and when a casual turn waits that the last digest did not name and
no digest went out in the last period, claims the window's digest in the database before the post and
posts it with a nonce Discord enforces. A pass redone after a restart between the post and its record
posts again with the same nonce within the nonce's window (Discord returns the first message), later
not at all: at most once, across restarts and processes.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.kit.languages import dm_language
from bot.kit.refusals import Refusal, Refused
from bot.kit.texts import relative
from bot.kit.transport import Post, Transport
from data import GameStatus, TurnNotice, TurnTimer, UserSettings, crashpoints
from data.digests import claim_digest, digest_users, last_digest, record_digest, window_of
from data.mytables import tables_of
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.moves.service import GameService, Loaded
    from bot.projection.hands import HandMessages
    from bot.projection.reconciler import TableMarks

log = logging.getLogger(__name__)

# How long after a digest was claimed, unrecorded, it may be posted again with its nonce (a pass redone
# after a restart between the post and its record): well inside the few minutes Discord enforces a nonce.
DIGEST_REDO_SECONDS = 120.0
# Tables named in one digest; past it, "/games" lists the rest. Keeps the DM inside 2,000 characters.
LISTED_AT_MOST = 8


def digesting(settings: UserSettings, timer: TurnTimer) -> bool:
    """Whether this person's turn starts in a game with this timer are told by the digest rather than a
    notifying DM each: casual games of a person who chose a digest, who is told of turns at all and whose
    DMs are open (a digest is a DM)."""
    return (
        timer is TurnTimer.CASUAL
        and settings.digest_hours > 0
        and settings.turn_notice is not TurnNotice.OFF
        and not settings.dm_closed
    )


def digest_nonce(user_id: int, window_start: float) -> str:
    """One nonce per (person, window): at most 25 characters, so a hash of both."""
    return "dg" + hashlib.sha256(f"{user_id}:{window_start:.0f}".encode()).hexdigest()[:22]


@dataclass(frozen=True, slots=True)
class Waiting:
    """A casual table waiting for the person: its game, the move that started their turn, the deadline."""

    loaded: Loaded
    turn: int
    deadline: float | None


class Digests:
    """Sends the digests owed (asked by the sweeper's periodic pass); the database says what is owed."""

    def __init__(
        self, service: GameService, *, hands: HandMessages, transport: Transport, marks: TableMarks | None = None
    ) -> None:
        self.service = service
        self.hands = hands  # where a table is ("Thirteen #12 in #games on Server · [table](link)")
        self.transport = transport
        self.marks = marks  # the reconciler: the hands a posted digest names are drawn next

    async def send_owed(self) -> int:
        """One pass: every digest owed now is posted (or re-posted with its nonce). Returns how many."""
        sent = 0
        for user_id in await digest_users(self.service.db):
            try:
                sent += await self._person(user_id)
            except Exception:
                log.exception("could not send the turn digest of user %d", user_id)
        return sent

    async def waiting(self, user_id: int) -> list[Waiting]:
        """The person's casual tables where it is their turn, nearest deadline first."""
        service = self.service
        found = await tables_of(service.db, user_id, finished_since=service.clock())
        waiting: list[Waiting] = []
        for record in found.open:
            if record.status is not GameStatus.ACTIVE or record.timer is not TurnTimer.CASUAL:
                continue
            if record.kind not in service.adapters:
                continue
            loaded = await service.load(record.id)
            seat = loaded.seat_at_turn()
            if seat is None or seat.is_computer or seat.user_id != user_id:
                continue
            turn = await service.db.messages.turn_start(record.id, seat.seat)
            waiting.append(Waiting(loaded, turn, service.turn_deadline(loaded.record)))
        waiting.sort(key=lambda w: (w.deadline if w.deadline is not None else float("inf"), w.loaded.record.id))
        return waiting

    async def _person(self, user_id: int) -> int:
        service = self.service
        settings = await service.db.settings.user(user_id)
        if not digesting(settings, TurnTimer.CASUAL):
            return 0
        now = service.clock()
        window = window_of(now, settings.digest_hours)
        last = await last_digest(service.db, user_id)
        if last is not None and last.window_start == window and last.recorded:
            return 0  # this window's digest is out
        if last is not None and last.window_start == window:
            # Claimed, never recorded (a restart between the post and its record, or another process's
            # pass under way): posted again with its nonce while Discord still returns the first message.
            if now - last.claimed_at >= DIGEST_REDO_SECONDS:
                return 0
            waiting = await self.waiting(user_id)
            return await self._post(user_id, window, waiting) if waiting else 0
        if last is not None and now - last.claimed_at < settings.digest_hours * 3600:
            return 0  # one digest at most every period (checked first: it costs no game loads)
        waiting = await self.waiting(user_id)
        if not waiting:
            return 0  # nothing waits: no digest
        pairs = {(w.loaded.record.id, w.turn) for w in waiting}
        if last is not None and pairs <= last.listed:
            return 0  # the last digest named every table waiting now
        if not await claim_digest(service.db, user_id, window, at=now, listed=pairs):
            return 0  # another pass claimed it
        return await self._post(user_id, window, waiting)

    async def _post(self, user_id: int, window: float, waiting: list[Waiting]) -> int:
        # No interaction at hand: the person's chosen language, else the last Discord locale seen from them.
        lang = await dm_language(self.service.db, user_id)
        post = Post(self.text(waiting, lang), nonce=digest_nonce(user_id, window))
        channel_hint = await self.service.db.messages.dm_channel_of(user_id)
        try:
            sent = await self.transport.dm(user_id, post, channel_id=channel_hint)
        except Refused as refused:
            if refused.refusal is not Refusal.DM_CLOSED:
                raise
            log.info("user %d closed their DMs; no digest", user_id)
            await self.service.db.settings.update_user(user_id, dm_closed=True)
            return 0
        crashpoints.reached("after_digest_dm")
        await record_digest(self.service.db, user_id, window, sent.channel_id, sent.message_id)
        if self.marks is not None:  # their DM hands are owed now (data.digests.names_turn); a restart's
            for entry in waiting:  # resume finds them owed too
                self.marks.mark_dirty(entry.loaded.record.id)
        return 1

    def text(self, waiting: list[Waiting], lang: str = SOURCE) -> str:
        """The digest's words: a header line, then a line per table (where, and when its turn runs out)."""
        count = len(waiting)
        header = t(lang, "🔔 Casual tables waiting for you: {count}", count=count)
        lines = []
        for entry in waiting[:LISTED_AT_MOST]:
            due = " · " + t(lang, "due {deadline}", deadline=relative(entry.deadline)) if entry.deadline else ""
            lines.append(f"{self.hands.location(entry.loaded, lang)}{due}")
        if count > LISTED_AT_MOST:
            lines.append(t(lang, "… and {count} more: /games lists them all.", count=count - LISTED_AT_MOST))
        return "\n".join([header, *lines])

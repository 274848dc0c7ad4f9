"""Deleting a user's data on request (Discord developer policy: honour deletion requests).

What goes: their settings, their ratings rows, and their id and name everywhere: in every game's
seats and host column, in the match log, in stored end reasons, and in the stored text of the
notices the bot posted or owes (`messages.shown_key`: "X left the game", "⏰ <@id>, it's your turn",
"X ran out of time"), and the token of their latest click on each of their hands (`messages.reply_token`,
which could still post in their DM for a few minutes). Stored results keep a pseudonym instead (a fresh
negative number and the name "Deleted player"), so the other players' results, and ratings recomputed
from the log, stay exactly as they were while nothing links back to the Discord account. A seat of an
open game becomes a computer seat under the pseudonym at once (the bot hands it over first, so play goes
on); `is_erased` is how the rest of the bot recognises such a seat, which is never given back to a human
(Rematch) and is shown as an anonymous former player.

A notice's text is read again only while it is owed (no message id yet: the reconciler posts the
text); once posted the text is a record nobody reads. So a posted notice naming the user keeps its
message id and loses its text (blank), and an owed one about them is rewritten with the erased name
and still posted, unless it was written to reach them (a reminder or a note mentioning them, whose
seat is now a computer's) or their name cannot be taken out of it word for word (written escaped as
message markdown): then it is withdrawn, recorded as posted under message id 0 (`NOT_POSTED`) so the
reconciler never sends it. Recording a post keeps the stored text (data.messages.save), so a post
made from a text read before the erasure cannot write the name back.

The file keeps no copy either: the writer runs with `secure_delete` (freed space is zeroed) and the
erasure ends with a checkpoint (`Database.checkpoint`): on SQLite the WAL is copied into the file and
truncated, so old pages holding the id or the name are gone from disk; on PostgreSQL the touched
tables are vacuumed, which makes old row versions unreachable but does not zero them (docs/design.md
§5 says what remains). `pending_erasures` is only read for rows written by older versions.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .models import Erasure, MessageKind
from .settings import told_user

if TYPE_CHECKING:
    from .database import Database, Tx

log = logging.getLogger(__name__)

ERASED_NAME = "Deleted player"
NOT_POSTED = 0  # the message id of a withdrawn notice: recorded as done, so nothing ever posts it
# Notices whose stored key is the text they show (the others store a fingerprint, or nothing).
TEXT_KINDS = (
    MessageKind.LEFT,
    MessageKind.NOTICE,
    MessageKind.REMIND,
    MessageKind.TIMEOUT,
    MessageKind.GONE,
    MessageKind.LOST,
)
# Notices of a seat that are written to reach its player: owed to an erased seat, nobody is left to tell.
TO_THE_PLAYER = frozenset({MessageKind.REMIND, MessageKind.NOTICE, MessageKind.GONE})
# What message text adds around a name (markdown escapes, a zero-width space breaking mention syntax):
# taken out before looking for the name, so an escaped name is found too.
DECORATIONS = ("\\", "\u200b")
# Every table an erasure rewrites or deletes from (PostgreSQL vacuums them afterwards, data.postgres).
ERASED_TABLES = (
    "seats",
    "games",
    "match_players",
    "ratings",
    "season_ratings",
    "user_settings",
    "guides",
    "pending_erasures",
    "messages",
    "digests",
)


class PrivacyRepository:
    """Reach it as `db.privacy`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def erase_user(self, user_id: int, *, at: float) -> Erasure:
        """Remove `user_id`'s personal data as described in the module docstring; one transaction."""
        if user_id <= 0:
            raise ValueError("only real (positive) Discord user ids can be erased")
        # Rewrites seats and hosts of games it finds as it goes: every record held in memory is dropped
        # (data.record_cache), before (reads under way store nothing) and after.
        self._db.games.cache.clear()
        self._db.settings.forget(user_id)  # their settings row is deleted (data.settings holds it)
        try:
            return await self._erase_user(user_id, at=at)
        finally:
            self._db.games.cache.clear()
            self._db.settings.forget(user_id)

    async def _erase_user(self, user_id: int, *, at: float) -> Erasure:
        async with self._db.transaction() as tx:
            pseudonym = -(await tx.insert("INSERT INTO erasures (at) VALUES (?)", (at,)))
            names = [
                row["display_name"]
                for row in await tx.all(
                    "SELECT display_name FROM seats WHERE user_id = ? UNION SELECT display_name FROM match_players "
                    "WHERE user_id = ? UNION SELECT display_name FROM ratings WHERE user_id = ?",
                    (user_id, user_id, user_id),
                )
            ]
            match_rows = await tx.run(
                "UPDATE match_players SET user_id = ?, display_name = ? WHERE user_id = ?",
                (pseudonym, ERASED_NAME, user_id),
            )
            ratings = await tx.run("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            ratings += await tx.run("DELETE FROM season_ratings WHERE user_id = ?", (user_id,))
            await tx.run("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await told_user(tx, user_id)
            await tx.run("DELETE FROM guides WHERE user_id = ?", (user_id,))  # first-game tips: a setting too
            await tx.run("DELETE FROM digests WHERE user_id = ?", (user_id,))  # which tables waited for them
            messages = await _erase_notices(tx, user_id, names)
            await tx.run(  # the token of their latest click on each hand (before the seats are rewritten)
                "UPDATE messages SET reply_token = NULL, reply_until = NULL WHERE kind = 'hand' AND "
                "reply_token IS NOT NULL AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = messages.game_id "
                "AND s.seat = messages.seat AND s.user_id = ?)",
                (user_id,),
            )
            open_rows = await tx.all(
                "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
                "WHERE g.status IN ('lobby', 'active') AND (s.user_id = ? OR g.host_user_id = ?) ORDER BY g.id",
                (user_id, user_id),
            )
            # An open game's seat is played on by a computer; a finished one keeps its human/computer record.
            seats = await tx.run(
                "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL, "
                "computer_level = CASE WHEN game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active')) "
                "THEN COALESCE(computer_level, 'normal') ELSE computer_level END WHERE user_id = ?",
                (pseudonym, ERASED_NAME, user_id),
            )
            await tx.run("UPDATE games SET host_user_id = ? WHERE host_user_id = ?", (pseudonym, user_id))
            for name in names:  # end reasons stored by older versions named the player ("ended by <name>")
                await tx.run(
                    "UPDATE games SET end_reason = replace(end_reason, ?, ?) "
                    "WHERE replace(end_reason, ?, '') <> end_reason",
                    (f"by {name}", f"by {ERASED_NAME}", f"by {name}"),
                )
            await tx.run("DELETE FROM pending_erasures WHERE user_id = ?", (user_id,))
        await self._db.checkpoint()
        log.info(
            "erased a user's data: %d results, %d ratings, %d seats, %d messages", match_rows, ratings, seats, messages
        )
        return Erasure(pseudonym, match_rows, ratings, seats, tuple(row["id"] for row in open_rows), messages)


async def _erase_notices(tx: Tx, user_id: int, names: list[str]) -> int:
    """Take the user out of every stored notice text (see the module docstring); how many changed. Runs
    before the seats are rewritten: a notice of one of the user's seats is about them."""
    names = sorted({name for name in names if name}, key=len, reverse=True)  # a longer name first
    bare = "shown_key"
    for _ in DECORATIONS:  # each one's placeholder: the shown_key without it
        bare = f"replace({bare}, ?, '')"
    named = " OR ".join(f"replace({bare}, ?, '') <> {bare}" for _ in names)
    params: list[object] = [user_id, str(user_id)]
    for name in names:
        params += [*DECORATIONS, name, *DECORATIONS]
    rows = await tx.all(
        "SELECT game_id, kind, seat, message_id, shown_key FROM messages m "
        f"WHERE kind IN ({', '.join('?' for _ in TEXT_KINDS)}) AND shown_key <> '' AND ("
        "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = m.game_id AND s.seat = m.seat AND s.user_id = ?) "
        f"OR replace(shown_key, ?, '') <> shown_key{' OR ' + named if named else ''})",
        [*(kind.value for kind in TEXT_KINDS), *params],
    )
    changed = 0
    for row in rows:
        message_id, old = row["message_id"], row["shown_key"]
        own = await tx.one(
            "SELECT 1 AS one FROM seats WHERE game_id = ? AND seat = ? AND user_id = ?",
            (row["game_id"], row["seat"], user_id),
        )
        about = names if own is not None else []  # a notice of another seat is about its own player
        if message_id is not None:  # posted: the text is only a record now
            key = "" if _named(old, user_id, names) else old
        elif own is not None and MessageKind(row["kind"]) in TO_THE_PLAYER:
            key, message_id = "", NOT_POSTED
        else:
            rewritten = _rewritten(old, user_id, about)
            key, message_id = ("", NOT_POSTED) if rewritten is None else (rewritten, None)
        if key == old and message_id == row["message_id"]:
            continue
        changed += 1
        await tx.run(
            "UPDATE messages SET shown_key = ?, message_id = ? WHERE game_id = ? AND kind = ? AND seat = ?",
            (key, message_id, row["game_id"], row["kind"], row["seat"]),
        )
    return changed


def _bare(text: str) -> str:
    for decoration in DECORATIONS:
        text = text.replace(decoration, "")
    return text


def _named(text: str, user_id: int, names: list[str]) -> bool:
    """Whether `text` holds the user's id (a mention's digits) or one of their names, escaped or not."""
    bare = _bare(text)
    return str(user_id) in bare or any(name in bare for name in names)


def _rewritten(text: str, user_id: int, names: list[str]) -> str | None:
    """`text` with the user's mentions, and each of `names` found exactly once, replaced by the erased
    name; None when the user is still in it after that (a name written escaped, or found more than once,
    where replacing could hit other words) and the text must go."""
    for mention in (f"<@{user_id}>", f"<@!{user_id}>"):
        text = text.replace(mention, ERASED_NAME)
    for name in names:
        if text.count(name) == 1:
            text = text.replace(name, ERASED_NAME)
    return None if _named(text, user_id, names) else text


def is_erased(user_id: int | None) -> bool:
    """A seat or result of a user who deleted their data: the pseudonym is negative, Discord ids never are."""
    return user_id is not None and user_id < 0


def returning_user(user_id: int | None) -> int | None:
    """The Discord user a stored seat may be given back to (a Rematch): None for computers and erased seats."""
    return None if user_id is None or is_erased(user_id) else user_id


async def settle_pending(tx: Tx, game_id: int) -> int:
    """Erase, inside the ending game's own transaction (on the database thread), every user who asked
    while seated in it."""
    rows = await tx.all("SELECT user_id, pseudonym FROM pending_erasures WHERE game_id = ?", (game_id,))
    for row in rows:
        user_id, pseudonym = row["user_id"], row["pseudonym"]
        await tx.run(
            "UPDATE match_players SET user_id = ?, display_name = ? "
            "WHERE user_id = ? AND match_id IN (SELECT id FROM matches WHERE game_id = ?)",
            (pseudonym, ERASED_NAME, user_id, game_id),
        )
        await tx.run(
            "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL "
            "WHERE game_id = ? AND user_id = ?",
            (pseudonym, ERASED_NAME, game_id, user_id),
        )
        await tx.run(
            "UPDATE games SET host_user_id = ? WHERE id = ? AND host_user_id = ?", (pseudonym, game_id, user_id)
        )
    await tx.run("DELETE FROM pending_erasures WHERE game_id = ?", (game_id,))
    return len(rows)

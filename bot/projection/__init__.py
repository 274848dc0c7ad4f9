"""What players see: the one writer of every game message. The reconciler compares what is stored with
what is shown and owes, retries and redoes every projection (table, each hand, turn notices, standings,
thread notes, digests, season posts) until it shows or the refusal is lasting, with a fallback a player
sees. Nothing outside this room writes a game message.
"""

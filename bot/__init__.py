"""The running bot, in rooms by job (design §1): `kit` (Discord primitives), `moves` (a click to a
stored move), `projection` (the one writer of every game message), `flows` (lobby, quick start,
guidance, away, confirmations) and `process` (settings, the CardBot, shards, the sweeper, the runner).
"""

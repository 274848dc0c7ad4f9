"""Interaction flows that come before or beside a game: the lobby (seats, options, start), the quick
start, first-game guidance, away, confirmations, and tournaments (sign-up, rounds, champion). They
create games and settings through the move path and storage, and leave the game's messages to the
projection.
"""

"""Pairing, seating, scoring and tie-breaks for seasons' events: Swiss, tables and knockout (design §9).

Pure like `games/`: standard library only, no I/O, no clocks. Every value is frozen; an event is a
value holding its players and the rounds played so far, and each step (pair the next round, record a
result, drop a player) returns a new event. `to_dict()` / `from_dict()` turn an event into plain JSON
data and back, so storage keeps the event as data and a restart rebuilds exactly the same event.
Randomness (a shuffled first round of tables) comes only from the seed the event holds.

- `tournaments.model`: players, formats, pairings, tables, byes, results and rounds.
- `tournaments.swiss`: Swiss pairing for two-player matches, Buchholz and Sonneborn-Berger.
- `tournaments.tables`: multi-player tables seated by score, place points.
- `tournaments.knockout`: single elimination, seeded brackets, byes to the top seeds.
- `tournaments.standings`: the standings rows every format shows.
- `tournaments.events`: `load(data)` for a stored event of any format, and its `standings(event)`.
"""

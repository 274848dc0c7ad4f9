-- End reasons are stored without names: "ended by <display name>" and "Cancelled by <display name>."
-- kept a player's name after they deleted their data. Who ended a game is not worth keeping.
UPDATE games SET end_reason = 'ended by the host or a games manager' WHERE end_reason LIKE 'ended by %';
UPDATE games SET end_reason = 'Cancelled by the host.' WHERE end_reason LIKE 'Cancelled by %';

"""aiosqlite storage: migrations, saved games, move logs, results, ratings, settings. No discord here."""

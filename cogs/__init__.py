"""Discord features, one cog each: lobby, the three games, leaderboard, help and settings."""

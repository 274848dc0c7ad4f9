"""Pillow images of tables, hands and leaderboards, drawn from engine views only. Never imports discord."""

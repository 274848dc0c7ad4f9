"""Sixty-Six / Schnapsen / Santase (rules.md §3): engine and computer players (work in progress)."""

"""Scripted players driving the real bot through the offline Discord (fakediscord): open a table,
click like a person, play a whole game. Shared by the end-to-end tests and by the benchmarks, which
import no test module."""

"""The real bot run against the offline Discord (fakediscord), for tests and benchmarks.

It lives outside bot/ so the production package carries no test harness; it may import both sides.
"""

"""The process and its start-up: settings, the CardBot (the composition root that builds every room),
shards and their leases, health, the sweeper that wakes deadlines, the runner that starts and stops
it all, and the event loop it runs on.
"""

"""The running bot: settings, the Bot subclass, game sessions, timers and shared UI pieces.

Run it as an application: `python -m bot` (see the README).
"""

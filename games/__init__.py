"""Pure game engines and computer players: no I/O, no clocks, no Discord (design §1).

`games.registry.get_engine(kind)` returns the `games.base.Engine` for "thirteen", "carousel" or
"schnapsen"; each engine package documents its own public API in its docstring.
"""

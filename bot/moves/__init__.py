"""The move path: a click is decoded and routed (router), checked and appended to storage as one move
(service), on the process that owns the game (ownership); computer turns and deadlines (deadlines) feed
the same path. The adapters turn a game's declaration into what the bot needs of it. This room writes
no message: it hands the move it stored to the projection.
"""

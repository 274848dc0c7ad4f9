"""Discord primitives every room uses: custom ids and their decoding, Components V2 building and layout,
the kinds of refusal Discord answers with, how a message is sent or edited (transport, and requests
through a click's token: webhooks), the pace of requests, names, shared texts, the reader's language,
and the small Protocols the rooms take from one another (wiring). Nothing here knows a game's rules or
what a message should show.
"""

"""The Activity: the table inside Discord, served by the bot process.

`app` (the aiohttp server: page, client files, session, websocket), `auth`
(who a viewer is, checked with Discord; signed sessions), `hub` (the live
table: a frame per viewer per change, actions in), `scene` (what the client
draws, and each game's web table found beside its presentation), `service`
(the one door into the host), `launch` (the Open the table button).
"""

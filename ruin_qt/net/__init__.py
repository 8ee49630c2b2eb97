"""A table shared across screens: the session served over WebSocket.

protocol     the protocol's constants (docs/PROTOCOL.md): version, limits, codes, tokens
codec        one type-driven codec for every JSON the net speaks; messages register by room
messages     every message of the table protocol, each way, one class each (and the channel's pake)
contents     what the host's messages hold, typed: the public table, one seat's own view, the game's data
intent_args  the gestures' arguments on the wire (``session.intents`` holds the gestures)
link_lines   the invite helper's command and event lines
table_host   the host's authority around one TableSession (no Qt)
host_state   the host's autosave: the whole table, resumed after a crash
transport    WebSocket over QtNetwork (websockets' Sans-I/O protocol)
channel      every connection sealed end to end by a key agreed from the join code
             (SPAKE2, NaCl secretbox)
handshake    the channel's handshake on one connection: its pake exchange, the wrong-code
             guard and the refusals, a state machine the transport obeys
link_process invites across the internet: the wormhole helper process, seen from Qt
wormhole_link  that helper (Twisted, magic-wormhole's Dilation; no Qt): its commands and events,
wormhole_peer  one wormhole and its Dilation, and the codes of a seat's way back,
wormhole_host  the host's side (an invite, the friend's wormhole, the wait on the way back),
wormhole_join  the joining side (the wormhole in use, the local port, the way back),
wormhole_pipe  its forwarding between a local TCP connection and a Dilation subchannel,
wormhole_private  and the two private names of magic-wormhole it leans on
invite_defaults where invites go when nobody chose: the public servers, or RUIN_QT_MAILBOX and _RELAY
invite_servers magic-wormhole's mailbox server and transit relay, run by the game
host_service a TableHost on a WsServer, on the Qt event loop
bot_client   a computer brain playing one seat over the network
"""

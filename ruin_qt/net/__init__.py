"""A table shared across screens: the session served over WebSocket.

protocol     the messages (docs/PROTOCOL.md), checked like a record; codes, tokens
frames       the public table and one seat's own view as JSON
table_host   the host's authority around one TableSession (no Qt)
host_state   the host's autosave: the whole table, resumed after a crash
transport    WebSocket over QtNetwork (websockets' Sans-I/O protocol)
channel      every connection sealed end to end by a key agreed from the join code
             (SPAKE2, NaCl secretbox)
link_process invites across the internet: the wormhole helper process, seen from Qt
wormhole_link  that helper (Twisted, magic-wormhole's Dilation; no Qt), with
wormhole_pipe  its forwarding between a local TCP connection and a Dilation subchannel
invite_servers magic-wormhole's mailbox server and transit relay, run by the game
host_service a TableHost on a WsServer, on the Qt event loop
bot_client   a computer brain playing one seat over the network
commands     ``python -m ruin_qt host`` and ``join``
"""

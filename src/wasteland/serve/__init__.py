"""``wasteland serve``: a game server for people, with storage, seats, bots and a web table.

* :mod:`wasteland.serve.storage` keeps matches (SQLite by default, PostgreSQL by address);
* :mod:`wasteland.serve.lobby` is the house's rules: matches, seats and tokens, moves, bots;
* :mod:`wasteland.serve.app` is the ASGI application (Starlette) over HTTP and WebSockets;
* :mod:`wasteland.serve.page` is the web page (lobby and table).

It needs the ``serve`` extra (``pip install "wasteland[serve]"``). docs/serve.md says how
to run it, what it stores, and how it scales.
"""

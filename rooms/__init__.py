"""Rooms: pupils at one table from their own screens, the teacher watching every table.

The classroom server (``python -m kortspel serve``, ``make classroom``) and its Python
client; installed with the extra ``rooms`` (Starlette, uvicorn, websockets). Nothing here is
imported by the engine, and importing this package imports nothing beyond ``kortspel``:

* :mod:`kortspel.rooms.room` -- one table, its seats and match, what each seat is sent;
* :mod:`kortspel.rooms.hall` -- every room of a server, its records, its ``Settings``;
* :mod:`kortspel.rooms.server` -- the web layer (``create_app``, ``serve``, ``Running``);
* :mod:`kortspel.rooms.client` -- ``RoomClient``, a pupil's seat from Python.

``docs/rooms.md`` says how a teacher uses it and lists its messages.
"""

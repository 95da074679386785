"""The web app: ``russianbank serve`` (FastAPI, websockets, SQLAlchemy).

The server holds every game; browsers only show what their seat's
:class:`~russianbank.view.PlayerView` holds. Players read ``docs/web.md``, operators
``docs/operate.md``, client authors ``docs/protocol.md``.
"""

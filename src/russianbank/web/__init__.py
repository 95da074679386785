"""The web app: ``russianbank serve`` (FastAPI, websockets, SQLAlchemy).

The server holds every game; browsers only show what their seat's
:class:`~russianbank.view.PlayerView` holds. See ``docs/web.md``.
"""

"""Browser play: the FastAPI app (lobby REST, game websockets), SQLite storage and
the static client. ``dicefront serve`` runs it; ``create_app`` builds it."""

from .app import create_app

__all__ = ["create_app"]

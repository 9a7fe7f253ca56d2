"""PyScript entry point: start the app."""

from cardems.web.app import App

App().start()

"""Cardems: classic card games (Pişti, War, Pis Yedili, Abstract) in pure Python.

The engine imports nothing from the browser; :mod:`cardems.web` binds it to
the DOM under PyScript.

>>> from cardems.pisti import Pisti
>>> game = Pisti.new(seed=42)
>>> game.to_move
0
"""

from cardems.errors import BadInput, IllegalMove

__all__ = ["IllegalMove", "BadInput"]
__version__ = "0.1.0"

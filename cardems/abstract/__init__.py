"""Abstract: its rules (:mod:`.rules`), scoring (:mod:`.score`), exact solver
(:mod:`.solver`), the analysis behind "why this take" (:mod:`.analysis`) and its
computer opponents (:mod:`.bots`)."""

from cardems.abstract.rules import Abstract

__all__ = ["Abstract"]

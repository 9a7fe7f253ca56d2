"""Each game's rounds, as the session asks for them (finished rounds; a result left up)."""

ROUND_RULES = {
    "pisti": (lambda g: len(g.deal_results), lambda g: bool(g.deal_results) and not g.history),
    "pis-yedili": (lambda g: len(g.rounds), lambda g: bool(g.rounds) and not g.history),
    "abstract": (lambda g: len(g.deal_results),
                 lambda g: bool(g.deal_results) and g.choosing and g.deal_no == len(g.deal_results) + 1),
}

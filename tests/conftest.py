"""Shared test settings: Hypothesis runs derandomized, so every failure reproduces."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardems",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("cardems")

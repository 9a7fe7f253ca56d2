"""Hypothesis strategies over Pis Yedili's options, house rules included (shared by its tests)."""

from hypothesis import strategies as st

HOUSE = st.fixed_dictionaries(
    {
        "eight_skips": st.booleans(),
        "ace": st.sampled_from(["again", "draw"]),
        "seven_stack": st.sampled_from(["add", "double"]),
        "jack_on_jack": st.booleans(),
        "jack_doubles": st.booleans(),
        "jokers": st.booleans(),
    }
)

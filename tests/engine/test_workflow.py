"""The Pages workflow uses every action at its current major, the Pages actions paired."""

import re
from pathlib import Path

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "pages.yml"
# the current majors (late 2026); bump them here and in the workflow together
CURRENT = {
    "actions/checkout": 7,
    "actions/setup-node": 7,
    "actions/setup-python": 7,
    "actions/configure-pages": 6,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
}
# the deploy-pages and configure-pages majors made for each upload-pages-artifact major
PAGES_PAIRS = {5: (5, 6), 4: (4, 5), 3: (4, 5)}


def used_actions(text: str) -> dict[str, int]:
    found = re.findall(r"^\s*(?:-\s*)?uses:\s*([\w.-]+/[\w.-]+)@(\S+)", text, flags=re.M)
    majors = {}
    for action, ref in found:
        assert re.fullmatch(r"v\d+", ref), f"{action}@{ref}: pin actions to a major tag, e.g. @v5"
        majors[action] = int(ref[1:])
    return majors


def test_every_action_is_at_its_current_major():
    assert used_actions(WORKFLOW.read_text(encoding="utf-8")) == CURRENT


def test_the_pages_actions_are_a_pair_that_deploys():
    majors = used_actions(WORKFLOW.read_text(encoding="utf-8"))
    upload = majors["actions/upload-pages-artifact"]
    assert (majors["actions/deploy-pages"], majors["actions/configure-pages"]) == PAGES_PAIRS[upload]


def test_the_check_reads_a_mixed_workflow_as_mixed():
    mixed = (
        "steps:\n  - uses: actions/upload-pages-artifact@v5\n      - uses: actions/deploy-pages@v4\n"
        "  - uses: actions/configure-pages@v5\n"
    )
    majors = used_actions(mixed)
    assert majors == {
        "actions/upload-pages-artifact": 5,
        "actions/deploy-pages": 4,
        "actions/configure-pages": 5,
    }
    assert (majors["actions/deploy-pages"], majors["actions/configure-pages"]) != PAGES_PAIRS[5]

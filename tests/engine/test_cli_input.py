"""The command line under fuzzed arguments: success (status 0), or one line on stderr,
nothing on stdout and status 2; never a traceback, whatever stdout's encoding."""

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cli import main

REPO = Path(__file__).resolve().parents[2]
ODD = [
    "²",
    "①",
    "፰",
    "١٢",
    "9" * 5000,
    "-1",
    "0",
    "1_0",
    "ş",
    "♠",
    "a\nb",
    "",
    " ",
    "=",
    "pick:²",
    "X",
    "10D/QS",
    "JH:S",
    "first",
    "draw",
    "pass",
]
# tokens a fuzzed command line is made of: flags, good values, odd values (each arena
# run ends with one quick deal, so --deals is not among them)
TOKENS = [
    "--seed",
    "--deck",
    "--moves",
    "--option",
    "--level",
    "--bots",
    "--players",
    "--jobs",
    "--json",
    "--quiet",
    "1",
    "7",
    "hard",
    "easy",
    "hard,normal",
    "players=4",
    "target=፰",
    "target=250",
    "variant=52",
    "mode=match",
    "ten_rule=reverse",
    "last_card_pisti=1",
    "level=hard",
    "AS 2S",
    "7H 7S",
] + ODD
COMMANDS = [
    ["replay", "pisti"],
    ["replay", "war"],
    ["replay", "pis-yedili"],
    ["replay", "abstract"],
    ["replay", "chess"],
    ["play", "pisti"],
    ["play", "war"],
    ["arena", "pisti"],
    ["arena", "abstract"],
    [],
]


def command_line(base: list[str], tokens: list[str]) -> list[str]:
    argv = base + tokens
    return argv + ["--deals", "1", "--bots", "easy,normal", "--quiet"] if argv[:1] == ["arena"] else argv


def check(code: int, out: str, err: str) -> None:
    assert code in (0, 2), (code, err[-2000:])
    if code == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("cardems: ") and err.endswith("\n"), err
    else:
        assert err == "" and out


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(COMMANDS),
    st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=12)), max_size=6),
    st.text(max_size=40),
)
def test_fuzzed_arguments_succeed_or_exit_2_with_one_line(base, tokens, typed):
    out, err = io.StringIO(), io.StringIO()
    check(
        main(command_line(base, tokens), out=out, err=err, inp=io.StringIO(typed + "\nquit\n")),
        out.getvalue(),
        err.getvalue(),
    )


class Ascii(io.TextIOWrapper):
    """A stdout that can only encode ASCII, as with PYTHONIOENCODING=ascii."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="ascii")

    def getvalue(self) -> str:
        self.flush()
        return self.buffer.getvalue().decode("ascii")


def test_terminal_play_writes_ascii_to_a_stdout_that_cannot_show_pisti_or_suits():
    out, err = Ascii(), Ascii()
    assert main(["play", "pisti", "--seed", "3"], out=out, err=err, inp=io.StringIO("ş\n♠\nquit\n")) == 0
    text = out.getvalue()
    assert text.startswith("Pisti, seed 3") and "Not legal" in text and "Bye." in text
    assert main(["replay", "pisti", "--seed", "²"], out=out, err=err) == 2
    assert err.getvalue() == "cardems: seed '\\xb2' is not a whole number between 0 and 2^53\n"


# ---------------------------------------------------------------- as a process
def run_cli(argv: list[str], stdin: bytes, **env: str):
    proc = subprocess.run(
        [sys.executable, "-m", "cardems", *argv],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), **env},
    )
    return proc.returncode, proc.stdout.decode("ascii"), proc.stderr.decode("ascii")


ISSUE_EXAMPLES = [  # from issue 20: each exited 1 with a traceback
    (["replay", "pisti", "--seed", "²"], 2),
    (["replay", "pisti", "--seed", "9" * 5000], 2),
    (["replay", "abstract", "--seed", "1", "--option", "target=፰"], 2),
    (["replay", "abstract", "--seed", "1", "--moves", "first ①"], 2),
    (["replay", "pis-yedili", "--seed", "1", "--moves", "pick:²"], 2),
    (["arena", "pisti", "--seed", "①", "--deals", "1"], 2),
    (["arena", "pisti", "--deals", "٣"], 2),
    (["play", "pisti", "--seed", "12"], 0),
]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
@pytest.mark.parametrize(
    "encoding", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}]
)
def test_the_issues_examples_as_a_process_with_a_non_utf8_stdout(encoding):
    for argv, status in ISSUE_EXAMPLES:
        code, out, err = run_cli(argv, "7H\nş\nquit\n".encode(), **encoding)
        assert code == status, (argv, err)
        check(code, out, err)


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_seeded_fuzzed_command_lines_as_a_process_with_an_ascii_stdout():
    rng = random.Random(20)
    pool = [t for t in TOKENS if "\n" not in t] + [
        "".join(rng.choice("aZ9²①፰ş♠=:/-, ") for _ in range(6)) for _ in range(20)
    ]
    for _ in range(16):
        argv = command_line(rng.choice(COMMANDS), [rng.choice(pool) for _ in range(rng.randrange(5))])
        code, out, err = run_cli(
            argv, "ş①\n".encode() + bytes([0xFF, 10]) + b"quit\n", PYTHONIOENCODING="ascii"
        )
        check(code, out, err)


# ---------------------------------------------------------------- issue 31, item 7
NOT_ASCII_DIGITS = ["١", "۱", "１", "𝟏", "1_0", "+1", "-1", "1.0", "0x1", "١٠"]
NUMERIC = [  # every numeric option of every subcommand, with what else the command needs
    (["arena", "pisti", "--quiet", "--deals"], []),
    (["arena", "pisti", "--quiet", "--deals", "1", "--players"], []),
    (["arena", "pisti", "--quiet", "--deals", "1", "--jobs"], []),
    (["arena", "ladder", "--quiet", "--cache", "", "--deals"], []),
    (["arena", "ladder", "--quiet", "--jobs"], []),
    (["arena", "ladder", "--quiet", "--players"], []),
    (["arena", "panel", "--quiet", "--deals"], []),
    (["arena", "panel", "--quiet", "--jobs"], []),
    (["arena", "panel", "--quiet", "--players"], []),
    (["replay", "pisti", "--seed"], []),
    (["play", "pisti", "--seed"], []),
    (["arena", "pisti", "--seed"], []),
    (["arena", "ladder", "--seed"], []),
    (["arena", "panel", "--seed"], []),
    (["replay", "pisti", "--seed", "1", "--option"], ["players="]),
    (["replay", "abstract", "--seed", "1", "--option"], ["target="]),
]


@pytest.mark.parametrize("argv,prefix", NUMERIC)
def test_every_numeric_option_takes_ascii_digits_only(argv, prefix):
    for text in NOT_ASCII_DIGITS:
        out, err = io.StringIO(), io.StringIO()
        code = main(argv + ["".join(prefix) + text], out=out, err=err, inp=io.StringIO("quit\n"))
        assert code == 2 and out.getvalue() == "", (argv, text)
        check(code, out.getvalue(), err.getvalue())


def test_the_ladder_takes_plain_digits():
    out, err = io.StringIO(), io.StringIO()
    assert (
        main(
            [
                "arena",
                "ladder",
                "--game",
                "war",
                "--players",
                "2",
                "--deals",
                " 1",
                "--quiet",
                "--cache",
                "",
                "--json",
                "--jobs",
                "1",
            ],
            out=out,
            err=err,
        )
        == 0
    ), err.getvalue()


BIG = "x" * 100_000
LONG_ARGUMENTS = [
    ["replay", BIG],
    ["replay", "pisti", "--seed", "1", "--moves", BIG],
    ["replay", "pisti", "--seed", "1", "--moves", "7H " + BIG],
    ["replay", "pisti", "--option", BIG],
    ["replay", "pisti", "--seed", "1", "--option", "players=" + BIG],
    ["replay", "pisti", "--deck", BIG],
    ["replay", "pisti", "--seed", BIG],
    ["replay", "pisti", "--seed", "1", "--option", "level=" + BIG],
    ["arena", "pisti", "--bots", BIG],
    ["arena", "pisti", "--deals", "1", "--option", BIG + "=1"],
    ["arena", "ladder", "--pair", BIG],
    ["arena", "ladder", "--pair", "hard," + BIG],
    ["arena", "ladder", "--game", BIG],
    ["arena", "panel", "--deals", BIG],
    [
        "arena",
        "panel",
        "--scheduler",
        BIG,
        "--cache",
        "",
        "--game",
        "pisti",
        "--players",
        "2",
        "--deals",
        "1",
    ],
    ["replay", "pisti", "--seed", "1", BIG],
    ["play", "pisti", "--level", BIG],
    ["replay", "pis-yedili", "--seed", "1", "--moves", "pick:" + BIG],
    ["replay", "abstract", "--seed", "1", "--option", "target=" + BIG],
]


@pytest.mark.parametrize("argv", LONG_ARGUMENTS, ids=range(len(LONG_ARGUMENTS)))
def test_an_error_line_quotes_at_most_80_characters_of_a_bad_argument(argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err, inp=io.StringIO("quit\n"))
    check(code, out.getvalue(), err.getvalue())
    assert code == 2 and "x" * 81 not in err.getvalue() and len(err.getvalue()) < 500


def shell(command: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """``python -m cardems`` with the shell's redirections (``>&-``, ``>/dev/full``, ``<&-``)."""
    proc = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m cardems {command}"],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


STREAMS = [  # (command with its redirections, what the one line on stderr says; None: stderr is gone too)
    ("replay pisti --seed 1 >&-", "standard output is closed"),
    ("replay pisti --seed 1 >/dev/full", "No space left on device"),
    ("play pisti --seed 1 --level easy >/dev/full", "No space left on device"),
    ("play pisti --seed 1 <&-", "standard input is closed"),
    ("arena war --deals 1 --quiet >/dev/full", "No space left on device"),
    ("arena ladder --game war --deals 1 --cache '' --quiet >&-", "standard output is closed"),
    ("replay pisti --seed x 2>&-", None),
    ("replay pisti --seed x 2>/dev/full", None),
    ("arena war --deals 1 2>/dev/full >/dev/full", None),
    ("replay pisti --seed 1 >&- 2>&-", None),
]


@pytest.mark.skipif(sys.platform == "emscripten" or not os.path.exists("/dev/full"), reason="no shell")
@pytest.mark.parametrize("command,says", STREAMS)
def test_closed_or_full_standard_streams_exit_2_without_a_traceback(command, says):
    code, out, err = shell(command, b"7H\nquit\n")
    assert code == 2 and "Traceback" not in err and "Exception" not in err, (code, err)
    if says is None:
        assert err == ""
    else:
        assert err.count("\n") == 1 and err.startswith("cardems: ") and says in err, err

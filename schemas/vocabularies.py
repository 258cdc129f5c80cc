"""Closed vocabularies of the enum-like string fields (shell, test runner, patch format, …).

Why: these fields are not scanned by redaction, so whatever a client puts there is stored.
A name shape (letters, digits, ``_.-``) still lets a word-like password through
(``castle99x``, ``TestSourcePassword``); a closed list does not. Each vocabulary says what
it is for and lists its values; a value outside the list is refused at the boundary (the
gateway's 422, the SDK's exception, the stream's dead letter) unless it is an **extension
name**: ``x-`` and lower-case words (``x-my_runner``), so a client with a new kind of thing
can still send it, and a pasted secret (which never starts ``x-``) cannot pass as one.

``Error.kind`` is open by nature (it names an exception class), so besides its categories it
takes an exception-class form: dotted or ``::`` parts ending in ``Error``, ``Exception``,
``Warning``… (``requests.exceptions.HTTPError``, ``std::io::Error``), or an errno name
(``ENOENT``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Vocabulary:
    """One field's allowed values, and the open forms it takes besides them."""

    name: str
    why: str
    values: frozenset[str]
    open_form: re.Pattern[str]
    """Besides ``values``: a full-match pattern of other accepted values (``x-`` names)."""

    def listing(self, n: int = 6) -> str:
        """A few known values for an error message."""
        shown = sorted(self.values)[:n]
        more = len(self.values) - len(shown)
        return ", ".join(shown) + (f", … ({more} more)" if more > 0 else "")


EXTENSION = r"x-[a-z]+(?:[-_][a-z]+)*"
"""An extension name: ``x-`` then lower-case words (no digits: a key's tail is never all
letters and words)."""


def _v(name: str, why: str, values: str, open_form: str = EXTENSION) -> Vocabulary:
    return Vocabulary(name, why, frozenset(values.split("|")), re.compile(open_form))


VOCABULARIES: dict[str, Vocabulary] = {
    v.name: v
    for v in (
        _v(
            "shell",
            "the shell a terminal command ran in (the capture client sends the basename of "
            "$SHELL, or `unknown` for one not listed)",
            "bash|zsh|fish|sh|dash|ash|ksh|mksh|pdksh|tcsh|csh|yash|pwsh|powershell|cmd|nu|"
            "nushell|xonsh|elvish|oil|osh|ysh|ion|rc|es|busybox|git-bash|unknown",
        ),
        _v(
            "test_runner",
            "the test runner of a test run (the capture client's and importers' names, "
            "`producers/capture/tests_detect.py`; `custom` for any other)",
            "pytest|unittest|nose|nose2|tox|nox|go test|npm test|make test|yarn test|pnpm test|"
            "cargo test|cargo nextest|mvn test|gradle test|maven|gradle|sbt|junit|testng|"
            "jest|vitest|mocha|jasmine|karma|ava|tap|playwright|cypress|deno test|bun test|"
            "rspec|minitest|phpunit|pest|dotnet test|xunit|nunit|mstest|ctest|gtest|catch2|"
            "bats|mix test|exunit|swift test|xctest|dart test|flutter test|zig test|"
            "stack test|cabal test|hspec|busted|bazel test|custom",
        ),
        _v(
            "patch_format",
            "how a file edit's patch is written",
            "unified_diff|git_diff|context_diff|ed|json_patch|lsp_text_edits|whole_file|"
            "replace_range|keystrokes",
        ),
        _v(
            "debug_action",
            "what a developer did in a debugger",
            "launch|attach|restart|stop|terminate|disconnect|pause|continue|step|next|"
            "step_over|step_into|step_out|step_back|run_to_cursor|breakpoint_set|"
            "breakpoint_remove|breakpoint_hit|set_breakpoint|remove_breakpoint|"
            "exception_hit|evaluate|eval|inspect|watch|print|set_variable|select_frame",
        ),
        _v(
            "navigation_kind",
            "how a developer moved through the code",
            "open|close|goto_definition|goto_declaration|goto_type_definition|"
            "goto_implementation|goto_line|find_references|find_implementations|"
            "call_hierarchy|type_hierarchy|search|grep|file_search|symbol_search|"
            "workspace_symbol|outline|hover|peek|back|forward|switch_tab|scroll",
        ),
        _v(
            "dedupe_policy",
            "how the stream deduplicates a trace's events (by event_id is the one it does)",
            "event_id",
        ),
        _v(
            "error_kind",
            "what kind of error an error event reports: a category, or the exception class",
            "capture|exception|crash|panic|timeout|compile|build|lint|type_check|test|"
            "runtime|network|permission|out_of_memory|signal|tool|internal|user|other",
            open_form=EXTENSION + r"|(?:[A-Za-z_][A-Za-z0-9_]*(?:\.|::))*[A-Z][A-Za-z0-9]*"
            r"(?:Error|Exception|Exit|Warning|Failure|Fault|Interrupt|Timeout|Panic|Abort)"
            r"|(?:[a-z_][a-z0-9_]*::)+Error|E[A-Z]{2,14}",
        ),
    )
}
"""The enum-like fields' vocabularies, by shape name (``schemas.fields`` assigns them)."""


def known_shell(name: str) -> str:
    """``name`` if it is a listed shell, else ``unknown`` (what the capture client sends
    for a ``$SHELL`` it does not know: the event is kept, the name is not)."""
    return name if name in VOCABULARIES["shell"].values else "unknown"

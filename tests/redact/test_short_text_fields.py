"""Short-text fields (branches, OS, IDE, time zone, languages, labels, task and repo ids):
scanned like text, and a segment that reads as a key or a password goes with no keyword.

Issue 29, sixth session: a bare key alone in such a field was stored whenever the text
rules needed context to take it (``Environment.os = "df161d9d5841…"``: 20-34 % of each
corpus split's secrets). Names are never written so, and a refusal would lose the whole
event for one odd branch, so these fields redact instead of refusing.
"""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import event_fields, field_verdict
from bench.samples import sample_opened
from schemas.fields import FIELD_SHAPES
from schemas.shapes import SHORT_TEXT, password_like, random_segments
from streams.redact import Redactor
from streams.redact.memory import TraceMemory
from streams.redact_events import RANDOM_SEGMENT_RULE, DictRedaction, redact_opened
from tests.ids import test_id

SHORT_TEXT_FIELDS = [k for k in event_fields() if FIELD_SHAPES[k] == SHORT_TEXT]

BARE_KEYS = (
    "df161d9d584191ce8274164d16b433c6",  # semgrep algolia-api-key: 32 hex
    "xwwloygkk3f1le2tw",  # semgrep airtable-api-key: letters and digits
    "afefcb86-9bcf-f05e-6e34-14bd72a32efe",  # semgrep kucoin-secret-key: no RFC bits
    "47050061723854045311518666050614",  # semgrep discord-client-secret: 32 digits
    "VMware1!",  # Nosey Parker vmware: a password's signs
    "super$ecret",  # Nosey Parker generic
)


def test_the_short_text_fields_are_the_names() -> None:
    assert {k.rsplit(".", 2)[-2] + "." + k.rsplit(".", 1)[1] for k in SHORT_TEXT_FIELDS} == {
        "EventContext.branch", "PrMetadata.base_branch", "PrMetadata.head_branch",
        "Repo.repo_id", "Repo.default_branch", "Task.task_id", "Task.labels[]",
        "Environment.os", "Ide.name", "Ide.version", "Environment.language[]",
        "Environment.timezone", "EvalSpec.dataset", "EvalSpec.instance_id", "EvalSpec.version",
    }  # fmt: skip


@pytest.mark.parametrize("secret", BARE_KEYS)
@pytest.mark.parametrize("key", SHORT_TEXT_FIELDS)
def test_a_bare_key_in_a_short_text_field_is_redacted(key: str, secret: str) -> None:
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


NAMES = (
    "main", "feature/ABC-1234-fix-null-pointer", "dependabot/npm_and_yarn/lodash-4.17.21",
    "renovate/lock-file-maintenance", "release/v2.3.0-rc1", "users/jdoe/hotfix-2024.05",
    "Linux-6.5.0-1016-azure-x86_64-with-glibc2.35", "macOS-14.2-arm64-arm-64bit",
    "Windows-10-10.0.22631-SP0", "Ubuntu 22.04.3 LTS", "Windows 11 Pro (x64)",
    "Visual Studio Code", "IntelliJ IDEA Ultimate", "IU-233.13135.103", "1.85.2",
    "America/New_York", "Etc/GMT+5", "+05:30", "W. Europe Standard Time",
    "TypeScript", "C++", "C#", "Objective-C", "Jupyter Notebook",
    "good first issue", "import:swe-agent", "priority:P1", "breaking!", "don't merge",
    "django__django-11099", "scikit-learn__scikit-learn-25570", "ENG-4821",
    "https://github.com/acme/app.git", "git@github.com:acme/app.git",
    "0f8fad5b-d9cb-469f-a165-70867728950e",  # an RFC UUID: a task id may be one (a limit)
    # a repository id that is its remote: URLs and paths are left to the text rules
    "file:///tmp/tmp.JewM2MsfG7/data/repos/demo-bcd013e7b2fa/.git",
    "/home/dev/src/a1b2c3d4e5f6a7b8c9d0e1f2", "before-externalsecret1.yml",
)  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_names_are_kept_whole(name: str) -> None:
    assert random_segments(name) == [], name


def test_only_the_random_segment_of_a_branch_goes() -> None:
    merge_queue = "gh-readonly-queue/main/pr-123-9fceb02d0ae598e95dc970b74767f19372d61af8"
    assert random_segments(merge_queue) == []  # a pull request and its head commit
    other = "gh-readonly-queue/main/x-9fceb02d0ae598e95dc970b74767f19372d61af8"
    assert random_segments(other) == [(23, len(other))]
    redaction = DictRedaction(Redactor())
    event = {"event_id": test_id("e"), "seq": 1, "ts_ms": 1, "type": "thought",
             "context": {"branch": "feature/login-VMware1!"},
             "payload": {"content_text": "hm"}}  # fmt: skip
    out = redaction.event(event, None)
    assert out["context"]["branch"] == f"feature/[REDACTED:{RANDOM_SEGMENT_RULE}]"
    assert out["redaction"].counts == {RANDOM_SEGMENT_RULE: 1}
    again = redaction.event({**event, "context": {"branch": "feature/login-VMware1!"}}, None)
    assert again["context"]["branch"] == out["context"]["branch"] and again["redaction"]


def test_password_signs_need_letters_and_more_than_a_final_mark() -> None:
    assert password_like("Winter!Q") and password_like("river99$") and password_like("Hunter!$")
    assert not password_like("breaking!") and not password_like("C++") and not password_like("$$")


def test_a_key_in_a_branch_is_remembered_for_the_trace() -> None:
    """The trace memory learns the segment: the same key in a later command goes too."""
    trace = test_id("trace")
    key = "df161d9d584191ce8274164d16b433c6"
    redaction = DictRedaction(Redactor(), TraceMemory())
    first = {"event_id": test_id("e1"), "seq": 1, "ts_ms": 1, "type": "thought",
             "context": {"branch": f"wip/{key}"}, "payload": {"content_text": "hm"}}  # fmt: skip
    redaction.event(first, None, trace)
    later = {"event_id": test_id("e2"), "seq": 2, "ts_ms": 2, "type": "terminal_command",
             "payload": {"cwd": "/w", "command": f"deploy --as {key[:10]} {key}"}}  # fmt: skip
    out = redaction.event(later, None, trace)
    assert key not in out["payload"]["command"], out["payload"]["command"]


def test_the_trace_opened_record_redacts_its_names_and_remembers_them() -> None:
    key = "xwwloygkk3f1le2tw"
    opened = sample_opened(seed=2)
    opened.environment.os = f"Linux {key}"
    opened.task.labels = ["bug", key]
    memory = TraceMemory()
    stored, redaction = redact_opened(opened, Redactor(), memory)
    assert stored.environment.os == f"Linux [REDACTED:{RANDOM_SEGMENT_RULE}]"
    assert stored.task.labels == ["bug", f"[REDACTED:{RANDOM_SEGMENT_RULE}]"]
    assert redaction.counts[RANDOM_SEGMENT_RULE] == 2
    assert memory.apply(opened.trace_id, f"echo {key}")[1] == 1


@pytest.mark.parametrize(
    ("branch", "command"),
    [
        ("feature/login-VMware1!", "QuyijkwNEzPGfu"),
        ("a1!b2$c", "ls"),  # under 8 characters: read by neither path
        ("main", "df161d9d584191ce8274164d16b433c6"),
        ("gh-readonly-queue/main/pr-1-VMware1!", "git status"),
    ],
)
def test_the_dict_and_model_paths_read_fields_alike(branch: str, command: str) -> None:
    from schemas.models import Event
    from tests.streams.reference import redact_event

    event = {
        "event_id": test_id("e"), "seq": 1, "ts_ms": 1, "type": "terminal_command",
        "context": {"branch": branch}, "payload": {"cwd": "/w", "command": command},
    }  # fmt: skip
    model = redact_event(Event.model_validate(event), None, Redactor())
    fast = DictRedaction(Redactor()).event(Event.model_validate(event).model_dump(), None)
    assert fast["context"]["branch"] == model.context.branch
    assert fast["payload"]["command"] == model.payload.command

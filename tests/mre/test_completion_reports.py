"""Reports a careful reader completes at once, validated end to end (real sandbox, PyPI).

Each one was answered YELLOW or RED before its rule (``qa_agents/mre/rules/completion.py``)
existed; the rule's own examples are in ``test_reading_rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.output_match import exact_numbers, normalize_lines
from qa_agents.mre.models import MreResult, ShownEvidence

Run = Callable[..., MreResult]

NOTE_IN_OUTPUT = """# copy() of a nested dict shares the inner dict

```python
import copy

a = {"x": {"a": 1}}
b = copy.copy(a)
b["x"]["a"] = 2
print(a["x"])
print(b["x"])
```

Output:

```
{'a': 2} <-- was not expecting this one to change
{'a': 2}
```
"""

FORGOTTEN_EXPORT = """# extra="forbid" is not applied

pydantic version: 2.5.3

```python
class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")
    a: int

Model(a=1, b=2)
```

```
pydantic_core._pydantic_core.ValidationError: 1 validation error for Model
b
  Extra inputs are not permitted [type=extra_forbidden, input_value=2, input_type=int]
```
"""

FILE_IN_FENCE_INFO = """# json.load turns the key into a string

```settings.json
{"1": "one"}
```

```python
import json

with open("settings.json") as f:
    data = json.load(f)
print(list(data))
```

I get `['1']`.
"""


SHOWN_FILES_BY_NAME = """# merging two settings files drops the nested key

I've got two json files:

old.json
```json
{"network": {"domain": "old.domain", "port": 80}}
```

new.json
```
{"network": {"domain": "new.domain"}}
```

When I run:
```python
{**old_json, **new_json}
```

I've got this:
```json
{
    'network': {
        'domain': 'new.domain'
    }
}
```

Instead of:
```json
{
    'network': {'domain': 'new.domain', 'port': 80}
}
```
"""


def test_names_of_shown_files_pretty_printed_reprs_and_instead_of(run_issue: Run) -> None:
    """rules name-of-a-shown-file (``old_json`` is old.json's document),
    python-value-in-a-json-fence (the `json` block under "I've got this:" is a repr the
    code printed) and instead-of-announces-the-expected (the last block is what the
    author wanted); the wrapped repr is compared as print writes it. Before: RED
    undefined-name."""
    result = run_issue(SHOWN_FILES_BY_NAME)
    assert (result.verdict.value, result.reason_category) == ("GREEN", "reproduced")


def test_inline_note_beside_a_shown_value_is_not_output(run_issue: Run) -> None:
    """rule inline-output-note: before it, the note made the shown line differ: YELLOW."""
    result = run_issue(NOTE_IN_OUTPUT)
    assert (result.verdict.value, result.reason_category) == ("GREEN", "reproduced")


def test_name_the_library_of_a_forgotten_import_exports_is_imported(run_issue: Run) -> None:
    """rule library-of-a-forgotten-import: `BaseModel` pins pydantic, so `ConfigDict` is
    tried from it; before, it stayed undefined: RED undefined-name."""
    result = run_issue(FORGOTTEN_EXPORT, timeout_s=30.0)
    assert (result.verdict.value, result.reason_category) == ("GREEN", "reproduced")
    assert "from pydantic import ConfigDict" in result.report_markdown


def test_data_file_named_in_the_fence_info_is_written(run_issue: Run) -> None:
    """rule file-named-by-fence-info: before it, the file was missing: RED missing-file."""
    result = run_issue(FILE_IN_FENCE_INFO)
    assert (result.verdict.value, result.reason_category) == ("GREEN", "reproduced")


def test_a_timestamp_near_a_date_the_code_builds_is_compared_as_written() -> None:
    """With the notes off, a shown sunrise of the day before must still be compared as
    written: it is computed from the code's own date, not read off the clock."""
    markdown = "```python\nstart = datetime(2010, 1, 1)\n```\n"
    shown = [ShownEvidence(kind="output", text="2009-12-30 23:55:49+00:00\n2024-05-01 10:00\n")]
    assert exact_numbers(markdown, shown) == ["2009-12-30 23:55:49+00:00"]


def test_shown_output_is_read_without_its_notes() -> None:
    analysis = analyse_behavior(NOTE_IN_OUTPUT, set(), set())
    assert analysis.expected_behavior.output_snippet == "{'a': 2}\n{'a': 2}\n"


def test_a_literal_wrapped_over_lines_is_compared_as_print_writes_it() -> None:
    shown = "{\n    'network': {\n        'domain': [\n 'a',\n 'b'\n ]\n    }\n}\n"
    assert normalize_lines(shown) == ["{'network': {'domain': ['a', 'b']}}"]
    assert normalize_lines("{\n 3,\n 1\n}\n") == ["{ 3, 1 }"]  # a set keeps its order

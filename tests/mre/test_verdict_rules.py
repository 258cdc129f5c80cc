"""Every verdict names the rules that decided it: each block records the named rules that
read it, the report's head lists them, its last section says which block each decided,
and ``MreResult.rules`` carries them to the CLI and QA (issue 32: "a newcomer can answer
'which rule decided this verdict?' from the report itself")."""

from __future__ import annotations

from collections.abc import Callable

from qa_agents.mre.decision import rules_behind
from qa_agents.mre.models import ExtractionMetadata, MreResult
from qa_agents.mre.read.markdown import extract_code_blocks
from qa_agents.mre.rules.catalogue import RULES

from .test_completion_reports import SHOWN_FILES_BY_NAME

Run = Callable[..., MreResult]

REPORT = """# parse fails

In config.yaml:

```
a: 1
```

```python
import yaml
print(yaml.safe_load(open("config.yaml")))
```

It raises:

```
Traceback (most recent call last):
  File "x.py", line 2, in <module>
ValueError: bad
```

Expected: `{'a': 1}`. Actual: `None`.

Instead of:

```
{'a': 1}
```
"""


def test_each_block_names_the_rules_that_read_it_in_order() -> None:
    read = [(b.kind, b.context, b.rules) for b in extract_code_blocks(REPORT)]
    assert read == [
        # read as output alone, then the line above names the file it is
        ("other", "", ["unlabelled-output", "data-file-named-above"]),
        ("code", "", ["python-that-parses"]),
        ("traceback", "actual", ["traceback", "actual-words"]),
        # found in a prose line by a completion rule, then read like any block
        ("output", "expected", ["labelled-inline-values", "output-fence", "expectation-words"]),
        ("output", "actual", ["labelled-inline-values", "output-fence", "actual-words"]),
        ("output", "expected", ["unlabelled-output", "instead-of-announces-the-expected"]),
    ]


def test_every_recorded_name_is_a_registered_rule() -> None:
    names = {r.name for r in RULES}
    recorded = {r for b in extract_code_blocks(REPORT) for r in b.rules}
    assert recorded <= names


def test_the_rules_behind_a_verdict_are_the_blocks_then_the_scripts_once_each() -> None:
    meta = ExtractionMetadata(
        code_blocks_found=0, blocks=extract_code_blocks(REPORT), rules=["name-of-a-shown-file"]
    )
    assert rules_behind(meta) == [
        "unlabelled-output",
        "data-file-named-above",
        "python-that-parses",
        "traceback",
        "actual-words",
        "labelled-inline-values",
        "output-fence",
        "expectation-words",
        "instead-of-announces-the-expected",
        "name-of-a-shown-file",
    ]


def test_the_report_names_the_rules_behind_its_verdict(run_issue: Run) -> None:
    """Through the real pipeline (sandbox, PyPI): the head's **Rules** line, the reading
    section and ``MreResult.rules`` name the rules that made this report GREEN."""
    result = run_issue(SHOWN_FILES_BY_NAME)
    assert (result.verdict.value, result.reason_category) == ("GREEN", "reproduced")
    assert result.verdict_rule == "shows-the-reported-symptom"
    assert "**Verdict rule**: `shows-the-reported-symptom`" in result.report_markdown
    for deciding in ("name-of-a-shown-file", "python-value-in-a-json-fence"):
        assert deciding in result.rules
    assert set(result.rules) <= {r.name for r in RULES}
    head = result.report_markdown.split("\n\n", 2)[1]
    assert "**Rules**: " + ", ".join(f"`{r}`" for r in result.rules) in head
    reading = result.report_markdown.split("## How the Report Was Read", 1)[1]
    assert "- block 4 (fenced json): output, actual, by `any-other-language`, " in reading
    assert "`python-value-in-a-json-fence`" in reading
    assert "- script completed by `name-of-a-shown-file`" in reading
    assert "- the run compared with the report by `the-shown-output`" in reading
    assert result.rules[-1] == "the-shown-output"


CLAIMED = """# lookup fails

```python
import collections
collections.OrderedDict()["a"]
```

Calling it gives a `KeyError`.
"""


def test_a_claim_read_from_the_prose_names_its_rule_among_the_verdicts() -> None:
    from qa_agents.mre.claims.behavior import analyse_behavior
    from qa_agents.mre.document import read_report
    from qa_agents.mre.script.extractor import extract

    document = read_report(CLAIMED)
    behavior = analyse_behavior(document)
    claimed = [(e.text, e.rule) for e in behavior.shown]
    assert claimed == [("KeyError", "raises-an-exception")]
    rules = rules_behind(extract(document).metadata, behavior)
    assert rules[:1] == ["python-that-parses"]
    # the claim, then the symptom rule that took it as the symptom
    assert rules[-2:] == ["raises-an-exception", "last-shown-traceback"]


def test_decide_names_the_first_verdict_rule_that_decides() -> None:
    """The ladder's order is the precedence: code that does not parse and imports a module
    PyPI lacks is RED for the first (does-not-parse comes before cannot-install-an-import)."""
    from qa_agents.mre.verdict import VERDICT_RULES, decide, example_facts

    unknown = {"can_proceed": False, "packages": [{"name": "mylib", "error": "not found"}]}
    both = example_facts(meta={"syntax_error": "invalid syntax"}, versions=unknown)
    decision = decide(both.meta, both.versions, both.behavior, both.run, both.comparison)
    assert (decision.category, decision.verdict_rule) == ("not-parseable", "does-not-parse")
    only_unknown = example_facts(versions=unknown)
    decision = decide(
        *(getattr(only_unknown, f) for f in ("meta", "versions", "behavior")),
        only_unknown.run,
        only_unknown.comparison,
    )
    assert (decision.category, decision.verdict_rule) == (
        "missing-module",
        "cannot-install-an-import",
    )
    names = [r.name for r in VERDICT_RULES]
    assert names.index("does-not-parse") < names.index("cannot-install-an-import")
    assert names[-1] == "ran-without-the-symptom"


def test_symptom_rules_that_held_are_named_by_the_behaviour_analysis() -> None:
    from qa_agents.mre.claims.behavior import analyse_behavior

    hangs = analyse_behavior("# loop\n\n```python\nimport x\nx.run()\n```\n\nCalling it hangs.\n")
    assert hangs.never_finishes and hangs.rules == ["says-it-never-finishes"]
    shown = analyse_behavior("# x\n\n```python\nimport x\nx.f()\n```\n\nOutput:\n\n```\n3\n```\n")
    assert shown.rules == ["first-shown-output"]
    silent = analyse_behavior(
        "# no error\n\n```python\nimport x\nx.parse('')\n```\n\nIt raises no exception.\n"
    )
    assert silent.expected_behavior.absence == "exception"
    assert silent.rules == ["says-nothing-is-raised"]


def test_a_block_found_in_the_prose_names_the_shape_rule_that_found_it() -> None:
    unfenced = (
        "# t\n\nimport x\nx.f()\n\nIt raises:\n\n"
        'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nKeyError: 1\n'
    )
    read = [(b.kind, b.rules) for b in extract_code_blocks(unfenced)]
    assert read == [
        ("code", ["unfenced-script", "unlabelled-code"]),
        ("traceback", ["traceback-in-prose", "traceback", "actual-words"]),
    ]

"""Code-block extraction and AST hydration, each on its own."""

from __future__ import annotations

import ast

from qa_agents.mre.tools.code_facts import analyse
from qa_agents.mre.tools.extractor import extract
from qa_agents.mre.tools.hydrate import hydrate
from qa_agents.mre.tools.markdown import combine_python_blocks, extract_code_blocks

MULTI = """
Setup:

```python
import json
data = {"a": 1}
```

Then:

```py
print(json.dumps(data))
```

```
Traceback (most recent call last):
  File "x.py", line 2, in <module>
KeyError: 'b'
```

```bash
pip install requests==2.31.0
```

```text
{"a": 1}
```

```json
{"config": true}
```
"""


def test_all_blocks_with_languages_and_kinds() -> None:
    blocks = extract_code_blocks(MULTI)
    assert [(b.language, b.kind) for b in blocks] == [
        ("python", "code"),
        ("py", "code"),
        ("", "traceback"),
        ("bash", "shell"),
        ("text", "output"),
        ("json", "other"),
    ]


def test_python_labelled_traceback_is_not_code() -> None:
    md = '```python\nTraceback (most recent call last):\n  File "a", line 1\nValueError: x\n```\n'
    assert extract_code_blocks(md)[0].kind == "traceback"


def test_multiple_blocks_combined_into_one_script() -> None:
    result = extract(MULTI)
    assert result.metadata.code_blocks_found == 6
    assert result.metadata.python_blocks_used == 2
    assert "import json" in result.code and "print(json.dumps(data))" in result.code
    assert "Traceback" not in result.code
    ast.parse(result.code)


def test_repl_transcript_becomes_code() -> None:
    md = "```pycon\n>>> x = [1, 2]\n>>> len(x)\n2\n```\n"
    block = extract_code_blocks(md)[0]
    assert block.kind == "code"
    assert block.content.strip().splitlines() == ["x = [1, 2]", "len(x)"]


def test_unparseable_block_dropped_when_others_parse() -> None:
    md = "```python\nx = 1\n```\n\n```python\ndef broken(:\n```\n\n```python\nprint(x)\n```\n"
    code, warnings = combine_python_blocks(extract_code_blocks(md))
    assert "broken" not in code and "print(x)" in code
    assert any("block 1" in w for w in warnings)


def test_missing_imports_added_without_touching_logic() -> None:
    code = (
        '"""Doc."""\nfrom __future__ import annotations\n'
        "df = pd.DataFrame({'a': [np.nan]})\np = Path('.')\nprint(json.dumps(1))\n"
    )
    result = hydrate(code)
    assert result.imports_added == [
        "from pathlib import Path",
        "import json",
        "import numpy as np",
        "import pandas as pd",
    ]
    lines = result.code.splitlines()
    assert lines[0] == '"""Doc."""' and lines[1].startswith("from __future__")
    assert result.code.endswith(code.split("\n", 2)[2])  # original statements unchanged
    assert not result.entrypoint_added  # top-level code already runs


def test_entrypoint_added_for_uncalled_function() -> None:
    result = hydrate("def reproduce_issue():\n    raise ValueError('x')\n")
    assert result.entrypoint_added
    assert result.code.rstrip().endswith('if __name__ == "__main__":\n    reproduce_issue()')


def test_no_entrypoint_when_guard_exists_or_args_needed() -> None:
    guarded = 'def main():\n    pass\n\nif __name__ == "__main__":\n    main()\n'
    assert not hydrate(guarded).entrypoint_added
    assert not hydrate("def f(x):\n    return x\n").entrypoint_added


def test_incomplete_code_flagged() -> None:
    result = hydrate("def load():\n    ...\n\nresult = load()\nprocess(result)\n")
    text = " ".join(result.warnings)
    assert "placeholder" in text and "process" in text
    assert not result.imports_added  # unknown names are never guessed


def test_relative_imports_rewritten_or_inlined() -> None:
    md = (
        "```python\n# utils.py\ndef helper():\n    return 41\n```\n\n"
        "```python\nfrom .utils import helper\nfrom .models import Thing\n"
        "print(helper() + 1)\n```\n"
    )
    result = extract(md)
    assert "from .utils" not in result.code and "from .models" not in result.code
    assert "from models import Thing" in result.code
    assert result.code.index("def helper") < result.code.index("print(helper() + 1)")
    assert len(result.metadata.relative_imports_rewritten) == 2


def test_code_facts_input_files_network() -> None:
    code = (
        "import requests\nimport pandas as pd\n"
        "name = input('name? ')\n"
        "df = pd.read_csv('data/input.csv')\n"
        "df.to_csv('out.csv')\nopen('out.csv').read()\n"
        "requests.get('https://example.com/api')\n"
    )
    facts = analyse(code)
    assert facts.uses_input
    assert facts.file_dependencies == ["data/input.csv"]  # out.csv is written first
    assert facts.uses_network and any("requests" in r for r in facts.network_reasons)
    assert facts.third_party_imports == ["pandas", "requests"]


def test_no_code_yields_warning() -> None:
    result = extract("# Broken\n\nIt crashes sometimes.\n")
    assert result.code == "" and result.metadata.code_blocks_found == 0
    assert result.metadata.warnings

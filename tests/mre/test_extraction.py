"""Code-block extraction and AST hydration, each on its own."""

from __future__ import annotations

import ast

from qa_agents.mre.read.markdown import extract_code_blocks
from qa_agents.mre.script.completion import hydrate
from qa_agents.mre.script.external_needs import analyse
from qa_agents.mre.script.extractor import combine_python_blocks, extract

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


# --- the shapes real reports use (each seen in the labelled corpus) ----------------------


def test_transcript_pasted_as_prose_is_code_with_its_output() -> None:
    md = (
        "It fails:\n\n>>> x = [1]\n>>> x.pop(3)\nTraceback (most recent call last):\n"
        "IndexError: pop index out of range\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.origin == "prose" and block.context == "actual"
    assert block.content == "x = [1]\nx.pop(3)\n"
    assert block.transcript_output.endswith("IndexError: pop index out of range\n")


def test_indented_transcript_and_expected_output_blocks() -> None:
    md = (
        "Found with 1.0\n\n    >>> sorted([3, 1])\n    [3, 1]\n\n"
        "But I expected the result:\n\n    [1, 3]\n"
    )
    code, expected = extract_code_blocks(md)
    assert (
        code.kind == "code" and code.origin == "indented" and code.transcript_output == "[3, 1]\n"
    )
    assert expected.kind == "output" and expected.context == "expected"


def test_ipython_cells_are_a_transcript() -> None:
    md = "```python\nIn [1]: import math\n\nIn [2]: math.floor(2.5)\nOut[2]: 2\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.content == "import math\nmath.floor(2.5)\n"
    assert block.transcript_output == "2\n"


def test_code_and_its_traceback_in_one_block_are_split() -> None:
    md = (
        "```\nimport json\njson.loads('{')\nTraceback (most recent call last):\n"
        '  File "<input>", line 1\njson.decoder.JSONDecodeError: Expecting property name\n```\n'
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content == "import json\njson.loads('{')\n"
    assert "JSONDecodeError" in block.transcript_output


def test_quoted_output_lines_inside_code_and_inline_output_lines() -> None:
    md = "```\nx = 2 ** 10\nx\n> 1024  # why?\n```\n\nBy example:\n```\nprint('a')\n```\n`a`\n"
    quoted, code, inline = extract_code_blocks(md)
    assert quoted.content == "x = 2 ** 10\nx\n" and quoted.transcript_output == "1024  # why?\n"
    assert code.kind == "code" and inline.kind == "output" and inline.origin == "inline"


def test_code_that_does_not_parse_is_still_code() -> None:
    md = "```\nimport` os\nfrom decimal import Decimal\nprint(Decimal(1))\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.kind == "code"
    assert extract(md).metadata.syntax_error is not None


def test_transcript_values_are_echoed_like_the_prompt() -> None:
    md = "```pycon\n>>> x = 3\n>>> x * 2\n6\n>>> print(x)\n3\n```\n"
    code = extract(md).code
    assert "__mre_echo__(x * 2)" in code and "print(x)\n" in code
    assert "def __mre_echo__(value, claimed=False):" in code
    namespace: dict[str, object] = {}
    exec(compile(code, "t", "exec"), namespace)  # noqa: S102 - our own generated code


def test_last_bare_expression_of_a_script_block_is_shown_like_a_notebook() -> None:
    code = extract("```python\nimport math\nvalue = math.pi\nround(value, 2)\n```\n").code
    assert "__mre_echo__(round(value, 2))" in code and "value = math.pi" in code


def test_module_used_without_import_is_imported_when_it_exists() -> None:
    md = "```python\ndoc = tomlkit.document()\nprint(json.dumps({}), frame.columns)\n```\n"
    asked: list[str] = []

    def exists(name: str) -> bool:
        asked.append(name)
        return name == "tomlkit"

    result = extract(md, module_exists=exists)
    assert "import tomlkit  # added by open-mre" in result.code
    assert "import json  # added by open-mre" in result.code  # stdlib: no lookup
    assert "frame" in asked and "json" not in asked
    assert "\nimport frame" not in "\n" + result.code  # not on PyPI
    # a name still undefined is only tried, guarded, from the module the script uses:
    # as its alias where it has the attributes used, then as its export that has them
    assert result.metadata.guarded_imports == [
        "from tomlkit import columns as __mre_probe__; import tomlkit as frame",
        "from tomlkit import frame as __mre_probe__; __mre_probe__.columns; frame = __mre_probe__",
    ]
    assert any("tried from tomlkit" in w and "frame" in w for w in result.metadata.warnings)


def test_data_file_the_report_includes_is_provided() -> None:
    md = (
        "Consider this file:\n\n```yaml\nkey: 1\n```\n\n"
        "```python\nimport yaml\nprint(yaml.safe_load(open('conf.yaml')))\n"
        "print(open('missing.csv').read())\n```\n"
    )
    meta = extract(md).metadata
    assert meta.included_files == {"conf.yaml": "key: 1\n"}
    assert meta.file_dependencies == ["missing.csv"]


def test_credentials_and_prompts_are_facts() -> None:
    code = (
        "import os\nfrom rich.prompt import Prompt\n"
        "key = os.environ['SERVICE_TOKEN']\nclient = Client(api_key='your_key_here')\n"
        "name = Prompt.ask('name')\n"
    )
    facts = analyse(code)
    assert facts.uses_input
    assert "environment variable SERVICE_TOKEN" in facts.credentials
    assert any(c.startswith("api_key") for c in facts.credentials)


def test_file_named_before_its_block_is_provided_even_if_the_code_never_names_it() -> None:
    md = (
        "In .env:\n```\nLOL='mdr','xd'\n```\n\n"
        "```python\nimport os\nfrom dotenv import load_dotenv\n\nload_dotenv()\n"
        "print(os.environ['LOL'])\n```\n"
    )
    meta = extract(md).metadata
    assert meta.included_files == {".env": "LOL='mdr','xd'\n"}
    assert meta.credentials == []  # LOL is an input from the file, not a secret


def test_namesake_export_the_prose_names_is_imported() -> None:
    md = (
        "The bidict docs example:\n```\n>>> b = bidict({'one': 1})\n>>> b\n"
        "bidict({'one': 1})\n```\n"
    )
    result = extract(md, module_exists=lambda name: name == "bidict")
    assert "from bidict import bidict  # added by open-mre" in result.code


def test_one_line_session_in_inline_code_is_code() -> None:
    md = "The output of\n\n`>>> print(len('abc'))`\n\nis\n\n`3`\n"
    code, shown = extract_code_blocks(md)
    assert code.kind == "code" and code.content == "print(len('abc'))\n"
    assert shown.kind == "output" and shown.content == "3\n"


def test_a_statement_with_ipython_s_out_prompt_under_it_is_a_session() -> None:
    call = "lib.extract('a b', 'b a', scorer=other.ratio)"
    (block,) = extract_code_blocks(f"Here's my example:\n\n{call}\nOut[21]: ('c', 20)\n")
    assert block.kind == "code" and block.content == call + "\n"
    assert block.transcript_output == "('c', 20)\n"


def test_a_prompt_typed_as_two_brackets_without_a_space_is_a_prompt() -> None:
    (block,) = extract_code_blocks("# Incorrect output\n\n>>numerize('2B/2B')\n'2B1/2B'\n")
    assert (block.kind, block.content, block.transcript_output) == (
        "code",
        "numerize('2B/2B')\n",
        "'2B1/2B'\n",
    )


def test_ipython_magics_are_dropped_and_timed_statements_run_once() -> None:
    md = "```python\n%%timeit\na = 'book'\n%timeit -n 10 len(a)\n!pip install x\nprint(a)\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content == "a = 'book'\nlen(a)\nprint(a)\n"


def test_a_bare_expression_over_several_lines_is_echoed_whole() -> None:
    md = "```python\nimport json\n\njson.dumps(\n    [1, 2],\n    indent=None)\n```\n\n> [1, 2]\n"
    code = extract(md).code
    assert "__mre_echo__(json.dumps(\n    [1, 2],\n    indent=None))" in code
    ast.parse(code)


def test_an_unfenced_function_whose_body_follows_a_blank_line_stays_one_script() -> None:
    md = (
        "# Not thread-safe\n\nimport threading\n\ndef work(fn: str):\n\n    print(fn)\n\n"
        "for i in range(2):\n    threading.Thread(target=work, kwargs={'fn': str(i)}).start()\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and "def work(fn: str):\n\n    print(fn)" in block.content
    ast.parse(block.content)


def test_docstrings_alone_are_no_code_and_the_standard_test_package_is_not_installed() -> None:
    only = extract('```python\n"""Usage:\n    tool.py (-h | --help)\n"""\n```\n')
    assert only.code == "" and only.metadata.python_blocks_used == 0
    code = "import sys\nif sys.version_info < (3, 6):\n    from test import support\nprint(1)\n"
    assert analyse(code).third_party_imports == []

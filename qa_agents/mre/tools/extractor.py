"""The code_extractor's work as one function: markdown in, runnable script plus metadata out."""

from __future__ import annotations

import ast
import re

from qa_agents.mre.models import CodeBlock, Extraction, ExtractionMetadata
from qa_agents.mre.tools.code_facts import analyse
from qa_agents.mre.tools.hydrate import hydrate
from qa_agents.mre.tools.markdown import combine_python_blocks, extract_code_blocks

_FILE_HEADER = re.compile(r"^#\s*(?:file(?:name)?:\s*)?(?:[\w./-]*/)?(?P<mod>\w+)\.py\s*$")


def extract(markdown: str) -> Extraction:
    """Extract, combine and hydrate the issue's Python; never changes the author's logic."""
    blocks = extract_code_blocks(markdown)
    ordered, local_modules = _modules_first(blocks)
    code, warnings = combine_python_blocks(ordered)
    meta = ExtractionMetadata(code_blocks_found=len(blocks), blocks=blocks, warnings=warnings)
    meta.python_blocks_used = sum(1 for b in blocks if b.kind == "code")
    if not code.strip():
        meta.warnings.append("no executable Python code block found in the issue")
        return Extraction(code="", metadata=meta)
    try:
        ast.parse(code)
    except SyntaxError as exc:
        meta.syntax_error = f"{exc.msg} (line {exc.lineno})"
        meta.warnings.append(f"extracted code does not parse: {meta.syntax_error}")
        return Extraction(code=code, metadata=meta)
    hydrated = hydrate(code, local_modules)
    meta.imports_added = hydrated.imports_added
    meta.entrypoint_added = hydrated.entrypoint_added
    meta.relative_imports_rewritten = hydrated.relative_imports_rewritten
    meta.warnings.extend(hydrated.warnings)
    facts = analyse(hydrated.code, local_modules)
    meta.uses_input = facts.uses_input
    meta.uses_network = facts.uses_network
    meta.file_dependencies = facts.file_dependencies
    if facts.uses_input:
        meta.warnings.append("code calls input(): needs interaction")
    if facts.file_dependencies:
        meta.warnings.append(
            "code reads files not included in the issue: " + ", ".join(facts.file_dependencies)
        )
    if facts.uses_network:
        meta.warnings.append(
            "code uses the network (flakiness source; sandbox has no network): "
            + "; ".join(facts.network_reasons)
        )
    return Extraction(code=hydrated.code, metadata=meta)


def _modules_first(blocks: list[CodeBlock]) -> tuple[list[CodeBlock], set[str]]:
    """Blocks headed ``# utils.py`` are the author's modules: put them before the script."""
    modules: list[CodeBlock] = []
    rest: list[CodeBlock] = []
    names: set[str] = set()
    for block in blocks:
        first = block.content.lstrip().splitlines()[0] if block.content.strip() else ""
        match = _FILE_HEADER.match(first) if block.kind == "code" else None
        if match and match.group("mod") not in {"main", "repro", "reproduce", "test", "script"}:
            names.add(match.group("mod"))
            modules.append(block)
        else:
            rest.append(block)
    return modules + rest, names

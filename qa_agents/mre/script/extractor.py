"""The code_extractor's work as one function: markdown in, runnable script plus metadata out."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import PurePosixPath

from qa_agents.mre.document import ReportDocument, as_document
from qa_agents.mre.environment.versions import source_repository
from qa_agents.mre.models import CodeBlock, Extraction, ExtractionMetadata
from qa_agents.mre.read.command_lines import reads_argv, report_argv, with_argv
from qa_agents.mre.read.markdown import last_line
from qa_agents.mre.read.not_the_reproduction import CAT_HEADER
from qa_agents.mre.read.syntax import parses
from qa_agents.mre.read.tool_commands import ToolRun, find_tool_run
from qa_agents.mre.rules.block_context import DATA_FORMAT, NAMED_FILE
from qa_agents.mre.rules.completion import (
    FILE_NAMED_BY_FENCE_INFO,
    NAME_OF_A_SHOWN_FILE,
    file_bindings,
    file_named_by_info,
)
from qa_agents.mre.script.completion import (
    ExtraModules,
    ModuleExists,
    echo_expressions,
    hydrate,
    insert_preamble,
    undefined_names,
)
from qa_agents.mre.script.external_needs import analyse
from qa_agents.mre.script.tool_script import tool_script
from qa_agents.mre.script.unimported_names import repository_module_name, shown_name_errors

_FILE_HEADER = re.compile(r"^#\s*(?:file(?:name)?:\s*)?(?:[\w./-]*/)?(?P<mod>\w+)\.py\s*$")
# a line naming the file the next block holds: "make_processed.py", "**utils.py**:"
_FILE_LEAD = re.compile(r"^[\s*_`#]*(?P<mod>[A-Za-z_]\w*)\.py[\s*_`]*:?\s*$")
# a data block's language for each file extension the code may open
_DATA_LANGS = {
    ".yaml": {"yaml", "yml"},
    ".yml": {"yaml", "yml"},
    ".json": {"json", "json5"},
    ".toml": {"toml"},
    ".csv": {"csv"},
    ".ini": {"ini", "cfg"},
    ".cfg": {"ini", "cfg"},
    ".xml": {"xml"},
    ".html": {"html"},
}


def extract(
    report: str | ReportDocument,
    module_exists: ModuleExists | None = None,
    extra_modules: ExtraModules | None = None,
) -> Extraction:
    """Extract, combine and hydrate the issue's Python; never changes the author's logic.

    REPL transcripts are echoed like the prompt would (each bare expression prints its
    value) and a block's final bare expression like a notebook cell, so the run's output
    can be compared with the output the report shows. Names used without an import are
    tried from the script's packages and ``extra_modules()`` (the report's repository),
    except those the report shows as its NameError.
    """
    document = as_document(report)
    markdown = document.markdown
    blocks = document.fresh_blocks()
    tool = _tool_run(document, blocks, extra_modules)
    if tool is not None:
        return _tool_extraction(tool, blocks)
    ordered, local_modules = _modules_first(blocks)
    echoed = [_echoed(b) for b in ordered]
    code, warnings = combine_python_blocks(echoed)
    meta = ExtractionMetadata(code_blocks_found=len(blocks), blocks=blocks, warnings=warnings)
    meta.python_blocks_used = sum(1 for b in blocks if b.kind == "code")
    if not code.strip():
        meta.warnings.append("no executable Python code block found in the issue")
        return Extraction(code="", metadata=meta)
    meta.syntax_error = _cut_off_at_the_end(blocks)
    try:
        tree = ast.parse(code)
        compile(tree, "extracted_code.py", "exec")  # ``return`` outside a function parses
    except SyntaxError as exc:
        meta.syntax_error = meta.syntax_error or f"{exc.msg} (line {exc.lineno})"
    if meta.syntax_error:
        meta.warnings.append(f"extracted code does not parse: {meta.syntax_error}")
        return Extraction(code=code, metadata=meta)
    if all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in tree.body):
        meta.warnings.append("the code blocks hold only literals (docstrings), which run nothing")
        meta.python_blocks_used = 0  # nothing that runs: no code, as far as a run can tell
        return Extraction(code="", metadata=meta)
    meta.shown_undefined_names = shown_name_errors(markdown)
    repository = source_repository(markdown)
    meta.repository_module = repository_module_name(repository) if repository else None
    hydrated = hydrate(
        code,
        local_modules,
        module_exists,
        _prose_words(markdown, blocks),
        shown_undefined=set(meta.shown_undefined_names),
        extra_modules=extra_modules,
    )
    argv = report_argv(blocks)
    if argv and reads_argv(hydrated.code):
        tree = ast.parse(hydrated.code)
        hydrated.code = insert_preamble(hydrated.code, tree, [], [with_argv(argv)])
        meta.command_line = argv
        meta.warnings.append("the script runs with the command line shown: " + " ".join(argv))
    meta.imports_added = hydrated.imports_added
    meta.packages_guessed = hydrated.packages_added
    meta.guarded_imports = hydrated.guarded_imports
    meta.entrypoint_added = hydrated.entrypoint_added
    meta.relative_imports_rewritten = hydrated.relative_imports_rewritten
    meta.rules += hydrated.rules
    meta.warnings.extend(hydrated.warnings)
    if any(e is not b for e, b in zip(echoed, ordered, strict=True)):
        meta.warnings.append(
            "bare expressions print their values, as at the interactive prompt the report used"
        )
    facts = analyse(hydrated.code, local_modules)
    meta.included_files = _included_files(blocks, facts.file_dependencies)
    undefined = undefined_names(ast.parse(code)) - set(meta.shown_undefined_names)
    tree = ast.parse(hydrated.code)  # (its guarded imports bind names only syntactically)
    if bindings := file_bindings(undefined, meta.included_files):  # ``old_json``: old.json
        hydrated.code = insert_preamble(hydrated.code, tree, [], list(bindings.values()))
        meta.warnings.append("names bound to the files the report shows: " + ", ".join(bindings))
        meta.rules.append(NAME_OF_A_SHOWN_FILE.name)
    meta.uses_input = facts.uses_input
    meta.uses_network = facts.uses_network
    meta.network_targets = facts.network_targets
    meta.credentials = facts.credentials
    meta.file_dependencies = [f for f in facts.file_dependencies if f not in meta.included_files]
    if facts.uses_input:
        meta.warnings.append("code waits for keyboard input: needs interaction")
    if meta.included_files:
        meta.warnings.append(
            "files taken from the report: " + ", ".join(sorted(meta.included_files))
        )
    if meta.file_dependencies:
        meta.warnings.append(
            "code reads files not included in the issue: " + ", ".join(meta.file_dependencies)
        )
    if facts.uses_network:
        meta.warnings.append(
            "code uses the network (flakiness source; sandbox has no network): "
            + "; ".join(facts.network_reasons)
        )
    if facts.credentials:
        meta.warnings.append("code needs credentials: " + "; ".join(facts.credentials))
    return Extraction(code=hydrated.code, metadata=meta)


def _cut_off_at_the_end(blocks: list[CodeBlock]) -> str | None:
    """Why the report's last block does not parse, when it is code that stops parsing on
    its very last line (``def to_string(self:``, ``from A impor``): the report is cut off
    mid-script, and the script it meant cannot run, whatever the blocks above do. None
    otherwise."""
    last = blocks[-1] if blocks else None
    if last is None or last.kind != "code" or last.origin == "inline":
        return None
    try:
        ast.parse(last.content)
    except SyntaxError as exc:
        lines = last.content.rstrip("\n").count("\n") + 1
        if (exc.lineno or 0) >= lines:
            where = "where the report's last block ends: it is cut off there"
            if last.transcript_output:  # the session shows what that step printed: not cut
                where = "in the session's last step, whose output the report shows"
            return f"{exc.msg} (line {exc.lineno}), {where}"
    return None


def _tool_run(
    document: ReportDocument, blocks: list[CodeBlock], extra_modules: ExtraModules | None
) -> ToolRun | None:
    """The report's run of its own project's command-line tool, when it shows one."""
    markdown = document.markdown
    repository = source_repository(markdown)
    name = repository_module_name(repository) if repository else None
    if name is None or extra_modules is None:
        return None
    shown = find_tool_run(document, blocks, {name})  # read offline first: PyPI only if so
    return shown if shown is not None and name in extra_modules() else None


def _tool_extraction(tool: ToolRun, blocks: list[CodeBlock]) -> Extraction:
    """The script that writes the tool's input files and runs its commands."""
    packages = sorted({c.argv[0] for c in tool.commands if c.argv[0].isidentifier()})
    meta = ExtractionMetadata(code_blocks_found=len(blocks), blocks=blocks)
    shown = "; ".join(" ".join(c.argv) for c in tool.commands)
    if tool.missing:  # nothing to run: the verdict asks for the files
        meta.tool_commands = tool.commands
        meta.file_dependencies = tool.missing
        meta.warnings.append(
            f"the report runs its project's command line ({shown}) on files it does not "
            "include: " + ", ".join(tool.missing)
        )
        return Extraction(code="", metadata=meta)
    meta.python_blocks_used = max(1, len(tool.blocks_used))
    meta.tool_commands = tool.commands
    meta.tool_inputs = tool.blocks_used
    meta.repository_module = packages[0] if packages else None
    meta.warnings.append(
        "the report runs its project's command line: the run writes the files it shows ("
        + ", ".join(sorted(tool.files))
        + f") and runs {shown}, instead of running its blocks as a script"
    )
    return Extraction(code=tool_script(tool.commands, tool.files, packages), metadata=meta)


def _prose_words(markdown: str, blocks: list[CodeBlock]) -> set[str]:
    """Identifiers the report's prose uses (the text outside its blocks)."""
    prose = markdown
    for block in blocks:
        prose = prose.replace(block.content, " ")
    return set(re.findall(r"[A-Za-z_]\w+", prose))


def _echoed(block: CodeBlock) -> CodeBlock:
    if block.kind != "code":
        return block
    code, n = echo_expressions(block.content, every=_is_repl(block))
    return block.model_copy(update={"content": code}) if n else block


def _is_repl(block: CodeBlock) -> bool:
    return block.language in {"pycon", "python-repl", ">>>"} or bool(block.transcript_output)


def _included_files(blocks: list[CodeBlock], needed: list[str]) -> dict[str, str]:
    """Files the report includes as a data block, by name.

    A block is a file when the line before it names one ("In .env:", "Given a
    config.yaml such as"), or its first line shows it (``# cat test/config.yaml``), or, for
    a file the code opens, when it is the only block in that file's format (a ``yaml``
    block for ``open('spec.yaml')``), or the only one before the code (the others show
    what the code wrote). Named files are written even when the code never spells the
    name (``load_dotenv()`` reads ``.env``).
    """
    data = [b for b in blocks if b.kind in {"other", "output"} and b.origin in {"fenced", "pre"}]
    found: dict[str, str] = {}
    for block in data:  # "# cat test/config.yaml" heading the file's contents
        shown = CAT_HEADER.match(block.content)
        if shown and block.content[shown.end() :].startswith("\n"):
            found.setdefault(shown.group("path"), block.content[shown.end() + 1 :])
    first_code = min((b.index for b in blocks if b.kind == "code"), default=len(blocks))
    for block in data:
        names = NAMED_FILE.findall(last_line(block.lead))
        if len(names) == 1 and block.context != "actual":
            found.setdefault(names[0], block.content)
        elif (info_file := file_named_by_info(block.info)) and info_file not in found:
            found[info_file] = block.content  # ```yaml title="config.yaml"
            block.rules.append(FILE_NAMED_BY_FENCE_INFO.name)
    for path in needed:
        name = PurePosixPath(path).name
        if path.startswith("/") or ".." in PurePosixPath(path).parts:
            continue
        if path in found:
            continue
        named = [b for b in data if name in last_line(b.lead)]
        langs = _DATA_LANGS.get(PurePosixPath(name).suffix.lower(), set())
        typed = [b for b in data if _format_of(b) in langs]
        if len(typed) > 1:  # the input comes before the code; the results after it
            typed = [b for b in typed if b.index < first_code]
        match = named[0] if len(named) == 1 else (typed[0] if len(typed) == 1 else None)
        if match is not None:
            found[path] = match.content
    return found


def _format_of(block: CodeBlock) -> str:
    """A data block's format: its fence language, else the format the line before it
    names ("here is my yaml file:"), else JSON if it parses as a JSON document
    and is not shown as a result."""
    if block.language:
        return block.language
    named = DATA_FORMAT.search(last_line(block.lead))
    if named:
        return named.group("fmt").lower()
    if block.context:
        return ""
    try:
        document = json.loads(block.content)
    except ValueError:
        return ""
    return "json" if isinstance(document, dict | list) else ""


def _modules_first(blocks: list[CodeBlock]) -> tuple[list[CodeBlock], set[str]]:
    """Blocks headed ``# utils.py``, or right under a line that is only ``utils.py``, are
    the author's modules: put them before the script."""
    modules: list[CodeBlock] = []
    rest: list[CodeBlock] = []
    names: set[str] = set()
    for block in blocks:
        first = block.content.lstrip().splitlines()[0] if block.content.strip() else ""
        named = [ln for ln in block.lead.splitlines() if ln.strip()][-1:] or [""]
        match = (
            (_FILE_HEADER.match(first) or _FILE_LEAD.match(named[0]))
            if block.kind == "code"
            else None
        )
        if match and match.group("mod") not in {"main", "repro", "reproduce", "test", "script"}:
            names.add(match.group("mod"))
            modules.append(block)
        else:
            rest.append(block)
    return modules + rest, names


def combine_python_blocks(blocks: list[CodeBlock]) -> tuple[str, list[str]]:
    """Join the executable blocks into one script; drop blocks that break the whole.

    Returns the script and warnings. A block that does not parse on its own is kept only
    when the joined script still parses (it may continue the previous block).
    """
    code_blocks = [b for b in blocks if b.kind == "code"]
    warnings: list[str] = []
    if not code_blocks:
        return "", warnings
    repeated = _repeated_later(code_blocks)
    for block in repeated:
        warnings.append(f"code block {block.index} is repeated in a later block and was left out")
    code_blocks = [b for b in code_blocks if b not in repeated]
    parts = [b.content.rstrip("\n") for b in code_blocks]
    joined = "\n\n".join(parts) + "\n"
    if parses(joined) or len(code_blocks) == 1:
        return joined, warnings
    kept = []
    for block, part in zip(code_blocks, parts, strict=True):
        if parses(part):
            kept.append(part)
        else:
            warnings.append(
                f"code block {block.index} is not valid Python on its own and was left out"
            )
    return ("\n\n".join(kept) + "\n") if kept else joined, warnings


def _repeated_later(blocks: list[CodeBlock]) -> list[CodeBlock]:
    """Blocks whose every statement a later block runs again (the documented session, then
    the same session as the author ran it, with its import): running them first adds
    nothing but their missing import's NameError. Not when the later block first sets the
    block's names in a new way: ``a1.union(a2)`` on the ranges built above, then again on
    wider ones, is the failing case and its working variant."""
    statements = [_statements(b.content) for b in blocks]
    again: dict[int, int] = {}  # block -> the later block that runs it again
    for i in range(len(blocks)):
        seen = set().union(*statements[: i + 1])
        read = _names(statements[i].values(), ast.Load)
        again_at = (
            j
            for j in range(i + 1, len(blocks))
            if statements[j]
            and statements[i].keys() <= statements[j].keys()
            and not read & _names([n for k, n in statements[j].items() if k not in seen], ast.Store)
        )
        if statements[i] and (j := next(again_at, None)) is not None:
            again[i] = j
    # an import a block in between needs stays where it is: the 1.6.6 session's
    # ``from dicttoxml import dicttoxml`` before a call only that session makes
    needed = {
        i
        for i, j in again.items()
        if (bound := _bound(statements[i].values()))
        and any(
            k not in again and bound & _names(statements[k].values(), ast.Load)
            for k in range(i + 1, j)
        )
    }
    return [blocks[i] for i in again if i not in needed]


def _bound(statements: Iterable[ast.stmt]) -> set[str]:
    """The names the statements assign or import."""
    statements = list(statements)
    imported = {
        (alias.asname or alias.name).split(".")[0]
        for statement in statements
        if isinstance(statement, ast.Import | ast.ImportFrom)
        for alias in statement.names
    }
    return imported | _names(statements, ast.Store)


def _names(statements: Iterable[ast.stmt], context: type[ast.expr_context]) -> set[str]:
    """The names the statements read (``ast.Load``) or assign (``ast.Store``)."""
    return {
        n.id
        for statement in statements
        for n in ast.walk(statement)
        if isinstance(n, ast.Name) and isinstance(n.ctx, context)
    }


def _statements(code: str) -> dict[str, ast.stmt]:
    """Each top-level statement by its shape (empty when the code does not parse)."""
    try:
        return {ast.dump(node): node for node in ast.parse(code).body}
    except (SyntaxError, ValueError):
        return {}

"""Static facts about a script that change how its run must be judged.

``input()`` means the run will block (needs_interaction), referenced data files mean the
issue is missing attachments, and network use makes a result flaky (the sandbox has no
network, so such a run cannot reproduce anything online).
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field

_NETWORK_MODULES = {
    "requests",
    "httpx",
    "urllib",
    "urllib3",
    "aiohttp",
    "socket",
    "http",
    "ftplib",
    "smtplib",
    "websocket",
    "websockets",
    "grpc",
    "boto3",
    "paramiko",
}
_URL = re.compile(r"^(https?|ftp|wss?)://", re.IGNORECASE)
# calls that wait for someone at the keyboard
_INPUT_CALLS = {"input", "raw_input", "getpass"}
_PROMPT_OWNERS = re.compile(r"^(click|typer|questionary|inquirer|\w*Prompt|Confirm)$")
_SECRET_NAME = re.compile(r"(key|token|secret|password|passwd|credential|auth)", re.IGNORECASE)
_PLACEHOLDER = re.compile(
    r"^(\.\.\.|x{3,}|\*{3,}|<[^>]+>|your[_ -].*|my[_ -].*|sk-\.\.\.|changeme|.*_here|)$",
    re.IGNORECASE,
)
_FILE_EXT = re.compile(
    r"\.(csv|tsv|json|jsonl|json5|hjson|md|rst|conf|txt|xlsx?|parquet|feather|ya?ml|toml|ini|cfg|pkl|pickle|db|sqlite3?|"
    r"h5|hdf5|npy|npz|png|jpe?g|gif|pdf|xml|html?|log|zip|gz|tar|pt|pth|bin|wav|mp3|mp4)$",
    re.IGNORECASE,
)
# calls that read the file named by their first argument (``file``: Python 2;
# ``conf.read("config.ini")``, ``ET.parse("a.xml")``)
_READERS = re.compile(
    r"^(open|file|read|read_\w+|load\w*|parse|imread|Path|ZipFile|connect|File|fromfile)$"
)
# open(p, "w"), and any opener given a write mode: ZipFile(p, "w")
_WRITE_MODE = re.compile(r"[wax][bt]?\+?|[wax]\+[bt]")
_WRITERS = re.compile(r"^(to_\w+|write_\w*|save\w*|dump\w*|savefig|imwrite|export)$")
# a recording no report can paste: any call given one reads it (``FLAC('song.flac')``)
_MEDIA = re.compile(r"\.(?:flac|mp3|m4[abv]|mp4|ogg|opus|wav|aiff?|wma|ape|wv|mkv|avi|mov)$", re.I)

# import name -> PyPI distribution, for the usual mismatches
IMPORT_TO_DIST = {
    "sklearn": "scikit-learn",
    "PIL": "pillow",
    "yaml": "pyyaml",
    "cv2": "opencv-python",
    "bs4": "beautifulsoup4",
    "dateutil": "python-dateutil",
    "attr": "attrs",
    "dotenv": "python-dotenv",
    "jwt": "pyjwt",
    "OpenSSL": "pyopenssl",
    "serial": "pyserial",
    "Crypto": "pycryptodome",
    "google.protobuf": "protobuf",
    "skimage": "scikit-image",
    "docx": "python-docx",
    "magic": "python-magic",
    "git": "gitpython",
    "zmq": "pyzmq",
    "usb": "pyusb",
    "win32api": "pywin32",
}


@dataclass
class CodeFacts:
    """What the script needs from its environment."""

    uses_input: bool = False
    uses_network: bool = False
    network_reasons: list[str] = field(default_factory=list)
    network_targets: list[str] = field(default_factory=list)
    file_dependencies: list[str] = field(default_factory=list)
    third_party_imports: list[str] = field(default_factory=list)
    credentials: list[str] = field(default_factory=list)


def analyse(code: str, local_modules: set[str] | None = None) -> CodeFacts:
    """Scan the script's AST; unparseable code yields empty facts."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return CodeFacts()
    facts = CodeFacts()
    constants = _string_constants(tree)
    written: set[str] = set()
    read: list[str] = []
    modules: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.append(node.module)
        elif isinstance(node, ast.Call):
            name = _call_name(node.func)
            if name in _INPUT_CALLS or _is_prompt(node.func):
                facts.uses_input = True
            facts.credentials.extend(_secrets_in_call(node, name))
            for path in _literal_paths(node, constants):
                writes = _WRITE_MODE.fullmatch(_open_mode(node)) is not None
                if writes or _WRITERS.match(name):
                    written.add(path)
                elif _READERS.match(name) or _MEDIA.search(path):
                    read.append(path)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _URL.match(node.value)
        ):
            facts.network_reasons.append(f"URL {node.value}")
            facts.network_targets.append(node.value)
        elif isinstance(node, ast.Subscript) and _is_environ(node.value):
            facts.credentials.extend(n for n in _env_name(node.slice) if _SECRET_NAME.search(n))
    tops = {m.split(".")[0] for m in modules}
    for mod in sorted(tops & _NETWORK_MODULES):
        facts.network_reasons.insert(0, f"imports {mod}")
    facts.uses_network = bool(facts.network_reasons)
    facts.credentials = sorted(set(facts.credentials))
    facts.file_dependencies = sorted({p for p in read if p not in written})
    local = local_modules or set()
    facts.third_party_imports = sorted(
        IMPORT_TO_DIST.get(m, m) for m in tops if m not in _STANDARD and m not in local
    )
    return facts


# the standard library, with its own test package (``from test import support``), which
# ``sys.stdlib_module_names`` leaves out and PyPI's ``test`` is not
_STANDARD = sys.stdlib_module_names | {"test", "__future__"}


def _is_prompt(func: ast.expr) -> bool:
    """``click.prompt(...)``, ``Prompt.ask(...)``, ``Confirm.ask(...)`` and the like."""
    return (
        isinstance(func, ast.Attribute)
        and func.attr in {"prompt", "ask", "confirm"}
        and isinstance(func.value, ast.Name)
        and bool(_PROMPT_OWNERS.match(func.value.id))
    )


def _is_environ(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def _env_name(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [f"environment variable {node.value}"]
    return []


def _secrets_in_call(call: ast.Call, name: str) -> list[str]:
    """Environment lookups of secrets and secret arguments left as placeholders."""
    found: list[str] = []
    if name in {"getenv", "get"} and call.args:
        func = call.func
        on_environ = isinstance(func, ast.Attribute) and (
            _is_environ(func.value) or (name == "getenv" and isinstance(func.value, ast.Name))
        )
        if on_environ:
            found += [n for n in _env_name(call.args[0]) if _SECRET_NAME.search(n)]
    for kw in call.keywords:
        value = kw.value
        if (
            kw.arg
            and _SECRET_NAME.search(kw.arg)
            and isinstance(value, ast.Constant)
            and isinstance(value.value, str)
            and _PLACEHOLDER.match(value.value.strip())
        ):
            found.append(f"{kw.arg} (the code has the placeholder {value.value!r})")
    return found


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _string_constants(tree: ast.Module) -> dict[str, str]:
    """Names bound once, to a string literal: ``filepath = "some.json"``."""
    values: dict[str, list[str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            literal = (
                value.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str)
                else None
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(literal)
    return {n: v[0] for n, v in values.items() if len(v) == 1 and v[0] is not None}


def _literal_paths(call: ast.Call, constants: dict[str, str] | None = None) -> list[str]:
    """String arguments (or names bound to one) that look like file paths (extension or
    absolute path)."""
    args = list(call.args[:1]) + [k.value for k in call.keywords if k.arg in {"path", "file"}]
    values = [
        a.value
        if isinstance(a, ast.Constant)
        else (constants or {}).get(a.id)
        if isinstance(a, ast.Name)
        else None
        for a in args
    ]
    return [
        v
        for v in values
        if isinstance(v, str)
        and not _URL.match(v)
        and "\n" not in v
        and (_FILE_EXT.search(v) or _MEDIA.search(v) or v.startswith(("/", "./", "../", "~/")))
    ]


def _open_mode(call: ast.Call) -> str:
    mode = call.args[1] if len(call.args) > 1 else None
    for kw in call.keywords:
        if kw.arg == "mode":
            mode = kw.value
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return mode.value
    return "r"

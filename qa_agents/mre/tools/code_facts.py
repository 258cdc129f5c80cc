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
_FILE_EXT = re.compile(
    r"\.(csv|tsv|json|jsonl|txt|xlsx?|parquet|feather|ya?ml|toml|ini|cfg|pkl|pickle|db|sqlite3?|"
    r"h5|hdf5|npy|npz|png|jpe?g|gif|pdf|xml|html?|log|zip|gz|tar|pt|pth|bin|wav|mp3|mp4)$",
    re.IGNORECASE,
)
_READERS = re.compile(r"^(open|read_\w+|load\w*|imread|Path|ZipFile|connect|File|fromfile)$")
_WRITE_MODES = ("w", "a", "x")
_WRITERS = re.compile(r"^(to_\w+|write_\w*|save\w*|dump\w*|savefig|imwrite)$")

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
    file_dependencies: list[str] = field(default_factory=list)
    third_party_imports: list[str] = field(default_factory=list)


def analyse(code: str, local_modules: set[str] | None = None) -> CodeFacts:
    """Scan the script's AST; unparseable code yields empty facts."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return CodeFacts()
    facts = CodeFacts()
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
            if name == "input":
                facts.uses_input = True
            for path in _literal_paths(node):
                writes = name == "open" and _open_mode(node).startswith(_WRITE_MODES)
                if writes or _WRITERS.match(name):
                    written.add(path)
                elif _READERS.match(name):
                    read.append(path)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _URL.match(node.value)
        ):
            facts.network_reasons.append(f"URL {node.value}")
    tops = {m.split(".")[0] for m in modules}
    for mod in sorted(tops & _NETWORK_MODULES):
        facts.network_reasons.insert(0, f"imports {mod}")
    facts.uses_network = bool(facts.network_reasons)
    facts.file_dependencies = sorted({p for p in read if p not in written})
    local = local_modules or set()
    facts.third_party_imports = sorted(
        IMPORT_TO_DIST.get(m, m)
        for m in tops
        if m not in sys.stdlib_module_names and m not in local and m != "__future__"
    )
    return facts


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal_paths(call: ast.Call) -> list[str]:
    """String arguments that look like file paths (extension or absolute path)."""
    args = list(call.args[:1]) + [k.value for k in call.keywords if k.arg in {"path", "file"}]
    return [
        a.value
        for a in args
        if isinstance(a, ast.Constant)
        and isinstance(a.value, str)
        and not _URL.match(a.value)
        and "\n" not in a.value
        and (_FILE_EXT.search(a.value) or a.value.startswith(("/", "./", "../", "~/")))
    ]


def _open_mode(call: ast.Call) -> str:
    mode = call.args[1] if len(call.args) > 1 else None
    for kw in call.keywords:
        if kw.arg == "mode":
            mode = kw.value
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return mode.value
    return "r"

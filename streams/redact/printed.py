"""A secret a command printed: the line of terminal output right after a command that asks
for one (the ``printed_secret`` rule).

``printenv GITHUB_TOKEN``, ``echo $NPM_TOKEN``, ``kubectl get secret … | base64 -d``,
``gcloud auth print-access-token``, ``cat /var/run/secrets/…/token``, ``vault kv get
-field=password …``: each prints the value alone on the next line, with no name beside it
for a value rule to read, in any form (a word-like password too: ``hunter22`` is as secret
there as a token). A session's terminal output shows the command after its prompt
(``$``, ``%``, ``❯``, ``user@host:~$``, ``PS C:\\>``), then what it printed.

Taken: the first line after such a command line when it is one word (no blank), 6 to 1,024
signs, not a placeholder, not a variable left unexpanded, not a bracketed or PEM line (a
credentials file's ``[default]``; a key's block is the PEM rule's), and not a path, a URL, a
host or an e-mail address (``echo $SSH_AUTH_SOCK``, ``github.com``). What makes a command
one that prints a secret (:func:`prints_a_secret`): an environment variable named for a
secret echoed or printed (``TOKEN``, ``SECRET``, ``PASSWORD``, ``API_KEY``, ``_KEY``,
``AUTH``, ``CREDENTIAL``; not ``…_ID``, ``…_URL``, ``…_FILE``, ``PUBLIC…``), a file so
named shown (``cat``, ``type``, ``Get-Content``), a Kubernetes secret decoded, or a tool's
own command for printing one (cloud CLIs' access tokens, password managers' ``-w``/``read``,
``openssl rand``, ``docker swarm join-token -q``) — not inside ``$(…)``, and of a secret's
fields only one whose name says secret (``{.data.password}``, not ``{.data.host}``). The same
in prose ("`cat …/token` prints …"), and across events (:class:`PrintingCommands`).
"""

from __future__ import annotations

import re

from . import lines
from .accept import is_placeholder
from .memory import TraceMemory

CUES = (
    "token", "secret", "passw", "passphrase", "_pass", "pass_", "pass show", "pgpass", "pw",
    "_key", "key_", "apikey", "api-key", "accesskey", "privatekey", "cred", "_auth", "auth_",
    "authoriz", "$pass", "netrc", "vault", "op read", "--plain", "openssl", "ssm",
)  # fmt: skip
"""A literal every command that prints a secret holds (a secret's name or file, a printer):
the rule's triggers, and what :func:`printed_spans` looks for first (most texts hold a
newline, few a command line: a newline as the trigger cost 1.5 µs an event). Not the bare
"key", "pass" and "auth", which the pre-check counts only in an assignment's context."""
TRIGGERS = CUES
_CUE = re.compile("|".join(re.escape(c) for c in CUES))
PATTERN = _CUE
"""Every span's necessary condition (the engine's trigger checks): a cue in the command."""

_COMMAND_LINE = re.compile(
    r"(?m)^[ \t]*(?:\([^\s()]{1,40}\)[ \t]+)?"  # a virtualenv's or conda's name
    r"(?:[\w.\-]{1,64}@[\w.\-]{1,128}(?::[^\n$#]{0,160})?[$#]"  # user@host:~/dir$
    r"|PS [^\n>]{0,160}>|[A-Za-z]:\\[^\n>]{0,160}>"  # PowerShell, cmd.exe
    r"|[$%#❯»>])"
    r"[ \t]+(\S[^\n]{0,2000})\n"
)
"""A command after its prompt, and the end of its line."""
_COMMAND_REACH = 2_600
"""How far back a cue's line may start: a prompt and a command of the lengths above. Read
within it, a long line of many cues costs linear time (:mod:`.lines`)."""

_SECRET_NAME = re.compile(
    r"(?i)token|secret|passw|pwd|passphrase|api_?key|access_?key|private_?key|credential"
    r"|auth|(?:^|_)(?:key|pass|pw)(?:$|_)"
)
_NOT_SECRET_NAME = re.compile(
    r"(?i)public|_ids?$|_path$|_file$|_dir$|_url$|_uri$|_host$|_user(?:name)?$|_name$|_arn$"
    r"|_type$|_expir|_ttl$|_len(?:gth)?$|_header$|_endpoint$|_sock(?:et)?$"
)
_VARIABLE = re.compile(r"\$env:([A-Za-z_]\w*)|\$\{?([A-Za-z_]\w*)|%([A-Za-z_]\w*)%")
_PRINTENV = re.compile(r"(?:^|[;&|(]\s*)printenv[ \t]+([A-Za-z_]\w*)")
_ECHO = re.compile(r"(?i)(?:^|[;&|(]\s*)(?:echo|printf|write-output|write-host)\b|^\$env:")
_SHOW_FILE = re.compile(
    r"(?i)(?:^|[;&|(]\s*)(?:sudo[ \t]+)?(?:cat|type|more|less|head|tail|bat|get-content|gc)"
    r"[ \t]+(?:-\S+[ \t]+)*[\"']?([^\s\"'|;&]+)"
)
_SECRET_FILE = re.compile(r"(?i)token|secret|passw|api[_\-]?key|credential|\.pgpass|\.netrc")
_DECODED_SECRET = re.compile(r"(?i)\bsecrets?\b[^\n]*\|[ \t]*base64[ \t]+(?:-d|--decode|-D)\b")
_PRINTER = re.compile(
    r"(?i)"
    r"gcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token"
    r"|az[ \t]+account[ \t]+get-access-token"
    r"|aws[ \t]+ecr(?:-public)?[ \t]+get-login-password"
    r"|\b(?:gh|glab)[ \t]+auth[ \t]+token"
    r"|heroku[ \t]+auth:token"
    r"|vault[ \t]+print[ \t]+token|vault[ \t]+(?:kv[ \t]+)?(?:get|read)[ \t][^\n]*-field[= ]"
    r"|\bop[ \t]+read[ \t]"
    r"|doppler[ \t]+secrets[ \t]+get[ \t][^\n]*--plain"
    r"|security[ \t]+find-(?:generic|internet)-password[ \t][^\n]*-w\b"
    r"|kubectl[ \t]+create[ \t]+token|kubeadm[ \t]+token[ \t]+(?:create|generate)"
    r"|docker[ \t]+swarm[ \t]+join-token[ \t][^\n]*(?:-q\b|--quiet)"
    r"|openssl[ \t]+rand[ \t]|\bpwgen\b|secrets\.token_(?:hex|urlsafe|bytes)"
    r"|\bbw[ \t]+get[ \t]+password|\b(?:go)?pass[ \t]+show[ \t]"
    r"|secretsmanager[ \t]+get-secret-value|ssm[ \t]+get-parameters?[ \t][^\n]*--with-decryption"
    r"|keyvault[ \t]+secret[ \t]+show|gcloud[ \t]+secrets[ \t]+versions[ \t]+access"
)
"""Tools' own commands that print a secret or a token alone."""

_MIN, _MAX = 6, 1024
_VALUE_LINE = re.compile(rf"[ \t]*(\S{{{_MIN},{_MAX}}})[ \t]*(?:\n|$)")


def _secret_name(name: str) -> bool:
    return _SECRET_NAME.search(name) is not None and _NOT_SECRET_NAME.search(name) is None


_FIELD = re.compile(r"\.data\.([\w\-]+)|\.data\[[ \t]*[\"']([^\"']+)|-field[= ]([\w\-.]+)")
"""The field a command prints of a secret (``jsonpath='{.data.host}'``, ``-field=user``)."""
_SUBSTITUTION = re.compile(r"\$\([^()]*$|`[^`]*$")
"""An unclosed ``$(`` or backtick before a point: what is there runs inside a substitution,
and prints into the outer command's line, not the terminal."""


def prints_a_secret(command: str) -> bool:
    """The command prints a secret alone (see the module's docstring)."""
    if _CUE.search(command.lower()) is None:
        return False
    field = _FIELD.search(command)
    if field and not _secret_name(next(g for g in field.groups() if g)):
        return False  # a secret's host, user or database name printed
    printer = _PRINTER.search(command) or _DECODED_SECRET.search(command)
    if printer and not _SUBSTITUTION.search(command, 0, printer.start()):
        return True
    named = _PRINTENV.search(command)
    if named and _secret_name(named[1]):
        return True
    if _ECHO.search(command):
        names = [next(g for g in m.groups() if g) for m in _VARIABLE.finditer(command)]
        if names and all(_secret_name(n) for n in names):
            return True
    shown = _SHOW_FILE.search(command)
    if shown:
        base = shown[1].replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        return _SECRET_FILE.search(base) is not None and not base.endswith(".pub")
    return False


def printed_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The one-word line printed right after each command that prints a secret: the lines
    holding a cue (:data:`_CUE`) are read as command lines, no other."""
    spans: list[tuple[int, int]] = []
    read: set[int] = set()
    for cue in _CUE.finditer(low):
        line_start = lines.line_start(low, cue.start(), _COMMAND_REACH)
        if line_start in read or (line_start and low[line_start - 1] != "\n"):
            continue  # read already, or too long a line for a prompt and a command
        read.add(line_start)
        command = _COMMAND_LINE.match(text, line_start)
        if command is None or command.end() <= cue.start() or not prints_a_secret(command[1]):
            continue
        line = _VALUE_LINE.match(text, command.end())
        if line is None:
            continue
        value = line[1]
        if _COMMAND_LINE.match(text, command.end()) or _not_a_value(value):
            continue
        spans.append(line.span(1))
    return spans


SAID_PATTERN = re.compile(
    r"`([^`\n]{3,300})`[ \t]+(?:prints|printed|returns|returned|gives|gave|outputs|shows"
    r"|showed)[ \t]+[`'\"]?([^\s`'\"]{6,1024}?)[`'\"]?(?=[\s,;:!?)]|\.(?:\s|$)|$)"
)
"""A command in backticks and what it printed, said in prose: "`cat /var/run/secrets/x/token`
prints <value> inside the pod" (the third carriers' thoughts)."""
SAID_TRIGGERS = CUES


def said_printed_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The value a backticked command that prints a secret is said to print."""
    return [
        m.span(2)
        for m in SAID_PATTERN.finditer(text)
        if prints_a_secret(m[1]) and not _not_a_value(m[2]) and m[2].lower() not in _SAID_WORDS
    ]


_SAID_WORDS = frozenset((
    "nothing", "something", "anything", "whatever", "undefined", "garbage", "gibberish",
    "correctly", "properly", "successfully", "exactly", "instead", "another", "different",
    "empty", "blank", "nothing.", "results", "output", "values", "everything",
))  # fmt: skip
"""What prose says a command prints when it is not the value ("prints nothing")."""


def _not_a_value(value: str) -> bool:
    """A placeholder, a variable left unexpanded, a redaction already made, a section's
    or a PEM block's first line, an error's first word, a path, a URL (its credentials are
    the URL rules'), a host name or an e-mail address."""
    if "[REDACTED:" in value or value.startswith(("$", "%", "[", "{", "<", "-----")):
        return True
    if value.startswith(("/", "~", "./", "../")) or "://" in value or _HOST.fullmatch(value):
        return True  # $SSH_AUTH_SOCK's socket, a token's URL, github.com
    return value.endswith(":") or is_placeholder(value)


_HOST = re.compile(r"(?:[\w.+\-]+@)?[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,24}")


MAX_PENDING = 20_000
MAX_VERDICTS = 4_096
PRINTING_EVENTS = frozenset(("terminal_command", "terminal_output"))
"""The events :class:`PrintingCommands` reads: a command, then what it printed."""


class PrintingCommands:
    """The last command of each trace that prints a secret, until its output arrives.

    Why: the capture client sends a command and what it printed as two events
    (``terminal_command``, then ``terminal_output`` whose ``parent_event_id`` is the
    command's), so the output's chunk is the bare value with no command line above it for
    :func:`printed_spans` to read. Bounded (oldest dropped). Each such command is also noted
    in the trace memory (:meth:`.TraceMemory.note_command`, stored with the batch): a worker
    restarted between a command and its output reads the output by its parent's note; an
    output that names no parent is read only in the worker that saw the command.
    """

    def __init__(self, memory: TraceMemory) -> None:
        self._memory = memory
        self._pending: dict[str, None] = {}
        """Traces whose last command prints a secret, oldest first: for an output that names
        no parent (the command's own id is the memory's note)."""
        self._verdicts: dict[str, bool] = {}
        """:func:`prints_a_secret` per command already read: a trace repeats its commands
        (a test run, a build), and the readings cost a dozen searches."""

    def read(self, etype: str, trace_id: str, event: dict) -> str | None:
        """Note a command, or read an output (``etype``: one of :data:`PRINTING_EVENTS`)."""
        if etype == "terminal_command":
            self.command(trace_id, event)
            return None
        return self.output(trace_id, event)

    def command(self, trace_id: str, event: dict) -> None:
        """Note (or forget) the trace's last command, by whether it prints a secret."""
        command = event["payload"].get("command") or ""
        verdict = self._verdicts.get(command)
        if verdict is None:
            if len(self._verdicts) >= MAX_VERDICTS:
                self._verdicts.clear()
            verdict = self._verdicts[command] = prints_a_secret(command)
        if verdict:
            self._pending.pop(trace_id, None)
            self._pending[trace_id] = None
            if event_id := event.get("event_id"):
                self._memory.note_command(trace_id, event_id)
            if len(self._pending) > MAX_PENDING:
                del self._pending[next(iter(self._pending))]
        else:
            self._pending.pop(trace_id, None)

    def output(self, trace_id: str, event: dict) -> str | None:
        """Replace the one word a pending command printed, when this output chunk is that
        word alone (the command's child, or the next output of a trace whose importer links
        none); the word replaced, for the trace's memory."""
        parent = (event.get("context") or {}).get("parent_event_id")
        after_one = trace_id in self._pending
        self._pending.pop(trace_id, None)
        printed_by_one = self._memory.noted_command(trace_id, parent) if parent else after_one
        if not printed_by_one:
            return None  # most outputs: no command of the trace asked for a secret
        payload = event["payload"]
        chunk = payload.get("chunk_text")
        if not chunk:
            return None
        line = _VALUE_LINE.match(chunk)
        if line is None or _not_a_value(line[1]) or chunk[line.end() :].strip():
            return None
        payload["chunk_text"] = chunk[: line.start(1)] + TOKEN + chunk[line.end(1) :]
        return line[1]


RULE = "printed_secret"
TOKEN = f"[REDACTED:{RULE}]"

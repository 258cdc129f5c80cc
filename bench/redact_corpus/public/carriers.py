# ruff: noqa: E501  (a table of documented formats: one case per line reads best)
"""Put each labelled secret where a bug-fix session shows it.

Carriers: ``command`` (a shell command), ``output`` (terminal output), ``patch`` (a file
edit), ``snapshot`` (a whole file), ``thought`` (the developer's prose), and ``field:<path>``
(the bare value in one string field of one event type or of the trace-opened record,
every such field, listed from the Avro schemas). A case is a ``Carried`` text with the
exact substrings that must not survive.

Provider values get several wordings per carrier, picked by the case's index, so the corpus
has lines with and without a keyword next to the value (``export SENDGRID_KEY=…`` and
"the call still fails with …"). Tool cases (``tools.jsonl``) carry their own ``form``: the
flag or file line the tool's documentation gives.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXT_CARRIERS = ("command", "output", "patch", "snapshot", "thought")
NATIVE = "native"
"""A sixth text carrier for cases that bring their own (the ``fresh``, ``fresh2``, ``fresh3``,
``fresh4`` and ``fresh5`` splits): the scanner's example text or test file the value was cut from, as it was found."""


@dataclass(frozen=True)
class Carried:
    case_id: str
    kind: str
    split: str
    carrier: str
    text: str
    secrets: tuple[str, ...]


def load(name: str) -> list[dict]:
    """The rows of a corpus file of this folder (JSON lines)."""
    return [json.loads(x) for x in (HERE / name).read_text().splitlines() if x]


def write(name: str, rows: list[dict]) -> None:
    """Write a corpus file of this folder: one JSON object per line, keys sorted (so a
    rebuild from the same mirrors gives the same bytes)."""
    with (HERE / name).open("w") as fh:
        for row in rows:
            fh.write(json.dumps(row, sort_keys=True) + "\n")


def _service(kind: str) -> str:
    name = kind.split(":", 1)[1]
    if name.startswith(("np.", "kingfisher.")):  # rule ids: np.<service>.<n>
        name = name.split(".")[1]
    name = name.split("/")[0]  # secretlint: <rule>/<message id>
    name = name.removeprefix("detected-")  # semgrep: detected-<service>-<what>
    name = re.sub(
        r"[-_](api|access|personal|secret|token|key|client|app|bot|user|org|v\d)\b.*", "", name
    )
    return re.sub(r"[^a-z0-9]", "", name.lower()) or "svc"


def _env_name(svc: str, i: int) -> str:
    return svc.upper() + ("_API_KEY", "_TOKEN", "_SECRET", "_ACCESS_KEY", "_KEY")[i % 5]


def provider_texts(case: dict, i: int) -> dict[str, str]:
    """The five text carriers of a provider value (``{v}`` stands for the value)."""
    svc = _service(case["kind"])
    env = _env_name(svc, i)
    low = env.lower()
    commands = (
        f"export {env}={{v}}",
        f'curl -sS -H "Authorization: Bearer {{v}}" https://api.{svc}.com/v1/me',
        f"docker run --rm -e {env}={{v}} ghcr.io/acme/worker:1.4 sync",
        f"{svc} auth login --token {{v}}",
        f"python scripts/backfill.py --{svc}-key={{v}} --dry-run",
        f"echo '{env}={{v}}' >> .env && make deploy",
    )
    outputs = (
        f"$ env | grep {env}\n{env}={{v}}\n$ ",
        f'DEBUG:urllib3.connectionpool:https://api.{svc}.com:443 "GET /v1/items?api_key={{v}} HTTP/1.1" 401 58',
        f'{{{{"{low}": "{{v}}", "expires_in": 3600, "scope": "read write"}}}}',
        f'Traceback (most recent call last):\n  File "app/client.py", line 12, in <module>\n    client = Client("{{v}}")\n{svc}.errors.AuthError: 401 Unauthorized',
        f"INFO  loaded settings: {low}={{v}} region=eu-west-1 retries=3",
        f"Using {svc} credentials {{v}} for tenant acme-prod\nrequest failed: 403 Forbidden",
    )
    patches = (
        f'--- a/app/settings.py\n+++ b/app/settings.py\n@@ -3,3 +3,4 @@\n DEBUG = False\n-{env} = os.environ["{env}"]\n+{env} = "{{v}}"  # TODO move back\n TIMEOUT = 30\n',
        f"--- a/config/app.yaml\n+++ b/config/app.yaml\n@@ -8,2 +8,3 @@\n {svc}:\n-  key: ${{{{{env}}}}}\n+  key: {{v}}\n   timeout: 10\n",
        f'--- a/src/client.ts\n+++ b/src/client.ts\n@@ -1,3 +1,3 @@\n-const client = new Client(process.env.{env});\n+const client = new Client("{{v}}");\n export default client;\n',
    )
    snapshots = (
        f"# .env.local\nAPP_ENV=dev\nDATABASE_HOST=localhost\n{env}={{v}}\nLOG_LEVEL=debug\n",
        f'{{{{\n  "name": "worker",\n  "{svc}": {{{{\n    "apiKey": "{{v}}",\n    "region": "eu"\n  }}}}\n}}}}\n',
        f"[{svc}]\nendpoint = https://api.{svc}.com\ntoken = {{v}}\nretries = 3\n",
    )
    thoughts = (
        f"The {svc} key {{v}} gets a 401 now, maybe it was rotated yesterday.",
        f"Pasted {{v}} from the {svc} dashboard into the config but the call still fails.",
        f"{svc} rejects {{v}} — check whether it belongs to the staging project.",
    )
    return {
        "command": commands[i % len(commands)],
        "output": outputs[i % len(outputs)],
        "patch": patches[i % len(patches)],
        "snapshot": snapshots[i % len(snapshots)],
        "thought": thoughts[i % len(thoughts)],
    }


def tool_texts(case: dict, i: int) -> dict[str, str]:
    """The five text carriers of a tool case: its form as typed, shown, edited, stored, told."""
    form, where = case["form"], case["where"]
    if where == "cmd":
        file_name, file_text = "scripts/deploy.sh", f"#!/bin/sh\nset -eu\n{form}\necho done\n"
        shown = f"$ {form}\nERROR 1045 (28000): Access denied for user\n$ history | tail -2\n  511  {form}\n  512  history | tail -2"
        command = form
    else:
        file_name, file_text = where, f"# {where}\n{form}\n"
        shown = f"$ cat {where}\n{form}\n$ "
        command = (
            f"printf '%s\\n' '{form}' >> {where}"
            if "'" not in form
            else f'echo "{form}" >> {where}'
        )
    first = form.splitlines()[-1]
    return {
        "command": command,
        "output": shown,
        "patch": f"--- a/{file_name}\n+++ b/{file_name}\n@@ -1,2 +1,3 @@\n #!/bin/sh\n+{first}\n echo done\n",
        "snapshot": file_text,
        "thought": f"Tried `{first}` again and it still fails, so the credential is not the problem.",
    }


def _json_escaped(value: str) -> str:
    return json.dumps(value)[1:-1]


def text_cases(split: str | None = None, name: str = "secrets.jsonl") -> list[Carried]:
    """Every secret of the file ``name`` in every text carrier (``split``: only its cases);
    a case with an ``example`` also gets it as the ``native`` carrier."""
    out = []
    for i, case in enumerate(load(name)):
        if split and case["split"] != split:
            continue
        value = case["value"]
        texts = tool_texts(case, i) if case["kind"].startswith("tool:") else provider_texts(case, i)
        for carrier, template in texts.items():
            text = template.replace("{v}", value).replace("{{", "{").replace("}}", "}")
            secrets = (value,) if value in text else (_json_escaped(value),)
            out.append(Carried(case["id"], case["kind"], case["split"], carrier, text, secrets))
        if "example" in case:
            out.append(
                Carried(case["id"], case["kind"], case["split"], NATIVE, case["example"], (value,))
            )
    return out

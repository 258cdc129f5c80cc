# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""What every wording of the second carriers is built with: a case's names (service, env
variable, file paths), unified diffs and new files, and the two-step fill that puts the
value in last (so braces in a value are never read as a name)."""

from __future__ import annotations

import textwrap

from bench.redact_corpus.public.carriers import _env_name, _service

_MARK = "\x00"  # stands for the value while the other names are filled in


def _b(text: str) -> str:
    """A wording written as an indented triple-quoted block: dedented, first newline dropped."""
    return textwrap.dedent(text.removeprefix("\n")).removesuffix("\n")


def _fill_names(fmt: str, names: dict[str, str]) -> str:
    """``fmt`` (named fields, ``{v}`` among them, literal braces doubled) with every name but
    ``v`` filled in: a template in the ``{v}`` convention."""
    text = fmt.format(v=_MARK, **names)
    return text.replace("{", "{{").replace("}", "}}").replace(_MARK, "{v}")


def fill(template: str, value: str) -> str:
    """The text of a template of this module (or of ``carriers.py``) with ``value`` in it."""
    return template.format(v=value)


def _hash(i: int, salt: int) -> str:
    return f"{(i * 2654435761 + salt * 40503) & 0xFFFFFFF:07x}"


def _diff(
    path: str,
    before: list[str],
    minus: list[str],
    plus: list[str],
    after: list[str],
    *,
    start: int = 1,
    func: str = "",
    i: int = 0,
) -> str:
    """A ``git diff`` of one hunk (lines in the named-field convention)."""
    old = len(before) + len(minus) + len(after)
    new = len(before) + len(plus) + len(after)
    head = [
        f"diff --git a/{path} b/{path}",
        f"index {_hash(i, 1)}..{_hash(i, 2)} 100644",
        f"--- a/{path}",
        f"+++ b/{path}",
        f"@@ -{start if old else start - 1},{old} +{start},{new} @@" + (f" {func}" if func else ""),
    ]
    body = [" " + x for x in before] + ["-" + x for x in minus]
    body += ["+" + x for x in plus] + [" " + x for x in after]
    return "\n".join(head + body)


def _new_file(path: str, lines: list[str], *, i: int = 0) -> str:
    """A ``git diff`` adding the file ``path``."""
    head = [
        f"diff --git a/{path} b/{path}",
        "new file mode 100644",
        f"index 0000000..{_hash(i, 3)}",
        "--- /dev/null",
        f"+++ b/{path}",
        f"@@ -0,0 +1,{len(lines)} @@",
    ]
    return "\n".join(head + ["+" + x for x in lines])


def _names(case: dict, i: int) -> dict[str, str]:
    svc = _service(case["kind"])
    if case["value"].startswith(("https://", "http://")):
        env_upper = svc.upper() + "_WEBHOOK_URL"
    else:
        env_upper = _env_name(svc, i)
    env = env_upper.lower()
    parts = env.split("_")
    mod = svc if svc[:1].isalpha() else "client"
    return {
        "svc": svc,
        "Svc": mod.capitalize(),
        "mod": mod,
        "ENV": env_upper,
        "env": env,
        "kebab": env.replace("_", "-"),
        "camel": parts[0] + "".join(p.capitalize() for p in parts[1:]),
        "host": f"api.{svc}.com",
    }


# Provider values: single-line keys and tokens.

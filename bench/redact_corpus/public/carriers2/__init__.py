# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""A second, independently written set of carrier wordings for the redaction benchmark.

``carriers.py`` puts each labelled secret into five texts a bug-fix session shows (a shell
command, terminal output, a file edit, a whole file, the developer's prose). Recall measured
on those wordings may depend on them: an outside tester's corpus, with wordings we had never
seen, once scored far lower than ours (108/108 on ours, 168/250 on theirs). This module is a
second set, written from what real sessions look like, without reading the redaction rules
(``streams/``) or the first set's provider wordings, so that the two scores side by side show
how much recall owes to our own phrasing.

``alt_texts(case, i)`` gives one template per carrier, in the same convention as
``carriers.py``: ``{v}`` is where the value goes and literal braces are doubled (a template is
filled with ``template.format(v=value)``). Wordings rotate with the case's index ``i``; list
lengths differ per carrier so the combinations vary too. Provider values get their own
wordings for webhook URLs and for multi-line values (private keys); in a unified diff every
line of a multi-line value would get a ``+``, so there the value is written JSON-escaped on
one line (a service-account file, a ``.env`` line) and the carried secret is that escaped
form, as ``text_cases`` does. Tool cases (``tool:*``) bring their own ``form`` (the flag or
file line from the tool's documentation); here it is wrapped in other settings: a Makefile
recipe, a CI step, a ``set -x`` trace, a shell history, ``ps`` output, a line-numbered file
view.
"""

from __future__ import annotations

from bench.redact_corpus.public.carriers import TEXT_CARRIERS, Carried, _json_escaped, load
from bench.redact_corpus.public.carriers2.compose import _fill_names, _names, fill
from bench.redact_corpus.public.carriers2.files import (
    _ML_SNAPSHOTS,
    _SNAPSHOTS,
    _ml_patches,
    _patches,
)
from bench.redact_corpus.public.carriers2.said import (
    _COMMANDS,
    _ML_COMMANDS,
    _ML_OUTPUTS,
    _ML_THOUGHTS,
    _OUTPUTS,
    _THOUGHTS,
    _URL_COMMANDS,
    _URL_OUTPUTS,
)
from bench.redact_corpus.public.carriers2.tools import _tool_lists

__all__ = ["alt_text_cases", "alt_texts", "alt_wordings", "fill"]


def _provider_lists(case: dict, i: int) -> tuple[list[str], ...]:
    """A provider case's wordings per carrier, in the named-field convention."""
    value = case["value"]
    if "\n" in value:
        return _ML_COMMANDS, _ML_OUTPUTS, _ml_patches(i), _ML_SNAPSHOTS, _ML_THOUGHTS
    if value.startswith(("https://", "http://")):
        return _URL_COMMANDS, _URL_OUTPUTS, _patches(i), _SNAPSHOTS, _THOUGHTS
    return _COMMANDS, _OUTPUTS, _patches(i), _SNAPSHOTS, _THOUGHTS


def alt_texts(case: dict, i: int) -> dict[str, str]:
    """The five text carriers of one case (``carriers.TEXT_CARRIERS``), in wordings written
    apart from ``carriers.py``: templates with ``{v}`` for the value and doubled braces."""
    if case["kind"].startswith("tool:"):
        lists = _tool_lists(case, i)
        return {c: xs[i % len(xs)] for c, xs in zip(TEXT_CARRIERS, lists, strict=True)}
    names = _names(case, i)
    names["vj"] = _json_escaped(case["value"])  # used by the multi-line patches only
    lists = _provider_lists(case, i)
    return {
        c: _fill_names(xs[i % len(xs)], names) for c, xs in zip(TEXT_CARRIERS, lists, strict=True)
    }


def alt_wordings(case: dict) -> dict[str, int]:
    """How many distinct wordings each carrier has for cases like ``case``."""
    lists = _tool_lists(case, 0) if case["kind"].startswith("tool:") else _provider_lists(case, 0)
    return {c: len(set(xs)) for c, xs in zip(TEXT_CARRIERS, lists, strict=True)}


def alt_text_cases(split: str | None = None, name: str = "secrets.jsonl") -> list[Carried]:
    """Every secret of the file ``name`` in every text carrier of ``alt_texts`` (``split``: only
    its cases). No ``native`` carrier: that text is the case's own, not a wording."""
    out = []
    for i, case in enumerate(load(name)):
        if split and case.get("split") != split:
            continue
        value = case["value"]
        case_id, case_split = case.get("id", f"{name}:{i}"), case.get("split", "")
        for carrier, template in alt_texts(case, i).items():
            text = fill(template, value)
            secrets = (value,) if value in text else (_json_escaped(value),)
            out.append(Carried(case_id, case["kind"], case_split, carrier, text, secrets))
    return out

"""The list page's query string ↔ :class:`ListQuery`, with errors a reader can fix.

A bad value (a judge score of "abc", an unknown status) is reported above the table and
ignored, rather than answering with an error page: the filter form stays usable.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from pydantic import ValidationError
from starlette.datastructures import QueryParams

from fixtrace.ops.filters import TestOutcome, TraceFilter, time_ms
from fixtrace.ui.queries import SORTS, ListQuery

STATUSES = ("open", "finalizing", "complete", "missing_events")
VERDICTS = ("GREEN", "YELLOW", "RED", "ERROR")
FILTER_KEYS = ("repo", "status", "tests", "resolved", "mre", "min_judge", "max_judge", "since",
               "until")  # fmt: skip


def ms_to_input(ms: int | None) -> str:
    """Epoch ms → the ``datetime-local`` input's value (UTC)."""
    if ms is None:
        return ""
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).strftime("%Y-%m-%dT%H:%M")


def parse_list_query(params: QueryParams, optional: frozenset[str]) -> tuple[ListQuery, list[str]]:
    """The list query the URL asks for, and a message per value that was not understood."""
    errors: list[str] = []
    fields: dict[str, object] = {}
    if repo := params.get("repo", "").strip():
        fields["repo"] = repo
    statuses = [s for s in params.getlist("status") if s]
    if bad := [s for s in statuses if s not in STATUSES]:
        errors.append(f"unknown status {', '.join(bad)} (want {', '.join(STATUSES)})")
    fields["status"] = [s for s in statuses if s in STATUSES]
    verdicts = [v.upper() for v in params.getlist("mre") if v]
    if bad := [v for v in verdicts if v not in VERDICTS]:
        errors.append(f"unknown MRE verdict {', '.join(bad)}")
    fields["mre"] = [v for v in verdicts if v in VERDICTS]
    if tests := params.get("tests", ""):
        try:
            fields["tests"] = TestOutcome(tests)
        except ValueError:
            errors.append(f"tests must be passed, failed or fail_to_pass, not {tests!r}")
    resolved = params.get("resolved", "")
    if resolved and "resolved" not in optional:
        errors.append("this store has no resolved column yet: the resolved filter is ignored")
    elif resolved in ("yes", "no"):
        fields["resolved"] = resolved == "yes"
    elif resolved:
        errors.append(f"resolved must be yes or no, not {resolved!r}")
    for key in ("min_judge", "max_judge"):
        if raw := params.get(key, "").strip():
            try:
                value = float(raw)
                if not 0 <= value <= 5:
                    raise ValueError
                fields[key] = value
            except ValueError:
                errors.append(f"{key.replace('_', ' ')} must be a number from 0 to 5, not {raw!r}")
    for key, field in (("since", "since_ms"), ("until", "until_ms")):
        if raw := params.get(key, "").strip():
            try:
                fields[field] = time_ms(raw)
            except ValueError:
                errors.append(f"{key} must be a date or date and time (UTC), not {raw!r}")
    try:
        flt = TraceFilter.model_validate(fields)
    except ValidationError as exc:  # only reachable through values checked above
        errors.append(str(exc))
        flt = TraceFilter()
    sort = params.get("sort", "created")
    if sort not in SORTS or (sort == "resolved" and "resolved" not in optional):
        errors.append(f"cannot sort by {sort!r}")
        sort = "created"
    page = _int(params.get("page"), 1, errors, "page")
    per_page = min(500, _int(params.get("per_page"), 50, errors, "per_page"))
    query = ListQuery(filter=flt, sort=sort, desc=params.get("dir", "desc") != "asc", page=page,
                      per_page=per_page)  # fmt: skip
    return query, errors


def _int(raw: str | None, default: int, errors: list[str], name: str) -> int:
    if not raw:
        return default
    try:
        value = int(raw)
        if value < 1:
            raise ValueError
        return value
    except ValueError:
        errors.append(f"{name} must be a whole number ≥ 1, not {raw!r}")
        return default


def link(params: QueryParams, **changes: object) -> str:
    """The current query string with ``changes`` applied (None removes a key)."""
    pairs = [(k, v) for k, v in params.multi_items() if k not in changes]
    for key, value in changes.items():
        if value is not None:
            pairs.append((key, str(value)))
    return "?" + urlencode(pairs) if pairs else "?"


def sort_link(params: QueryParams, query: ListQuery, key: str) -> str:
    """The header link of column ``key``: sort by it, flipping the direction when current."""
    desc = not query.desc if query.sort == key else key in ("created", "events", "judge")
    return link(params, sort=key, dir="desc" if desc else "asc", page=None)

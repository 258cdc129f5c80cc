"""Blob backend on a local folder: atomic, never-overwriting writes via hard links.

Layout: ``root/sha256/ab/cd/<hex>`` holds the bytes and ``<hex>.json`` the content type.
Bytes go to a temporary file in the same folder first, then ``os.link`` publishes them
under the final name; linking fails if the name exists, so a blob is written once even
with concurrent writers and a crash never leaves a partial blob under its final name.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from pathlib import Path

from sinks.blobs.base import DEFAULT_CONTENT_TYPE, BlobNotFound, BlobStore

_NO_HARD_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK}


class FilesystemBlobStore(BlobStore):
    """Blobs as files under ``root`` (created if missing)."""

    def __init__(self, root: Path, *, fsync: bool = True) -> None:
        self.root = root.resolve()
        self.fsync = fsync
        self.root.mkdir(parents=True, exist_ok=True)

    def path_for(self, hex_digest: str) -> Path:
        """The file holding a blob's bytes (sharded so no folder grows huge)."""
        return self.root / "sha256" / hex_digest[:2] / hex_digest[2:4] / hex_digest

    def _meta_path(self, hex_digest: str) -> Path:
        return self.path_for(hex_digest).with_suffix(".json")

    def _write_if_absent(self, hex_digest: str, data: bytes, content_type: str) -> bool:
        path = self.path_for(hex_digest)
        created = not path.exists() and self._publish(path, data)
        # The sidecar goes second: a crash between the two leaves a readable blob whose
        # content type falls back to the default, and the next put fills it in.
        meta = self._meta_path(hex_digest)
        if not meta.exists():
            self._publish(meta, json.dumps({"content_type": content_type}).encode())
        return created

    def _publish(self, path: Path, data: bytes) -> bool:
        """Write ``data`` to ``path`` atomically unless it exists; True if written here."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                if self.fsync:
                    fh.flush()
                    os.fsync(fh.fileno())
            os.chmod(tmp_name, 0o644)
            try:
                os.link(tmp_name, path)
            except FileExistsError:
                return False
            except OSError as exc:
                if exc.errno not in _NO_HARD_LINKS:
                    raise
                # Filesystems without hard links: replace is still atomic, and a racing
                # writer can only have written these same bytes.
                if path.exists():
                    return False
                os.replace(tmp_name, path)
            return True
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp_name)

    def _read(self, hex_digest: str) -> bytes:
        try:
            return self.path_for(hex_digest).read_bytes()
        except FileNotFoundError:
            raise BlobNotFound(f"sha256:{hex_digest}") from None

    def _stat(self, hex_digest: str) -> tuple[int, str]:
        try:
            size = self.path_for(hex_digest).stat().st_size
        except FileNotFoundError:
            raise BlobNotFound(f"sha256:{hex_digest}") from None
        try:
            meta = json.loads(self._meta_path(hex_digest).read_bytes())
            content_type = str(meta["content_type"])
        except (FileNotFoundError, ValueError, KeyError, TypeError):
            content_type = DEFAULT_CONTENT_TYPE
        return size, content_type

    def _uri(self, hex_digest: str) -> str:
        return self.path_for(hex_digest).as_uri()

"""What every blob backend shares: ids, the BlobRef model, errors and the put/get policy.

Backends only move bytes (write-if-absent, read, stat); hashing, id validation and the
integrity check on read live here once, so both backends behave the same.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod

from pydantic import BaseModel, ConfigDict, Field, field_validator

BLOB_ID_PREFIX = "sha256:"
DEFAULT_CONTENT_TYPE = "application/octet-stream"
_BLOB_ID_RE = re.compile(r"^sha256:[0-9a-f]{64}$")
# Printable ASCII only: the content type becomes an HTTP header on S3.
_CONTENT_TYPE_RE = re.compile(r"^[\x21-\x7e][\x20-\x7e]{0,254}$")


class BlobStoreError(Exception):
    """Base class of blob store failures."""


class InvalidBlobId(BlobStoreError, ValueError):
    """The string is not of the form ``sha256:<64 lowercase hex digits>``."""


class BlobNotFound(BlobStoreError, LookupError):
    """No blob is stored under this id."""


class BlobIntegrityError(BlobStoreError):
    """The stored bytes do not hash to their id (corruption or tampering)."""


def blob_hex(blob_id: str) -> str:
    """The hex digest of a valid blob id; raises :class:`InvalidBlobId` otherwise."""
    if not isinstance(blob_id, str) or not _BLOB_ID_RE.match(blob_id):
        raise InvalidBlobId(f"not a blob id (want sha256:<64 lowercase hex>): {blob_id!r}")
    return blob_id[len(BLOB_ID_PREFIX) :]


def blob_id_for(data: bytes) -> str:
    """The content address of ``data``: what :meth:`BlobStore.put` will store it under."""
    return BLOB_ID_PREFIX + hashlib.sha256(data).hexdigest()


class BlobRef(BaseModel):
    """What a stored blob is and where it lives; events carry this instead of the bytes."""

    model_config = ConfigDict(frozen=True)

    blob_id: str = Field(pattern=_BLOB_ID_RE.pattern)
    byte_length: int = Field(ge=0)
    content_type: str = DEFAULT_CONTENT_TYPE
    storage_uri: str

    @field_validator("content_type")
    @classmethod
    def _printable(cls, value: str) -> str:
        if not _CONTENT_TYPE_RE.match(value):
            raise ValueError(f"content type must be printable ASCII: {value!r}")
        return value


class BlobStore(ABC):
    """Put-if-absent, content-addressed storage of byte strings."""

    def put(self, data: bytes, *, content_type: str = DEFAULT_CONTENT_TYPE) -> BlobRef:
        """Store ``data`` unless already stored; return the ref of what is stored.

        A blob is never overwritten: when it already exists, the ref describes the stored
        copy (including the content type of the first put).
        """
        blob_id = blob_id_for(bytes(data))
        ref = BlobRef(
            blob_id=blob_id,
            byte_length=len(data),
            content_type=content_type,
            storage_uri=self.uri(blob_id),
        )
        if self._write_if_absent(blob_hex(blob_id), bytes(data), content_type):
            return ref
        return self.stat(blob_id)

    def get(self, blob_id: str) -> bytes:
        """The bytes stored under ``blob_id``, checked against the id."""
        data = self._read(blob_hex(blob_id))
        if blob_id_for(data) != blob_id:
            raise BlobIntegrityError(f"stored bytes of {blob_id} hash to {blob_id_for(data)}")
        return data

    def exists(self, blob_id: str) -> bool:
        """Whether ``blob_id`` is stored."""
        try:
            self.stat(blob_id)
        except BlobNotFound:
            return False
        return True

    def stat(self, blob_id: str) -> BlobRef:
        """The ref of a stored blob without reading its bytes."""
        length, content_type = self._stat(blob_hex(blob_id))
        return BlobRef(
            blob_id=blob_id,
            byte_length=length,
            content_type=content_type,
            storage_uri=self.uri(blob_id),
        )

    def uri(self, blob_id: str) -> str:
        """Where the blob lives (``file://…`` or ``s3://…``), whether stored yet or not."""
        return self._uri(blob_hex(blob_id))

    @abstractmethod
    def _write_if_absent(self, hex_digest: str, data: bytes, content_type: str) -> bool:
        """Store the bytes unless present; True if this call stored them."""

    @abstractmethod
    def _read(self, hex_digest: str) -> bytes:
        """The stored bytes; raises :class:`BlobNotFound`."""

    @abstractmethod
    def _stat(self, hex_digest: str) -> tuple[int, str]:
        """(byte length, content type); raises :class:`BlobNotFound`."""

    @abstractmethod
    def _uri(self, hex_digest: str) -> str:
        """The storage URI of the blob."""

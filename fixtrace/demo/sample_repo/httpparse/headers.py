"""Parse raw HTTP header blocks into a case-insensitive mapping."""

DEFAULT_CONTENT_TYPE = "application/octet-stream"


def parse_headers(raw: str) -> dict[str, str]:
    """Split ``Name: value`` lines; names are lower-cased, later lines win."""
    headers: dict[str, str] = {}
    for line in raw.splitlines():
        if not line.strip():
            continue
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


def content_type(raw: str) -> str:
    """The media type of a response, without parameters such as charset."""
    headers = parse_headers(raw)
    return headers["content-type"].split(";")[0].strip()

"""A tiny HTTP header parser: the demo's repository under repair."""

from httpparse.headers import content_type, parse_headers

__all__ = ["content_type", "parse_headers"]

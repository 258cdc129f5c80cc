from httpparse import content_type, parse_headers


def test_parse_headers_lowercases_names():
    assert parse_headers("Content-Type: text/html\nX-Id: 7") == {
        "content-type": "text/html",
        "x-id": "7",
    }


def test_content_type_strips_parameters():
    assert content_type("Content-Type: text/html; charset=utf-8") == "text/html"


def test_missing_content_type_defaults_to_octet_stream():
    assert content_type("X-Id: 7") == "application/octet-stream"

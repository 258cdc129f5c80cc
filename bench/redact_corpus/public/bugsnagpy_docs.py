# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Bugsnag's Python notifier, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``bugsnag/bugsnag-python`` is Bugsnag's official Python notifier, with example apps for each
framework it supports (``example/``) and a test suite with Django fixture projects. Most
examples say ``YOUR_API_KEY``; two example apps and a test fixture carry project API keys in
Bugsnag's form (32 hex digits), and the Django example and fixture projects keep the
``SECRET_KEY`` ``startproject`` generated for them. ``example/`` (every ``settings.py``,
``server.py``, ``tasks.py`` and README), ``tests/conftest.py``, ``tests/test_configuration.py``,
``tests/fixtures/`` (settings), ``UPGRADING.md`` and the changelog's examples were read at
``HEAD``.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the examples'
stand-in keys, payload fields the notifier already replaced with ``[FILTERED]``, a CloudFront
request id in a recorded Lambda event.

``NO_SECRET``: ``aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`` (one letter), ``12312312312312312312312312321312``
and ``00000312312312312312312312321312`` (counted digits said over), ``3874876376238728937``
(digits only, no key's form). Left out without a row: ``ffff…``, ``abc``, ``456``, ``gravy!``,
``abcdef`` (short or one letter).

Doubtful labels, kept: ``066f5ad3590596f9aa8d601ea89af845`` and ``066f1ad3590596f9aacd601ea89af845``
differ in two digits: two examples' keys, both kept. A Django ``SECRET_KEY`` in a committed
example is a framework signing key in its place: a secret, ``django-insecure-`` head or not.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/bugsnag+bugsnag-python/repo")
REPO = "bugsnag/bugsnag-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("example/celery/tasks.py", "bugsnag-python:api-key", "066f5ad3590596f9aa8d601ea89af845", None),
    ("example/tornado/README.md", "bugsnag-python:api-key", "066f1ad3590596f9aacd601ea89af845", None),
    ("tests/fixtures/django30/todo/settings.py", "bugsnag-python:api-key", "a05afff2bd2ffaf0ab0f52715bbdcffd", None),
    ("example/celery+django/celery_django/settings.py", "bugsnag-python:django-secret-key", "t70qw62gdx%ru%w1&f#$so*a$h9-m6h#a1=gji9$5q&)exf$*%", None),
    ("example/django21/bugsnag_demo/settings.py", "bugsnag-python:django-secret-key", "3n3h7r@tpqnwqtt8#avxh_t75k_6zf3x)@6cg!u(&xmz79(26h", None),
    ("tests/fixtures/django4/todo/settings.py", "bugsnag-python:django-secret-key", "django-insecure-z++&i7gx^m*qqq_1(xjqo=7%gg)^&fcq6fa3gen+10(zn5756z", None),
    ("example/django31/todo/settings.py", "bugsnag-python:django-secret-key", "$#yb)ri-v$^#8o1r0x%5$0yy&aqu2yefwo10zm+(=7!t+d^6ft", None),
    # read as no secret (NO_SECRET)
    ("tests/test_configuration.py", "bugsnag-python:api-key", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", None),
    ("tests/test_configuration.py", "bugsnag-python:api-key", "12312312312312312312312312321312", None),
    ("tests/test_configuration.py", "bugsnag-python:api-key", "00000312312312312312312312321312", None),
    ("tests/conftest.py", "bugsnag-python:api-key", "3874876376238728937", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": "one letter",
    "12312312312312312312312312321312": "counted digits said over",
    "00000312312312312312312312321312": "counted digits said over",
    "3874876376238728937": "digits only, no key's form",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("example/flask/server.py", "bugsnag-python-fp:placeholder", "api_key='YOUR_API_KEY_HERE',"),
    ("example/asgi/example.py", "bugsnag-python-fp:placeholder", 'bugsnag.configure(api_key="YOUR-API-KEY-HERE")'),
    ("example/bottle/server.py", "bugsnag-python-fp:placeholder", "bugsnag.configure(api_key='some-api-key',)"),
    ("UPGRADING.md", "bugsnag-python-fp:placeholder", "handler = BugsnagHandler(api_key='some key')"),
    ("CHANGELOG.md", "bugsnag-python-fp:placeholder", "client = Client(api_key='...')"),
    ("tests/integrations/test_bottle.py", "bugsnag-python-fp:filtered", "'password': '[FILTERED]'"),
    ("features/fixtures/aws-lambda/app/events/event.json", "bugsnag-python-fp:request-id", '"Via": "1.1 08f323deadbeefa7af34d5feb414ce27.cloudfront.net (CloudFront)",'),
)  # fmt: skip

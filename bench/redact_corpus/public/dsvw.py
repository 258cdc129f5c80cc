# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Damn Small Vulnerable Web, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``stamparm/DSVW`` is a deliberately vulnerable web application in under a hundred lines of
Python (``dsvw.py``), with a Dockerfile and a compose file. Its secrets sit in the one place it
keeps users: the XML user store ``USERS_XML`` it loads into SQLite at start-up, with the admin's
and the users' plain passwords. The five text files were read at ``HEAD``; each value is cited
by the line holding it (the store is one line).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for fragments beside the secrets that hold none: the attack table's
injection payloads given as the password (``' OR '1' LIKE '1``, the parameter-pollution
variant) and the UNION query that reads the password column, the empty login URL, the
``users`` table's schema, the random session id's generator and the ``Set-Cookie`` template it
fills, the alert that spells out the admin password's first character's test.

``NO_SECRET``: none. Left out without a row: ``12345`` and ``gandalf`` (under 8 signs).

Doubtful labels, kept: ``phest1945`` (a word and a year, but the user ``amason``'s password as
the store gives it).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/stamparm+DSVW/repo")
REPO = "stamparm/DSVW"

_D = "dsvw.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_D, "dsvw:xml-store-admin-password", "7en8aiDoh!", None),
    (_D, "dsvw:xml-store-user-password", "phest1945", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_D, "dsvw-fp:injection-payload", "/login?username=admin&amp;password=%27%20OR%20%271%27%20LIKE%20%271"),
    (_D, "dsvw-fp:injection-payload", "/login?username=admin&amp;password=%27%2F*&amp;password=*%2FOR%2F*&amp;password=*%2F%271%27%2F*&amp;password=*%2FLIKE%2F*&amp;password=*%2F%271"),
    (_D, "dsvw-fp:injection-payload", "/?id=2%20UNION%20ALL%20SELECT%20NULL%2C%20NULL%2C%20NULL%2C%20(SELECT%20id%7C%7C%27%2C%27%7C%7Cusername%7C%7C%27%2C%27%7C%7Cpassword%20FROM%20users%20WHERE%20username%3D%27admin%27)"),
    (_D, "dsvw-fp:empty", '"/login?username=&amp;password="'),
    (_D, "dsvw-fp:config", 'cursor.execute("CREATE TABLE users(id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT, name TEXT, surname TEXT, password TEXT)")'),
    (_D, "dsvw-fp:generator", '"".join(random.sample(string.ascii_letters + string.digits, 20))'),
    (_D, "dsvw-fp:template", r'<meta http-equiv=\"Set-Cookie\" content=\"SESSIONID=%s; path=/\">'),
    (_D, "dsvw-fp:text", r"alert('checking if the first character for admin\\'s password is digit \\'7\\' (true in case of same result(s) as for \\'vulnerable\\')')"),
)  # fmt: skip

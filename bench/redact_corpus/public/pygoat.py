# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""PyGoat, for the ``fresh19`` split (``fresh19.py`` reads and writes).

``adeyosemanputra/pygoat`` is an intentionally vulnerable Django application teaching the
OWASP Top 10, with three small dockerised labs beside it (a Flask broken-authentication lab,
a FastAPI deserialisation lab, a Django sensitive-data lab). Its secrets sit where a Django
developer puts them: the project's ``SECRET_KEY`` in ``pygoat/settings.py``; the HS256 key
the CSRF lab signs its cookie with, passed literally to ``jwt.encode`` and ``jwt.decode``
(``introduction/mitre.py``); the lab users' passwords compared in the views
(``introduction/views.py``), one given only in a comment above the view; and, in a script
the A9 lab's page loads (``introduction/static/js/a9.js``), a session cookie and a CSRF token
copied from a logged-in browser into a ``Cookie`` header. Every text file was read at ``HEAD``
(the notebook of the chat bot holds no value); each value is cited by the first line holding
it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: Django settings besides the
key, code importing and passing the cookie key by its name, templates that print
``{{ csrf_token }}`` or a user's ``api_key``, model fields named for passwords and keys, code
deriving tokens from a time or a UUID, a table of test users whose passwords read ``Hash1``,
a requirement pin, the table-of-contents script's ``$GH_TOC_TOKEN`` handling.

``NO_SECRET``: ``P@$$w0rd`` (the word password in leet), ``admin_pass`` (the role and the word
pass), ``S3CR37K3Y`` (secret key in leet), ``demokey123456789`` (words and digits counted in
order), ``password777`` (the word password and a repeated digit), the sensitive-data lab's
``django-insecure-key-for-demonstration-only`` and the broken-auth lab's
``your-secret-key-here`` (keys that say they are stand-ins), ``super_secure_admin_pw123``
(words naming the value, digits counted in order), the challenge's ``flag{do_it_fast}`` (a CTF
flag). Left out without a row: values under 8 signs (``PYGOAT``, the cookie key of the
security-misconfiguration lab; ``reaper``; ``admin``; ``jack``), ``admin123`` and
``password123`` (the broken-auth lab's users: counted digits, under the filters anyway), the
lab tables' MD5, SHA-256 and custom-hash rows (digests of passwords: not the secret, nor a fair
negative).

Doubtful labels, kept: ``csrf_vulneribility`` (it names the lab's topic, misspelt, but it is
the key the cookie is signed with, used as such three times); ``jacktheripper`` (the user's
name run into a phrase, and the lab's pages hand it to the player, but the password the view
checks); ``2022_in_pygoat@pygoat.com`` (written like an e-mail address and holding the app's
name, but the admin's password the comment says is "not a easy password to be brute
forced"); the captured session JWT and CSRF token (values of one past session on a developer's
machine, but a bearer cookie and its anti-forgery token in the exact forms Django and PyJWT
give them).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/adeyosemanputra+pygoat/repo")
REPO = "adeyosemanputra/pygoat"

_V = "introduction/views.py"
_A9 = "introduction/static/js/a9.js"
_LABS = "dockerized_labs/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("pygoat/settings.py", "pygoat:django-secret-key", "lr66%-a!$km5ed@n5ug!tya5bv!0(yqwa1tn!q%0%3m2nh%oml", None),
    ("introduction/mitre.py", "pygoat:jwt-signing-key", "csrf_vulneribility", None),
    (_V, "pygoat:view-compared-password", "jacktheripper", None),
    (_V, "pygoat:comment-admin-password", "2022_in_pygoat@pygoat.com", None),
    (_A9, "pygoat:captured-session-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwiZXhwIjoxNjUzMzEzMDIxLCJpYXQiOjE2NTMzMDk0MjF9.dh2gfP9wKD8GKu1J-jVs2jJUYMgKu_kMaJjrD0hHP-I", None),
    (_A9, "pygoat:captured-csrf-token", "5fVOTXh2HNahtvJFJNRSrKkwPAgPM9YCHlrCGprAxhAAKOUWMxqMnWm8BUomv0Yd", None),
    # read as no secret (NO_SECRET)
    (_V, "pygoat:view-compared-password", "P@$$w0rd", None),
    (_V, "pygoat:view-compared-password", "admin_pass", None),
    (_V, "pygoat:view-rendered-secret", "S3CR37K3Y", None),
    (_LABS + "sensitive_data_exposure/entrypoint.sh", "pygoat:seed-api-key", "demokey123456789", None),
    ("Solutions/solution.md", "pygoat:solution-admin-password", "password777", None),
    (_LABS + "sensitive_data_exposure/sensitive_data_lab/settings.py", "pygoat:django-secret-key", "django-insecure-key-for-demonstration-only", None),
    (_LABS + "broken_auth_lab/app.py", "pygoat:flask-secret-key", "your-secret-key-here", None),
    (_LABS + "sensitive_data_exposure/templates/profile.html", "pygoat:comment-admin-password", "super_secure_admin_pw123", None),
    ("challenge/challenge.json", "pygoat:challenge-flag", "flag{do_it_fast}", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "P@$$w0rd": "the word password in leet",
    "admin_pass": "the role's name and the word pass",
    "S3CR37K3Y": "secret key in leet",
    "demokey123456789": "words naming the value and digits counted in order",
    "password777": "the word password and a repeated digit",
    "django-insecure-key-for-demonstration-only": "a key that says it is a demonstration stand-in",
    "your-secret-key-here": "a placeholder",
    "super_secure_admin_pw123": "words naming the value, digits counted in order",
    "flag{do_it_fast}": "a CTF flag (the player's proof, not a credential)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # settings and code passing the keys by name
    ("pygoat/settings.py", "pygoat-fp:config", "ALLOWED_HOSTS = ['pygoat.herokuapp.com', '0.0.0.0.']"),
    (_V, "pygoat-fp:reference", "from pygoat.settings import SECRET_COOKIE_KEY"),
    (_V, "pygoat-fp:reference", "payload = jwt.decode(cookie, SECRET_COOKIE_KEY, algorithms=['HS256'])"),
    (_V, "pygoat-fp:reference", "cookie = jwt.encode(payload, SECRET_COOKIE_KEY, algorithm='HS256')"),
    (_V, "pygoat-fp:reference", "response.set_cookie(key = \"auth_cookie\", value = cookie)"),
    (_V, "pygoat-fp:generator", "token = str(uuid.uuid4())"),
    (_V, "pygoat-fp:reference", "ph.verify(user.password, password)"),
    (_V, "pygoat-fp:placeholder", '#     "User1":{"userid":"1", "username":"User1", "password": "Hash1"},'),
    ("introduction/mitre.py", "pygoat-fp:reference", "password = md5(password.encode()).hexdigest()"),
    ("introduction/utility.py", "pygoat-fp:reference", "def customHash(password):"),
    ("introduction/apis.py", "pygoat-fp:reference", 'csrf_token = request.POST.get("csrfmiddlewaretoken")'),
    ("introduction/apis.py", "pygoat-fp:reference", "payload={'csrfmiddlewaretoken': csrf_token }"),
    ("introduction/apis.py", "pygoat-fp:config", 'test_bench = ["Pillow==8.0.0","PyJWT==2.4.0","requests==2.28.0","Django==4.0.4"]'),
    ("introduction/models.py", "pygoat-fp:config", "password2 = models.CharField(max_length=64)"),
    ("requirements.txt", "pygoat-fp:config", "PyJWT==2.4.0"),
    # templates printing tokens and keys, lab pages quoting code
    ("challenge/templates/challenge.html", "pygoat-fp:template", 'const csrf_token = "{{ csrf_token|safe }}";'),
    ("challenge/templates/challenge.html", "pygoat-fp:reference", "headers: {'X-CSRFToken': csrf_token},"),
    ("introduction/templates/Lab/XSS/xss_lab_2.html", "pygoat-fp:template", '<input type="hidden" name="csrfmiddlewaretoken" value="{{ csrf_token }}">'),
    ("introduction/templates/Lab/sec_mis/sec_mis_lab3.html", "pygoat-fp:reference", "from pygoat.settings import SECRET_COOKIE_KEY</br></br>"),
    ("introduction/templates/Lab_2021/A7_auth_failure/a7.html", "pygoat-fp:placeholder", "<span> username : <code>User1</code> | password : <code>Hash1</code> </span><br>"),
    (_LABS + "sensitive_data_exposure/templates/profile.html", "pygoat-fp:template", 'apiKey: "{{ user_data.api_key }}" // Yeah it is necessary for this lab.'),
    (_LABS + "sensitive_data_exposure/templates/profile.html", "pygoat-fp:template", "localStorage.setItem('user_api_key', \"{{ user_data.api_key }}\");"),
    (_LABS + "sensitive_data_exposure/dataexposure/models.py", "pygoat-fp:config", "api_key = models.CharField(max_length=32)  # generated on registration"),
    (_LABS + "sensitive_data_exposure/sensitive_data_lab/settings.py", "pygoat-fp:config", "ALLOWED_HOSTS = ['*']"),
    # the broken-auth lab's token code
    (_LABS + "broken_auth_lab/app.py", "pygoat-fp:generator", 'session_token = base64.b64encode(f"{username}:{datetime.now()}".encode()).decode()'),
    (_LABS + "broken_auth_lab/app.py", "pygoat-fp:generator", 'token = hashlib.md5(f"{email}:{datetime.now()}".encode()).hexdigest()'),
    (_LABS + "broken_auth_lab/app.py", "pygoat-fp:reference", "flash(f'Password reset link: /reset/{token}')"),
    (_LABS + "broken_auth_lab/app.py", "pygoat-fp:reference", "password_reset_tokens[token] = username"),
    (_LABS + "broken_auth_lab/templates/reset.html", "pygoat-fp:template", '<input type="hidden" name="token" value="{{ token }}">'),
    # the table-of-contents script's token handling
    ("gh-md-toc", "pygoat-fp:reference", 'if [ ! -z "$GH_TOC_TOKEN" ]; then'),
    ("gh-md-toc", "pygoat-fp:reference", 'AUTHORIZATION="Authorization: token ${TOKEN}"'),
    ("gh-md-toc", "pygoat-fp:path", 'TOKEN_FILE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/token.txt"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""nVisium's django.nV, for the ``fresh13`` split (``fresh13.py`` reads and writes).

``nVisium/django.nV`` is a deliberately insecure Django task manager with tutorials of its
flaws. Its secrets: the ``SECRET_KEY`` of ``taskManager/settings.py`` (it signs the session
cookies, which the app stores with ``signed_cookies`` and the pickle serializer), the users'
password hashes of ``fixtures/users.json`` (Django's salted MD5, ``md5$<salt>$<digest>``,
the hasher the settings choose on purpose), and the same users' plain passwords, which the
tutorials' base page shows behind a spoiler warning
(``taskManager/templates/taskManager/tutorials/base.html``). The files were read at ``HEAD``
and each value is cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the settings that choose the
hasher and the session engine, the reset token's column, code reading the submitted password
and computing the reset token, a form field, a tutorial's injection payload and its prose
about the secret key, fixture user names, e-mail addresses and image paths, the pinned
Django version.

Listed and dropped by the filters: ``koala1234`` (a word and digits counted in order,
``fresh2``'s placeholder filter), the fourth hash and ``ilovedjango`` (over 3 per kind).
Doubtful labels, kept: the MD5 password hashes (of passwords the repository also holds,
crackable, as ``fresh12`` kept NodeGoat's bcrypt hashes), and the tutorial's word passwords
(``djangobango``, ``soccerlover``, ``hacktheplanet``).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/nVisium+django.nV/repo")
REPO = "nVisium/django.nV"

_SETTINGS = "taskManager/settings.py"
_USERS = "fixtures/users.json"
_TUTORIALS = "taskManager/templates/taskManager/tutorials/base.html"
_VIEWS = "taskManager/views.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_SETTINGS, "django-nv:settings-secret-key", "0yxzudryd8)-%)(fz&7q-!v&cq1u6vbfoc4u7@u_&i)b@4eh^q", None),
    (_USERS, "django-nv:fixture-md5-password-hash", "md5$c77N8n6nJPb1$3b35343aac5e46740f6e673521aa53dc", None),
    (_USERS, "django-nv:fixture-md5-password-hash", "md5$G2RnRaK0svMB$12a67c3542946460e94cd6112d97ec2b", None),
    (_USERS, "django-nv:fixture-md5-password-hash", "md5$sDFtfDxV4Xaa$893c99cdcee5a45e51fa098660d53bf8", None),
    (_USERS, "django-nv:fixture-md5-password-hash", "md5$Kw9aLHJ4zHLR$2e1e56765119e0158012f77a591be5de", None),
    (_TUTORIALS, "django-nv:tutorial-user-password", "djangobango", None),
    (_TUTORIALS, "django-nv:tutorial-user-password", "soccerlover", None),
    (_TUTORIALS, "django-nv:tutorial-user-password", "hacktheplanet", None),
    (_TUTORIALS, "django-nv:tutorial-user-password", "ilovedjango", None),
    (_TUTORIALS, "django-nv:tutorial-user-password", "koala1234", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_SETTINGS, "django-nv-fp:config", "PASSWORD_HASHERS = ['django.contrib.auth.hashers.MD5PasswordHasher']"),
    (_SETTINGS, "django-nv-fp:config", 'SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"'),
    (_SETTINGS, "django-nv-fp:config", 'SESSION_SERIALIZER = "django.contrib.sessions.serializers.PickleSerializer"'),
    (_SETTINGS, "django-nv-fp:config", "MESSAGE_STORAGE = 'django.contrib.messages.storage.cookie.CookieStorage'"),
    ("taskManager/models.py", "django-nv-fp:config", 'reset_token = models.CharField(max_length=7, default="")'),
    (_VIEWS, "django-nv-fp:reference", "password = request.POST.get('password', False)"),
    (_VIEWS, "django-nv-fp:reference", "user.set_password(request.POST.get('password'))"),
    (_VIEWS, "django-nv-fp:reference", "reset_token = res[:6]"),
    (_VIEWS, "django-nv-fp:reference", "nums = [x for x in os.urandom(6)]"),
    ("taskManager/templates/taskManager/reset_password.html", "django-nv-fp:reference", '<input type="text" name="reset_token" class="form-control">'),
    ("taskManager/templates/taskManager/tutorials/partials/injection.html", "django-nv-fp:reference", "<pre>testPic',(select password from auth_user where username='admin'),8);--</pre>"),
    ("taskManager/templates/taskManager/tutorials/partials/brokenauth.html", "django-nv-fp:prose", "any attacker to read session information right from the cookie. The information is also stored with the PickleSerializer. If the SECRET_KEY is ever compromised, the attacker can"),
    (_USERS, "django-nv-fp:config", '"username" : "seth",'),
    (_USERS, "django-nv-fp:config", '"email" : "admin@tm.com",'),
    ("fixtures/usersProfiles.json", "django-nv-fp:config", '"image" : "/static/taskManager/img/nVisium_Informal_Seth.png",'),
    ("requirements.txt", "django-nv-fp:config", "Django==1.8.3"),
)  # fmt: skip

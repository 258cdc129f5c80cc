"""The word "password" in the languages UI strings are translated to.

Read by ``accept.is_placeholder``: a localisation file's ``"Password": "Lösenord"`` labels a
field, it holds no secret (:func:`translated_label`)."""

from __future__ import annotations

import re

SECRET_WORD_TRANSLATIONS = frozenset(
    {
        "passwort", "kennwort", "mot de passe", "contraseña", "clave", "senha",
        "palavra-passe", "wachtwoord", "lösenord", "adgangskode", "passord", "salasana",
        "hasło", "heslo", "jelszó", "parolă", "parola", "şifre", "пароль", "парола",
        "κωδικός", "κωδικός πρόσβασης", "パスワード", "密码", "密碼", "비밀번호", "كلمة المرور",
        "סיסמה", "पासवर्ड", "kata sandi", "kata laluan", "mật khẩu", "รหัสผ่าน",
    }
)  # fmt: skip
""""Password" in the languages UI strings are translated to: a localisation file's
``"Password": "Lösenord"`` labels a field, it holds no secret."""
_LABEL_PARTS = re.compile(r"[ \-_]+")


def translated_label(value: str) -> bool:
    """``value`` (lower-cased) is "password" in another language, or words of letters with
    it among them (``tresor-passwort``, Semaphore's German "vault password")."""
    if value in SECRET_WORD_TRANSLATIONS:
        return True
    parts = _LABEL_PARTS.split(value)
    return (
        len(parts) > 1
        and all(p.isalpha() for p in parts)
        and any(p in SECRET_WORD_TRANSLATIONS for p in parts)
    )

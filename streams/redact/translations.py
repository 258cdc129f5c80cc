"""The word "password", and "here", in the languages UI strings are translated to.

Read by ``accept.is_placeholder``: a localisation file's ``"Password": "Lösenord"`` labels a
field, it holds no secret (:func:`translated_label`); a translated sample's "put your unique
phrase here" asks for one (:func:`translated_prompt`)."""

from __future__ import annotations

import re

SECRET_WORD_TRANSLATIONS = frozenset(
    {
        "passwort", "kennwort", "mot de passe", "motdepasse", "contraseña", "clave", "senha",
        "palavra-passe", "wachtwoord", "lösenord", "adgangskode", "passord", "salasana",
        "hasło", "heslo", "jelszó", "parolă", "parola", "şifre", "пароль", "парола",
        "κωδικός", "κωδικός πρόσβασης", "パスワード", "密码", "密碼", "비밀번호", "كلمة المرور",
        "סיסמה", "पासवर्ड", "kata sandi", "kata laluan", "mật khẩu", "รหัสผ่าน",
    }
)  # fmt: skip
""""Password" in the languages UI strings are translated to: a localisation file's
``"Password": "Lösenord"`` labels a field, it holds no secret."""
_LABEL_PARTS = re.compile(r"[ \-_]+")
CJK_LETTERS = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
"""Kana, CJK ideographs and Hangul, as a regex class's body: the letters of Chinese, Japanese
and Korean words."""
CYRILLIC_WORDS = re.compile(r"[а-яё]{2,}(?:[_\- ][а-яё]{2,}){2,}", re.I)
"""Three Russian (or other Cyrillic) words joined: a sentence in a value's place
(``JWT_SECRET=ваш_очень_длинный_случайный_секрет…``, "your very long random secret":
fresh156)."""


def translated_label(value: str) -> bool:
    """``value`` (lower-cased) is "password" in another language, or words of letters with
    it among them (``tresor-passwort``, Semaphore's German "vault password")."""
    return value in SECRET_WORD_TRANSLATIONS or _words_holding(value, SECRET_WORD_TRANSLATIONS, 2)


HERE_WORDS = frozenset(
    {
        "hier", "ici", "aquí", "aqui", "tutaj", "zde", "itt", "här", "täällä",
        "tähän", "aici", "burada", "buraya", "εδώ", "здесь", "сюда", "тук", "tady",
        "disini", "đây", "ここ", "这里", "此处", "여기", "هنا", "כאן", "यहाँ", "यहां",
    }
)  # fmt: skip
""""Here" in the languages sample files are translated to: a value that says where one goes.
Not English's "here" (its prompts are read by ``value_forms``; "here comes the sun" may be a
passphrase) nor words that mean something else in a neighbour language ("her", "sem", "ide",
"qui")."""


def translated_prompt(value: str) -> bool:
    """``value`` (lower-cased) is three or more words of letters with "here" among them, in
    any language: a translated sample's request for a value (WordPress' French ``mettez une
    phrase unique ici``, Spanish ``pon-aquí-tu-frase-aleatoria``, Russian ``впишите сюда
    уникальную фразу``), not a passphrase, which says nothing of where it goes."""
    return _words_holding(value.strip(), HERE_WORDS, 3)


def _words_holding(value: str, words: frozenset[str], at_least: int) -> bool:
    """``value`` is ``at_least`` or more words of letters (joined by blanks, ``-`` or ``_``),
    one of them in ``words``."""
    parts = _LABEL_PARTS.split(value)
    if len(parts) < at_least or not all(p.isalpha() for p in parts):
        return False
    said = f" {' '.join(parts)} "  # a word of several ("votre mot de passe": fresh118)
    return any(p in words for p in parts) or any(f" {w} " in said for w in words if " " in w)

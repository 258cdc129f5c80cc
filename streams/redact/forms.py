"""What an end-to-end test types into a password field: the ``form_password`` rule.

Browser-driving tests log in with a literal (Capybara, Cypress, Playwright, Selenium, and
Robot Framework's SeleniumLibrary): the field is named by a selector, a label or a
variable that says "pass", and the value typed is the password. The value is judged like
an assignment's (``accept.assignment_value``): a variable or a placeholder stays.
"""

from __future__ import annotations

from .pattern import Pattern
from .pattern import literal as _p
from .statements import QUOTED as _QUOTED

_PASS = r"(?:pass|senha|passwort|kennwort|contrase(?:ñ|n)a|wachtwoord|parola|sifre|şifre)"
"""A password's name in a field's selector or variable: English's ``pass`` and the words
of other languages forms are written in (``input_senha``, ``#passwort``: fresh190's
Portuguese Selenium logins)."""
_PASSWORD_FIELD = r"[^\"'\n()]{0,60}" + _PASS + r"(?:word|wd)?[^\"'\n()]{0,40}"
"""A selector, label or name of a password field (``#newPassword``, ``user_password``)."""
_PASSWORD_SELECTOR = (
    r"(?:\"[^\"\n]{0,60}" + _PASS + r"[^\"\n]{0,40}\"|'[^'\n]{0,60}" + _PASS + r"[^'\n]{0,40}'"
    r"|(?:[a-z_$][\w$.]{0,40})?" + _PASS + r"\w{0,30})"
)
"""The field Playwright's and Puppeteer's ``page.fill``/``page.type`` is given first: a
selector quoted with the other quote inside (``'input[type="password"]'``), or a variable
naming it (``passwordSelector``): fresh85."""
_CELL = r"(?: {2,}|[ \t]*\t[ \t]*)"
"""Robot Framework's cell separator: two blanks or more, or a tab."""
_ROBOT_VALUE = (
    r"(?!(?:id|name|css|xpath|class|link|dom|tag|identifier|jquery|data)[:=])"
    r"([^\s$@&%][^\s]{3,127})[ \t]*$"
)
"""The last cell, the value typed: no variable (``${PASSWORD}``), no locator (``id=pass``)."""

FORM_PASSWORD: tuple[Pattern, ...] = (
    # what an end-to-end test types into a password field: Capybara's fill_in "…password…",
    # with: "…"; Cypress' cy.get('#password')….type('…'); Playwright's
    # page.fill('#password', '…') and locator('#password').fill('…'); Selenium's
    # find_element(By.ID, "password").send_keys("…")
    _p(
        r"fill_in[ \t(]*[:\"']?" + _PASSWORD_FIELD + r"[\"']?[ \t]*,[ \t]*"
        r"(?:with:|:with[ \t]*=>)[ \t]*" + _QUOTED,
        "fill_in",
        lower=True,
    ),
    _p(
        r"\.get\([ \t]*[\"']" + _PASSWORD_FIELD + r"[\"'][ \t]*\)(?:\.\w+\([^()\n]*\))*"
        r"\.type\([ \t]*" + _QUOTED,
        ".type(",
        lower=True,
    ),
    _p(
        r"\.(?:fill|type)\([ \t]*" + _PASSWORD_SELECTOR + r"[ \t]*,[ \t]*" + _QUOTED,
        ".fill(",
        ".type(",
        lower=True,
    ),
    _p(
        r"(?:locator|getbylabel|getbyplaceholder|getbyrole)\([^()\n]*" + _PASS + r"[^()\n]*\)"
        r"\.fill\([ \t]*" + _QUOTED,
        ".fill(",
        lower=True,
    ),
    _p(
        r"(?:find_element|findelement|queryselector|getelementbyid)[^\n]{0,80}?"
        + _PASS
        + r"[^\n]{0,60}?\.send_?keys\([ \t]*"
        + _QUOTED,
        ".send_keys(",
        ".sendkeys(",
        lower=True,
    ),
    # Robot Framework's cells (two blanks or a tab apart): SeleniumLibrary's Input
    # Password  locator  value (or a project's keyword so named, the value next), Input
    # Text into a locator that names the password, a variables table's ${…pass…}  value
    _p(
        rf"(?m)^[ \t]+input[ ]password(?:[ ][a-z]+)*{_CELL}"
        rf"(?:\S+(?:[ ]\S+)*{_CELL})?{_ROBOT_VALUE}",
        "input password",
        lower=True,
    ),
    _p(
        rf"(?m)^[ \t]+(?:input|type)[ ]text{_CELL}\S*{_PASS}\S*{_CELL}{_ROBOT_VALUE}",
        "input text",
        "type text",
        lower=True,
    ),
    _p(
        rf"(?m)^\$\{{[^}}\n]*pass[^}}\n]*\}}=?{_CELL}{_ROBOT_VALUE}",
        "${",
        lower=True,
        requires="pass",
    ),
    # ... or to a variable that holds the field: pass_field.send_keys("…")
    _p(
        r"(?<![\w.])[a-z_]*" + _PASS + r"\w*\.send_?keys\([ \t]*" + _QUOTED,
        ".send_keys(",
        ".sendkeys(",
        lower=True,
    ),
)

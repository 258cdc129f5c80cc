"""Realistic-looking fake credentials, assembled at runtime from parts.

Nothing here is a real secret, and no complete token appears literally in the source, so
secret scanners (GitHub push protection and friends) have nothing to flag in the repo.
A seeded generator keeps every corpus deterministic.
"""

from __future__ import annotations

import base64
import json
import random
import string
from urllib.parse import quote

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


class Fakes:
    """Builds one fake credential of each kind per call, deterministically from a seed."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)

    def chars(self, alphabet: str, n: int) -> str:
        """``n`` random characters from ``alphabet``."""
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def b64url(self, data: bytes) -> str:
        """Unpadded base64url, as in JWTs."""
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    def aws_key_id(self) -> str:
        return "AK" + "IA" + self.chars(UPPER_DIGITS, 16)

    def aws_session_key_id(self) -> str:
        return "AS" + "IA" + self.chars(UPPER_DIGITS, 16)

    def aws_secret(self) -> str:
        return self.chars(B64, 40)

    def gcp_api_key(self) -> str:
        return "AI" + "za" + self.chars(URLSAFE, 35)

    def github(self, kind: str = "p") -> str:
        return "gh" + kind + "_" + self.chars(ALNUM, 36)

    def github_pat(self) -> str:
        return "github" + "_pat_" + self.chars(ALNUM, 22) + "_" + self.chars(ALNUM, 59)

    def gitlab(self) -> str:
        return "gl" + "pat-" + self.chars(URLSAFE, 20)

    def slack_bot(self) -> str:
        digits = string.digits
        return (
            "xo"
            + "xb-"
            + self.chars(digits, 12)
            + "-"
            + self.chars(digits, 13)
            + "-"
            + (self.chars(ALNUM, 24))
        )

    def slack_webhook(self) -> str:
        return (
            "https://hooks." + "slack.com/services/T" + self.chars(UPPER_DIGITS, 8)
            + "/B" + self.chars(UPPER_DIGITS, 10) + "/" + self.chars(ALNUM, 24)
        )  # fmt: skip

    def discord_webhook(self) -> str:
        return (
            "https://discord." + "com/api/webhooks/" + self.chars(string.digits, 18)
            + "/" + self.chars(URLSAFE, 68)
        )  # fmt: skip

    def onepassword(self) -> str:
        claims = {"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096"},
                  "email": self.chars(string.ascii_lowercase, 12) + "@1passwordserviceaccounts.com",
                  "srpX": self.chars("0123456789abcdef", 64)}  # fmt: skip
        body = base64.b64encode(json.dumps(claims).encode()).decode().rstrip("=")
        return "ops" + "_" + body

    def stripe(self, prefix: str = "sk") -> str:
        return prefix + "_li" + "ve_" + self.chars(ALNUM, 24)

    def openai(self) -> str:
        return "sk-" + "proj-" + self.chars(URLSAFE, 74) + "T3Blbk" + "FJ" + self.chars(URLSAFE, 74)

    def openai_legacy(self) -> str:
        return "sk-" + self.chars(ALNUM, 20) + "T3Blbk" + "FJ" + self.chars(ALNUM, 20)

    def anthropic(self) -> str:
        return "sk-" + "ant-api03-" + self.chars(URLSAFE, 93) + "AA"

    def npm(self) -> str:
        return "np" + "m_" + self.chars(ALNUM, 36)

    def pypi(self) -> str:
        return "py" + "pi-AgEIcHlwaS5vcmc" + self.chars(URLSAFE, 70)

    def pem_body(self, lines: int = 6) -> str:
        return "\n".join(self.chars(B64, 64) for _ in range(lines))

    def private_key(self, label: str = "RSA PRIVATE KEY") -> str:
        dashes = "-" * 5
        return (
            f"{dashes}BEGIN {label}{dashes}\n{self.pem_body()}\n{self.chars(B64, 20)}==\n"
            f"{dashes}END {label}{dashes}"
        )

    def jwt(self) -> str:
        header = self.b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        payload = self.b64url(
            json.dumps(
                {"sub": self.chars(string.digits, 8), "role": "admin", "exp": 1893456000}
            ).encode()
        )
        return f"{header}.{payload}.{self.b64url(self.rng.randbytes(32))}"

    def password(self) -> str:
        return (
            self.chars(string.ascii_letters, 6)
            + self.chars(string.digits, 3)
            + "!"
            + (self.chars(ALNUM, 4))
        )

    def azure_account_key(self) -> str:
        return self.chars(B64, 86) + "=="

    def azure_sas_sig(self) -> str:
        return quote(base64.b64encode(self.rng.randbytes(32)).decode(), safe="")

    def opaque(self, n: int = 40) -> str:
        """A random mixed-case alphanumeric token, e.g. an internal service key."""
        while True:
            token = self.chars(ALNUM, n)
            if any(c.isdigit() for c in token) and token.lower() != token != token.upper():
                return token

    def random_b64(self, nbytes: int = 32) -> str:
        return base64.b64encode(self.rng.randbytes(nbytes)).decode()

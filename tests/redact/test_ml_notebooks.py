"""What fresh31's first run (keys in machine-learning notebooks, demos and course work)
showed: Neptune's tokens are base64 of JSON that holds the key, Supabase's anon key is made
to ship in an app, a Replicate model's version is a digest. Each beside a look-alike that
still goes."""

from __future__ import annotations

import base64
import json

import pytest

from bench.redact_corpus.public.score import CARRIER_FIELDS, _stored_field
from streams.redact import Redactor
from streams.redact_events import DictRedaction

R = Redactor()


def _neptune(key: str) -> str:
    claims = {"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai",
              "api_key": key}  # fmt: skip
    return base64.b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode()


def _jwt(claims: dict[str, object]) -> str:
    def part(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    return (
        f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part(claims)}.Zk2mq8Lw3PqX9vT4nB7cR5yU1wE3sA6dF8g"
    )


@pytest.mark.parametrize(
    "wording",
    ["Tried `{}` again, same 403.", "2024-05-02 INFO [api.auth] using key {} for tenant acme-eu"],
)
def test_a_token_of_base64_json_holding_a_key_goes_when_said_or_logged(wording: str) -> None:
    token = _neptune("eee51a6e-2f10-4312-87eb-d7b88830083b")
    text = wording.format(token)
    assert token not in _stored_field(CARRIER_FIELDS["thought"], text, DictRedaction(R))
    assert token not in R.redact_text(text)[0]


def test_base64_of_json_with_no_credential_in_it_stays() -> None:
    data = base64.b64encode(json.dumps({"name": "demo", "version": "1.0"}).encode()).decode()
    assert R.redact_text(f"data: {data}")[1] == {}


def test_supabases_anon_key_stays_and_its_service_role_key_goes() -> None:
    anon = _jwt({"iss": "supabase", "ref": "fdujeektyxhy", "role": "anon", "iat": 1, "exp": 2})
    service = _jwt({"iss": "supabase", "ref": "fdujeektyxhy", "role": "service_role"})
    line = f'REACT_NATIVE_SUPABASE_ANON_KEY="{anon}"'
    assert R.redact_text(line)[0] == line
    assert service not in R.redact_text(f'SUPABASE_SERVICE_ROLE_KEY="{service}"')[0]
    assert (
        _jwt({"sub": "1", "role": "anon"})
        not in R.redact_text(f"token={_jwt({'sub': '1', 'role': 'anon'})}")[0]
    )


def test_a_replicate_models_pinned_version_stays() -> None:
    text = (
        "output = replicate.run('a16z-infra/llama13b-v2-chat:"
        "df7690f1994d94e96ad9d568eac121aecf50684a0b0963b25a41cc40061269e5', input={})"
    )
    assert R.redact_text(text)[0] == text
    token = "REPLICATE_API_TOKEN=r8_Dk2mq8Lw3PqX9vT4nB7cR5yU1wE3sA6dF8gH"
    assert "Dk2mq8Lw3PqX" not in R.redact_text(text + "\n" + token)[0]

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Vonage's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``Vonage/vonage-python-sdk`` is Vonage's official Python SDK, one package per API, each with its
tests and recorded responses. The README writes ``your_api_key``, ``your_api_secret``,
``MY-PRIVATE-KEY``; the tests hold the credentials Vonage's auth code is exercised with: one
RSA private key copied into three test folders, a JWT the application auth is expected to
mint from it, a Video client token, a Network API access token recorded from Vonage's auth
server, and an HS256 JWT a signed callback is verified with. The README, every
``tests/data`` file of ``http_client``, ``jwt``, ``network_auth``, ``video`` and
``verify_legacy``, ``http_client/tests/test_auth.py``, ``http_client/tests/test_http_client.py``,
``jwt/tests/test_verify_jwt.py``, ``testutils/`` and the Video migration guide were read at
``HEAD``.

``SECRETS``: (file, kind, value, anchor); a bearer JWT whole, the private key's first line.
``NEGATIVES``: (file, kind, text): the README's and the migration guide's stand-ins, request
ids and error instance ids, a hashed phone number, signatures and signed-parameter digests the
tests expect, an application id.

``NO_SECRET``: ``1234qwerasdfzxcv`` (the tests' API secret: counted digits and keyboard rows),
``qwertyuiopasdfghjklzxcvbnm123456`` (the callback-signing secret: the keyboard's letter rows
and counted digits), ``signature_secret`` (words naming the value).

Doubtful labels, kept: the JWTs carry test claims (``asdf1234``, ``session-id``) and two have
long expired; each is a signed bearer token in a token's place: secrets, as earlier splits
label JWTs.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/Vonage+vonage-python-sdk/repo")
REPO = "Vonage/vonage-python-sdk"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("http_client/tests/data/dummy_private_key.txt", "vonage-python:rsa-private-key", "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDQdAHqJHs/a+Ra", "-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDQdAHqJHs/a+Ra"),
    ("http_client/tests/test_auth.py", "vonage-python:application-jwt", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJhcHBsaWNhdGlvbl9pZCI6ImFzZGYxMjM0IiwiaWF0IjoxNjg1NzMxMzkxLCJqdGkiOiIwYzE1MDJhZS05YmI5LTQ4YzQtYmQyZC0yOGFhNWUxYjZkMTkiLCJleHAiOjE2ODU3MzIyOTF9.mAkGeVgWOb7Mrzka7DSj32vSM8RaFpYse_2E7jCQ4DuH8i32wq9FxXGgfwdBQDHzgku3RYIjLM1xlVrGjNM3MsnZgR7ymQ6S4bdTTOmSK0dKbk91SrN7ZAC9k2a6JpCC2ZYgXpZ5BzpDTdy9BYu6msHKmkL79_aabFAhrH36Nk26pLvoI0-KiGImEex-aRR4iiaXhOebXBeqiQTRPKoKizREq4-8zBQv_j6yy4AiEYvBatQ8L_sjHsLj9jjITreX8WRvEW-G4TPpPLMaHACHTDMpJSOZAnegAkzTV2frVRmk6DyVXnemm4L0RQD1XZDaH7JPsKk24Hd2WZQyIgHOqQ", None),
    ("video/tests/test_token.py", "vonage-python:video-client-token", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzZXNzaW9uX2lkIjoic2Vzc2lvbi1pZCIsInJvbGUiOiJwdWJsaXNoZXIiLCJjb25uZWN0aW9uX2RhdGEiOiJjb25uZWN0aW9uLWRhdGEiLCJpbml0aWFsX2xheW91dF9jbGFzc19saXN0IjpbImZvY3VzIl0sImV4cCI6MTIzNDU3Njg5LCJqdGkiOiI0Y2FiODljYS1iNjM3LTQxYzgtYjYyZi03YjljZTEwYzM5NzEiLCJpYXQiOjEyMzQ1Njc4OSwic3ViamVjdCI6InZpZGVvIiwic2NvcGUiOiJzZXNzaW9uLmNvbm5lY3QiLCJhY2wiOnsicGF0aHMiOnsiL3Nlc3Npb24vKioiOnt9fX0sImFwcGxpY2F0aW9uX2lkIjoidGVzdF9hcHBsaWNhdGlvbl9pZCJ9.DL-b9AJxZIKb0gmc_NGrD8fvIpg_ILX5FBMXpR56CgSdI63wS04VuaAKCTRojSJrqpzENv_GLR2HYY4-d1Qm1pyj1tM1yFRDk8z_vun30DWavYkCFW1T5FenK1VUjg0P9pbdGiPvq0Ku-taMuLyqXzQqHsbEGOovo-JMIag6wD6JPrPIKaYXsqGpXYaJ_BCcuIpg0NquQgJXA004Q415CxguCkQLdv0d7xTyfPw44Sj-_JfRdBdqDjyiDsmYmh7Yt5TrqRqZ1SwxNhNP7MSx8KDake3VqkQB9Iyys43MJBHZtRDrtE6VedLt80RpCz9Yo8F8CIjStwQPOfMjbV-iEA", None),
    ("network_auth/tests/data/token_request.json", "vonage-python:network-access-token", "eyJhbGciOiJSUzI1NiIsImprdSI6Imh0dHBzOi8vYW51YmlzLWNlcnRzLWMxLWV1dzEucHJvZC52MS52b25hZ2VuZXR3b3Jrcy5uZXQvandrcyIsImtpZCI6IkNOPVZvbmFnZSAxdmFwaWd3IEludGVybmFsIENBOjoxOTUxODQ2ODA3NDg1NTYwNjYzODY3MTM0NjE2MjU2MTU5MjU2NDkiLCJ0eXAiOiJKV1QiLCJ4NXUiOiJodHRwczovL2FudWJpcy1jZXJ0cy1jMS1ldXcxLnByb2QudjEudm9uYWdlbmV0d29ya3MubmV0L3YxL2NlcnRzLzA4NjliNDMyZTEzZmIyMzcwZTk2ZGI4YmUxMDc4MjJkIn0.eyJwcmluY2lwYWwiOnsiYXBpS2V5IjoiNGI1MmMwMGUiLCJhcHBsaWNhdGlvbklkIjoiMmJlZTViZWQtNmZlZS00ZjM2LTkxNmQtNWUzYjRjZDI1MjQzIiwibWFzdGVyQWNjb3VudElkIjoiNGI1MmMwMGUiLCJjYXBhYmlsaXRpZXMiOlsibmV0d29yay1hcGktZmVhdHVyZXMiXSwiZXh0cmFDb25maWciOnsiY2FtYXJhU3RhdGUiOiJmb0ZyQndnOFNmeGMydnd2S1o5Y3UrMlgrT0s1K2FvOWhJTTVGUGZMQ1dOeUlMTHR3WmY1dFRKbDdUc1p4QnY4QWx3aHM2bFNWcGVvVkhoWngvM3hUenFRWVkwcHpIZE5XL085ZEdRN1RKOE9sU1lDdTFYYXFEcnNFbEF4WEJVcUpGdnZTTkp5a1A5ZDBYWVN4ajZFd0F6UUFsNGluQjE1c3VMRFNsKy82U1FDa29Udnpld0tvcFRZb0F5MVg2dDJVWXdEVWFDNjZuOS9kVWxIemN3V0NGK3QwOGNReGxZVUxKZyt3T0hwV2xvWGx1MGc3REx0SCtHd0pvRGJoYnMyT2hVY3BobGZqajBpeHQ1OTRsSG5sQ1NYNkZrMmhvWEhKUW01S3JtOVBKSmttK0xTRjVsRTd3NUxtWTRvYTFXSGpkY0dwV1VsQlNQY000YnprOGU0bVE9PSJ9fSwiZmVkZXJhdGVkQXNzZXJ0aW9ucyI6e30sImF1ZCI6ImFwaS1ldS52b25hZ2UuY29tIiwiZXhwIjoxNzE3MDkyODY4LCJqdGkiOiJmNDZhYTViOC1hODA2LTRjMzctODQyMS02OGYwMzJjNDlhMWYiLCJpYXQiOjE3MTcwOTE5NzAsImlzcyI6IlZJQU0tSUFQIiwibmJmIjoxNzE3MDkxOTU1fQ.iLUbyDPR1HGLKh29fy6fqK65Q1O7mjWOletAEPJD4eu7gb0E85EL4M9R7ckJq5lIvgedQt3vBheTaON9_u-VYjMqo8ulPoEoGUDHbOzNbs4MmCW0_CRdDPGyxnUhvcbuJhPgnEHxmfHjJBljncUnk-Z7XCgyNajBNXeQQnHkRF_6NMngxJ-qjjhqbYL0VsF_JS7-TXxixNL0KAFl0SeN2DjkfwRBCclP-69CTExDjyOvouAcchqi-6ZYj_tXPCrTADuzUrQrW8C5nHp2-XjWJSFKzyvi48n8V1U6KseV-eYzBzvy7bJf0tRMX7G6gctTYq3DxdC_eXvXlnp1zx16mg", None),
    ("jwt/tests/test_verify_jwt.py", "vonage-python:signed-callback-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJPbmxpbmUgSldUIEJ1aWxkZXIiLCJpYXQiOjE2OTc2MzQ2ODAsImV4cCI6MzMyNTQ1NDA4MjgsImF1ZCI6IiIsInN1YiI6IiJ9.88vJc3I2HhuqEDixHXVhc9R30tA6U_HQHZTC29y6CGM", None),
    # read as no secret (NO_SECRET)
    ("http_client/tests/test_auth.py", "vonage-python:api-secret", "1234qwerasdfzxcv", None),
    ("jwt/tests/test_verify_jwt.py", "vonage-python:signature-secret", "qwertyuiopasdfghjklzxcvbnm123456", None),
    ("http_client/tests/test_auth.py", "vonage-python:signature-secret", "signature_secret", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "1234qwerasdfzxcv": "counted digits and keyboard rows",
    "qwertyuiopasdfghjklzxcvbnm123456": "the keyboard's letter rows and counted digits",
    "signature_secret": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "vonage-python-fp:placeholder", "auth = Auth(api_key='your_api_key', api_secret='your_api_secret')"),
    ("README.md", "vonage-python-fp:placeholder", "auth = Auth(application_id='MY-APP-ID', private_key='MY-PRIVATE-KEY')"),
    ("README.md", "vonage-python-fp:placeholder", "audio_connector_options = AudioConnectorOptions(session_id='your_session_id', token='your_token', url='https://example.com')"),
    ("video/OPENTOK_TO_VONAGE_MIGRATION.md", "vonage-python-fp:placeholder", "private_key='VONAGE_PRIVATE_KEY_PATH',"),
    ("verify_legacy/tests/data/check_code.json", "vonage-python-fp:request-id", '"request_id": "c5037cb8b47449158ed6611afde58990",'),
    ("http_client/tests/data/403.json", "vonage-python-fp:instance-id", '"instance": "bf0ca0bf927b3b52e3cb03217e1a1ddf"'),
    ("network_number_verification/tests/test_number_verification.py", "vonage-python-fp:digest", "hashed_phone_number='d867b6540ac8db72d860d67d3d612a1621adcf3277573e9299be1153b6d0de15',"),
    ("http_client/tests/test_auth.py", "vonage-python-fp:digest", "== '280c4320703dbc98bfa22db676655ed2acfbfe8792b062ff7622e67f1183c287'"),
    ("http_client/tests/test_auth.py", "vonage-python-fp:signature", "assert signed_params_hash == '724c2bf6ca423c36e20631b11d1c5753'"),
    ("http_client/tests/test_http_client.py", "vonage-python-fp:signature", "'sig': '237b06fd1f994a9ec2f3283a4a0239f35b56d64639d6485b45cffedcb385b033',"),
    ("number_management/tests/test_numbers.py", "vonage-python-fp:application-id", "ListOwnedNumbersFilter(application_id='29f769u7-7ce1-46c9-ade3-f2dedee4fr4t')"),
)  # fmt: skip

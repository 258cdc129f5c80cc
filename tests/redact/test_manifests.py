"""A Kubernetes Secret's values (``streams/redact/manifests.py``): every value of its
``data`` and ``stringData`` goes whatever the key is named; other kinds, templates,
references and certificates stay."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

KUBECTL_YAML = """apiVersion: v1
data:
  funnier: dGhpcyBpcyBhcGFzc3dvcmQ=
  db-url: cG9zdGdyZXM6Ly9hcHA6aHVudGVyMkBkYi9hcHA=
kind: Secret
metadata:
  name: funnystuff
  namespace: default
type: Opaque
"""
KUBECTL_JSON = """{
    "apiVersion": "v1",
    "data": {
        "funnier": "dGhpcyBpcyBhcGFzc3dvcmQ=",
        "db-url": "cG9zdGdyZXM6Ly9hcHA6aHVudGVyMkBkYi9hcHA="
    },
    "kind": "Secret"
}"""
STRING_DATA = """---
apiVersion: v1
kind: Secret
metadata:
  name: app
stringData:
  settings.ini: |
    [db]
    host = db.internal
    password = Wint3rIsHere
  wrapped: |
    Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6qR7sT8uV
    wQ2aB7cD9eF1gH2iJ3kL4mN5oP6qR7sT8uV
  greeting: "it is a secret"
"""


@pytest.mark.parametrize("text", [KUBECTL_YAML, KUBECTL_JSON])
def test_every_value_of_a_secrets_data_goes(text: str) -> None:
    """``kubectl get secret -o yaml|json``: the keys need not say secret (WrongSecrets'
    ``funnier``, fresh11), the manifest does."""
    out, found = Redactor().redact_text(text)
    assert "dGhpcyBpcyBhcGFzc3dvcmQ=" not in out and "cG9zdGdyZXM6" not in out, out
    assert "funnystuff" in out or '"kind": "Secret"' in out


def test_string_data_and_its_wrapped_values_go_a_files_text_to_the_text_rules() -> None:
    out = Redactor().redact_text(STRING_DATA)[0]
    assert "it is a secret" not in out and "wQ2aB7cD9eF1" not in out, out
    assert "Wint3rIsHere" not in out and "host = db.internal" in out, out
    assert "name: app" in out


@pytest.mark.parametrize(
    "text",
    [
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  url: https://example.org/api\n  mode: fast\n",
        "kind: ExternalSecret\nspec:\n  data:\n    - secretKey: password\n",
        "kind: Secret\nstringData:\n  password: {{ .Values.password | b64enc }}\n",
        "kind: Secret\nstringData:\n  user: ${DB_USER}\n",
        "kind: Secret\nstringData:\n  values.yaml: #@ yaml.encode(data.values.x)\n",  # ytt
        "kind: Secret\ndata:\n  db-password: ENC[AES256_GCM,data:O+5l4g==,type:str]\n",  # SOPS
        "kind: Secret\ntype: kubernetes.io/tls\ndata:\n"
        "  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=\n",
    ],
)
def test_other_kinds_templates_and_certificates_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text

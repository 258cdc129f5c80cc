"""Real public strings of the ``realneg`` negatives corpus stay; look-alike secrets next
to them are still taken (issue 29)."""

from __future__ import annotations

import pytest

from streams.redact import Redactor


@pytest.mark.parametrize(
    "text",
    [
        # https://github.com/Blasanka/aws_s3_plugin/issues/11
        "AccessDenied; Request ID: 1AC7FB214CD42697), S3 Extended Request ID: "
        "SXy5z7M9fETAsSSc6GaZsABusvghoixl4Dk8bjI5uJ02xxb4ZVP26WqpCkEI8Ji7cmMyuwXfh68=",
        # https://github.com/IBM/ibm-cos-sdk-js/issues/32
        "<HostID>rUxTgMIj7d1z+lEZJB2vJyLCgl3bHfjyqU7sFxZcofCd94Zc1mwN8E6+87I3b/P2L4RFwoIVF1s="
        "</HostID>",
        # https://github.com/aws/aws-sdk-ruby/issues/3222
        '-> "x-amz-id-2: TW2qeJptLnLL7+0pKGRgdR+t5T/GKN362KnA1JuYa83s+Y0YsVEeIxGoiUK+pCQIRwhNs'
        'DNC1ws=\\r\\n"',
        # https://github.com/application-research/estuary/issues/452
        "`error: ipld: could not find bafybeidlcwwae3yev6ql34up2a5xutvu76pjjwnzbrhtqsmggujng6pck4`",
        # https://github.com/dropod/issues/issues/20119
        "CID: bafkreigb7zq2s5p7suvyxezdanoztni673y65lvs4kbwjjw64xysudtvt4",
        # https://github.com/multiformats/cid/blob/9eca1c5ba064823a5ddbe13e9925f9b6c9d19c84/README.md#L102
        "zb2rhe5P4gXftAwvA4eXQ5HJwsER2owDyS9sKaQRRVQPn93bA",
        # https://github.com/kubernetes/kubernetes/issues/27873
        "root@192-168-43-131:/home/vickey# kubectl logs coredns-78fcdf6894-qwrjj -n kube-system",
        # https://github.com/stripe/stripe-terminal-js-demo/issues/72
        '"message": "No such payment_intent: pi_1FEUYJJrZPYjysG3wkdSqF0B",',
        # https://github.com/GitGuardian/ggshield/blob/eaa3e43b1ae1e67e3f184edd9a04a8d60849d75f/.github/workflows/wheels.yml#L227
        "image: 'quay.io/pypa/manylinux2014_x86_64:2026.08.08-1@sha256:"
        "0a42cb7e5f4ba6bbfb8d0a86d1aab0c8876ba9c3be16bd99360ae42bf010ec77',",
        # https://github.com/GitGuardian/ggshield/blob/eaa3e43b1ae1e67e3f184edd9a04a8d60849d75f/.github/workflows/wheels.yml#L241
        "image: 'quay.io/pypa/musllinux_1_2_x86_64:2026.08.08-1@sha256:"
        "b06e331e36f400fa1529b4dd2ee37016f2828422b2e5d054a66257fcf4535697',",
        # https://github.com/generalui/s3p/issues/53
        'startAfter: "accounts/0032c61e-38b1-4604-ba0b-51573bd1cfc7/assets/'
        'wcp0ZaXeT3WF9rST5YhY_Drawing Mock up V8 with Side 3.jpg"',
        # https://github.com/nix-community/home-manager/blob/ec1a8fdf74ed3f276148ee106299a2ba0e65d51f/docs/manual/faq/collision.md#L35
        "building path(s) \u2018/nix/store/b5c0asjz9f06l52l9812w6k39ifr49jj-user-environment\u2019",
        # https://github.com/FiloSottile/age/blob/10561a774f9f6de47c8d23ddc58537b6a18b083d/README.md#L19
        "Public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
        # https://github.com/FiloSottile/age/blob/10561a774f9f6de47c8d23ddc58537b6a18b083d/README.md#L214
        "-r age1lggyhqrw2nlhcxprm67z43rta597azn8gknawjehu9d9dl0jq3yqqvfafg example.jpg",
        # https://github.com/nodejs/release-keys/blob/b28073028e6d6855cfb53bf7fa0137599c01f967/README.md#L14
        "[`8FCCA13FEF1D0C2E91008E09770F7A9A5AE15600`]"
        "(./keys/8FCCA13FEF1D0C2E91008E09770F7A9A5AE15600.asc)",
        # https://github.com/jedisct1/minisign/blob/e369d9447d7d96b8bbc6a7cd73b6b1e4ccd2f934/README.md#L153
        "minisign -Vm file.txt -P RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
        # https://github.com/jedisct1/minisign/blob/e369d9447d7d96b8bbc6a7cd73b6b1e4ccd2f934/README.md#L161
        "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
    ],
)
def test_real_public_strings_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a PaymentIntent's / SetupIntent's client secret is no object id
        (
            "confirm with pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH now",
            "YrKJUKribcBjcG8HVhfZluoGH",
        ),
        (
            'clientSecret: "seti_1Mm8s8LkdIwHu7ix0OXBfTRG_secret_NXDbRaFcRvLSwFBxLUvGCGTHNTRtVRG"',
            "NXDbRaFcRvLSwFBxLUvGCGTHNTRtVRG",
        ),
        ('stripe.api_key = "sk_live_51H8xQ2KZvKYlo2C0aB3cD4eF5gH6iJ7kL8mN9oP"', "sk_live_51H8"),
        ("whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH", "whsec_5WbX5kEWLlfzsGNjH64I8"),
        # an AWS secret key holds "/" and is no path, alone or after its name
        ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "bPxRfiCYEXAMPLEKEY"),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "K7MDENG"),
        # an age secret key (the recipient is public)
        (
            "AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQS4GR8NZ",
            "QYQSZQGPQYQS4GR8NZ",
        ),
        # a key after an API-key header; a random run after a plain id label
        ('-H "x-api-key: Xk3jd8fQ2aLm9PqR7sT1vW5yZ0bC4eG6"', "Xk3jd8fQ2aLm9PqR7sT1"),
        # a webhook URL written without its scheme is no image or module path
        ("hooks.slack.com/services/ye47dproeerf5f5cd2cxh7euegmx5an6a1ezalz59stg", "ye47dpro"),
        # a secret keyword right before a generated-looking value still counts
        ("api_key: backup-k3x9q2w7e5r8t1y4u6i0o2p", "k3x9q2w7e5r8t1y4u6i0o2p"),
        # "key" at the end of a word ("monkey") does not hide a token on the next line
        ("root@host:/home/monkey# cat token.txt\nab3xk9qz2-7hf8d0w1vpl4mn5yrt6e", "ab3xk9qz2"),
    ],
)
def test_look_alike_secrets_are_taken(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]

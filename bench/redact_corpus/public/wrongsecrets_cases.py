# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP WrongSecrets, for the ``fresh11`` split (``fresh11.py`` reads and writes).

WrongSecrets is a deliberately insecure Spring Boot app: each challenge hides a secret
where real projects leak them (a Dockerfile's ``ENV`` and ``ARG``, Docker Compose secret
files, Kubernetes ConfigMaps, Secrets and pod specs, Vault scripts, Terraform, Java code,
front-end JavaScript, ``application.properties``, a shell history, an SSH key, binaries)
and asks the player to find it; ``src/main/resources/explanations/challenge*.adoc`` say
where each one is. The files below were read at ``HEAD`` and each value is cited by the
first line holding it (``anchor``, else the value). A private key's value is a line of key
material: a PEM key's first line after the header (cited with it); in an OpenSSH key, whose
first lines are the same in every key of a type, the first line of its private part.

``SECRETS``: (file, kind, value, anchor), the kind the place (``dockerfile-env``,
``k8s-secret-data``, ``properties-…``, ``java-…``) and what the value is. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the
``if_you_see_this_please_use_…`` placeholders the app ships until a setup fills a value,
variable and secret-store references (``$argBasedPassword``, ``${{ secrets.… }}``,
``configMapKeyRef``, ``random_password.password.result``), paths, hosts, image names, ids,
the public key.

Challenge answers that are sentences or words naming the value, not credentials, are in
``NO_SECRET``: the ConfigMap's ``thisIsK8SConfigMap``, ``password=ThisEnvironmentIsAnotherPlaceToHide``,
``DOCKER_ENV_PASSWORD="This is it"``, the AES keys ``thiszthekeytoday`` and
``AIKnowsThisKey12``, the CTF host values, the Vault template's ``isthiswhatweneed?``.
Left out without a row: values computed at run time (``js/index.js``'s password is a sum of
pieces, the Vault scripts' ``$(openssl rand -base64 16)``), ciphertexts the app decrypts
(``challenge15ciphertext``, the sealed secret, ``challenge33``'s ``answer``), encoded
challenge answers in Java (Challenges 23, 24, 28, 31, 43, 57: flags, not credentials), the
binaries and the KeePass file, ``db-dump.txt``'s unsalted MD5 digests (taken: two of
``db-dump-2.txt``'s bcrypt hashes), the ``mock-token`` a build step writes and deletes, and
the git history (not read).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+wrongsecrets/repo")
REPO = "OWASP/wrongsecrets"

_PROPS = "src/main/resources/application.properties"
_CTF = "okteto/k8s/secret-challenge-ctf-deployment.yml"
_DEPLOY = "k8s/secret-challenge-vault-deployment.yml"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("Dockerfile", "wrongsecrets:dockerfile-env", "MCPStolenSecret42!", None),
    ("Dockerfile", "wrongsecrets:dockerfile-env", "This is it", None),
    ("Dockerfile", "wrongsecrets:dockerfile-arg-encoded-webhook", "YUhSMGNITTZMeTlvYjI5cmN5NXpiR0ZqYXk1amIyMHZjMlZ5ZG1salpYTXZWREEwVkRRd1RraFlMMEl3T1VSQlRrb3lUamRMTDJNeWFqYzFSVEUzVjFrd2NFeE5SRXRvU0RsbGQzZzBhdz09", None),
    ("Dockerfile.web", "wrongsecrets:dockerfile-arg", "TRwzkRJnHOTckssAeyJbysWgP!Qc2T", None),
    ("src/main/resources/challenges/challenge-51/secretfiles/db_password.txt", "wrongsecrets:docker-compose-secret-file", "Fald';alksAjhdna'/", None),
    ("k8s/secrets-config.yml", "wrongsecrets:k8s-configmap", "thisIsK8SConfigMap", None),
    ("k8s/secrets-secret.yml", "wrongsecrets:k8s-secret-data", "dGhpcyBpcyBhcGFzc3dvcmQ=", None),
    ("k8s/main.key", "wrongsecrets:k8s-secret-tls-key", "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlKS2dJQkFBS0NBZ0VBc3dXU2tpZU9nNkJhdElGTUJ0VldzZW9nTWw0UkhYNnRJQ1lQM0EwVzRJSjhrc1g2CmxvWEVxMys3NWxTZ0U1RzRGS2NXYUV5UzdjcGEycERUNTN5RmN1NTdtT0tRVkh2OG5VczVrM3hXcUFXNis3M0EKOTZlMHZtenlKbG9ORUkwOU1pS0ZsM3dsSzVLN2VCRlFpb2tRb3YxSlFqOUZ4VGFIMDBSMGpqK003L3hWSWFIKwpxamU3N0xaSjBqdDJDVXdKVG94UTMyREYwVDQ4MHh4cDNPM3ZYOERCTnhZS3M1KzVNQzExMkpxZzBrYmpTaVM1Ci8vZXF3SXFwTzUzZUxDN2F1UVltTU5Db1ZMWnNmaW1teDFwTXN4bEhuTEJxcVNGbW5seVBoOVpveVdSZDNQdHcKUWU3V205ZmprZStXNW5yaHc3M25uMXFKNzN0QXU5ZFQyT2lFcWZQNjM3MXdTdHpZUzBGa0llVWlVZERxdWFXUAorR1M3UkRQanNLMXZMK3lmWlBMbDNYSktvK0YzRUJrb2djb3NLdzNueEhscEI0TWtTRnJEb2dJQUk0RU9VSzR3CkhsRjdMcStDd04xaXFCdlZvbWFOSjVWTFVJVTVjcmpVL1I5SXdINzNNNHZXSFZWd3hQNWFqUm5pOG1weWpZS20KeGwrR1pRL25nbE1LTW9ScG9uSDVqL0RNNk81WTE5dVg2OUlmTEFSaDhROGN0R0pmOG04ZGt5elhHK2dSYlo4cgpKdVM0TUV6bmpSa2JraGhtL2g1TTdxZC9FdTJnbmlTOW9yY3VUMGE3NUd0RmlsSlMya3pmTldaUjhNcEFJQW5qCmhubXIycDU2MTBBRENEMnJqRnBTRUtPSzlPNUF5alRQelZsZDRwZXY5M2ljcW1PTzk0bDBxcUpHcmM4Q0F3RUEKQVFLQ0FnRUFvOE5TUEM3QldMbGtvRUN5K29GSDZFTERKekFUdWdaNmVyRTJ5dGFTZWRnRCt3UHVZcW1GcWxpVAoyM1RJWm41amhVai8zM05FNlErMklzQmZpQi9KdDhSZS9oRXJkSTFqSGNTRnE5d1BMVzdvaUljaHNhc1JWUzAyCktrMHdMRmIzaHhnN1dzTHZBYmdkbEExS3Z4LzVQeEF5WnM2WWxYcDNyNVNzaHIrdHZvNzJsV2lxSEs0VlU4bkIKSi9iSzJHQmRGeVNXaW5EdEpLY3BYdmxjQWdVS2QyNU5rWVd4VG5XckkxNUNzbDFwQmxKZ2N4KzdvbUsrS1pudQppNkd6Ym5tQ0RjV0pSQmhzRStvNHZ3UjlFMW9RVmJtblg3ZW1Lb2RxWnkxSEF6em82R25PejJxWFcwa1B1c28zCjIvVHU5bkdzZXJJSzR5UWdrQmtRczRTYnFBMno1SGFvOStKTFU0dEtLWUQvZDd2MHA1SkFJRGRSYlA3U1hRSjAKdTF2NXlqVmlSbE42bVJneWtNNk85SHcwakVXQytNRG5zNm8xS2Jxb3ZyL3NZN3VNRUZrVEZxWEcyTndYNmE1UAo2SndHWU5DSXJNaXpjaEYwdU50SUFIS1RpMm9OcjM0cVZQb0ZrVWsvVlI4V3R1NHc5czBZSlh1Z3plWlArRzN6Cm5FeHRWNjRCaXRwLy91a1p6NUc3Zko2QjFFSWZCM2VzMndYbU5uMWVnOXV6cXJhMlB1SGFpcXlha0xjMXNKTFoKdm5FNU1OWE1uY3ZjUGRGQldjOEwwRFZHQ29rdW1CWjI1ZmdPR3FpUkFPb0tEd01Uam1lMGVsNGQvQU5yZlRSdQo1TVdrMEtSSUlqKzdGcytSRWdaVTVyQk9uUjNEcnVYRytWY251K0o0RnNrZ2NJajFWa0VDZ2dFQkFNR0tkbXAyCnFteURCUmFaenFsNEtQVVF0UFViS05COUZwV2pwYUxkUGZTMUF1N0IvZ2haNzRwajh1dHljSkdZd1kydWlocTEKSG9EckNhQ1dOcnhCdzJXd0M4OHl2SWlldmFHaEpRTnJ4RnFabXBHZGs4TitRMy9lanlpZVB2S1RYY0tEOStYWQpNdkZpZVhzQmhlUnlkT3c1Y3M3OXcrMXk2NTdKOURpeUw4ZVZGVE4zaEZPTC9TWXBja3hkbEVNd2FmYk9uWE9lCnpBbEtBeGZiRWJFSlg2TGxHcDdqd2tNZmRoWWxjOXkzVHNVTjlSTDl0ZVFlUFRKSzZMUG5obWNJVDV0SHllYVUKcHBRQXVrdFYvY1RhMksyUFREY2VMK0ZocWZqQUw1NlNFcGtSd0IxRWozcTkvL2U4ZklBeVduU0NvV3AxR3FoWQpZQ0E1dWhkS3V4WlhUKzhDZ2dFQkFPekxtajNzSHZQSmFpUjd3bnhna01YOVg0b0gzRjM4R2tENFFpUHM5blc2CnRCMStDd2pKZzFGNERsT0hEUU8vcTg3d0IrYkFLRUpMbFdabGVxVXZ6ZENySjRLU3IyaGd3TmhwZyt2NHdhUVUKZndPeWcrUnNqRjZsQWRQbFZBSHM2WlYraC80enp0RzZVemtpR01qOGl2R2NnK3BDN015NU5GV0NQRmVVVHgvNgpZSnFTdWlPcW1yNjBoWU5ZcnJaZTNUZDhWVVlYamZ3YVlpb1VUaU05cDFRMTk5OEJPNnhCNXoySW1HNWQ2S1B1CnBXdGhGTFZLVVc2aXl1Qm0wR29Xek5JTUYvWHdmWktuMktmamRWQUJYUzVDTm9yZmJhZ0FkNmtPSGt6WTFHNysKaFJwQ0VuUHRDbEQzci9HYzVvRzc5dC9BdC9QNU5US09QdGg3K2JId29DRUNnZ0VCQUsxbHZFb09Id294S0hIagpRMENhSXpmTXpCTjlUY2ZkQ2tydTN3dFhaSmJGUmVkYmJwbFUya1FHNERFSnlzam5MeUljNmlhYmRzVFJ6MEpNCjBxVS8xaXhZMlh1OVhTU1o5QlBIS0Q0MFl5czR5ejhEQ3N2dlo5SThOODZRV0oxRVlwQlBZOTVOSVBjYTN2UFIKblgvYSs5NVlhZ0FCWTNSdHJhUUtGQUJueEY3dnRwcnh6V0I4MzBVOWhPWGVRV01oRVE3S2RrNk1Td2xYZ2dYeApnNXcxWmJXdnhYWHRZTEo2a1hXdUFHd1MzME8xQ1lrR1Bkd3ZLMnpQcUVUbWZZZjU3amlVek5NRkEyaytiYW5wClZQNzFnNE9jQ3hDbXZ3Y1NWUkpFUFdXNFFXbGFlZUMrK0QxajFOekR4bGVreFYzMVcyRGhvZ3lKZ1RYZUFsZXoKNElKWG40a0NnZ0VCQUp1cGRHbkVjTXg5MldMR1lLRjJzWFVXRE5vbU5MMHIzdTVheE0vdEZFOXNQcjhzZm9CMgpSL2NrWHZhVnp2NXAzNzJYbVBvZDA5bFE2cE4zbmxvOHhLV3AvYjBlUkdUdlJaWitOcFRHNERUR3JJQjN0N0JQCmt5OGNkY2tmOWt1VnZDL2tEKzRSaktIZVJKdElTTmJHL1dlN0poUzNqZ2Mrc0tLTmpMRmQ4MjNvSDkwOUcxUWEKOE1MdzFOdjFUbFRnbzdlMzZpNjdpVUR5N3hrT1pCZFNqazhUY3pDTUZQZzJFcGNtMWwybktpbXAxZUJ5M3pRVgorTllyK2dYdVVJK05FWFA3TXowZnJNemR2ZFVQOTZ4eVdSanh1ZjBzeDE4cmYzNElvKzZNazRtcmswQWhzeE8xCi9aUWdYdThMMzVQbFJuTHNzNENVa0YzOW1GNmprUTlpU1VFQ2dnRUFDeVRPRDlWdWpaT0FSRWE1Z0tmS2RscysKN2s5T1BSUkZ1Y2luRE11U1dWZ2MvQ3hRL28rRzgrT1NwbUg5MllQS3VJUkRTLzZKbXB2cWUyWFpJN0Z5bC8zYwpJN3cyWWdkRVM5OVIvTjNpOUh2Q0VudkFxSTIvcjRiSFZ0SUlhR2MxTm5tclh6azlobDlDeldVODc5cXB0bHB2CjZRTklzOVdlVkhlSmg0dkc2SWx6Nm5iNUxadENqa0ZXQVdIcWNRWTMwN1RnSXcxeDAzM0RXMkt3MUFDUVhXWmMKQS8wMlhJYWNUWmFHM2JNbVJ4M1U4bGduSVZsRXNqbVpZZVVmSTJneTAyYnZkakZjd3RLVVdyQ1RvaEQxYlR5Uwpqd0pQekZXSFE5OWhyUkxzY0lEZGNkZVNsSDg5R09vMm5NNXJzVnRhRmprb3Y4bGZCSjJhNVVERVEzQ2Q1QT09Ci0tLS0tRU5EIFJTQSBQUklWQVRFIEtFWS0tLS0tCg==", None),
    (_DEPLOY, "wrongsecrets:k8s-vault-template", "isthiswhatweneed?", None),
    (_CTF, "wrongsecrets:k8s-env-canarytoken-auth", "7f75f2b2a4207c91fbc1ea59f7a495eb", None),
    ("okteto/k8s/secret-challenge-deployment.yml", "wrongsecrets:k8s-env-canarytoken-auth", "6519be82ef910868529091527c3edb3f", None),
    (_CTF, "wrongsecrets:k8s-env-ctf-host-value", "thisisthekeyforchallengethirty", None),
    (_CTF, "wrongsecrets:k8s-env-ctf-host-value", "thisisfunnyisitnot?", None),
    (_PROPS, "wrongsecrets:properties-password", "ThisEnvironmentIsAnotherPlaceToHide", None),
    (_PROPS, "wrongsecrets:properties-password", "welcome123", "keepasxpassword=welcome123"),
    (_PROPS, "wrongsecrets:properties-password", "UEBzc3dvcmQxMjM=", None),
    (_PROPS, "wrongsecrets:properties-pin", "NDQ0NDQ=", None),
    (_PROPS, "wrongsecrets:properties-key", "randomtextforkey", None),
    (".github/scripts/.bash_history", "wrongsecrets:bash-history-password", "JmqGG5HF+GTgYBDj5+ukhgRZFxGap8aVIF+ZlU8ACbc=", None),
    (".github/scripts/docker-create.sh", "wrongsecrets:shell-build-secret", "youCantHandleThisSecret", None),
    (".ssh/wrongsecrets.keys", "wrongsecrets:ssh-ed25519-private-key", "AAAEBipwrG6wv7JN3oxHf0NmU96RXN+MzESqsPC7q+eiJ+CADWyMlybTFThPFXKFSOgDGl", None),
    ("src/test/resources/RSAprivatekey.pem", "wrongsecrets:pem-private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDIO3jiw1i9BHi30bQ78e7lG6Wpi689/h1iW4L5e9iJwMcXen3G4wXrDp5j9Npo/Pf8eNtCxVTMias4HZQJtwfOxM83XD/PjUB0W7u2FUGl8Az+HqhxnXsdxkHnUF8VPYhS99Vdi05Ff3CU91AWbP95HRHPBoUKDwJzMFPh3YRdhrflxFBXq+t65FxZ3NHRP4YWPY//KykotaMPu5kCo932eiqx/41RrfWhAP5XKJT1B3f3o6udDJgkhvH09t8FBzeNc4aaNW05aigGnZ0JxGwaTHY0KnrXDSgtjCEdvYeEq5Yu53bkD+6xdPfk8124Vi9Qzs/B7CKOccZgvmy0kWqfAgMBAAECggEADn+r8bOWdd1ghmLza5HJrCJT3RKFxnXjl88rjTgoBlWEtREEEYY30/zzgCZnOEn1BP2VVuDmEod3c/FEWm277X93x7jwz+0Y+TP5RCaG4eafcjkzFkMCerXz6LV7pRSXDfbvJr5jFQo00zyTOoR6/UCbHQQKVx+eHEwoDsdVAdaSF5nqAbezx7dFySDELM7wrQshbXyO/7r+YobZlx+Y4iF6i1y+ZzOxX37P/+oaka3lysLpRe22yrieA3QhK2FL42hQCfW9ojTufz16L+I/tNLWjq6NQ0S+8Db8JcWENHVS4vAdGjkgT2pd5grh1KXXwzpUv0cntGtAMoCNlQwM5QKBgQDxtAjae4IYtKe51ErqsEca+WLKi0AdovYTEI7OQPBCeTSOJWH2heJmt025XvcVaFOP3I4ti1ael6P9HQu0o+aRi4Fa2UNs5oqASgeCH0emNSBR/t5ZcTR4dIs+CNBrrGMwUcXLyk7cfRWBgyHMTf9skvLZkci5O4RRW87Mg+E6qwKBgQDUE3fjLJXZmllcZcQcLjU3WkFgusbZHxb5usJL7nCGffsMhb+48lx6ztNCcuM5RRdpTCnouo/gjMiXWfltdeYFlrDYa20S22FNlXocdf6rdTSXI4Qu5NyISlZz28npDmORaTOvINzZ9rrwCO196Y+SDTxIh847W6tQMAZ3nhVP3QKBgHSY8/hpwl2msI7NoYJLnVGe4pBw0nI5jdmukCVhYEXA8KBt2i8xcQE6Bg2ZiTpThJQOwqun3xZMcriEzYPL2Ut27+TikEs1f7TZgXu9GTRNxpSnjZ26JaTCG/XGDL0UgRjrKa7gnmBxGvHKT4CeU8yNqwdX82ugEXmp/z3blMhXAoGBAIzYhSWt5bOIC9MOjyj8E0G4wnTAdvGZ8UNXolSVfcwEfSe66DKnW34AQFQAQyI03bCD8c1rocRLG6lRCxOEWojZpIeHCQCeDEhffqLKRqGOjKfX4aDXRBOL81Cs5rLOaJgZG0cy9xoW/94Mv9WAuWYRPjkZYIERh3wQ+SqWJadNAoGADMAkVz6zmyWXSYg6yFHpgI9gS/LObdcjgKDRKAizOSUCOsDs45wXmGaVcgyWD1Vq3k9d6T6PjMu1p53zLlbnk79tkyG8bmywr0tgTbCBjbjfv2gens8O+fnrptUv/dBkwC9AMzZ381qriA4DguWhZRIeriG51dw7x+awN4xyNeU=", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDIO3jiw1i9BHi30bQ78e7lG6Wpi689/h1iW4L5e9iJwMcXen3G4wXrDp5j9Npo/Pf8eNtCxVTMias4HZQJtwfOxM83XD/PjUB0W7u2FUGl8Az+HqhxnXsdxkHnUF8VPYhS99Vdi05Ff3CU91AWbP95HRHPBoUKDwJzMFPh3YRdhrflxFBXq+t65FxZ3NHRP4YWPY//KykotaMPu5kCo932eiqx/41RrfWhAP5XKJT1B3f3o6udDJgkhvH09t8FBzeNc4aaNW05aigGnZ0JxGwaTHY0KnrXDSgtjCEdvYeEq5Yu53bkD+6xdPfk8124Vi9Qzs/B7CKOccZgvmy0kWqfAgMBAAECggEADn+r8bOWdd1ghmLza5HJrCJT3RKFxnXjl88rjTgoBlWEtREEEYY30/zzgCZnOEn1BP2VVuDmEod3c/FEWm277X93x7jwz+0Y+TP5RCaG4eafcjkzFkMCerXz6LV7pRSXDfbvJr5jFQo00zyTOoR6/UCbHQQKVx+eHEwoDsdVAdaSF5nqAbezx7dFySDELM7wrQshbXyO/7r+YobZlx+Y4iF6i1y+ZzOxX37P/+oaka3lysLpRe22yrieA3QhK2FL42hQCfW9ojTufz16L+I/tNLWjq6NQ0S+8Db8JcWENHVS4vAdGjkgT2pd5grh1KXXwzpUv0cntGtAMoCNlQwM5QKBgQDxtAjae4IYtKe51ErqsEca+WLKi0AdovYTEI7OQPBCeTSOJWH2heJmt025XvcVaFOP3I4ti1ael6P9HQu0o+aRi4Fa2UNs5oqASgeCH0emNSBR/t5ZcTR4dIs+CNBrrGMwUcXLyk7cfRWBgyHMTf9skvLZkci5O4RRW87Mg+E6qwKBgQDUE3fjLJXZmllcZcQcLjU3WkFgusbZHxb5usJL7nCGffsMhb+48lx6ztNCcuM5RRdpTCnouo/gjMiXWfltdeYFlrDYa20S22FNlXocdf6rdTSXI4Qu5NyISlZz28npDmORaTOvINzZ9rrwCO196Y+SDTxIh847W6tQMAZ3nhVP3QKBgHSY8/hpwl2msI7NoYJLnVGe4pBw0nI5jdmukCVhYEXA8KBt2i8xcQE6Bg2ZiTpThJQOwqun3xZMcriEzYPL2Ut27+TikEs1f7TZgXu9GTRNxpSnjZ26JaTCG/XGDL0UgRjrKa7gnmBxGvHKT4CeU8yNqwdX82ugEXmp/z3blMhXAoGBAIzYhSWt5bOIC9MOjyj8E0G4wnTAdvGZ8UNXolSVfcwEfSe66DKnW34AQFQAQyI03bCD8c1rocRLG6lRCxOEWojZpIeHCQCeDEhffqLKRqGOjKfX4aDXRBOL81Cs5rLOaJgZG0cy9xoW/94Mv9WAuWYRPjkZYIERh3wQ+SqWJadNAoGADMAkVz6zmyWXSYg6yFHpgI9gS/LObdcjgKDRKAizOSUCOsDs45wXmGaVcgyWD1Vq3k9d6T6PjMu1p53zLlbnk79tkyG8bmywr0tgTbCBjbjfv2gens8O+fnrptUv/dBkwC9AMzZ381qriA4DguWhZRIeriG51dw7x+awN4xyNeU="),
    ("src/test/resources/thirdkey.txt", "wrongsecrets:mounted-key-file", "Bj3RDUlBua4c+f1XoXokSlN7eWMd3UVNoH8BRg4qP2o=", None),
    ("src/main/resources/executables/secrchallenge.json", "wrongsecrets:json-aes-key", "3Ulyfmfgro6uh1cN", None),
    ("src/main/resources/executables/db-dumps/db-dump-2.txt", "wrongsecrets:db-dump-bcrypt-hash", "$2b$10$AL/XPsWYU0cekug9KxIEBuSWbgaNCjaDWq/w/MBT0l3FEyz1RtaE2", None),
    ("src/main/resources/executables/db-dumps/db-dump-2.txt", "wrongsecrets:db-dump-bcrypt-hash", "$2b$10$AL/XPsWYU0cekug9KxIEBu/hlEgW48XTPh7IxKMoUD7MvR5yw5GzS", None),
    ("src/main/java/org/owasp/wrongsecrets/challenges/docker/Challenge58.java", "wrongsecrets:java-jdbc-password", "SuperSecretDB2024!", None),
    ("src/main/java/org/owasp/wrongsecrets/challenges/docker/Challenge25.java", "wrongsecrets:java-aes-key", "thiszthekeytoday", None),
    ("src/main/java/org/owasp/wrongsecrets/challenges/docker/Challenge32.java", "wrongsecrets:java-aes-key", "AIKnowsThisKey12", None),
    ("src/main/java/org/owasp/wrongsecrets/challenges/docker/Challenge54.java", "wrongsecrets:java-passphrase", "key_to_decrypt_the_secret", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "This is it": "a sentence, the challenge's answer",
    "thisIsK8SConfigMap": "words naming the value (the challenge's answer)",
    "isthiswhatweneed?": "a question in words, the challenge's answer",
    "thisisthekeyforchallengethirty": "words naming the value (a CTF host value)",
    "thisisfunnyisitnot?": "a question in words (a CTF host value)",
    "ThisEnvironmentIsAnotherPlaceToHide": "a sentence, the challenge's answer",
    "UEBzc3dvcmQxMjM=": "base64 of P@ssword123, the word password",
    "NDQ0NDQ=": "base64 of 44444, a PIN of one repeated digit",
    "randomtextforkey": "words naming the value (the CTF emulation profile's key)",
    "youCantHandleThisSecret": "a sentence naming the value",
    "thiszthekeytoday": "a sentence naming the value (this is the key today)",
    "AIKnowsThisKey12": "a sentence naming the value",
    "key_to_decrypt_the_secret": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # variable references and secret-store references
    ("Dockerfile", "wrongsecrets-fp:reference", "ENV ARG_BASED_PASSWORD=$argBasedPassword"),
    ("Dockerfile", "wrongsecrets-fp:reference", "ENV CHALLENGE59_SLACK_WEBHOOK_URL=$challenge59_webhook_url"),
    ("Dockerfile", "wrongsecrets-fp:reference", "ENV GOOGLE_SERVICE_ACCOUNT_KEY=$GOOGLE_SERVICE_ACCOUNT_KEY"),
    ("Dockerfile", "wrongsecrets-fp:reference", "export SECRET_VALUE=$(cat /run/secrets/mysecret) && \\"),
    ("Dockerfile.web", "wrongsecrets-fp:reference", "ENV ctf_key=$CTF_KEY"),
    ("Dockerfile.web", "wrongsecrets-fp:reference", "ENV vaultpassword=$CHALLENGE_7_VALUE"),
    (".github/workflows/challenge13.yml", "wrongsecrets-fp:reference", "CHALLENGE_THIRTEEN_KEY: ${{ secrets.CHALLENGE_THIRTEEN_KEY }}"),
    (".github/workflows/challenge13.yml", "wrongsecrets-fp:reference", 'echo "This does work: $(echo $CHALLENGE_THIRTEEN_KEY | openssl base64 | openssl base64)"'),
    (_DEPLOY, "wrongsecrets-fp:reference", "- name: SPECIAL_K8S_SECRET\n  valueFrom:\n    configMapKeyRef:\n      name: secrets-file\n      key: funny.entry"),
    (_DEPLOY, "wrongsecrets-fp:reference", "- name: SPECIAL_SPECIAL_K8S_SECRET\n  valueFrom:\n    secretKeyRef:\n      name: funnystuff\n      key: funnier"),
    ("aws/secrets.tf", "wrongsecrets-fp:reference", "secret_string = random_password.password.result"),
    ("k8s-vault-minikube-start.sh", "wrongsecrets-fp:reference", 'kubectl exec vault-0 -n vault -- vault kv put secret/secret-challenge vaultpassword.password="$(openssl rand -base64 16)"'),
    (_PROPS, "wrongsecrets-fp:reference", "spring.cloud.vault.kubernetes.service-account-token-file=/var/run/secrets/kubernetes.io/serviceaccount/token"),
    # the placeholders the app ships until a setup fills the value
    ("Dockerfile", "wrongsecrets-fp:placeholder", 'ARG argBasedPassword="default"'),
    ("Dockerfile", "wrongsecrets-fp:placeholder", 'ARG GOOGLE_SERVICE_ACCOUNT_KEY="if_you_see_this_configure_the_google_service_account_properly"'),
    (_PROPS, "wrongsecrets-fp:placeholder", "SPECIAL_K8S_SECRET=if_you_see_this_please_use_k8s"),
    (_PROPS, "wrongsecrets-fp:placeholder", "vaultpassword=if_you_see_this_please_use_K8S_and_Vault"),
    (_PROPS, "wrongsecrets-fp:placeholder", "ARG_BASED_PASSWORD=if_you_see_this_please_use_docker_instead"),
    (_PROPS, "wrongsecrets-fp:placeholder", "WRONGSECRETS_MCP_SECRET=if_you_see_this_please_call_the_mcp_endpoint"),
    (_PROPS, "wrongsecrets-fp:placeholder", "challenge_rando_key_ctf_to_provide_to_host_value=not_set"),
    (_PROPS, "wrongsecrets-fp:placeholder", "spring.cloud.vault.token=00000000-0000-0000-0000-000000000000"),
    (_PROPS, "wrongsecrets-fp:placeholder", "KEEPASS_BROKEN=if_you_see_this_please_fix_the_keepass_setup"),
    ("Dockerfile.web", "wrongsecrets-fp:placeholder", 'ARG CHALLENGE_RANDO_KEY_CTF_TO_PROVIDE_TO_HOST="not_set"'),
    (_CTF, "wrongsecrets-fp:placeholder", "- name: vaultpassword\n  value: if_you_see_this_please_use_K8S_and_Vault"),
    ("src/main/resources/.bash_history", "wrongsecrets-fp:placeholder", 'export tempPassword="Placeholder Password, find the real one in the history of the container"'),
    ("scripts/generate-slack-webhook.sh", "wrongsecrets-fp:placeholder", 'DEFAULT_WEBHOOK="https://hooks.slack.com/services/T123456789/B123456789/1a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p"'),
    # paths, hosts, images, ids and names beside the secrets
    ("Dockerfile", "wrongsecrets-fp:config", 'ENV BASTIONHOSTPATH="/home/wrongsecrets/.ssh"'),
    ("Dockerfile", "wrongsecrets-fp:config", 'ARG GOOGLE_DRIVE_DOCUMENT_ID="1PlZkwEd7GouyY4cdOxBuczm6XumQeuZN31LR2BXRgPs"'),
    ("Dockerfile", "wrongsecrets-fp:config", "COPY --chown=wrongsecrets src/test/resources/RSAprivatekey.pem /var/tmp/helpers/"),
    ("Dockerfile", "wrongsecrets-fp:config", "COPY --chown=wrongsecrets src/test/resources/alibabacreds.kdbx /var/tmp/helpers"),
    ("Dockerfile.web", "wrongsecrets-fp:config", 'ENV keepasspath="/var/helpers/alibabacreds.kdbx"'),
    ("Dockerfile.web", "wrongsecrets-fp:config", "FROM jeroenwillemsen/wrongsecrets:1.13.5-no-vault"),
    (_PROPS, "wrongsecrets-fp:config", "secretmountpath=/mnt/secrets-store"),
    (_PROPS, "wrongsecrets-fp:config", "spring.cloud.vault.uri=http://vault:8200"),
    (_PROPS, "wrongsecrets-fp:config", "spring.cloud.azure.keyvault.secret.property-sources[0].name=wrongsecret-3"),
    (_PROPS, "wrongsecrets-fp:config", "chalenge_docker_mount_secret=/var/run/secrets2"),
    ("k8s/secrets-config.yml", "wrongsecrets-fp:config", "uid: d777ebfa-2a53-4bca-b1e3-4907eca16552"),
    ("k8s/secrets-secret.yml", "wrongsecrets-fp:config", "selfLink: /api/v1/namespaces/default/secrets/funnystuff"),
    ("k8s/main.key", "wrongsecrets-fp:config", "sealedsecrets.bitnami.com/sealed-secrets-key: active"),
    ("aws/k8s/secret-challenge-vault-deployment.yml", "wrongsecrets-fp:config", 'secretProviderClass: "wrongsecrets-aws-secretsmanager"'),
    ("aws/secrets.tf", "wrongsecrets-fp:config", 'override_special = "_%@"'),
    ("src/main/resources/challenges/challenge-51/challenge51docker-compose.yml", "wrongsecrets-fp:config", "db_password:\n  file: secretfiles/db_password.txt"),
    ("src/main/resources/challenges/challenge-51/secretfiles/db_user.txt", "wrongsecrets-fp:config", "mydbuser"),
    (".ssh/config", "wrongsecrets-fp:config", "Host ourdemohost\nHostName 76.223.11.49\nUser wrongsecrets@owasp.com\nPort 4444\nIdentityFile       .ssh/wrongsecrets.keys"),
    (".ssh/wrongsecrets.keys.pub", "wrongsecrets-fp:public-key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIADWyMlybTFThPFXKFSOgDGlRaNmUqd5lwihopBLIU7v wrongsecrets@owasp.com"),
)  # fmt: skip

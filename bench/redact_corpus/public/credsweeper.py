# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Samsung's CredSweeper, for the ``fresh16`` split (``fresh16.py`` reads and writes): the
provider tokens and private keys of its test samples; the passwords and secrets said in
documents, commands and code are ``credsweeper_text.py``'s, joined here into one source.

``Samsung/CredSweeper`` is a secret scanner (regular-expression rules, filters, and a model
that scores what they find). Its ``tests/samples/`` holds a file or a few per rule, most named
after it (``github_classic_token``, ``slack_token.hs``, ``pem_key.p.rsa``), some after the
false positives a filter must drop (``*_n``, ``*_fp``, ``false_positive``, ``password_FALSE``);
a file often puts the true case and its look-alikes side by side (``TP:``/``FP:``,
``POSITIVE:``/``NEGATIVE:``). ``tests/data/output.json`` lists what the scanner reports on the
samples (577 findings): it was used as a cross-check only, the labels are this reading's. Each
file was read at ``HEAD``; each value is cited by the first line holding it.

This module holds the provider tokens, one kind per format: AI services (Anthropic, OpenAI
project keys, Groq, DeepSeek, xAI, Perplexity, Together, Llama Cloud, Tavily), code hosts and
CI (GitHub fine-grained and legacy hex tokens, eight of GitLab's prefixes, Bitbucket,
Atlassian, JFrog, PyPI, RubyGems, SonarQube, Postman, Vercel, Netlify), cloud (AWS key id,
secret key, session token and Bedrock key, Azure client secret and access token, Google OAuth
secrets, Alibaba, DigitalOcean, Cloudflare, Heroku, Terraform Cloud, PlanetScale, Supabase,
Databricks, Doppler, Akamai), chat and mail (Slack bot and user tokens and a webhook, Discord,
Telegram, Mailchimp, Mailgun, Brevo) and more (Stripe's restricted, secret and webhook keys,
Square, Shopify, Sentry, New Relic, PostHog's secret and personal keys, Figma, Linear,
Dynatrace, Instagram, a Facebook app token, Dropbox, 1Password, age, NATS, a TOTP seed, a JWT
and two JSON Web Key private parameters); and the private keys: RSA (PKCS#8 PEM, PKCS#1 in a C
string with its line ends escaped and mangled, in a JSON-escaped build log, bare base64 DER in
Java), EC (PKCS#8, SEC1 on one line), PGP, and an ML-DSA-87 key OpenSSL printed into a build
log. A key's value is its second line of key material, cited with its header (or the call
that decodes it) and first line, as ``crapi.py`` does.

The samples give more than the split takes: about 250 values pass the filters across both
modules, far over the 60 to 150 the split aims at, so one value per format was kept (a
provider's second token of the same form, a key's second wrapping, GitLab's other seven
prefixes, Slack's app and refresh tokens and the like are left out without a row; none was
judged differently from the one kept).

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text) for lines that
hold none: keys a sample marks as examples (``EXAMPLE``, ``tokenexample``, ``fake``,
``ExampleKeyTestOnly``), runs (``xxxx``, ``oooo``, ``0101``), counted signs, placeholders
phrased in leet ("7here4ar3not7he7oken5you4re1ooking4or"), publishable keys made to sit in web
pages (Stripe's ``pk_``, PostHog's ``phc_``, New Relic's browser ``NRJS-``), WeChat app ids,
Salesforce org ids, an OAuth client id, host names, UUIDs used as ids, git object ids, Sealed
Secrets ciphertext (safe to commit by design), an ``ENC(…)`` value, a signature block's line,
PEM encryption headers and bare key headers, an embedded image's data.

``NO_SECRET``: values whose text names them or is a stand-in: ``gireogi`` (기러기, the Korean
palindrome the samples use as a stand-in) with ``AWSKEY``, ``crackle`` or a number said twice;
leet phrases ("there is not the token you are looking", "almost fake token but valid CRC32");
a JFrog reference token whose base64 reads ``0123456789:AbcdefGhijklmno…``. Listed and
dropped by the shared filters: ``ghp_0000…``, a Grafana key of zeros, ``gireogi`` said twice
(Picatic, SendGrid), a Notion token's ``1234``, runs said twice (a Facebook token, a Sentry
organisation token, the base64 JSON Web Key set, the GitHub App installation token whose
claims say "There is no tokens you`re looking for"), and a sign four times in a row (the X
bearer token's ``AAAA…``, the Dropbox long-lived token's, an Azure storage key's, a Discord
webhook id's zeros, a Salesforce token's, and two listed as doubtful secrets: the OpenSSH
key, whose private part reads ``There_15-N0t_TheKeyYouAreLookingFoR`` once decoded, and the
NTLM message, whose domain is ``FaKeDaTa``).

Doubtful labels, kept: the PGP block's body (random base64 under a real header, not a PGP
packet: a key's form, no key); GitHub's legacy 40-hex token (the form of a SHA-1, but given to
``LEGACY_GITHUB_SECRET``); the RSA DER key whose second line starts ``sklfpdwxvkjh`` (typed,
but inside a key's structure); tokens whose bodies repeat another sample's runs (the Square
token and the Dynatrace token share ``…FOWKPRVMW…``, Google's secret and Terraform's token
``Z28P3STmkB…``).
"""

from __future__ import annotations

from pathlib import Path

import credsweeper_text

MIRROR = Path("/work/.mirror/Samsung+CredSweeper/repo")
REPO = "Samsung/CredSweeper"

_S = "tests/samples"

_SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (f"{_S}/1password", "credsweeper:1password-account-token", "ops_eyJb11xLqNoZodWhBSRZjgXFblnyPe_NKm9AQtqj1-g2NkK6QBDIjHwxGYNea8w7cImHWxSXc4ISxk4G9R85CVS1TqBvOOOXycTTH0eqOnwcIGDCQelSMcMIXfHNQVE2pDBHWIsRHmjR-uMUS4SnCU3odPaE9i7BTpHI8mKYEyJzCXzsmLu-mfHfhPM2WffsDLSvlHGwNzVa6wCQio7lsOSrhsjsYkH_boPMB4ZUQ01hn-ix_yBaGvTrMEN6lAy4Z6Pd3KvPb9Pr6c-kI1ifadgIJfRUQJse3IuwLfxeqBUYdHXVgknJ71YECM0-Xg3xwcFjO8oQC1b6kJs2jGX-vdtbLt8MlGzUEn-zYmAam5cj5ye-b_4lVyQjzYrWTI2CP4EkWT7Jsv9KQPVlNye6HwOvUvpm2VHEQDrl-9Kb3XZwo6C53Df0xBfU5Rr6b9p8_r6XrrBGLZWqf2xZkh8pC4OXECo_JzZWNyZXRLZXkiO-jd180LqEfYwfv8_tnxyLXVDX989lmYjZGyJDisytEIwIIcsnnZLCabN-0bOgT_Api9RTXZt7q-9IVxSSm4sgK8ZJ96roIIeukKC_FWVfvZ7uCmGT-TrDc0Kvit44ulvWgt6uoTtMrLGzZYyAx8COjniLSpKk6OOv", None),
    (f"{_S}/age-secret-key", "credsweeper:age-secret-key", "AGE-SECRET-KEY-1KZYHJJGJ5DEC3RXGPEUA97WG99HU4Z3Z9ZK69GHAFZWJ08SFVF0QZ3WFSS", None),
    (f"{_S}/akamai", "credsweeper:akamai-client-token", "akab-tblc7jkffv3wfxh3-h5stbzeswb3v4kj3", None),
    (f"{_S}/alibaba", "credsweeper:alibaba-access-key-id", "LTAIwRQQQIlUKh25", None),
    (f"{_S}/alibaba", "credsweeper:alibaba-access-key-secret", "AIu0vKQhkLAmcfDiTmCyCvfgKKXNLT", None),
    (f"{_S}/antrhropic", "credsweeper:anthropic-api-key", "sk-ant-api03-gigCtxD_mMUnJuUOwVtpBmPFdG0-ybrcBb1EcgpJblpcwh7tpFu-DIChOfbCnT7NgKcobiQ5aQA1oxlu3aJ-HgvUeZoSew", None),
    (f"{_S}/atlassian_pat", "credsweeper:atlassian-api-token", "ATATT3xFfGF0vNZ7oy6ON4KrWEzKEu96n-r2bCLOOcdOADizvJqPd89yKyP853uTZSflBi1Lk1zD460BqyMTa08VUEy8-oOzr1esg3j_mZKZwAELnRkCDTJZXhHsv5jaWHyAj4LRL-6h8LI-5MrYs4l7xXSaY8odQxDKJB4hDvdkmuh61xea2jE=00203E68", None),
    (f"{_S}/jira_confluence_pat", "credsweeper:jira-confluence-pat", "OTI2NjA3NjU1NTI2Oh2DOnASdOHoIhEGyqIuYrdkYaQZ", None),
    (f"{_S}/aws_client_id", "credsweeper:aws-access-key-id", "AKIAGIREOGIAWSKEY123", None),
    (f"{_S}/aws_multi.md", "credsweeper:aws-access-key-id", "AKIA0ON7V2DD57PL3JXM", None),
    (f"{_S}/aws_multi.md", "credsweeper:aws-secret-access-key", "RMkMm8niUJ1iuhAA+AAyugy3fFt/rtrf7GFQ9xz1", None),
    (f"{_S}/aws_multi.md", "credsweeper:aws-session-token", "J38YmIgn7dH6cw4W1yqoRgjsFsWvysFjfVcpCh7O9Yyv9/qNvNI", None),
    (f"{_S}/aws_client_id", "credsweeper:aws-bedrock-api-key", "bedrock-api-key-vZKDJRzMKwJH6ewnj9FiyoUlZemipP2t", None),
    (f"{_S}/azure_access_token", "credsweeper:azure-access-token-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6Imk2bEdrM0ZaenhSY1ViMkMzbkVRN3N5SEpsWSIsImtpZCI6Imk2bEdrM0ZaenhSY1ViMkMzbkVRN3N5SEpsWSJ9.eyJhdWQiOiJlZjFkYTlkNC1mZjc3LTRjM2UtYTAwNS04NDBjM2Y4MzA3NDUiLCJpc3MiOiJodHRwczovL3N0cy53aW5kb3dzLm5ldC9mYTE1ZDY5Mi1lOWM3LTQ0NjAtYTc0My0yOWYyOTUyMjIyOS8iLCJpYXQiOjE1MzcyMzMxMDYsIm5iZiI6MTUzNzIzMzEwNiwiZXhwIjoxNTM3MjM3MDA2LCJhY3IiOiIxIiwiYWlvIjoiQVhRQWkvOElBQUFBRm0rRS9RVEcrZ0ZuVnhMaldkdzhLKzYxQUdyU091TU1GNmViYU1qN1hPM0libUQzZkdtck95RCtOdlp5R24yVmFUL2tES1h3NE1JaHJnR1ZxNkJuOHdMWG9UMUxrSVorRnpRVmtKUFBMUU9WNEtjWHFTbENWUERTL0RpQ0RnRTIyMlRJbU12V05hRU1hVU9Uc0lHdlRRPT0iLCJhbXIiOlsid2lhIl0sImFwcGlkIjoiNzVkYmU3N2YtMTBhMy00ZTU5LTg1ZmQtOGMxMjc1NDRmMTdjIiwiYXBwaWRhY3IiOiIwIiwiZW1haWwiOiJBYmVMaUBtaWNyb3NvZnQuY29tIiwiZmFtaWx5X25hbWUiOiJMaW5jb2xuIiwiZ2l2ZW5fbmFtZSI6IkFiZSAoTVNGVCkiLCJpZHAiOiJodHRwczovL3N0cy53aW5kb3dzLm5ldC83MmY5ODhiZi04NmYxLTQxYWYtOTFhYi0yZDdjZDAxMjIyNDcvIiwiaXBhZGRyIjoiMjIyLjIyMi4yMjIuMjIiLCJuYW1lIjoiYWJlbGkiLCJvaWQiOiIwMjIyM2I2Yi1hYTFkLTQyZDQtOWVjMC0xYjJiYjkxOTQ0MzgiLCJyaCI6IkkiLCJzY3AiOiJ1c2VyX2ltcGVyc29uYXRpb24iLCJzdWIiOiJsM19yb0lTUVUyMjJiVUxTOXlpMmswWHBxcE9pTXo1SDNaQUNvMUdlWEEiLCJ0aWQiOiJmYTE1ZDY5Mi1lOWM3LTQ0NjAtYTc0My0yOWYyOTU2ZmQ0MjkiLCJ1bmlxdWVfbmFtZSI6ImFiZWxpQG1pY3Jvc29mdC5jb20iLCJ1dGkiOiJGVnNHeFlYSTMwLVR1aWt1dVVvRkFBIiwidmVyIjoiMS4wIn0.D3H6pMUtQnoJAGq6AHd", None),
    (f"{_S}/azure_access_token", "credsweeper:azure-storage-account-key", "189shdhgr893rgdg74sdsdfkksdhtg87dyfwegjddshjhsgjsgdhJQQJ99ALACAAAAAAAAAAAAASAZDO1e4drs==", None),
    (f"{_S}/azure_secret_value", "credsweeper:azure-client-secret", "qpF8Q~PCM5MhMoyTFc5TYEomnzRUKim9UJhe8a2P", None),
    (f"{_S}/bitbucket_app_password", "credsweeper:bitbucket-app-password", "ATBBcCe6fczW96Vzwgvb4r8F2gZS54D591C4", None),
    (f"{_S}/bitbucket_repository_access_token", "credsweeper:bitbucket-repository-access-token", "ATCTT3xFfGN0zXtbKHz2POF86xa-2aBiYC4o_T3-myk01bmFVluUIFtGm_VFQwLizp4o1FKw-AMZhtdA0NzizshnA8WzRdfgv6GeTyowCD101oqKbJ4nx9DFsar5YyUNkwO9maR9-00tQvfciyfOHtPKG6K1d76Ki3iFo7roGeyJu4j1jM3GwQ4=EDDE81AD", None),
    (f"{_S}/brevo", "credsweeper:brevo-api-key", "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", None),
    (f"{_S}/cloudflare", "credsweeper:cloudflare-account-api-token", "cfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dRk9JaDx4mIbbM4", None),
    (f"{_S}/cloudflare", "credsweeper:cloudflare-user-api-token", "cfut_WmHcE131Up3QBmRVvjfAyMBSik11OpgJpZikzYiuOKCYyDMJ", None),
    (f"{_S}/databricks", "credsweeper:databricks-access-token", "dapia8dc7528ecae9a70d7660b9eadff609d", None),
    (f"{_S}/deepseek", "credsweeper:deepseek-api-key", "sk-615ef152bf865a131f88b23571dc4ee6", None),
    (f"{_S}/digital_ocean_pat", "credsweeper:digitalocean-personal-access-token", "dop_v1_425522a565f532bc6532d453422e50334a42f5242a3090fbe553b543b124259b", None),
    (f"{_S}/discord_bot_token", "credsweeper:discord-bot-token", "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.E2-E4_.Zig9V5mpMk-JybgCFvqSfgY9EoqWjkA5O_qDje", None),
    (f"{_S}/discord_webhook", "credsweeper:discord-webhook-url", "https://discordapp.com/api/webhooks/148392840000482200/ihUFAgIi-OsnNHsjJBpvzkzZOicbe0R2UkWo1nvOnkLGHWJnW8HZjF_dRDj7fi5q3u2h", None),
    (f"{_S}/doppler", "credsweeper:doppler-personal-token", "dp.pt.GnUaQXtT9Fi2luokVezIZ3MGzgSUKYjqCk4efeKZuc7", None),
    (f"{_S}/dropbox_api_secret_long_term", "credsweeper:dropbox-long-lived-token", "7rBynGo0b1cAAAAAAAAAAc72L3T6rQK51mB5a06ijnwRG91deTxvSqdZNAlxq8pZ", None),
    (f"{_S}/dropbox_app_secret", "credsweeper:dropbox-app-secret", "wpv1jq9xwanbn3n", None),
    (f"{_S}/dynatrace_api.hs", "credsweeper:dynatrace-api-token", "dt0c01.ST2EY72KQINMH574WMNVI7YN.G3DFPBEJYMOD1DAEX454M7YWBUVEFOWKPRVMWFASS64NFH52PX6BNDVFFM572RZM", None),
    (f"{_S}/facebook_key", "credsweeper:facebook-access-token", "EAACEb00Kse0BAlGy7KeQ5YnaCEd09Eose0cBAlGy7KeQ5Yna9CoDsup39tiYdoQ4jH9Coup39tiYdWoQ4jHFZD", None),
    (f"{_S}/facebook_key", "credsweeper:facebook-app-token", "1527194624358273|qbBf2-fdB9zZpqLA0_2nNzZDw2M", None),
    (f"{_S}/figma", "credsweeper:figma-personal-access-token", "figd__fU7rxH-KUAmCv5vI78kKlnEF6bne_yvSvPLz3JO", None),
    (f"{_S}/github_app_install_token", "credsweeper:github-app-installation-token", "ghs_20260523_eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3OTI1MjE0NTAsImV4cCI6MTc5OTk5OTk5LCJpc3MiOiI0MiIsInN1YiI6IlRoZXJlIGlzIG5vIHRva2VucyB5b3VgcmUgbG9va2luZyBmb3IuIn0K.GlzIG5vIHRva2VucyB5b3VgcmUgbG9va2luZyBmb3Iu", None),
    (f"{_S}/github_classic_token", "credsweeper:github-classic-token", "ghp_00000000000000000000000000000004WZ4EQ", None),
    (f"{_S}/github_fine_granted_token", "credsweeper:github-fine-grained-token", "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", None),
    (f"{_S}/secret.groovy", "credsweeper:github-legacy-hex-token", "fa87409ad3a4589fd279c501b3d2e174855ee9f4", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-personal-access-token", "glpat-8d5ri2n9g85LAnC9YW85.01.cgpAsnEmP", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-oauth-application-secret", "gloas-7fc1974b38580e6ceca8c077863cd5e88745895dfcbe1ae3c36eab9c498103dc", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-deploy-token", "gldt-9BeUoeWu2V9uUS3uLoMy", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-runner-authentication-token", "glrt-2CR8_eVxiio-1QmzPZwa", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-ci-job-token", "glcbt-1375_cgpAsnEmP-79kcfRLyK_", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-pipeline-trigger-token", "glptt-33276248c9748113e978392e5c074b7f974f8683", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-agent-token", "glagent-ZQmgbRr-Ydu5YehnXCGiiSLxjd53EkFnYapS7A4TwyNE8Y2XVg", None),
    (f"{_S}/gitlab_prefix_token", "credsweeper:gitlab-runner-registration-token", "glrtr-KZX7Mizo7RYFKh2JScz6aeqZ3WG8nxujE21QpZVIr", None),
    (f"{_S}/google_creds", "credsweeper:google-api-key", "AIzaGiReoG-Cr0ckleCr0ckle12315618_12315", None),
    (f"{_S}/google_creds", "credsweeper:google-oauth-client-secret", "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", None),
    (f"{_S}/google_creds", "credsweeper:google-oauth-refresh-token", "1//0T4eRe15N0tT4Et0kEHY0U4Rel0Ok1ng4-hPyg7SWC7tZ1WE5vZvtCwqrJF9rLsyiKFeDGT_0ZHafDhc4-Y2qij02mClU1InwQ_", None),
    (f"{_S}/google_multi", "credsweeper:google-oauth-client-secret-legacy", "4L2QMyTm6Rr0o46ytGiReoG1", None),
    (f"{_S}/grafana_access_policy_token", "credsweeper:grafana-access-policy-token", "glc_eyJvIjoiMjA0NjMwIiwibiI6InRlc3QtdG9rZW4iLCJrIjoidklnbjJ2WHc5MTVXOWtNOWxsNHcyZHEyIiwibSI6eyJyIjoicHJvZC0wIn19", None),
    (f"{_S}/grafana_provisioned_api_key", "credsweeper:grafana-provisioned-api-key", "eyJrIjoiMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMCIsIm4iOiJ4eHh4IiwiaWQiOjIwNDM2MH0=", None),
    (f"{_S}/grafana_service_accounts", "credsweeper:grafana-service-account-token", "glsa_ThisI5NtTheTok3nYou8reLo0k1ngF0r_0a2a3df7", None),
    (f"{_S}/groq_api_key", "credsweeper:groq-api-key", "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", None),
    (f"{_S}/hashicorp", "credsweeper:terraform-cloud-api-token", "Z28P3STmkBQi1Y.atlasv1.YE7RBqu6VVyQIOq9a1eC3YFU5Elt7ToIr6OwzKAWlCTQ7N4gElXaWou6aPpOIwGCoc0", None),
    (f"{_S}/heroku", "credsweeper:heroku-api-key", "HRKU-RAjCYR7Mai1JAIhHASD6ITENvdVydAPCnNcAlrMrTLozPkj9_BGqh1J5P4Wf", None),
    (f"{_S}/huggingface", "credsweeper:huggingface-user-access-token", "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", None),
    (f"{_S}/instagram_access_token", "credsweeper:instagram-access-token", "IGQVJWS3pUNmZA2MUJDVlRwLW9ac1lrU05nZAmpzWHQtWHFJSEFRMF9tWVpRdEd70HQ5Wk8wSnY0R0VEQnVQdUU0MnpxNWxocUYyNmZAXSTUtVVNrMmh1ZAHZAQQno2ZA0VHR0lLWkk1N1R5RDFvM0dmVEpIYQZGZX", None),
    (f"{_S}/jfrog_p", "credsweeper:jfrog-reference-token", "cmVmdGtuOjAxOjAxMjM0NTY3ODk6QWJjZGVmR2hpamtsbW5vUHFyc3R1dnd4eXow", None),
    (f"{_S}/jfrog_p", "credsweeper:jfrog-api-key", "AKCp2UNCd8uK7hQoxZnFE4PGtRHnAcBHr43HgLcj7nJmWb4JhVUqBwa2iwXszftnogpo2EVFa", None),
    (f"{_S}/json_web_token", "credsweeper:jwt", "eyJhbGciOiJSUzI1NiJ9Cg.eyJleHAiOjY1NTM2fQo.Ce7sh0ENPiBlE_dose0cBA", None),
    (f"{_S}/json_web_key", "credsweeper:jwk-set-base64", "WwogICAgewogICAgICAgICJrdHkiOiAiRUMiLAogICAgICAgICJkIjogInNsYVFxeUhRUHVkT3BxMm1iRHNrdW04ck91OUlNa0xHaklOQUZXd2Zxci0iCiAgICB9LAogICAgewogICAgICAgICJrdHkiOiAiUlNBIiwKICAgICAgICAiZCI6ICItcGhaOE40R3V3WmNoeTdGQ01CMTRJQTM1ZEJVM3NXeTJPUnh3V044UGJLcUtPa1piOG1oNHZfZ1Fnd2c3ajE2dVNkOTFDT0JOUEdIMGhOemFIMmpPWSIKICAgIH0sCiAgICB7CiAgICAgICAgImt0eSI6ICJvY3QiLAogICAgICAgICJrIjogIldyTXdRZm9OYUhUZ1hVNWZadlJHQUQiCiAgICB9Cl0=", None),
    (f"{_S}/jwk.json", "credsweeper:jwk-ec-private-d", "slaQqyHQPudOpq2mbDskum8rOu9IMkLGjINAFWwfqr-", None),
    (f"{_S}/jwk.json", "credsweeper:jwk-rsa-private-d", "-phZ8N4GuwZchy7FCMB14IA35dBU3sWy2ORxwWN8PbKqKOkZb8mh4v_gQgwg7j16uSd91COBNPGH0hNzaH2jOY", None),
    (f"{_S}/linear_api_key", "credsweeper:linear-api-key", "lin_api_F7hvwKIiRuRkwmbYFY7xGlBxe8GUg8YNBzaRyF4W", None),
    (f"{_S}/llama", "credsweeper:llama-cloud-api-key", "llx-gOpoyW2vlgfBcYEYlSu8x3Tk3lrtW1AWJU8nXQ6XOCZah4h1", None),
    (f"{_S}/mailchimp_key", "credsweeper:mailchimp-api-key", "LRINSm5Vdi9BMCzCWSJ8M3TMysUHwDzB-us36", None),
    (f"{_S}/mailgun", "credsweeper:mailgun-api-key", "key-a25a4ac62a074cd52c668c6b9937cf40", None),
    (f"{_S}/netlify", "credsweeper:netlify-personal-access-token", "nfp_0i5OM4MV7L02wV3E6rrwiTwhvEkkkPJ9C3EP", None),
    (f"{_S}/newrelic", "credsweeper:newrelic-user-api-key", "NRAK-X29R0RTNJIQTUFWOA8Z8YRDENG0", None),
    (f"{_S}/newrelic", "credsweeper:newrelic-license-key", "bb60c0b27b6d0675d14cc773b3eb66d393f7NRAL", None),
    (f"{_S}/nkey_seed", "credsweeper:nats-nkey-seed", "SUAML2GCZ7IK7E7UD4VZ7ELPZW7DK2ZNL35WSMW3IORHC3BWBSDQXUQRBU", None),
    (f"{_S}/notion", "credsweeper:notion-integration-token", "ntn_123465789l62YMNJKXLKpjiCVEXbx4CBxkfprOA96Y15wZ", None),
    (f"{_S}/npm", "credsweeper:npm-access-token", "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", None),
    (f"{_S}/ntlm", "credsweeper:ntlm-authenticate-message", "TlRMTVNTUAADAAAAGAAYAFYAAAAYABgAbgAAAAAAAABIAAAADgAOAEgAAAAAAAAAVgAAAAAAAACGAAAARmFLZURhVGEAAAAPQwByAGUAZABTAHcAZQBlAHCgZQBy3wAAAAAAAAAAAAAAAAAAAAAph0MQmDQmCVaJEmhiOGSYIXNJMoc2KLo=", None),
    (f"{_S}/open_ai_token", "credsweeper:openai-project-key", "sk-proj-qa25MV9c7Qu0EjDIEWdcT3BlbkFJ83uCF0K4yw7RzpY39bio", None),
    (f"{_S}/otp_2fa", "credsweeper:totp-shared-secret", "WXFES7QNTET5DQYC", None),
    (f"{_S}/paypal_key", "credsweeper:braintree-access-token", "access_token$production$gireogi121451781$abcaeaabadef01134517891121451781", None),
    (f"{_S}/perplexity", "credsweeper:perplexity-api-key", "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", None),
    (f"{_S}/picatic_key", "credsweeper:picatic-api-key", "sk_live_gireogicracklegireogicrackle1231", None),
    (f"{_S}/planetscale", "credsweeper:planetscale-password", "pscale_pw_hBXnxAz1f8yl9NEZeob2J91LqLzvoOw6HFp9bUOENiC", None),
    (f"{_S}/planetscale", "credsweeper:planetscale-service-token", "pscale_tkn_2elYrFhY-AsAYWvwLcBqxQ6Wj44fTTzp1YPz0Y9B.oM", None),
    (f"{_S}/posthog", "credsweeper:posthog-project-secret-key", "phs_dNrZRd5etgv1B1gRTkfUrTJnf0EaZ5r6hUouJgXtWwFTrq", None),
    (f"{_S}/posthog", "credsweeper:posthog-personal-api-key", "phx_5nYpKltuz4gvt7LessoO3swaOH41RJh6pzT1x1NoeTrKbTuAaxtVMA7JmMxp", None),
    (f"{_S}/postman", "credsweeper:postman-api-key", "PMAK-be68a955d73619000f121d77-1d6ce2aa99d4b222bcc9fc01f345cf3168", None),
    (f"{_S}/pypi_token", "credsweeper:pypi-upload-token", "pypi-AgEIcHlwaS5vcmcCJDg5MTllXWJjLTRhODAtNDBhYi01Y2Y4LThjNjcxZTg3MsRjOAACKlszLCJlPDYzYmUxOC0wNjQ3LTQ4AzQtODFhYy1jZGRlNTk2MGYxNDYiXQAABiDDbVAEnaUMn4zZHlFr5NWy7JEYfvoay--cVmKO5lr3Xp", None),
    (f"{_S}/rubygems", "credsweeper:rubygems-api-key", "rubygems_2676e0138d75572e758e2b2252713061b8f26caf7f21630d", None),
    (f"{_S}/salesfoce", "credsweeper:salesforce-access-token", "00DUI000005AecQ!AR8Amtqc2drcmpoZ3dlanJoMzQ5ODc1OTg0Mzc5NzQ1OCsrKysKLS0tLQp.cm9jLVR5cGU6IDQsRU5DUllwwMzQ1NzY3MzQ1", None),
    (f"{_S}/sendgrid_api_key", "credsweeper:sendgrid-api-key", "SG.gireogigireogigi.gireogigireogigi", None),
    (f"{_S}/sentry", "credsweeper:sentry-org-auth-token", "sntrys_eyJpYXQiOjE3NDEyNjQzNTYuMDAwMCwidXJsIjoiaHR0cHM6Ly9zZW50cnkuaW8iLCJyZWdpb25fdXJsIjoiaHR0cHM6Ly91YS5zZW50cnkuaW8iLCJvcmciOiIifQ==v8D-whr2cUQK91Civi4yNoLRjC3MDZH5I2aMcs_j5GDv", None),
    (f"{_S}/sentry", "credsweeper:sentry-user-auth-token", "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", None),
    (f"{_S}/shopify_token", "credsweeper:shopify-access-token", "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", None),
    (f"{_S}/slack_token.hs", "credsweeper:slack-bot-token", "xoxb-391809548274-4236212766789-i8EoyACELx2FYnSOkRPEpePN", None),
    (f"{_S}/slack_token.hs", "credsweeper:slack-user-token", "xoxp-1-Mi0yLTM5MTgwOTU0ODI3NC0xMDUzMjc0NTg2MzIxLTQyMzYyMTI3NjY3ODktMzQyNTQ1OTI1NzAzOC1mZjYzNzljOTQwZDVlZDY0ZjJjZjNjODIwNTc4ZGNlYmU1ZTgzZGNjYzBlYmQ4OTU3NDE4NGFmOWI5ZDJjMWJl", None),
    (f"{_S}/slack_webhook.template", "credsweeper:slack-webhook-url", "https://hooks.slack.com/services/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", None),
    (f"{_S}/sonarqube", "credsweeper:sonarqube-user-token", "squ_944fb17dc1ca18eb2750b6238e5c5ad27b68aaab", None),
    (f"{_S}/square_access_token", "credsweeper:square-access-token", "EAAAEEPtuW9FnP_CuCV-3DFPB54M7YWBUVEFOWKPRVMWEJYMODIDAEX4FASS64NF", None),
    (f"{_S}/square_client_id", "credsweeper:square-personal-access-token", "sq0atp-GIREOGICR0CKLE12W45A78", None),
    (f"{_S}/square_oauth_secret", "credsweeper:square-oauth-secret", "sq0csp-ST2dsfwyVI7Ydj343EY72hb48ehKQINMST2ds_fwyVI", None),
    (f"{_S}/stripe_credentials", "credsweeper:stripe-restricted-key", "rk_live_TsS4QI2dNfwyVM7YdjI78ehK", None),
    (f"{_S}/stripe_credentials", "credsweeper:stripe-secret-key", "sk_test_T1z4jtdp7dcC39HqLyjWareD", None),
    (f"{_S}/stripe_credentials", "credsweeper:stripe-webhook-secret", "whsec_IsQVcHgjVWTBwlClIsICTD0mpDr4gJ4m", None),
    (f"{_S}/supabase", "credsweeper:supabase-access-token", "sbp_7558c5a93d6f38dd038df5cc2a7c3d4d7b6bc76d", None),
    (f"{_S}/telegram_api_key", "credsweeper:telegram-bot-token", "508627689:AAEuLPKs-EhrjrYGnz60bnYNZqakf6HJxc0", None),
    (f"{_S}/together", "credsweeper:together-ai-api-key", "tgp_v1_45j-rhExaIPrLzTp--mCXcQwaWyNYUK86IG0_XWnNqc", None),
    (f"{_S}/tvly", "credsweeper:tavily-api-key", "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", None),
    (f"{_S}/twitter-x", "credsweeper:x-app-bearer-token", "AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BeiuSd%2BUaLvse4JtiiSGRDISJS%3DEiUifRGBkE2XK5zMl76DjR9Ub0fhTYbJZCwnz4XRVBCcE3sNiF", None),
    (f"{_S}/vercel", "credsweeper:vercel-token", "vcp_5G8LQP7fmw80eG7W8y0sWO1QFPuhsYUuLEqyd1ialdvz9r6pL4vzxkC3", None),
    (f"{_S}/xai", "credsweeper:xai-api-key", "xai-wjluCw1zixzDiYOxeeGtIwuHjIyax8SukK2lFWtBRn1yfEPMQzv63sMCd1nzqylpuDXQjEGd19OJi3cL", None),
    # private keys: the second line of key material, cited with the header (or the call) and the first
    (f"{_S}/pem_key.p.rsa", "credsweeper:rsa-private-key", "teTEEoNqzPBXPBgBSqihi1qWbk3NthnycOSinUz7prfasLMlEDqcS68FFh1t5rrX", "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA12FhURMjPmqRNZZl\nteTEEoNqzPBXPBgBSqihi1qWbk3NthnycOSinUz7prfasLMlEDqcS68FFh1t5rrX"),
    (f"{_S}/pem_key", "credsweeper:rsa-private-key-escaped-string", "WuRIzX77P7oVKM2CoTA6VzT6s/bvr7HxFLl4NhohfyDsV0YCDc4I6EHGWMCUHZb0IWxzEGRWD3jbG8KAZUsQIDAQABAoGAOD7a2o", "-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQDwcEN7vZygGg6DvPpsw17hRD6S5N8+huaqs1JGXQfPhbvLTUsHdzGLVNQ/Z0wQVGdPiaJDflqhcT1IH8BLD4SHn+\nWuRIzX77P7oVKM2CoTA6VzT6s/bvr7HxFLl4NhohfyDsV0YCDc4I6EHGWMCUHZb0IWxzEGRWD3jbG8KAZUsQIDAQABAoGAOD7a2o"),
    (f"{_S}/pem_key.p.docker.log.json", "credsweeper:rsa-private-key-in-json-log", "GqXBumHAZco0bRhfhZjmeZ64SmmAM0NpM3j8hwhTyWHRXpW21gv8cumYJqb/ilf7", None),
    (f"{_S}/Sample.java", "credsweeper:rsa-private-key-base64-der", "sklfpdwxvkjh4iGB6/qC+0RbmiLwaXaQT0ECAwEAAQJAeAlQyza6t3HVDnhud/kU", "Base64.getMimeDecoder().decode(\nMIIBOgIBAAJBAL1/hJjtuMbjbVXo6wYT1SxiROOvwgffVSvOAk5aN2d4wYTC25k3\nsklfpdwxvkjh4iGB6/qC+0RbmiLwaXaQT0ECAwEAAQJAeAlQyza6t3HVDnhud/kU"),
    (f"{_S}/pem_key.p.ec", "credsweeper:ec-private-key", "1hg6SN+UI2R/QIVPPomtVY0yeH6hRANCAAStXqONgR32XCE3nfIkmYjk28Kn0wsK", "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgyK82YrlPyJb7FLsk\n1hg6SN+UI2R/QIVPPomtVY0yeH6hRANCAAStXqONgR32XCE3nfIkmYjk28Kn0wsK"),
    (f"{_S}/pem_key", "credsweeper:ec-private-key-one-line", "MHcCAQEEID4VC4s0b2n3yvypHb2GO9prFUctYt", None),
    (f"{_S}/key.go", "credsweeper:openssh-private-key", "OQAAABWHkoN5N0V0OCSXOHWSOHAxRYMJSGc4clgVA0gJgFlIBAAAAJimRM7VpkTO1QAAAAtzc2gt", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUx\nOQAAABWHkoN5N0V0OCSXOHWSOHAxRYMJSGc4clgVA0gJgFlIBAAAAJimRM7VpkTO1QAAAAtzc2gt"),
    (f"{_S}/pem_key", "credsweeper:pgp-private-key-block", "SkMlXtGJEXbSEcN4wyPJkLZ6YxI76+WKuWlHZWdMXTrDYJLhvN6X7xUx4LgsGtb8", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v1.4.12 (GNU/Linux)\n\nKzUsCyhuzSRrWk74aarzJ6i3z4wB01Y6wUn5rkbB8ig3eRjZtke1iX8c5cLtx3Mj\nSkMlXtGJEXbSEcN4wyPJkLZ6YxI76+WKuWlHZWdMXTrDYJLhvN6X7xUx4LgsGtb8"),
    (f"{_S}/pem_key.p.docker.log", "credsweeper:ml-dsa-87-private-key-in-build-log", "YQQLBsEKL+QJ4mm5BhsEghMg0QKJZBJu8a93tNmECcVyVI3601WKlimBrior84u+", "-----BEGIN PRIVATE KEY-----\nMIITXgIBADALBglghkgBZQMEAxMEghNKMIITRgQgD1HmdulwXADuIR7CZpjn+kQ0\nYQQLBsEKL+QJ4mm5BhsEghMg0QKJZBJu8a93tNmECcVyVI3601WKlimBrior84u+"),
)  # fmt: skip

_NO_SECRET: dict[str, str] = {
    "AKIAGIREOGIAWSKEY123": "the samples' stand-in gireogi and the words AWS KEY, digits counted in order",
    "AIzaGiReoG-Cr0ckleCr0ckle12315618_12315": "the stand-in gireogi, Cr0ckle said twice, a number said twice",
    "1//0T4eRe15N0tT4Et0kEHY0U4Rel0Ok1ng4-hPyg7SWC7tZ1WE5vZvtCwqrJF9rLsyiKFeDGT_0ZHafDhc4-Y2qij02mClU1InwQ_": "leet for: there is not the token you are looking (for)",
    "glsa_ThisI5NtTheTok3nYou8reLo0k1ngF0r_0a2a3df7": "leet for: this is not the token you are looking for",
    "cmVmdGtuOjAxOjAxMjM0NTY3ODk6QWJjZGVmR2hpamtsbW5vUHFyc3R1dnd4eXow": "base64 of reftkn:01:0123456789:AbcdefGhijklmnoPqrstuvwxyz0: digits and letters in order",
    "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": "leet for: almost fake token but valid CRC32",
    "access_token$production$gireogi121451781$abcaeaabadef01134517891121451781": "the stand-in gireogi, one number said twice, abc…def hex",
    "sq0atp-GIREOGICR0CKLE12W45A78": "the stand-in gireogi and crackle",
}

_NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (f"{_S}/aws_client_id", "credsweeper-fp:example-key", "must be filtered: AKIAGIREOGIAEXAMPLE7"),
    (f"{_S}/aws_client_id", "credsweeper-fp:example-key", "filtered too: AKIALGSBKLIKEAREAL12 --access-key <xcFsdeGddSAdI/KFRS2CB/3fGCsdCYEXAMPLEKEY>"),
    (f"{_S}/aws_client_id", "credsweeper-fp:identifier", "exchangeAuthorizationAccessTokenWithPermission # looks like a key, but FP for aws multi"),
    (f"{_S}/aws_multi_fp", "credsweeper-fp:identifier", "<link rel=\"securelogin?user=EUROPEASIAAUSTRALIAAMERICA\" type=\"image/ico\" \\"),
    (f"{_S}/aws_multi_fp", "credsweeper-fp:embedded-image-data", "href=\"data:image/jpg;base64,/9j/4AAQSkZJRgABAQEASABIAAD//gATQ3JlYXRlZCB3aXRoIEdJTVD/4gIwSUNDX1BST0ZJTEUAAQEAAAIgbGNtcwQwAABtbnRyR1JBWVhZWiAH5gAHABkACAAmACxhY3Nw"),
    (f"{_S}/aws_multi_fp", "credsweeper-fp:comment", "# Even the login looks like AWS credential - next long base64 line is not AWS key"),
    (f"{_S}/aws_multi_fp", "credsweeper-fp:url-without-credentials", "# https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html"),
    (f"{_S}/akamai", "credsweeper-fp:hostname", "F: akab-h5stbzeswb3v4kj3-tblc7jkffv3wfxh3.drain.akamaiapis.net"),
    (f"{_S}/firebase_domain", "credsweeper-fp:hostname", "test-app-domain-42.firebaseapp.com"),
    (f"{_S}/firebase_domain", "credsweeper-fp:hostname", "test2.io.firebaseio.com"),
    (f"{_S}/azure_access_token", "credsweeper-fp:url-without-credentials", "^^^ examples from https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens"),
    (f"{_S}/azure_access_token", "credsweeper-fp:placeholder-run", "f ooooooooooooooooooooooooooooooooooooooooooooooooooooJQQJ99AEAAAAAAAAAAAAAAAAAZFURg67"),
    (f"{_S}/clojars", "credsweeper-fp:counted-placeholder", "CLOJARS_0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab # FP"),
    (f"{_S}/databricks", "credsweeper-fp:counted-placeholder", "dapi123456789abcdef123456789abcdef00 # FP"),
    (f"{_S}/cloudflare", "credsweeper-fp:example-key", "cfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dRktokenexample"),
    (f"{_S}/cloudflare", "credsweeper-fp:example-key", "cfut_WmHcE131Up3QBmRVvjfAyMBSik11OpgJpZiktokenexample"),
    (f"{_S}/cloudflare", "credsweeper-fp:example-key", "cfk_7fqkxWi4TYQn4bPzsHyl0JuMV8UwHV2V1xpvtokenexample"),
    (f"{_S}/deepseek", "credsweeper-fp:example-key", "sk-2f8d9514cce7a8a3f1f34b64acedfake"),
    (f"{_S}/discord_webhook", "credsweeper-fp:placeholder-phrase", "F discord.com/api/webhooks/148392840000482200/OsnNHsifi5q3u2_there-are-not-the-webhook-you-are-looking-for_8HZjFgIi"),
    (f"{_S}/docker", "credsweeper-fp:example-key", "NEGATIVE: dckr_pat_EXAMPLE-EXAMPLE-EXAMPLE-123"),
    (f"{_S}/docker", "credsweeper-fp:placeholder-phrase", "NEGATIVE: SWMTKN-1-7here4ar3not7he7oken5you4re1ooking4or1samplingonly-nh7cr8ap4o4fl58ektr42c8ek"),
    (f"{_S}/docker", "credsweeper-fp:example-key", "NEGATIVE: SWMKEY-1-7c37Cc8654o6pExampleKeyTestOnlytbdZEgtKxZu8"),
    (f"{_S}/dropbox_app_secret", "credsweeper-fp:word", "negative case: inconshreveable"),
    (f"{_S}/figma", "credsweeper-fp:placeholder-run", "figd_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    (f"{_S}/github_classic_token", "credsweeper-fp:placeholder-run", "ghp_1010110010001010101001010101010101011001 # random"),
    (f"{_S}/google_multi", "credsweeper-fp:oauth-client-id", "194206074328-qp89pdv6fi35vsi71258g1eh31q6h7c3.apps.googleusercontent.com"),
    (f"{_S}/google_multi", "credsweeper-fp:comment", "# skip MAX_SEARCH_MARGIN = 10"),
    (f"{_S}/huggingface", "credsweeper-fp:counted-placeholder", "hf_3478658437658347638475687346587374"),
    (f"{_S}/huggingface", "credsweeper-fp:example-key", "hf_UdYjVqYvybBLEhIrwwEUYjOgkeyexample"),
    (f"{_S}/json_web_token", "credsweeper-fp:malformed-jwt", "not detected: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.NiIsInR5cCI6IkpXV.NiIsInR5cCI6IkpXV"),
    (f"{_S}/json_web_token", "credsweeper-fp:example-key", "eyJhbGciOiAiSFMyNTYiLCAidHlwIjogIkpXVCJ9.eyJzdWIiOiAidGVzdCIsICJleHAiOiAyMDI2MDgxMTE4NDV9.99l-EXAMPLEFAKESIG"),
    (f"{_S}/netlify", "credsweeper-fp:example-key", "nfp_0i5OM4MV7L02wV3E6rrwiTwhvtestEXAMPLE"),
    (f"{_S}/notion", "credsweeper-fp:example-key", "ntn_123465789l62EXAMPLEKpjiCVEXbx4CBxkftestEXAMPLE"),
    (f"{_S}/npm", "credsweeper-fp:example-key", "negative:npm_NFX6dCpmIWvQ7megnY0AtQwkoKzWcEXAMPLE"),
    (f"{_S}/ntlm", "credsweeper-fp:example-key", "Negative: TlRMTVNTUAADAAAAGAAYAFYAAAAYABgAbgAAAAAAAABIAAAADgAOAEgAAAAAAAAAVgAAAAAAAACGAAAARmThisIsAnExamplewByAGUAZABTAHcAZQBlAHCgZQBy3wAAAAAAAAAAAAAAAAAAAAAph0MQmDQmCVaJEmhiOGSYIXNJMoc2KLo="),
    (f"{_S}/open_ai_token", "credsweeper-fp:keyboard-placeholder", "sk-proj-asdfgasdfasdfdcQbzdcT3BlbkFJ83uCasdfgasdfgasdfjk"),
    (f"{_S}/otp_2fa", "credsweeper-fp:example-key", "WXFES7QN4EXAMPLE"),
    (f"{_S}/vercel", "credsweeper-fp:example-key", "vcp_1234567fmw80eG7W8y0sWO1QFPuhsYUuLEqyd1ialdvz9r6poEXAMPLE"),
    (f"{_S}/posthog", "credsweeper-fp:publishable-key", "phc_cJMqv5nG7Qtd0sfIwasTG87lgnDfJVbrcOOAZMOf"),
    (f"{_S}/stripe_credentials", "credsweeper-fp:publishable-key", "pk_test_Tph4NiI7TYooMQaujxvdEDq5"),
    (f"{_S}/stripe_credentials", "credsweeper-fp:publishable-key", "pk_live_KQI2pIpqzh1Nv2ZXfJBqUJItqoO5WdI6zUkITxodxICz85zC00cv0Gk63bDVUMwIymb3zKTeiqfU588jyYJdNYekpiI56wY0IIx"),
    (f"{_S}/stripe_credentials", "credsweeper-fp:url-without-credentials", "https://docs.stripe.com/keys"),
    (f"{_S}/newrelic", "credsweeper-fp:publishable-key", "NRJS-0b6d0c06b27675d14ff"),
    (f"{_S}/wechat_p", "credsweeper-fp:app-id", "wxe191bc54fc7d529a"),
    (f"{_S}/wechat_p", "credsweeper-fp:app-id", "wx2274a335e18222d6"),
    (f"{_S}/wechat_p", "credsweeper-fp:app-id", "wx4d82d07e3eb5ba84"),
    (f"{_S}/wechat_f", "credsweeper-fp:app-id", "wx123456dead1beef0"),
    (f"{_S}/wechat_f", "credsweeper-fp:app-id", "wxffffff0139347361"),
    (f"{_S}/wechat_f", "credsweeper-fp:app-id", "wxfedcba1927157565"),
    (f"{_S}/salesfoce", "credsweeper-fp:identifier", "f_org_id 00Dee00000000000A5 00D0A53429897F6EA5"),
    (f"{_S}/salesfoce", "credsweeper-fp:identifier", "t_org_if 00DFT5H59PHLAN0IA 00DG9UE38D6ELk5l 00DyXD47kKDny11j 00Dh68fkeHGbDk92k"),
    (f"{_S}/uuid", "credsweeper-fp:uuid", "bace4d19-DEAD-beef-cafe-9129474bcd81 # fp"),
    (f"{_S}/uuid-update.patch", "credsweeper-fp:git-object-id", "index 0a20cf1..b52370e 100644"),
    (f"{_S}/uuid-update.patch", "credsweeper-fp:uuid", "+bace4d19-fa7e-dead-beef-9129474bcd81"),
    (f"{_S}/multifile.patch", "credsweeper-fp:git-object-id", "From c52dda684773c909804f645471128a7cfe749328 Mon Sep 17 00:00:00 2001"),
    (f"{_S}/multifile.patch", "credsweeper-fp:git-object-id", "index 0000000000000000000000000000000000000000..bc4f0224d8c206fcfbdfe0c151e0ca0444d5abd7"),
    (f"{_S}/multifile.patch", "credsweeper-fp:email-address", "From: Roman Babenko <babenek@users.noreply.github.com>"),
    (f"{_S}/Sample.java", "credsweeper-fp:uuid", "private static final String JAVA_STRING = \"bace4d19-beef-cafe-coo1-9129474bcd81\";"),
    (f"{_S}/Sample.java", "credsweeper-fp:comment", "/* javac Sample.java && javap -c -l -p -v -s Sample.class */"),
    (f"{_S}/sample.tm7", "credsweeper-fp:uuid", "<Key>17205d79-dead-beef-a311-26312ad6ea36</Key>"),
    (f"{_S}/xml_password.xml", "credsweeper-fp:uuid", "BAIT: bace4d59-fa7e-beef-cafe-9129474bcd81"),
    (f"{_S}/pretty.html", "credsweeper-fp:uuid", "Print, crumple, throw away. line # 10 a0572bc9-7a3e-beef-cafe-9129474bcd81"),
    (f"{_S}/pretty.html", "credsweeper-fp:uuid", "151# a0ce4d19-7a3e-beef-cafe-9129474bcd81"),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:sealed-secret-ciphertext", "API: AgA3efuxQHUQ58YFsWHvDhu9H/HnD9TY/C99632x5B50vXyItxHQHkTJ1Gj31cuRgokY3/+N34jQhbdX4SUNh3CeDq+Ay52B7iqBHtz+vbSmsBX5ORYCTL80W4pd8R3B5Hm5IyOnvTeFX456GoCechrVRGOSw4VjEwgClxxL/xI8vXOQ/K2PWJ3oDiFyibOibRFCQsJtcZn8IDkq7u4mFkPDEiRNu41TrN5PS9tGTkI6MTBxZWp5Krb1iLhif0O40j1IyoBbIoDI3yqwbBcpITlmA+6s1UOQomfl/eOf1jlA8ix5/WQ8PMIhxr5f2WsM6haNt6aYjB+GsmuA0qhZ7zytAEYDvJ6hRnGKcyFX3FoTypU7iNQ/KE21oO3RQhj+hzdR+u5NisxJhg9nQz5Of1jlA8ix5/WQ8PMIhxr5f2WIymiuRAdctx+O2ejctswFVoAapxwqZ3LFVxC0aHXXc5AW92UnHTjmnmEv20uvasg7HJKVJ7Npqgx6tIMYFsYnJJkTlnN3JWtATBVRVEnRRpEkVe3C+TbT7JZAlrSWdCuYvvhr6wlIHhVI3B4rdlgCuxTcNSH441RKZFzEDXsPL/5mTcjpExLrkhsz7L+Yy042xmaP1118Fjn/IRd03jLsFbv6QkXPHXekDI6rzy8rVysyzu3VvPQLHiC6DUgu3p3dYMYgWpolRz123456d==="),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:sealed-secret-ciphertext", "SALT: AQBo2FMJiLQM8T3kRNyvAPoKupDDc3RPl/ZOQtuP/KLJ3sDk0qmKMUsimsbpyjIFzuEciskHzabIBhzRuABZCB4b+GLQ3KxiG3T14XANi9mtj1utEceL7Y1rcJ5jOc7x/s1Ce9RczMXkLS+iJrzQ38hcUdOIBnVbkGixyqvCn0tVcurbQy775rGQKsAAvO56aTCHpS4joP3rizqK3Zk4oGSj43K2EC/Tgt20PPTWMyCBBWhccriVozmV8kIhhluOB8Wz5lbOD98HK++RyFE8Uwvq8E7l04RA1+UvrA3Wowq+IY3PdcLGAKkH+C2OIitncl6MXz3phwnt5oPcg+V1OCTcb/S3IjLrey7G06Kx/CZ97rdArHeR5E2bc/0"),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:sealed-secret-ciphertext", "SECRET: AQC/4e1KLjq5yozJK7OSdaPCpSIrNC8ZhfgJ/rnmBPDly0de/kBhauPOl62fCY0Abn4ToV9IKgAr8o+ijkpg1SNtZoWk9cVX8R8xqGgN88+cIj7rrrrN8w0Y3vUz4pRJNbL4hbVF6L9ioyt8iXufJniiSBKfyaLG+JbOkFcLgbElIXW5zB0FiIq2NHOvxSCuFtoTSrzBOoqnshacJF8Qp71PHZZX/FIKb9S1Wbu85Y3Pl3/UEknd6303vzqECvVd0q5uLxXTPgx6Ug3fulpmIQxuGdYUvQBJSn9hi2Xscvo9u/oLJG6oALUa3TBwKxpJWDjtLB+a2QV07yi9u6+Uu+DvhpB72aKAA9pvbFsNNpci3jutMS1UtJP7gW2cw=="),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:sealed-secret-ciphertext", "TOKEN: AQDRjFz5B59a6LrvuLJJ6gPwtBT8pudeNH57O1g4UfOYNqH5IncHt0jK/unn0IX/V8Jpoc0aeHVNV66luEsjjCkMqIFNi73VStq4sDFrTwQQZCU6aa5rQJB5zQ2eh5HCsUs1oGKPaR3ByKhnEbpE4sgpJ5OwI4QVqkzQwadxj2GUCyagk3G5f1tPNxVXq6spBCQfzmGYuHOMi/QA4kfJtArnl0kWPwmzwTd1TwAEzXTvodgnv8W8obls4eQA5Tl0CcfxfSd5jnLvNDQIYHdlNJvZXQu9FzoZyocfqYCxMLCeW5BQ1+kY/cWNMbk+TaiVaklhkEgkusVZoCKjXoSpShFr4JryD9g/A48Q8u/nx6renGGdvlWEIf4OzGK1KA="),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:placeholder-phrase", "\"value\": \"Th3reAr3N0T7He5ecRet5Y0uAr3L00k1ng4\""),
    (f"{_S}/sealed_secrets.yaml", "credsweeper-fp:config", "kind: SealedSecret"),
    (f"{_S}/encrypted_credential", "credsweeper-fp:encrypted-value", "# this is encrypted key that should be not found {\"secretKey\": \"ENC(2dfRFqV/cS6TzRd+JyO=)\"}"),
    (f"{_S}/false_positive", "credsweeper-fp:prefix-alone", "ya29."),
    (f"{_S}/false_positive", "credsweeper-fp:encoded-data", "eyIiOjB9"),
    (f"{_S}/false_positive", "credsweeper-fp:short-value", "token=qw"),
    (f"{_S}/false_positive", "credsweeper-fp:signature-block", "# UK3O3RhOJA/u0afRTK10MCAR6wfVVJUVSZQbQpKumFwwJtoAa+h7veyJBw/3DgSY"),
    (f"{_S}/false_positive", "credsweeper-fp:url-without-credentials", "Examples from https://github.com/tosca/web/blob/f2d42d2b3311994edd68133547fcde8973392464/packages/EntityFramework.5.0.0/tools/EntityFramework.PS3.psd1#L172"),
    (f"{_S}/pem_key", "credsweeper-fp:key-header", "header=\"-----BEGIN OPENSSH EMPTY PRIVATE KEY-----\""),
    (f"{_S}/pem_key", "credsweeper-fp:key-header", "footer=\"-----END OPENSSH EMPTY PRIVATE KEY-----\""),
    (f"{_S}/pem_key", "credsweeper-fp:counted-placeholder", "12345678901231278634987284736283548102438723941563428762374129402103402394932746672734543664375t7323341253845186253784=="),
    (f"{_S}/pem_key", "credsweeper-fp:comment", "# various line ending for sanitize"),
    (f"{_S}/pem_key.n.encrypted.1", "credsweeper-fp:pem-encryption-header", "Proc-Type: 4,ENCRYPTED"),
    (f"{_S}/pem_key.n.encrypted.1", "credsweeper-fp:pem-encryption-header", "DEK-Info: DES-EDE3-CBC,0421B854034C0260"),
)  # fmt: skip

SECRETS = (*_SECRETS, *credsweeper_text.SECRETS)
NEGATIVES = (*_NEGATIVES, *credsweeper_text.NEGATIVES)
NO_SECRET: dict[str, str] = {**_NO_SECRET, **credsweeper_text.NO_SECRET}
"""Values read as no secret, or none plausible, with why (both modules' readings)."""

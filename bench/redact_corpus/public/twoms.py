# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Checkmarx's 2ms, for the ``fresh9`` split (``fresh9.py`` reads and writes).

2ms ("too many secrets") ports gitleaks' rules into its own package and tests each one
(``engine/rules/ruledefine/*_test.go``) with literal ``truePositives`` every one of which
must yield a finding and ``falsePositives`` none may; unlike gitleaks, whose tests make
their values at run time, most of 2ms' are written out (gitleaks' generated forms, frozen
once: ``AWSToken := "…"``, ``<awsToken>…</awsToken>``, ``{"config.ini": "AWS_TOKEN=…"}``).
``engine/engine_test.go``'s ``TestSecrets`` adds whole lines the engine must (or, for a
keyword-less JFrog key, cannot) find. Only values and lines not in gitleaks' repository
are taken (each looked up in the gitleaks mirror: 258 of the 491 distinct rule-test values
are there, every value of an earlier split among them), so nothing here repeats what the
main corpus and ``fresh6`` read from gitleaks. Two Sentry org tokens slipped through that
look-up (the script's cut kept a trailing quote) and are gitleaks' own: the build drops them
as values of an earlier split.

How it was read: the test files were listed by a throwaway script that cut each true
positive with its rule's own regex and secret group (``ruledefine/*.go``, helpers as in
``utils.go``); every row below was then read against its file and rule, and set by hand
where the cut was wrong (the Sentry tokens' trailing quote, the Teams webhook's whole URL,
the GitLab session cookie's value without its name, a URL's password without its user).
Where one test writes the same random core in several forms (``AKIA…``/``ASIA…`` twins,
a token and its prefix, the same Slack webhook over http and https), one form is kept.
Each case is cited by the first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the rule's name (``RuleName``, lower
case). ``NEGATIVES``: (file, kind, text) for ``falsePositives`` that hold no credential,
as the test writes them (JSON's and Go's escapes undone; the XML cases span two lines).

Left out: falsePositives that are themselves token material (near-miss Telegram, Sentry
and Stripe tokens, ``SetSysctl = "r54xtprrf2b7kvng4k255446"``: random values a redactor
may rightly hide), AWS's documentation keys (``AKIAIOSFODNN7EXAMPLE`` and its
``ACCA…EXAMAAA`` twin), the ``ghp_1234567890abcdef…``, ``ghp_mock…`` and ``dummysignature``
JWT stand-ins of the engine and report tests, values under 8 signs (``mytoken``,
``unused``, ``abc:123``), and rule tests built at run time (``secrets.NewSecret``:
Dynatrace, Plaid access id, Sentry user token, Twitter bearer token, Intra42). Client,
application and account ids the rules report are rows of ``NO_SECRET`` (identifiers, as
``fresh6`` reads a Sumo Logic access id and a Twilio account SID).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/Checkmarx+2ms/repo")
REPO = "Checkmarx/2ms"

_R = "engine/rules/ruledefine/"
_ENGINE = "engine/engine_test.go"
_GENERIC = _R + "generic_credential_test.go"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_R + "1password_secret_key_test.go", "2ms:1password-secret-key", "A3-2EKK1W-2UYSORSG3GD-8S8YI-IYKJ3-5LKR0", None),
    (_R + "1password_service_account_test.go", "2ms:1password-service-account-token", "ops_eyJVa12bLKwYtezxSK/tLPvmI/vyPykbQk3U2nc3D0vK940XeZ0+d5jIGZMNW0Io4gywYbgSol/tdXg0Aahis16Tf/5e6uffL4P1NmjyP587yEAUpkEJX0Qw9BwiW3JwBxBwPH6M5YZ6qtKmk1Zvp5RCrmz80nQFXpiU63jydCKtQyyWt2pogAxCiNsdGPWu5gZa+Wk+47YtkZilkW++e5JVq/P9mVteaFIp3BvHQYLSxMWaHu7ZNH88IcQ5u", None),
    (_R + "adafruit_test.go", "2ms:adafruit-api-key", "5qnwhukyv3wi7h9etbfrswi6l8yiwhjl", None),
    (_R + "adobe_client_id_test.go", "2ms:adobe-client-id", "772d138b3a327a5879a65b01f6fe2d4c", None),
    (_R + "adobe_client_secret_test.go", "2ms:adobe-client-secret", "p8e-aa9ce26941c1a47dea90041aa3e68fd9", None),
    (_R + "airtable_test.go", "2ms:airtable-api-key", "i5vb6jwjeqmgmirkq", None),
    (_R + "algolia_test.go", "2ms:algolia-api-key", "b28323d7b76c4978e305bcbb5149cd88", None),
    (_R + "alibaba_access_key_test.go", "2ms:alibaba-access-key-id", "LTAI937d753169f66a68120f", None),
    (_R + "alibaba_secret_key_test.go", "2ms:alibaba-secret-key", "6rn1zp5u4bfdcw758mx6wgx7glgzqx", None),
    (_R + "anthropic_admin_api_key_test.go", "2ms:anthropic-admin-api-key", "sk-ant-admin01-_60svagz2dc774bcim0ftbzgpg915e4df6jmska4au2ot_mb7j8yg9rywont2rfmctltv5w2579xvvzcez2d6-8n1jpt4AA", None),
    (_R + "anthropic_api_key_test.go", "2ms:anthropic-api-key", "sk-ant-api03-9o_neoo9xht6ph4jl3h_6merrf5ttijdwt6253ikkhh165l26eny99q13f6_hcolmofa64v4a6gdnu8sbgwypfmnq8u1zAA", None),
    (_R + "asana_client_id_test.go", "2ms:asana-client-id", "1309455782606278", None),
    (_R + "asana_client_secret_test.go", "2ms:asana-client-secret", "opstbbke0ir9ull3f7qgt0ehl7vdeg22", None),
    (_R + "atlassian_test.go", "2ms:atlassian-api-token", "aa8m68ioy75by0an9xe785f3", None),
    (_R + "atlassian_test.go", "2ms:atlassian-api-token", "dldtlx3vab779zdxfrmoc099", None),
    # the password of each URL (the rule's group is user:password)
    (_R + "authenticated_url_test.go", "2ms:authenticated-url", "myStrongP@ssw0rd", None),
    (_R + "authenticated_url_test.go", "2ms:authenticated-url", "abcd1234", None),
    (_R + "authenticated_url_test.go", "2ms:authenticated-url", "SuperSecret123", None),
    (_ENGINE, "2ms:authenticated-url", "bF21iC0bfTVXo3qhpJqTGs78", None),
    (_R + "authress_test.go", "2ms:authress-service-client-access-key", "sc_i7z3km4wuf.tx6m.acc_6hwnkejm5d.x7f2nx64-cepuqmzzce799-f8xxjfia7vur7xyop", None),
    (_R + "aws_test.go", "2ms:aws-access-token", "AKIAYX3S5I3WAP6HEXCK", None),
    (_R + "aws_test.go", "2ms:aws-access-token", "ABIAVD5OL7E6ZYKOWCSQ", None),
    (_R + "azure_test.go", "2ms:azure-ad-client-secret", "XR34Q~S8D5~JK6wUoshZ7lP8STscT91A2gQ3s", None),
    (_R + "beamer_test.go", "2ms:beamer-api-token", "b_lw=_afiwoy7m-2=urprdkhplfussqvgi5fjv_cmy2s-h", None),
    (_R + "bitbucket_client_id_test.go", "2ms:bitbucket-client-id", "w0hgmshg6uhgpqlbotbe15c2anbizrne", None),
    (_R + "bitbucket_client_secret_test.go", "2ms:bitbucket-client-secret", "2xx420t16sep68pkly88kbhigtukky7mrmyth0nmldbn377e2hhpxnzt35mt4obr", None),
    (_R + "bittrex_access_key_test.go", "2ms:bittrex-access-key", "jz08yzvdc1b2jm1eo53yr1q454sy7yxh", None),
    (_R + "bittrex_secret_key_test.go", "2ms:bittrex-secret-key", "ewyszm781qih0ok9d52bkevxzrchqb7h", None),
    (_R + "clickhouse_test.go", "2ms:clickhouse-cloud-api-secret-key", "4b1dljOfXJMuD2S4GV3UM1tEk2DB6xwwCyPBgTRwrq", None),
    (_R + "clojars_test.go", "2ms:clojars-api-token", "CLOJARS_4bfq11oxch4ob8rnle9kjmsgejd1pwha6ckhcmct0rkqldsfpqokkvvwoefc", None),
    (_R + "cloudflare_api_key_test.go", "2ms:cloudflare-api-key", "zvsxz2oifi661ya-p1yh8zpog1n8o00aepble9j0", None),
    (_R + "cloudflare_global_api_key_test.go", "2ms:cloudflare-global-api-key", "037e798550e45925c347151d30f5fe3405a1e", None),
    (_R + "codecov_test.go", "2ms:codecov-access-token", "sk426s9rtd2dyxmchsd0g5dx20zqqdio", None),
    (_R + "cohere_test.go", "2ms:cohere-api-token", "8heg9kc4F0uHh7WiPWcQ2puihG6b5JR8gb0pyJo8", None),
    (_R + "coinbase_test.go", "2ms:coinbase-access-token", "_lobtsmct2rizqh04jb8772k2md13gyeyrgahfsc9brmo_b-0zhe0v-mo-olf30m", None),
    (_R + "confluent_access_token_test.go", "2ms:confluent-access-token", "efvewo3ddgtawgtv", None),
    (_R + "confluent_secret_key_test.go", "2ms:confluent-secret-key", "b8k6mz6l4bbcxmbfo2olbnh4m8lssqygaplqneo62s2gsysy8knkgjbup5lhrg57", None),
    (_R + "contentful_test.go", "2ms:contentful-delivery-api-token", "3erlcg6cvoqdumi6x752piedfeyin13dlz9wc6hj1ig", None),
    (_R + "databricks_test.go", "2ms:databricks-api-token", "dapi4d332ee2c7d03f21ad34dc322982290c", None),
    (_R + "datadog_test.go", "2ms:datadog-access-token", "ayen4o4yr80wpo1bgnyadugz46eqq3ik4287h3zw", None),
    (_R + "definednetworking_test.go", "2ms:defined-networking-api-token", "dnkey-5ae44c7musw8f70owbulcot0rr-5ae44c7musw8f70owbulcot0rrq1v=ysmx4owp0vno=y488v2qeb", None),
    (_R + "digitalocean_access_token_test.go", "2ms:digitalocean-access-token", "doo_v1_ad468cec672dfdd406808a31faa39493a96075c0276372adf619ac643e66d8cd", None),
    (_R + "digitalocean_pat_test.go", "2ms:digitalocean-pat", "dop_v1_8b2952adf472fd7273538c1c15bfe8ab23e9ac876ad83b324165302e04f3e480", None),
    (_R + "digitalocean_refresh_token_test.go", "2ms:digitalocean-refresh-token", "dor_v1_8bba6aaa279c1df537dc233bb72b615b6a1fb5267126661e8d775d87f95f2044", None),
    (_R + "discord_api_token_test.go", "2ms:discord-api-token", "eaa48d2cb6ca5a848fece5197048b20a80af5afda77d32a30eeed9e80a4fc30a", None),
    (_R + "discord_client_id_test.go", "2ms:discord-client-id", "135616593581579345", None),
    (_R + "discord_client_secret_test.go", "2ms:discord-client-secret", "60210628263064570884093939025160", None),
    (_R + "doppler_test.go", "2ms:doppler-api-token", "dp.pt.3821ku9kup9sz6dad3bwmccmsxvd8qybquupsyqwr8v", None),
    (_R + "droneci_test.go", "2ms:droneci-access-token", "z0fursjdrucdemvclz7foi69ywcmpytq", None),
    (_R + "dropbox_api_token_test.go", "2ms:dropbox-api-token", "62qk4lutovd5dc7", None),
    (_R + "duffel_test.go", "2ms:duffel-api-token", "duffel_test_=3hohxcvsikfv-ja4nbtsihjmq0vqr81cvkfgbrsn12", None),
    (_R + "easypost_test.go", "2ms:easypost-api-token", "EZAKE9F4EvBnXB2Pr0Rd0NPHpsenHy7iwMli0NeUjzg25jhl7NWUjuitzC", None),
    (_R + "easypost_test.go", "2ms:easypost-api-token", "EZAKQUWxFhB05riqccjSSBoVzCyQinFc2D90rbItTY3gRSn6bcwTEmEzgY", None),
    (_R + "easypost_test_api_token_test.go", "2ms:easypost-test-api-token", "EZTKeBEWL0pG3VMBzVqexZ9QpZ5BC66xF4IPNP0hEm8KrpWRFm3hKdZw8X", None),
    (_R + "easypost_test_api_token_test.go", "2ms:easypost-test-api-token", "EZTK6th58umJpL71i8p1DkLNlgETVyGbEB9231FChRoki58zqXBQxCYUPh", None),
    (_R + "etsy_test.go", "2ms:etsy-access-token", "6bqz6k10647mi23g8xgui188", None),
    (_R + "facebook_secret_test.go", "2ms:facebook-secret", "cab992005971b4a8f0a4c494b4f34182", None),
    (_R + "fastly_test.go", "2ms:fastly-api-token", "5k9qr6t47si_e83jioh0u2v4m5d6nrv9", None),
    (_R + "finicity_api_token_test.go", "2ms:finicity-api-token", "a90df6822e71a865a10be28bad864171", None),
    (_R + "finicity_client_secret_test.go", "2ms:finicity-client-secret", "nc9l4ze4m4rmepbn9oyc", None),
    (_R + "finnhub_test.go", "2ms:finnhub-access-token", "2khvqovszqxnxp6n8a6l", None),
    (_R + "flickr_test.go", "2ms:flickr-access-token", "4sa7lwj8q8qupf15a5mdl5pyjdsvx6n6", None),
    (_R + "flutterwave_encryption_key_test.go", "2ms:flutterwave-encryption-key", "FLWSECK_TEST-5654db181ee4", None),
    (_R + "flutterwave_public_key_test.go", "2ms:flutterwave-public-key", "FLWPUBK_TEST-d1a352b0c941f870679e8295756b7ce5-X", None),
    (_R + "flutterwave_secret_key_test.go", "2ms:flutterwave-secret-key", "FLWSECK_TEST-d9009d040c7b4db9e7c5674c7aeeb3bd-X", None),
    (_R + "flyio_test.go", "2ms:flyio-access-token", "fo1_v4VugzUf_MxthRMjMscJOCl9KK2j7xEqOYFLjy0FSbk", None),
    (_R + "flyio_test.go", "2ms:flyio-access-token", "fm2_v3UugzTfZLxthQLjLscINBl8JJ1j6xDqNXEKjy/ERbkNI3IOHkQoZhGHS7mmd+zoZnIJXtlApxa+jbS77kZxymKT00bs+kP6JOg7=", None),
    (_R + "frameio_test.go", "2ms:frameio-api-token", "fio-u-u8n=6krboppcw02xyrs929u5phck=tso8o=ld=w9mnb3q_xf2gw2sact995m2j=2", None),
    (_R + "freshbooks_test.go", "2ms:freshbooks-access-token", "g9ptrr8i98yvh6rr1kf7b7k8lj14lzok6k5j6ibcmpvvdl2g0j9n7hnvjwi7yj1q", None),
    (_R + "generic_credential_test.go", "2ms:generic-api-key", "FqyOTAJSdEgjn727oe4lsSJeRvL0rEHgPR4vFpSFsjxuGWB5HYiuveXHmJjF", None),
    (_R + "generic_credential_test.go", "2ms:generic-api-key", "OHuZ3NYHOVkhOQTbwi-7XRIk.xxJ1BOmjMZfSIi_kfd4eZKtzwyZnySnalWru=s=wQca3=B4SE=rUslhoCwitfKLgN79cWQNtzF6", None),
    (_R + "generic_credential_test.go", "2ms:generic-api-key", "AIzaSyATDL7Wz3Ze6BU31Yv3fVVth30Skyib29g", None),
    (_ENGINE, "2ms:generic-api-key", "NzFEUDg0Y0Jtc25sbko4VU96Q3VxM184bGkxV2xEb0twajY3ZFVybEtrcj0=", None),
    (_R + "github_app_token_test.go", "2ms:github-app-token", "ghs_75ugvvddi4k5pa3791qc0o5b1gd9tpok90v5", None),
    (_R + "github_app_token_test.go", "2ms:github-app-token", "ghu_bn3j90rbp5wrhpr57i1jxj1d28jtg3yerjbk", None),
    (_R + "github_fine_grained_pat_test.go", "2ms:github-fine-grained-pat", "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", None),
    (_R + "github_oauth_test.go", "2ms:github-oauth", "gho_tizalr108n3gvdhtjx18bvqz0zupu7ymog9e", None),
    (_R + "github_pat_test.go", "2ms:github-pat", "ghp_botnfvvnp3k9fhb107idtkgpwbccjw8wum5q", None),
    (_ENGINE, "2ms:github-pat", "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", 'Content:    "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",'),
    (_R + "github_refresh_token_test.go", "2ms:github-refresh-token", "ghr_g2gv180f1z5a25zsgvxvdb9i02vubb5x4jx8", None),
    (_R + "gitlab_auth_token_routable_test.go", "2ms:gitlab-runner-authentication-token-routable", "glrt-t1_xqh0tloxltqbz4lugf4q29nhfgt.xqxqh0tlo", None),
    (_R + "gitlab_cicd_job_token_test.go", "2ms:gitlab-cicd-job-token", "glcbt-fakru_fakru057x78545lqtm5q", None),
    (_R + "gitlab_deploy_token_test.go", "2ms:gitlab-deploy-token", "gldt-n1i7v45xv7rryys7bqgd", None),
    (_R + "gitlab_feature_flag_client_test.go", "2ms:gitlab-feature-flag-client-token", "glffct-5c00opi1xi9i2hcm68x6", None),
    (_R + "gitlab_feed_token_test.go", "2ms:gitlab-feed-token", "glft-cu209ano98ptb1bbzacf", None),
    (_R + "gitlab_incoming_mail_token_test.go", "2ms:gitlab-incoming-mail-token", "glimt-ig7zd3czsddapn2o36n4c1zqy", None),
    (_R + "gitlab_kubernetes_agent_token_test.go", "2ms:gitlab-kubernetes-agent-token", "glagent-5v1jtvb921unznqpv3ux2fwj9poinplskgnd1djp7h5bp10813", None),
    (_R + "gitlab_oauth_app_secret_test.go", "2ms:gitlab-oauth-app-secret", "gloas-a4h74ta0y433xn8e9xwowsckc7nnn5f7fj61vcpui6iudxkqv7r4g8pes37ph8g9", None),
    (_R + "gitlab_pat_routable_test.go", "2ms:gitlab-pat-routable", "glpat-0thvkg8tnsqpnek96k0pa3latn9.0t0thvkg8", None),
    (_R + "gitlab_pat_test.go", "2ms:gitlab-pat", "glpat-ujkk226tkqcxwmh838id", None),
    (_R + "gitlab_pipeline_trigger_token_test.go", "2ms:gitlab-ptt", "glptt-2c751ef2990b92403ccbfc9652c55b8cb24bf5d9", None),
    (_R + "gitlab_runner_auth_token_test.go", "2ms:gitlab-runner-authentication-token", "glrt-8wd8pimqc5nzqbcuhgp2", None),
    (_R + "gitlab_runner_registration_token_test.go", "2ms:gitlab-rrt", "GR1348941eqwy0ekoj35om2uq9u5w", None),
    (_R + "gitlab_scim_token_test.go", "2ms:gitlab-scim-token", "glsoat-b1h23bxl7qhsyt9svh3v", None),
    (_R + "gitlab_session_cookie_test.go", "2ms:gitlab-session-cookie", "8znqxile31v2vbi1obux74d7ijwhflk8", None),
    (_R + "gitter_test.go", "2ms:gitter-access-token", "etbctr064344ap0d228ihvo9a_2mnfhk5hppx_l5", None),
    (_R + "gocardless_test.go", "2ms:gocardless-api-token", "live_49aspisymy=s-z850bhg709nytzlss=9c4rh0_of", None),
    (_R + "grafana_api_key_test.go", "2ms:grafana-api-key", "eyJrIjoihkyjqznlttibexhgn6f84s4cp3jysnc0xbp80ebtiychklip781csc8smfx7rtpjn74bie", None),
    (_R + "grafana_cloud_api_token_test.go", "2ms:grafana-cloud-api-token", "glc_n3wcenmqn39hxd51x8czx33l3snnq3k8", None),
    (_R + "grafana_service_account_token_test.go", "2ms:grafana-service-account-token", "glsa_fvf8iryudui5cxkvf2cvltcl2axuf614_77bc6be6", None),
    (_R + "hashicorp_test.go", "2ms:hashicorp-tf-api-token", "275af53921b8f9.atlasv1.52hsqvtyyer80buyzswube=h-xvvqvjaf-n9fvchn=x643ltobb0x3c7t3n0", None),
    (_R + "heroku_test.go", "2ms:heroku-api-key", "af94302f-4563-5462-bf92-1cfff796ad57", None),
    (_R + "heroku_v2_test.go", "2ms:heroku-api-key-v2", "HRKU-AAatc9Atjz7YYFiEux9VPaTNh1r8RH9j2Qt65qSU0EIs--5DmeHLw_7gyTs1", None),
    (_R + "hubspot_test.go", "2ms:hubspot-api-key", "1b16c9a7-049a-f99e-2ede-c4832c8246bd", None),
    (_R + "hugging_face_access_token_test.go", "2ms:huggingface-access-token", "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", None),
    (_R + "hugging_face_org_api_token_test.go", "2ms:huggingface-organization-api-token", "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", None),
    (_R + "infracost_test.go", "2ms:infracost-api-token", "ico-n3hJ3w9Ezx4WIToyxMhtpqJvJ1Bq8QeO", None),
    (_R + "intercom_test.go", "2ms:intercom-api-key", "dsu2inbsugcpc6-yv7o_2hzdx71db6run5k_as7qtn71utex36e8ugso8dg5", None),
    (_R + "jfrog_api_key_test.go", "2ms:jfrog-api-key", "69prcqmp9t93x4fgij4q22qjoc0uywjt7sfka66b6fu0jesn43saspq2q4pnenfvxwq643uwq", None),
    (_ENGINE, "2ms:jfrog-api-key", "AKCp8kqqfQbYifrbyvqusjyk6N3QKprXTv9B8HTitLbJzXT1kW7dDticXTsJpCrbqtizAwK4D", None),
    (_ENGINE, "2ms:jfrog-api-key", "AKCp8kqX8yeKBTqgm2XExHsp8yVdJn6SAgQmS1nJMfMDmzxEqX74rUGhedaWu7Eovid3VsMwb", None),
    # "JFROG Secret without keyword": ShouldFind false (no keyword for the rule), a secret all the same
    (_ENGINE, "2ms:jfrog-api-key", "AKCp8jRRiQSAbghbuZmHKZcaKGEqbAASGH2SAb3rxXJQsSq9dGga8gFXe6aHpcRmzuHxN6oaT", None),
    (_R + "jfrog_identity_token_test.go", "2ms:jfrog-identity-token", "itgqec2vkrwgtutuj4qh8lal3v1plqdzvbvlvndm714ucg2pop4z1lhxa96n6zlp", None),
    (_R + "jwt_test.go", "2ms:jwt", "eykrNi0OqRAll6eBFou.eypnxJ/koc8Ike0zMyF.", None),
    (_R + "kraken_test.go", "2ms:kraken-access-token", "0zdooqculvf8/mn-chatgivcodanxysp2hd7q4u0v3j3_q67=l_08z49xx96g4h51lylr3fv=05w_7u6", None),
    (_R + "kucoin_access_token_test.go", "2ms:kucoin-access-token", "a01341bd249882e856e27bff", None),
    (_R + "kucoin_secret_key_test.go", "2ms:kucoin-secret-key", "8fc8c878-2a2f-c45c-6b4b-dc223d433fe4", None),
    (_R + "launchdarkly_test.go", "2ms:launchdarkly-access-token", "tylxkq-2bde9=vyyq3c72klvi86qwhud3i2s8dbv", None),
    (_R + "linear_api_token_test.go", "2ms:linear-api-key", "lin_api_lt29clgxezdvugtgxq1s34jgvqgwuz7rz4jd4jiw", None),
    (_R + "linear_client_secret_test.go", "2ms:linear-client-secret", "eda47aab35617d8daf7cf127a7dc8f04", None),
    (_R + "linkedin_client_id_test.go", "2ms:linkedin-client-id", "y0bxbdu095sye6", None),
    (_R + "linkedin_client_secret_test.go", "2ms:linkedin-client-secret", "3653php6v8chmlsm", None),
    (_R + "lob_api_token_test.go", "2ms:lob-api-key", "test_5f0e52cbf78b6b4dabe3a7b38f459c35f9e", None),
    (_R + "lob_pub_api_token_test.go", "2ms:lob-pub-api-key", "test_pub_bfe696d078118e777aecbd634939183", None),
    (_R + "mailchimp_test.go", "2ms:mailchimp-api-key", "900aec0106a460d8b402aa592ad69877-us20", None),
    (_R + "mailgun_private_api_token_test.go", "2ms:mailgun-private-api-token", "key-c9739d56b3b4d24cac5963fef9ecc693", None),
    (_R + "mailgun_pub_key_test.go", "2ms:mailgun-pub-key", "pubkey-3eacf6a44c6da2640c0779535f43e2e1", None),
    (_R + "mailgun_signing_key_test.go", "2ms:mailgun-signing-key", "55402e65a5c84545c151e393ea9e81a4-00001111-22223333", None),
    (_R + "mapbox_test.go", "2ms:mapbox-api-token", "pk.tm6inp1xohfcaylc6pfqk5r44z1xiz8l03g1tdvrlmb8ntia3aikkjmqru0n.tm6inp1xohfcaylc6pfqk5", None),
    (_R + "mattermost_test.go", "2ms:mattermost-access-token", "fjlof7vquijofaqnciyfoxjgey", None),
    (_R + "meraki_test.go", "2ms:cisco-meraki-api-key", "24ee9f49b0ffd468cd6cea061aeb4dc56b4da1a2", None),
    (_R + "messagebird_api_token_test.go", "2ms:messagebird-api-token", "v6300i0eqyif6mib1x9ek2fma", None),
    (_R + "netlify_test.go", "2ms:netlify-access-token", "cwfz3_kfof6i4wcjahpw4o3m09f4zlz=c7mj4n_a", None),
    (_R + "new_relic_browser_api_token_test.go", "2ms:new-relic-browser-api-token", "NRJS-8a4d6f6eee8929a40ac", None),
    (_R + "new_relic_insert_key_test.go", "2ms:new-relic-insert-key", "NRII-0fcb463744c545c577493495c2e66c65", None),
    (_R + "new_relic_user_api_id_test.go", "2ms:new-relic-user-api-id", "xzx6bzhs42mhrodqbvl7941mim7nzgel0kvddv1jzihkixipi00ebd8mjsocygaw", None),
    (_R + "new_relic_user_id_test.go", "2ms:new-relic-user-api-key", "NRAK-f3zik05inmy993vy9y1upxqgxar", None),
    (_R + "npm_test.go", "2ms:npm-access-token", "npm_o8y1twtprpmrouumu3elbgmwp2342lu7t4f3", None),
    (_R + "nytimes_test.go", "2ms:nytimes-access-token", "v7z0zp85ewsqa81di5pugik3v3fawdj9", None),
    (_R + "octopusdeploy_test.go", "2ms:octopus-deploy-api-key", "API-J675W2YZ2I7KAY989E5J9F1YIU", None),
    (_R + "okta_test.go", "2ms:okta-access-token", "00MFNvT0aO0JRCLdy9Ue=EhjTnRkDPjvQmmZhV5xQt", None),
    (_R + "openai_test.go", "2ms:openai-api-key", "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", None),
    (_R + "openshift_test.go", "2ms:openshift-user-token", "sha256~4MPq9dCyZdHB-bMTDnCOSLT-77FcGmjSfaecQ_XaEM6", None),
    (_R + "openshift_test.go", "2ms:openshift-user-token", "sha256~fuPXFk6800Kp8CxTzkO8zNNq6d0-NXXLCIOMaEtDiaz", None),
    (_R + "plaid_access_token_test.go", "2ms:plaid-api-token", "access-development-0b686395-8a68-e27f-13f6-56230b647a0c", None),
    (_R + "plaid_secret_key_test.go", "2ms:plaid-secret-key", "peruolj136x3u1reogkuyvc4ys0o2y", None),
    (_R + "planet_scale_api_token_test.go", "2ms:planetscale-api-token", "pscale_tkn_gs-4nywmvgqydui3vonfqfk02w42o5--sovf51mhcq6", None),
    (_R + "planet_scale_api_token_test.go", "2ms:planetscale-api-token", "pscale_tkn_00t-qo8p81hgv7vaf4ys1bkmgmh7gc_od=n3oitqs09llm113-5n9rmcbfhbxsqk", None),
    (_R + "planet_scale_oauth_token_test.go", "2ms:planetscale-oauth-token", "pscale_oauth_drn9jbl3af19bcxsm4-kql561wh3d695urks=o-ye7vmwj9eqwja0hls55a666pp", None),
    (_R + "planet_scale_password_test.go", "2ms:planetscale-password", "pscale_pw_p3p5xaypd-h9u26h3qqv72tqhxwi1rzj_zy99iqv2fn", None),
    (_R + "planet_scale_password_test.go", "2ms:planetscale-password", "pscale_pw_4ednciy3i0isfcc-hkg81k8s-1qltkoalwox4q-expuiswg7roazjdq=x9fzv3ow", None),
    (_R + "postman_test.go", "2ms:postman-api-token", "PMAK-8b614192e19ce588446c26b0-8b614192e19ce588446c26b057fe9cabbe", None),
    (_R + "prefect_test.go", "2ms:prefect-api-token", "pnu_473ax9mdi5larwiwk7k16turpxdh5kuyir0u", None),
    (_R + "privateai_test.go", "2ms:privateai-api-token", "06m69x2a9p3vc7txwetpwvcmgzxvyjmu", None),
    (_R + "pulumi_test.go", "2ms:pulumi-api-token", "pul-fe651103326a96c921d61bb13f03341a30c1ef0d", None),
    (_R + "pypi_test.go", "2ms:pypi-upload-token", "pypi-AgEIcHlwaS5vcmc8ddbe16566126f42aef044df732220778ddbe16566126f42aef044df73222077", None),
    (_R + "rapidapi_test.go", "2ms:rapidapi-access-token", "3k7b18-qp98kcg_pyh_dcxcmqktnpu1lnpjiaut0s6iebn97yq", None),
    (_R + "readme_test.go", "2ms:readme-api-token", "rdme_jg7f8khrj7igpt1narqzfgk7sgw8ah1cfy4il3m3gpgxyd8k8zwvzcqbxrl059jo1ls3hj", None),
    (_R + "rubygems_test.go", "2ms:rubygems-api-token", "rubygems_8c855e7195184546f920366d523d88530ead57c5c618be82", None),
    (_R + "scalingo_test.go", "2ms:scalingo-api-token", "tk-us-clf9i7daokrtew-jadn0nekihkbry46zwxrsm_joxgl1s6jo", None),
    (_R + "sendbird_access_id_test.go", "2ms:sendbird-access-id", "d26c259b-58dc-b958-7aaa-97d5c453fa11", None),
    (_R + "sendbird_access_token_test.go", "2ms:sendbird-access-token", "a0038c8cadd21cf161ee31b3bd6b41789524a7e5", None),
    (_R + "sendgrid_test.go", "2ms:sendgrid-api-token", "SG._xxgmrv80c_d=gqno05eb1njivvb=y3my-ft=n2kss6xdw2llkmq_7zvyas0jg7o1d", None),
    (_R + "sendinblue_test.go", "2ms:sendinblue-api-token", "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", None),
    (_R + "sentry_access_token_test.go", "2ms:sentry-access-token", "777d2c339c23c3ff67f14519a66cac8822e4e8573e88c8c4a0720d6e2179bfac", None),
    (_R + "sentry_org_token_test.go", "2ms:sentry-org-token", "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", None),
    (_R + "sentry_org_token_test.go", "2ms:sentry-org-token", "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", None),
    (_R + "sentry_org_token_test.go", "2ms:sentry-org-token", "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", None),
    (_R + "settlemint_application_access_token_test.go", "2ms:settlemint-application-access-token", "sm_aat_js745fpgq781pr1l", None),
    (_R + "settlemint_personal_access_token_test.go", "2ms:settlemint-personal-access-token", "sm_pat_2dzyue1ub5v651iy", None),
    (_R + "settlemint_service_access_token_test.go", "2ms:settlemint-service-access-token", "sm_sat_r48u9go4gezocjnx", None),
    (_R + "shippo_test.go", "2ms:shippo-api-token", "shippo_live_f05d9f6676b6d1576dfb10acf04145359907e0f9", None),
    (_R + "shippo_test.go", "2ms:shippo-api-token", "shippo_test_bd481ce4664653efca749c8692b795b2cf57b207", None),
    (_R + "shopify_access_token_test.go", "2ms:shopify-access-token", "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", None),
    (_R + "shopify_custom_access_token_test.go", "2ms:shopify-custom-access-token", "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", None),
    (_R + "shopify_private_app_access_token_test.go", "2ms:shopify-private-app-access-token", "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", None),
    (_R + "shopify_shared_secret_test.go", "2ms:shopify-shared-secret", "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", None),
    (_R + "sidekiq_secret_test.go", "2ms:sidekiq-secret", "6f5557b2:9d8870b0", None),
    (_R + "slack_app_level_token_test.go", "2ms:slack-app-token", "xapp-1-A6861450913-6861450913218-yy4nixe3hpm16b62mg5n4t5bsuj9a3dtv9de5ph67a05zgzmax7ohe9afl0p2v5x", None),
    (_R + "slack_bot_token_test.go", "2ms:slack-bot-token", "xoxb-8353272146787-835327214678-sfd98pslcwb2xqkpq4yizzii", None),
    (_R + "slack_config_refresh_token_test.go", "2ms:slack-config-refresh-token", "xoxe-1-c08542voqwczsr5is57ex9w0m0yff8gkflgl72dlx20rqd3rcubxvo9m5uf4x9337nloir4zkkvftd2kaimsbu2hl0ladiol69gwz15s5qqtmh69f0ipor0p0is98v6qo7ci3sv0fo25rmhuu6", None),
    (_R + "slack_config_token_test.go", "2ms:slack-config-access-token", "xoxe.xoxp-1-0ve0e6ai6s8vnruzbjregu3e30gbvq86q3uuj6ep9z0245w6kgdog7ct402pncwhn36ucqze7xtkcx9j8rjk589abvyr7x6labrn0bnimscymlujpk4s5bhznt1x7cn3uqubmis746mvuc8a38ws2xxucx87ftewnww", None),
    (_R + "slack_legacy_bot_token_test.go", "2ms:slack-legacy-bot-token", "xoxb-6036579657-ks3e7l1cfdqnlt5zdmsb9suj", None),
    (_R + "slack_legacy_token_test.go", "2ms:slack-legacy-token", "xoxs-7376551832-0140200885-0140200885-c7a0a46c4f", None),
    (_R + "slack_user_token_test.go", "2ms:slack-user-token", "xoxp-364816792900-3648167929002-3648167929002-3gawlqb3u5scci6f7dohq8oibmgpkjqx", None),
    (_R + "slack_webhook_url_test.go", "2ms:slack-webhook-url", "https://hooks.slack.com/services/a6dpwxwqdin9u77pcurw9d7uqg3fu0fy68e68reo139gjy", None),
    (_R + "square_access_token_test.go", "2ms:square-access-token", "EAAAb0fr7dls9W2vh4ESpWsHfN", None),
    (_R + "squarespace_test.go", "2ms:squarespace-access-token", "c5a720ae-aafa-0064-628a-d7b7db2cc2ce", None),
    (_R + "stack_legacy_workspace_token_test.go", "2ms:slack-legacy-workspace-token", "xoxa-7-bykch5vhtrbb", None),
    (_R + "stack_legacy_workspace_token_test.go", "2ms:slack-legacy-workspace-token", "xoxr-6-sndbkwds64do", None),
    (_R + "stripe_test.go", "2ms:stripe-access-token", "sk_test_uwiz7pxjhrk159amwtbo06ra1pn9ko", None),
    (_R + "sumologic_access_id_test.go", "2ms:sumologic-access-id", "suskUE6VWx3py5", None),
    (_R + "teams_test.go", "2ms:microsoft-teams-webhook", "https://mycompany.webhook.office.com/webhookb2/qng7ps9c-b85g-ghvc-n8pj-e7cw4ohfwnfo@sdgxsaeg-7llf-f7ik-u76o-6mz0g4fpeu7v/IncomingWebhook/jcv8qamxgk8yzh7kw6scu9s8vukyohvo/pnxegvh3-ay4t-jrsu-078y-xeti6eg0i81e", None),
    (_R + "telegram_test.go", "2ms:telegram-bot-api-token", "99224738:Awlvfqq62y58f-99ogq005plyzmqosxywg_", None),
    (_R + "travisci_test.go", "2ms:travisci-access-token", "2go6m1lt4focini9cgzixf", None),
    (_R + "twilio_test.go", "2ms:twilio-api-key", "SK992be1adebe83f2ff461ef660e5f65d6", None),
    (_R + "twitch_test.go", "2ms:twitch-api-token", "3eueu0fz1vuhjqhwzml8mfjr01ew15", None),
    (_R + "twitter_access_secret_test.go", "2ms:twitter-access-secret", "70zpdwviwq8pab914dc79xxmrnq2lpskjb6izj2xwaox3", None),
    (_R + "twitter_access_token_test.go", "2ms:twitter-access-token", "519794867458713-abaD5uNbCpLid4fYXz2k", None),
    (_R + "twitter_api_key_test.go", "2ms:twitter-api-key", "tyzkzbpb6uzir3sz5412ygcgy", None),
    (_R + "twitter_api_secret_test.go", "2ms:twitter-api-secret", "qc1p3chwtm2tciq53b8umwvs2p8fp2czy3jehs9j352yjyvn2o", None),
    (_R + "typeform_test.go", "2ms:typeform-api-token", "tfp_=p3bo8rjibic2q0pleb1e37nb57il9et5nb6qfnk1g51k5artvunyebuvnp", None),
    (_R + "vault_batch_token_test.go", "2ms:vault-batch-token", "hvb.mbh2sns98h-w6wls6wy0oahfa-xyo6jw2q89kp05s2q8jh-58vwu5sux2kw8lluzg524qpjsjd6ecoj519t4q-dl-kuzt-q178zijxr4hos9htsknj2ng7dyw1-puie735hsai75k3", None),
    (_R + "vault_service_token_test.go", "2ms:vault-service-token", "s.0d2vTmO3fW38paBPm3qKpGh5", None),
    (_R + "vault_service_token_test.go", "2ms:vault-service-token", "hvs.0EoIfeDt4LhH6cnr3xZFnZzrqTnIiLF2VpY78jL7Ssp8kJ7QKsxYYa179yPOrg07BPZNlJIF264cl_501SZ49CBrcR", None),
    (_R + "yandex_access_token_test.go", "2ms:yandex-access-token", "t1.W=.ex0zPVfNiX7zHnd1oPKgoxs2BIdBfzOcGplZudFfLMWFPEL5ToH3jSUYoV9vtTYMMPQ153udKDBDFh2QxWipme=", None),
    (_R + "yandex_api_key_test.go", "2ms:yandex-api-key", "AQVN0rfxQoNRvKMMVcQGtKoWTtowcDnte4k1M0E", None),
    (_R + "yandex_aws_access_token_test.go", "2ms:yandex-aws-access-token", "YCtsE8_hKXjCMj0Bj5qgG1M7yaLpAr43qYTCt9g8", None),
    (_R + "zendesk_test.go", "2ms:zendesk-secret-key", "18ife5hrbego7clzhdc995q07xjvcd9jadm65ule", None),
    (_ENGINE, "2ms:custom-rule", "very_secret_value", 'Content: "mock_secret:=very_secret_value",'),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "myStrongP@ssw0rd": "words naming the value (my strong password)",
    "abcd1234": "letters and digits in order",
    "SuperSecret123": "words naming the value",
    "very_secret_value": "words naming the value",
    # identifiers the rules report beside their secrets (as fresh6 reads Sumo Logic access
    # ids and Twilio account SIDs): client, application and account ids
    "772d138b3a327a5879a65b01f6fe2d4c": "an Adobe client id, an identifier",
    "1309455782606278": "an Asana client id, an identifier",
    "w0hgmshg6uhgpqlbotbe15c2anbizrne": "a Bitbucket client id, an identifier",
    "135616593581579345": "a Discord client id, an identifier",
    "y0bxbdu095sye6": "a LinkedIn client id, an identifier",
    "xzx6bzhs42mhrodqbvl7941mim7nzgel0kvddv1jzihkixipi00ebd8mjsocygaw": "a New Relic user API id, an identifier",
    "d26c259b-58dc-b958-7aaa-97d5c453fa11": "a Sendbird application (access) id, an identifier",
    "suskUE6VWx3py5": "a Sumo Logic access id, an identifier",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_GENERIC, "2ms-fp:generic-api-key", "issuerKeyHash=npmXsmT2_C1iJZ-SD7RuL8exZ=6ucd"),
    (_GENERIC, "2ms-fp:generic-api-key", "<key>AD_UNIT_ID_FOR_BANNER_TEST</key>\n<string>ca-app-pub-3940256099942544/2934735716</string>"),
    (_GENERIC, "2ms-fp:generic-api-key", "<key>AD_UNIT_ID_FOR_INTERSTITIAL_TEST</key>\n<string>ca-app-pub-3940256099942544/4411468910</string>"),
    (_GENERIC, "2ms-fp:generic-api-key", "<key>CLIENT_ID</key>\n<string>407966239993-b1h97alknrmf0g846um5pr3a25s9qmeu.apps.googleusercontent.com</string>"),
    (_GENERIC, "2ms-fp:generic-api-key", "<key>REVERSED_CLIENT_ID</key>\n<string>com.googleusercontent.apps.407966239993-b1h97alknrmf0g846um5pr3a25s9qmeu</string>"),
    (_GENERIC, "2ms-fp:generic-api-key", "<key>GOOGLE_APP_ID</key>\n<string>1:407966239993:ios:0d7534f14f8cfe19</string>"),
    (_GENERIC, "2ms-fp:generic-api-key", '"a_b_key": "x-someval-127.0.0.1",'),
    (_GENERIC, "2ms-fp:generic-api-key", "KeyVaultSecretsUser: '62168719-64c5-453d-b4ef-b51d8b1ad44d'"),
)  # fmt: skip

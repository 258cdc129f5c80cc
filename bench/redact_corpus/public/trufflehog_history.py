# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""TruffleHog's detector tests as they stood before later commits changed them, for the
``fresh23`` split (``fresh23.py`` reads and writes).

``trufflesecurity/trufflehog`` keeps one ``<detector>_test.go`` per detector under
``pkg/detectors/``. The main corpus and ``fresh6`` read those files at
``3ab759fef4bb5935d4fe9ac68b503d05346b8364``; this table reads the values later commits removed
or replaced (``git log HEAD --diff-filter=DM -p -- pkg/detectors``, first-parent state before
each change), so every case is pinned as ``<path>@<commit>``, the commit being the parent of the
one that changed the line. Many come from ``2f1baea40da850cf64656bb98e0e91935ccc7b0d``, the state
before one commit rewrote the pattern tests of detectors ``a…`` to ``b…``.

``SECRETS``: (file@commit, kind, value, anchor): a test's ``validPattern``/``validKey``, the
value its ``want`` reports, or the key written into its input text beside a label
(``copper_token:``, ``coinbase_key:``, ``dovico_token:``...). Kind ``trufflehog:<detector>``.
Of a joined ``want`` (key and secret run together) only the part the input calls a secret
(``bitmexsecret:``, ``autodesk_secret``; both turn out to be in an earlier split), no id
(``validId``), URL, e-mail address or integration-test canary key. A key block gives its first
line of key material (Coinbase WaaS' two EC keys). Doubtful, kept: Mailgun's ``Basic`` header
value (base64 of ``api:<key>``: the credential as sent), Asana's old-style token whole
(``<digits>/<digits>:<secret>``, as the test's ``validPatternOld`` writes it), Dovico's user
token beside its API token (both authorise), Artifactory's and Blogger's keys found in a
``<secret>{…}`` log line of the test input.

``NEGATIVES``: (file@commit, kind, text): the tests' ``invalidPattern`` lines whose value has a
sign the detector refuses put in (``$``, ``%``, ``#``, ``^``, ``(``, ``[``...), or is a counted
stand-in (``pk_1234567890abcdef…``, ``TEST01kEYPATTERN…``). Lines that are the valid key cut
short by a sign or with one sign changed to ``?`` were read and left out (a near copy of a
labelled key, which a redactor may rightly take).

``NO_SECRET``: counted and keyboard stand-ins that tests label valid.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/trufflesecurity+trufflehog/repo")
REPO = "trufflesecurity/trufflehog"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("pkg/detectors/blogger/blogger_test.go@55db46bee4d7b63eb1197f0ca2aac089a168f7b4", "trufflehog:blogger", "fnWLw7pz1tc6uCzq6qocQZIxRF6SqUaOOkLqePY", None),
    ("pkg/detectors/bingsubscriptionkey/bingsubscriptionkey_test.go@353950021f8a8437c23ffd6fd3e52fb1ee2c0964", "trufflehog:bingsubscriptionkey", "dB963b030A1DafB02d8299F04A00a306", None),
    ("pkg/detectors/lob/lob_test.go@1675e1743f7ad74b11c91f232a3ed131f5281a27", "trufflehog:lob", "XUTbwiuF1_qmP5BvXi4hMeDafM2VoNz5yMH__rI5", None),
    ("pkg/detectors/artifactory/artifactory_test.go@5eb357dd1c409d28655596688c1e6995316176d5", "trufflehog:artifactory", "5YcZhIKwxTdxwpZHf9c1Usu8xNtAklRsqWYXWf2qmjW0RSQQ0U4sVnrNgOwIJlTOqJf06T3dl", None),
    ("pkg/detectors/copper/copper_test.go@bd45a706e14dfe1909578fc62285fbe31a1e5312", "trufflehog:copper", "1affa0d5966556307efd91046e87fe2f", None),
    ("pkg/detectors/caflou/caflou_test.go@eb908bd433da848763a3193cf38c1ca94a00bd8b", "trufflehog:caflou", "b8SQoPKLMCBbwIm0XDzbZiDydUk9qNqqBlKnR5Nouwbjs9cv3D1azAXpiFq9WrfNlwxbCwDL2FWCheXmdYKZkMRZklahJh5NQZZY7Zf220hjGJOtKgFbWxy9xQ9hodQqsOOx9Of30qtTrnRxFPa9wxYkSBn", None),
    ("pkg/detectors/appoptics/appoptics_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:appoptics", "IABJPR08RmvsGrebJhr1TUdo27-KtTn0mLCKkJJqj5lyba-otXPklygO9DK62o3QSPoIJ4E", None),
    ("pkg/detectors/beebole/beebole_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:beebole", "b51rul64exy5yz0gupfm0bbh0b5efg2sc6kex9rk", None),
    ("pkg/detectors/bitcoinaverage/bitcoinaverage_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:bitcoinaverage", "zt7WwXWk7MYMNB3l2QdtB5itl9uvfhJ8s6h0hibid5E", None),
    ("pkg/detectors/browserstack/browserstack_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:browserstack", "RxLVnOlvj3V4bh4RBwOd", None),
    ("pkg/detectors/dovico/dovico_test.go@227d92c99c13da391ac3eebff9e1f36601141870", "trufflehog:dovico", "nuhkw7nsrybuvmetium29a6oajxr3xdg.sbpi6evkkrqz3onrg2epqj9i2lgkb0wxf8lq0gdzvw6macc9br1qi9ry335u173dr3gzcgy9v6", None),
    ("pkg/detectors/roninapp/roninapp_test.go@96ca7db8a8fd460227efca2f3d02673ae07eff57", "trufflehog:roninapp", "tmvSxOOxP32WgoPfF2tWEmtsq8", None),
    ("pkg/detectors/airtableapikey/airtableapikey_test.go@9a99973bafd9aa815d8727094a1e46090297e916", "trufflehog:airtableapikey", "patHSL6ZkPWx8Rkva.f0b2c1970c1cd8b5126d04eaf59d9fd500a39736c73bbb3a471fsf7eb3561ec0", None),
    ("pkg/detectors/exchangerateapi/exchangerateapi_test.go@301aade3086dc1a2155b939cd4698effaa4e6076", "trufflehog:exchangerateapi", "gi77wx50yrynzt6tdyh9ugh3", None),
    ("pkg/detectors/billomat/billomat_test.go@8202d57f9a63f29f7fa1533efc0a991b2c058597", "trufflehog:billomat", "xv3khh5klgzztdmptrgbqhkr0ucvr67i", None),
    ("pkg/detectors/coinbase/coinbase_test.go@1bbf390c5e9d142893d26d63e40784c1aa111019", "trufflehog:coinbase", "IIQle6bXgoQEzxqHBt2VN0gW-Yve3t5k5VVD3nNAUUMCLVdK-3M4k6apjs43l0nM", None),
    ("pkg/detectors/grafana/grafana_test.go@ab76fe443d301cb2309762143a9938a559be8508", "trufflehog:grafana", "glc_gnVF057+C0x9J+QwzC5JXb5uQ/WSzn98X/iIrZXKaA3Hh+lum0XBRcu56qMlW7ZaxXrNt33XoI3CXz7IRPci=", None),
    ("pkg/detectors/kontent/kontent_test.go@e42153d44a5e5c37c1bd0c70e074781e9edcb760", "trufflehog:kontent", "jca9is4icbynssyi1y4spdwcbwe3vwv9jn4d", None),
    ("pkg/detectors/baremetrics/baremetrics_test.go@ba037a50e25d63026c9d5a1ac8445bc02635bea8", "trufflehog:baremetrics", "FNdRZCc2qoPLrwrLJIBE6vovy", None),
    ("pkg/detectors/besttime/besttime_test.go@ce555b0aaa16570ea03f686e97cbd7ec8c2f6e8c", "trufflehog:besttime", "4K1WTb2ysVeg_jHDwtwhH68K9MuOjiTtXQCS", None),
    ("pkg/detectors/plaidkey/plaidkey_test.go@e6f57f265980c3326663aba1f35cb943ac9c8936", "trufflehog:plaidkey", "3vl81ihtozf9im7kqz7ldp6kxbsd8y", None),
    ("pkg/detectors/convertapi/convertapi_test.go@dba70e60047bcce330197732ec957df2555783d1", "trufflehog:convertapi", "H9ZGTfAERfN5W0AX", None),
    ("pkg/detectors/squareapp/squareapp_test.go@5e7fe54560be109023c931c24be9ce8e4d509ae0", "trufflehog:squareapp", "YJsq0ige-a9khwVJOSwlzBvX0wp4j8t90s2d", None),
    ("pkg/detectors/scrapingbee/scrapingbee_test.go@827a201d2d5cc0256a8720b75d4ef3904a3440cc", "trufflehog:scrapingbee", "HOLTCTPVL3V35NK795FY6INWQKTTTSGL6W26JKHLC3CGUNJ1DV35SWPUAZ26BUX2EEZZ7T2SJBOL8WZB", None),
    ("pkg/detectors/restpack/restpack_test.go@d73edfb85d79432e3c767c407afdee59c9a34fde", "trufflehog:restpack", "RGTuhewdnuYUbL6cFbVTD2DUgVG11qDzuzV1c4gBEUFQaelZ", None),
    ("pkg/detectors/rockset/rockset_test.go@d73edfb85d79432e3c767c407afdee59c9a34fde", "trufflehog:rockset", "rryYLy3RUXs72dcg6ydXOVWVr6KTeAym0RviPHcIPGafLdzyth0cKelCBa0oJC1q", None),
    ("pkg/detectors/tickettailor/tickettailor_test.go@6ceb49097f21249369f015c4d571173e9252f04d", "trufflehog:tickettailor", "skOFK3Yf_WW6E3TND0PXT5L4LPeOfVG7cEE_CdL2Y92fWNR", None),
    ("pkg/detectors/cloudflarecakey/cloudflarecakey_test.go@f17ad818b38644c538bf63465f537f2b79b3c841", "trufflehog:cloudflarecakey", "vR2hGdmAyzLxI4kR34v-fgtaIug7VC_xudRuku6UQd5t9RoiY3zGiuVxMGiN6qR6O0cGjbGepFsHHrfm-9QmBahS.tvHRjYvf_c5XOKReWeVXsp3T-_gilqReVlS-U_9vj1tcMAwRjWCcehKiCOPnXEeN.Xg.lmwp0.mAIsgbrdPJsJE4hz7OF5PQ7D", None),
    ("pkg/detectors/mailgun/mailgun_test.go@c1bff47d133a7cc163a6df51ff28506c7981327c", "trufflehog:mailgun", "e915b5cdb9a582685d8f3fb1bea0f20f-07bc7b05-f14816a1", None),
    ("pkg/detectors/appfollow/appfollow_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:appfollow", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.333HbjEo1oxVUFcASR0sQ8cMuIJRLcMd5H9iJWDbovCw6ESjNtuoEMQQGPN9aSoxponxrTPvn1.btADhgNetsaUBuwoyHo5ip0Jab6N6MEBnSaT6CHiO6z", None),
    ("pkg/detectors/mailgun/mailgun_test.go@c1bff47d133a7cc163a6df51ff28506c7981327c", "trufflehog:mailgun", "key-3ax63njp29jz6fds4gc373sgvjxteol1", None),
    ("pkg/detectors/bingsubscriptionkey/bingsubscriptionkey_test.go@353950021f8a8437c23ffd6fd3e52fb1ee2c0964", "trufflehog:bingsubscriptionkey", "89017d414ed64edb9c776d4a52102b9a", None),
    ("pkg/detectors/blogger/blogger_test.go@55db46bee4d7b63eb1197f0ca2aac089a168f7b4", "trufflehog:blogger", "mtkwpygpNROxOgLZCnEvl7gNme1IuFiQm9oxPzJ", None),
    ("pkg/detectors/artifactory/artifactory_test.go@cbdff3fa9cf5e46d9a78c0d3ab6374f7f5e89334", "trufflehog:artifactory", "KUd8GOVfcXnIv1nJ5qmnNzrqkLvseoPRMuwsdDVr9QthonFogtMaoJ3pgtO4eHXC", None),
    ("pkg/detectors/flightlabs/flightlabs_test.go@a1cee488cac30cb5a7ef2cee79304fa2c0046135", "trufflehog:flightlabs", "eyBejkA9vwoG6xGr6awmKPT3xdznWqM4jpbz.ey3UspgSVM9j311NMff2N27tGEWSmr8sl1SguOxwzelJSYPOOVp-8BwHsdHqWKWpoVvZAc4kXKJ2kpROZ1RY_0xSj51iWOoi5UvvxOlaIHTzMEEiudOJRQuzYxwtqtl1rZyRlFuxTm0YR5wWPFM0GlWzmCf_yKz.dmSGyVThf_F.atNcL556uLcZ9D6MTIlQoC9hD1u3EbBqL6nb32cgFowGosYnqkSgbCFPLg6LIhK_PADfDzUY2bTEsk7uEIbGxPXofrLgJ_aiR2H09gEOtMAvPgkWLAbKoJg7X3UKF5BrK0GFdHAWvsB", None),
    ("pkg/detectors/autodesk/autodesk_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:autodesk", "rHfzZhsSRruLM3Fn", None),
    ("pkg/detectors/bitmex/bitmex_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:bitmex", "W_HlMtrmELzXm4bSlWv49JLcgvg5hvu467WbbnpmoEA-RjrY", None),
    ("pkg/detectors/baremetrics/baremetrics_test.go@ba037a50e25d63026c9d5a1ac8445bc02635bea8", "trufflehog:baremetrics", "FN_RZCc2qoPLrwrLJIBE6vovy", None),
    ("pkg/detectors/artsy/artsy_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:artsy", "rU0K6hwGw9AeANtXrZ8FQJT9jn4sRdlj", None),
    ("pkg/detectors/asanapersonalaccesstoken/asanapersonalaccesstoken_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:asanapersonalaccesstoken", "594776654034514343561917591881414702593902454625364993/1724908107002616220416212965:Yv3DoiSFhtsgUwN3AcnXWjK8zabQHKSHBRHpuNKVjz3oCcpyDIdXRm3GL4SUDkTMFoTbRDCHe8tTBHxdtoXItn", None),
    ("pkg/detectors/coinbase_waas/coinbase_waas_test.go@1bbf390c5e9d142893d26d63e40784c1aa111019", "trufflehog:coinbase_waas", "MHcCAQEEIBddyynZ9Ya7op1B9nu1Dxyc1T6xLy72t45J2Smv9oXNoAoGCCqGSM49", None),
    ("pkg/detectors/coinbase_waas/coinbase_waas_test.go@1bbf390c5e9d142893d26d63e40784c1aa111019", "trufflehog:coinbase_waas", "MHcCAQEEIFkA1kU4DlNu36wTTHycWy6n1rsUH0UT8mfAKNtOukXHoAoGCCqGSM49", None),
    ("pkg/detectors/bombbomb/bombbomb_test.go@15b8ed6731012adc1fffe5254bc4b2ae16878f76", "trufflehog:bombbomb", "HUmGL.17uQMEShYp2RVMR8vypd1iqj6FZcKkQ4SazuMkbEKhzRFKuvOiwYmNWPSvkE4wiLOv-zWTkK1WkVTScRb9_io0_kvhYX31tpwR3lAJUh27RJzf1BehaJTQDXhJB6aT2gQ2LMT7dda-b3vhmEuZHzPV9AMLV6cOrcqOTkK60vMcB0PTLRQ3c_kY.a.9.hRvgogdlI8mQJrzD0myPBY7lMpjpkcskQDpOgz2I37kNDYhf7IxT6sG-a7rI1LdpJ6HhJacktlNJSswST9jbt4A0ropfJJTHGny2aId4WyPpAnQubM98F1BUnyhfkDzenaUuuQ_ZoPn9mAOsdLQUlAyp4I9oLJ_v8yQ0Q4M.Yujscho9G4ZbVTInC2mP8taCPZdRK5qt-UfAF0CX9B4E0F9NItMUbRdbm3xIkl8C6iPUcgY5OTQDBSJRLKBJgIaEyyXe10pPw.qOUhLKNPcg5qPs1xhgBsZKfW2hNTff2dCL5h6E.940ojPuT0Iw90Q8kpQ2UzeUJrhXH9_GUANKA.pjD0-YcGpnlVEDouyXaXowUoh8pLqD-BtBQfteqyFqz7THGDvQKikMy7wiBuJAo0HttMG3jw1zKtA3gM6_VIXo_K4WN6yz8Ow4n5f6Unn5zn4j2haKA4WWI5-1c8-mm7SF5VqYJVz42wBmRqB6MWXegJ7yLt_EoG1tJHftnHZ", None),
    ("pkg/detectors/mailgun/mailgun_test.go@c1bff47d133a7cc163a6df51ff28506c7981327c", "trufflehog:mailgun", "YXBpOmFjZWM0YzA1YjFmMmZjZWJjZmE4ZGE2NDVkYTEwMjMxLTQxM2UzNzNjLTBhYWQzYzM3", None),
    ("pkg/detectors/dovico/dovico_test.go@227d92c99c13da391ac3eebff9e1f36601141870", "trufflehog:dovico", "ntb4fnhk5iot7hzbfjw08jm661iocdd4.3ws4olz2l5jzw54yv3ai0qwdri6l1f4iyruc7f", None),
    ("pkg/detectors/accuweather/v2/accuweather_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:accuweather", "dqftwc490oPcxae67sBSF741M56d091a", None),
    # read as no secret (NO_SECRET)
    ("pkg/detectors/abyssale/abyssale_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:abyssale", "123abcDEF456ghiJKL789mnoPQR012stuVWX3456", None),
    ("pkg/detectors/api2cart/api2cart_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog:api2cart", "0123456789abcdef0123456789abcdef", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "123abcDEF456ghiJKL789mnoPQR012stuVWX3456": "counted runs: 123, abc, DEF, 456...",
    "0123456789abcdef0123456789abcdef": "the hex digits counted twice",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("pkg/detectors/klaviyo/klaviyo_test.go@cc90719407c982336f21887a523d330fc515ecbd", "trufflehog-fp:klaviyo", "invalidPattern  = \"pk_1234567890abcdefghijklmnopqrstu-_=\""),
    ("pkg/detectors/abuseipdb/abuseipdb_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:abuseipdb", "invalidPattern = \"123abcdef456Ghijkl789mnopqr012stuvwx3455123abcdef456ghijkl789mnopqr012stuvwX\""),
    ("pkg/detectors/abyssale/abyssale_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:abyssale", "invalidPattern = \"123abcDEF456ghiJKL789mnoPQR012stuVWX\""),
    ("pkg/detectors/accuweather/v1/accuweather_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:accuweather", "invalidPattern         = \"DqFtwc490oPc%xaE67sBSF741M56=sd091A\""),
    ("pkg/detectors/adobeio/adobeio_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:adobeio", "invalidPattern = \"Rzxc#0987$%bv1234poiu6749gtnrfv54\""),
    ("pkg/detectors/adzuna/adzuna_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:adzuna", "invalidPattern = \"as#f0987mnbv1234^sxojb6ygb2wsx0o/qsc0f098\""),
    ("pkg/detectors/agora/agora_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:agora", "invalidPattern = \"asdf0987mNbv1234qsxojb6ygb2w$x0o/beqr7215fr4g6bfjkmnVxrtygb2wsxap\""),
    ("pkg/detectors/airbrakeuserkey/airbrakeuserkey_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:airbrakeuserkey", "invalidPattern = \"Qs%CGuil#pkk2ngrsz75wtYqsCGuilpkk2ngrsz75w\""),
    ("pkg/detectors/airship/airship_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:airship", "invalidPattern = \"123#abcdef456gh$ijkl789mnopqr012stuvwX3455123abcdef456ghijkl789mnopqr012stuvwx3455trdfrq\""),
    ("pkg/detectors/alconost/alconost_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:alconost", "invalidPattern = \"wdvnousa87acfxp9ioasr$a4tBeasrfa\""),
    ("pkg/detectors/aletheiaapi/aletheiaapi_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:aletheiaapi", "invalidPattern = \"TEST01kEYPATTERN2024ALETHEIAAPIN\""),
    ("pkg/detectors/algoliaadminkey/algoliaadminkey_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:algoliaadminkey", "invalidPattern = \"AlgoliaAdminN$TKey010TESTINGPlmiOPC/NonAdmin01ID\""),
    ("pkg/detectors/alibaba/alibaba_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:alibaba", "invalidPattern = \"abcDEF123ghiJKL456m$oPQR789/123ABCdef456ghijkLMN;\""),
    ("pkg/detectors/alienvault/alienvault_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:alienvault", "invalidPattern = \"A$3b9f8c1e2d4f5b6c7d8e9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d\""),
    ("pkg/detectors/allsports/allsports_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:allsports", "invalidPattern = \"Ad1f2e3c4b5a6d7e8f9g0h1i2j3k4l5m6n7o8p9q0r1sRt3u4v5w6x7y8z9a0b1cE\""),
    ("pkg/detectors/amadeus/amadeus_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:amadeus", "invalidPattern = \"A1b2$3d4E5f6G7h8I9j(K1l2M3n4O5)6 / A1b2C3d4E^f6G7#8\""),
    ("pkg/detectors/ambee/ambee_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:ambee", "invalidPattern = \"X3b4c5d6e7f8a9b0c1d2e3f4a5b6c7Z8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4\""),
    ("pkg/detectors/anthropic/anthropic_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:anthropic", "invalidPattern = \"sk-ant-api03-abc123xyz-456de-klMnopqrstuvwx-3456yza789bcde-1234fghijklmnopAA\""),
    ("pkg/detectors/anypoint/anypoint_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:anypoint", "invalidPattern = \"1a2b3C4d-5E6f-7g8H-9i0J-k1l2M3n4o5p6 / abcd1234-eF56-gH78-ij90-klmn1234opqr\""),
    ("pkg/detectors/apacta/apacta_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apacta", "invalidPattern = \"abcD$1234-ef56-gH78-ij90-klmn1234opqr\""),
    ("pkg/detectors/api2cart/api2cart_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:api2cart", "invalidPattern = \"0123456789Gbcde^0123456789abcdef\""),
    ("pkg/detectors/apify/apify_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apify", "invalidPattern = \"apify_api_ab12C#34ef56GH7$ij90KL12mn34OP56qr7)\""),
    ("pkg/detectors/apilayer/apilayer_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apilayer", "invalidPattern = \"apilayerkey: abcdef123$5678*0abcde()1234567890)\""),
    ("pkg/detectors/apimatic/apimatic_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apimatic", "invalidPattern = \"apiMaticKey: rc6iL$UEFGGAWNLsuBJnmsh4tZB)oCxcDUmc45HIPcuiQvfUEuqo8wb9YrUd2LyB\""),
    ("pkg/detectors/apitemplate/apitemplate_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apitemplate", "invalidPattern = \"apitemplatekey: sk_0C2c3D4e5F6@7H8i9J$k1L2m3N4o5P6q7R8s9T\""),
    ("pkg/detectors/apollo/apollo_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:apollo", "invalidPattern = \"apollo: A1b2C3d4-5f6G7h8I9j0K1@$\""),
    ("pkg/detectors/appointedd/appointedd_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:appointedd", "invalidPattern = \"Ci0a2bSpRyFcZyEXBEr9RHzf3xXllqO^XVoh+t0L0s8T2s3MFntfWhBlovqLaqEadtuJ9$Jy6yCOXmhbpEZPfY7Y\""),
    ("pkg/detectors/appoptics/appoptics_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:appoptics", "invalidPattern = \"IABJPR08Rmvs.GrebJhr1TUdo27_KtTn0mLCKkJJqj5lyba&otXPklygO9DK62o3QSPoIJ4E\""),
    ("pkg/detectors/appsynergy/appsynergy_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:appsynergy", "invalidPattern = \"mG1pgwlndtq7rbk8i3kum344a$o8gGp02ximdhsp8nsqasd3btxf84lz9ekfdpwo\""),
    ("pkg/detectors/autoklose/autoklose_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:autoklose", "invalidPattern = \"autoklose credentials: KRXaU9GK3f[yHG1FS$]bwhsIXdW22epH\""),
    ("pkg/detectors/aviationstack/aviationstack_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:aviationstack", "invalidPattern = \"aviationstack credentials: OSh0lMjinsc2atoaqnto[]1hdjppg5449\""),
    ("pkg/detectors/besnappy/besnappy_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:besnappy", "invalidPattern = \"f58c5d37d7876d32cf__f8fe4ded364a8d483b5db+adcc55ad801b3be8523\""),
    ("pkg/detectors/besttime/besttime_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:besttime", "invalidPattern = \"4K1WTb2ysVeg^jHD*wtwhH68K9MuOjiTtXQCS\""),
    ("pkg/detectors/blitapp/blitapp_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:blitapp", "invalidPattern = \"%blitAppKey:I_Mn%^&*qlBCakI5vwkwFD4_zRUY\""),
    ("pkg/detectors/blogger/blogger_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:blogger", "invalidPattern = \"fnWL(w7pz1t)6uCz-q6qocQZIxRF6S/UqePY\""),
    ("pkg/detectors/browshot/browshot_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:browshot", "invalidPattern = \"2xN7puShxzNf5fZleQt#hTg305l95D3gSD-c^\""),
    ("pkg/detectors/bscscan/bscscan_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:bscscan", "invalidPattern = \"2xHYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1thTg303gSD%c^\""),
    ("pkg/detectors/bugsnag/bugsnag_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:bugsnag", "invalidPattern = \"bugsnagToken: %c^wz9450iu-iewm-jonx-eab8-\""),
    ("pkg/detectors/buildkite/v1/buildkite_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:buildkite", "invalidPattern = \"buildkite: %c^wz9450iu-buildkite_secret-jonx-eab8\""),
    ("pkg/detectors/buildkite/v2/buildkite_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:buildkite", "invalidPattern = \"bkua_: hqlh73m51jtho0jh12wcf2758c8fcdbv05z023ly-jonx-eab8\""),
    ("pkg/detectors/bulbul/bulbul_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:bulbul", "invalidPattern = \"bulbulKey: %c^wz9450iu-3kx19qcbs6ipit6ssm-jonx-eab8\""),
    ("pkg/detectors/bulksms/bulksms_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:bulksms", "invalidPattern = \"bulksms creds: %c^wz9450iu-iewm-jonx-eab8-/F2DB572314-ACBDC267B-8\""),
    ("pkg/detectors/buttercms/buttercms_test.go@2f1baea40da850cf64656bb98e0e91935ccc7b0d", "trufflehog-fp:buttercms", "invalidPattern = \"butterCMSToken: l7psk7wkedkpiyp4j(rx5fjdnn)\""),
    ("pkg/detectors/aha/aha_test.go@a95f8bc878e0c7c94595a44f0e63d859a119bfea", "trufflehog-fp:aha", "invalidPattern = \"00112233445566778899aabbCC$%eeff00112233445566778899aabbccddeeff/example.fake.io\""),
    ("pkg/detectors/airtableapikey/airtableapikey_test.go@9a99973bafd9aa815d8727094a1e46090297e916", "trufflehog-fp:airtableapikey", "invalidPattern = \"app_pOcv67%Yuztyq/key_Yuztyq*pOcv67\""),
    ("pkg/detectors/artifactory/artifactory_test.go@5eb357dd1c409d28655596688c1e6995316176d5", "trufflehog-fp:artifactory", "invalidPattern = \"W0RSQQ0U4sVnrNgOwIJlTOqJf06T3dl^&5YcZhIKwxTdxwpZHf9c1Usu8xNtA / rtest#y$zB65L%.jfrog.io\""),
    ("pkg/detectors/alegra/alegra_test.go@0608b22e4fea3b63e75125e3926a76758fa5be21", "trufflehog-fp:alegra", "invalidPattern          = \"wdvn-usa87a-fxp9ioas/testUser$1005@example.com\""),
)  # fmt: skip

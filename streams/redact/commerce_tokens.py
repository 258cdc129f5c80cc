"""Tokens of commerce platforms and marketplaces, each in its documented form: WooCommerce's
REST keys, Amazon's Login with Amazon client secrets (SP-API), eBay's credentials and
Mercado Pago's access tokens (fresh104's e-commerce code, fresh102's regional platforms)
and Shopify's app tokens.
Part of ``providers.PROVIDER_RULES``, in its place there.
"""

from __future__ import annotations

from .pattern import Rule
from .pattern import literal as _p
from .pattern import prefixed as _prefixed

COMMERCE_RULES: tuple[Rule, ...] = (
    Rule(
        "woocommerce_key",
        # WooCommerce's REST API keys: "ck_" (the consumer key) or "cs_" (its secret) and 40
        # hex; the shop stores the key hashed, and both halves sign in (fresh104: said alone
        # in a thought, listed alone in a PHP array)
        (_prefixed(r"c[ks]_[0-9a-f]{40}(?![A-Za-z0-9_\-])", "ck_", "cs_"),),
    ),
    Rule(
        "amazon_lwa_secret",
        # Login with Amazon's client secrets (the Selling Partner API's apps):
        # "amzn1.oa2-cs.v1." and 64 hex (fresh104); the client id is "amzn1.application-oa2-
        # client." and stays
        (_p(r"amzn1\.oa2-cs\.v1\.[0-9a-f]{64}(?![0-9a-z])", "amzn1.oa2-cs"),),
    ),
    Rule(
        "ebay_credential",
        # eBay's developer credentials: a Cert ID (the app's client secret: "PRD-" or "SBX-",
        # 12 hex, four groups of 4 hex), an Auth'n'Auth token ("AgAAAA**AQAAAA**aAAAAA**" and
        # ~800 signs) and an OAuth user token ("v^1.1#i^1#…#t^" and a gzip's base64)
        # (fresh104). The App ID (a name, "-PRD-", 9 and 8 hex) is public and stays.
        (
            _prefixed(
                r"(?:PRD|SBX)-[0-9a-f]{12}(?:-[0-9a-f]{4}){4}(?![A-Za-z0-9_\-])", "prd-", "sbx-"
            ),
            _p(r"AgAAAA\*\*AQAAAA\*\*aAAAAA\*\*[A-Za-z0-9+/=*]{40,}", "agaaaa**"),
            _p(r"v\^1\.1#(?:[A-Za-z]\^[0-9]+#)+t\^[A-Za-z0-9+/]{40,}={0,2}", "v^1.1#"),
        ),
    ),
    Rule(
        "mercadopago_token",
        # Mercado Pago's access tokens: "TEST-" or "APP_USR-", the app's number, a date's six
        # digits, 32 hex and the user's number (fresh102: an SDK's argument alone on its
        # line). Its public key is "APP_USR-" and a UUID and stays.
        (
            _prefixed(
                r"(?:TEST|APP_USR)-[0-9]{12,18}-[0-9]{6}-[0-9a-f]{32}-[0-9]{6,12}"
                r"(?![A-Za-z0-9_\-])",
                "test-",
                "app_usr-",
            ),
        ),
    ),
    Rule("shopify_token", (_prefixed(r"shp(?:at|ca|pa|ss)_[A-Fa-f0-9]{32}", "shp"),)),
)

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""streaak's KeyHacks, for the ``fresh17`` split (``fresh17.py`` reads and writes).

``streaak/keyhacks`` is one README: for about a hundred services, the ``curl`` command or URL
that tells whether a leaked key is live. The README was read whole at ``HEAD``, and its history
(236 commits) searched for values of a key's form (long random runs, provider prefixes):
almost every command writes its key as a placeholder (``TOKEN_HERE``, ``<API_KEY>``,
``{keyhere}``, ``xxxx``, ``[CLIENT_SECRET]``, ``YOUR_MAPBOX_ACCESS_TOKEN``, the NPM token as
``00000000-0000-…``), so KeyHacks gives hard negatives and almost no secret.

``SECRETS``: (file, kind, value, anchor). The two values of a real key's form there are: the
Cypress record key the README gives as its example of a ``recordKey`` (a UUID, the form
Cypress issues), and the Zendesk OAuth token the Zendesk section carried for two days in
May 2019 (``README.md`` at ``9c6b674…``, "Add Zendesk access token"; ``52c4366…`` "Fix zendesk
placeholder" put ``ACCESS_TOKEN`` in its place), pinned to that commit.

``NEGATIVES``: (file, kind, text): the commands and URLs with their placeholders (in query
strings, headers, ``-u user:key``, ``--data``, an ``export``), the Google service account
file with its fields elided (``"private_key": "-----BEGIN PRIVATE KEY-----...-----END…``),
keys cut to their prefix (``AKIA...``, ``StF0q...``, ``ya29.c...``, ``IGQVJ...``), the
formats the README gives as regexes, public ids (a Square location id in a sample response,
a Google place id, a YouTube channel id).

``NO_SECRET``: ``Alph4num3r1ct0k3nv4lu3`` (leet for "alphanumeric token value": words naming
the value; the DeviantArt line is left out of the negatives for the same doubt). Left out
without a row: ``mysecret``, ``my_api_key``, ``your_api_token`` (words naming the value).

Doubtful label, kept: the Cypress record key (the README calls it an example, but it is the
only value given and has the form of the key it stands for).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/streaak+keyhacks/repo")
REPO = "streaak/keyhacks"

_R = "README.md"
_ZENDESK = "9c6b674933c466a07dacab191c3852257f94194f"
"""The commit that added the Zendesk section with a token of Zendesk's form in it."""

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_R, "keyhacks:cypress-record-key", "a216e7b4-4819-4713-b9c2-c5da60a1c48c", None),
    (f"{_R}@{_ZENDESK}", "keyhacks:zendesk-oauth-token", "gErypPlm4dOVgGRvA1ZzMH5MQ3nLo8bo", None),
    (_R, "keyhacks:deviantart-access-token", "Alph4num3r1ct0k3nv4lu3", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "Alph4num3r1ct0k3nv4lu3": "leet for 'alphanumeric token value': words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # placeholders in commands and URLs
    (_R, "keyhacks-fp:placeholder", 'curl -s -X POST -H "Content-type: application/json" -d \'{"text":""}\' "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"'),
    (_R, "keyhacks-fp:placeholder", 'curl -sX POST "https://slack.com/api/auth.test?token=xoxp-TOKEN_HERE&pretty=1"'),
    (_R, "keyhacks-fp:placeholder", 'curl -sX POST "https://slack.com/api/auth.test" -H "Accept: application/json; charset=utf-8" -H "Authorization: Bearer xoxb-TOKEN_HERE"'),
    (_R, "keyhacks-fp:placeholder", "curl -u USERNAME:ACCESS_KEY https://saucelabs.com/rest/v1/users/USERNAME"),
    (_R, "keyhacks-fp:placeholder", "https://graph.facebook.com/oauth/access_token?client_id=ID_HERE&client_secret=SECRET_HERE&redirect_uri=&grant_type=client_credentials"),
    (_R, "keyhacks-fp:placeholder", "https://developers.facebook.com/tools/debug/accesstoken/?access_token=ACCESS_TOKEN_HERE&version=v3.2"),
    (_R, "keyhacks-fp:placeholder", "2. Exchange ID token for auth token: `curl -s -XPOST -H 'content-type: application/json' -d '{\"idToken\":\":id_token\"}' https://www.googleapis.com/identitytoolkit/v3/relyingparty/verifyCustomToken?key=:api_key'`"),
    (_R, "keyhacks-fp:placeholder", 'curl -s -u "user:apikey" https://api.github.com/user'),
    (_R, "keyhacks-fp:placeholder", 'curl -s -H "Authorization: token TOKEN_HERE" "https://api.github.com/users/USERNAME_HERE/orgs"'),
    (_R, "keyhacks-fp:placeholder", "curl 'https://api.github.com/users/whatever?client_id=xxxx&client_secret=yyyy'"),
    (_R, "keyhacks-fp:truncated", 'curl -s -X POST --header "Authorization: key=AI..." --header "Content-Type:application/json" \'https://fcm.googleapis.com/fcm/send\' -d \'{"registration_ids":["1"]}\''),
    (_R, "keyhacks-fp:placeholder", "$ ssh -i <path to SSH private key> -T git@github.com"),
    (_R, "keyhacks-fp:placeholder", "curl -X GET 'https://api.twilio.com/2010-04-01/Accounts.json' -u ACCOUNT_SID:AUTH_TOKEN"),
    (_R, "keyhacks-fp:placeholder", "curl -u 'API key:API secret key' --data 'grant_type=client_credentials' 'https://api.twitter.com/oauth2/token'"),
    (_R, "keyhacks-fp:placeholder", "curl --request GET --url https://api.twitter.com/1.1/account_activity/all/subscriptions/count.json --header 'authorization: Bearer TOKEN'"),
    (_R, "keyhacks-fp:placeholder", "https://api.hubapi.com/owners/v2/owners?hapikey={keyhere}"),
    (_R, "keyhacks-fp:placeholder", "curl https://mainnet.infura.io/v3/<YOUR-API-KEY> -X POST -H \"Content-Type: application/json\" -d '{\"jsonrpc\":\"2.0\",\"method\":\"eth_accounts\",\"params\":[],\"id\":1}'"),
    (_R, "keyhacks-fp:placeholder", "curl -X GET https://app.pendo.io/api/v1/feature -H 'content-type: application/json' -H 'x-pendo-integration-key:KEY_HERE'"),
    (_R, "keyhacks-fp:placeholder", 'curl -X "GET" "https://api.sendgrid.com/v3/scopes" -H "Authorization: Bearer SENDGRID_TOKEN-HERE" -H "Content-Type: application/json"'),
    (_R, "keyhacks-fp:placeholder", 'curl "https://squareup.com/oauth2/revoke" -d \'{"access_token":"[RANDOM_STRING]","client_id":"[APP_ID]"}\'  -H "Content-Type: application/json" -H "Authorization: Client [CLIENT_SECRET]"'),
    (_R, "keyhacks-fp:placeholder", 'curl https://connect.squareup.com/v2/locations -H "Authorization: Bearer [AUHT_TOKEN]"'),
    (_R, "keyhacks-fp:placeholder", "curl -v https://cdn.contentful.com/spaces/SPACE_ID_HERE/entries\\?access_token\\=ACCESS_TOKEN_HERE"),
    (_R, "keyhacks-fp:placeholder", 'curl -X POST https://api.dropboxapi.com/2/users/get_current_account --header "Authorization: Bearer TOKEN_HERE"'),
    (_R, "keyhacks-fp:placeholder", "AWS_ACCESS_KEY_ID=xxxx AWS_SECRET_ACCESS_KEY=yyyy aws sts get-caller-identity"),
    (_R, "keyhacks-fp:truncated", "./enumerate-iam.py --access-key AKIA... --secret-key StF0q..."),
    (_R, "keyhacks-fp:placeholder", "--header 'x-api-token: [API-KEY-HERE]'"),
    (_R, "keyhacks-fp:placeholder", "curl --user 'api:YOUR_API_KEY' \"https://api.mailgun.net/v3/domains\""),
    (_R, "keyhacks-fp:placeholder", "curl -v -u user@yourcompany.com:test -X GET 'https://domain.freshdesk.com/api/v2/groups/1'"),
    (_R, "keyhacks-fp:placeholder", 'curl -H "x-api-key: APIKEYHERE" "https://console.jumpcloud.com/api/systems"'),
    (_R, "keyhacks-fp:placeholder", "-H 'x-api-key: {API_KEY}'"),
    (_R, "keyhacks-fp:placeholder", "curl -X POST -H \"Content-Type: application/x-www-form-urlencoded\" -d 'client_id=<CLIENT_ID>&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default&client_secret=<CLIENT_SECRET>&grant_type=client_credentials' 'https://login.microsoftonline.com/<TENANT_ID>/oauth2/v2.0/token'"),
    (_R, "keyhacks-fp:reference", "StorageCredentials accountSAS = new StorageCredentials(sasToken);"),
    (_R, "keyhacks-fp:placeholder", 'curl -H "Content-Type:application/json" -d "{\'text\':\'\'}" "YOUR_WEBHOOK_URL"'),
    (_R, "keyhacks-fp:placeholder", "-H 'API-Key: YOUR_API_KEY' \\"),
    (_R, "keyhacks-fp:variable", '-H "X-Api-Key:${APIKEY}" -i'),
    (_R, "keyhacks-fp:placeholder", 'curl -X POST https://api.heroku.com/apps -H "Accept: application/vnd.heroku+json; version=3" -H "Authorization: Bearer API_KEY_HERE"'),
    (_R, "keyhacks-fp:placeholder", 'curl "https://api.mapbox.com/tokens/v2/MAPBOX_USERNAME_HERE?access_token=YOUR_MAPBOX_ACCESS_TOKEN"'),
    (_R, "keyhacks-fp:placeholder", "curl https://instance_name.salesforce.com/services/data/v20.0/ -H 'Authorization: Bearer access_token_here'"),
    (_R, "keyhacks-fp:placeholder", "--header 'x-algolia-api-key: <example-key>' \\"),
    (_R, "keyhacks-fp:placeholder", 'curl -H "Accept: application/vnd.pagerduty+json;version=2"  -H "Authorization: Token token=TOKEN_HERE" -X GET  "https://api.pagerduty.com/schedules"'),
    (_R, "keyhacks-fp:placeholder", 'curl -u "USERNAME:ACCESS_KEY" https://api.browserstack.com/automate/plan.json'),
    (_R, "keyhacks-fp:placeholder", "https://dev.virtualearth.net/REST/v1/Locations?CountryRegion=US&adminDistrict=WA&locality=Somewhere&postalCode=98001&addressLine=100%20Main%20St.&key=API_KEY"),
    (_R, "keyhacks-fp:placeholder", "https://api-ssl.bitly.com/v3/shorten?access_token=ACCESS_TOKEN&longUrl=https://www.google.com"),
    (_R, "keyhacks-fp:placeholder", "https://api2.branch.io/v1/app/KEY_HERE?branch_secret=SECRET_HERE"),
    (_R, "keyhacks-fp:placeholder", 'curl -H "Authorization: Bearer ACCESS_TOKEN" https://app.asana.com/api/1.0/users/me'),
    (_R, "keyhacks-fp:placeholder", "curl https://{target}.zendesk.com/api/v2/users.json \\  -u support@{target}.com/token:{here your token}"),
    (_R, "keyhacks-fp:placeholder", "curl --request GET --url 'https://<dc>.api.mailchimp.com/3.0/' --user 'anystring:<API_KEY>' --include"),
    (_R, "keyhacks-fp:placeholder", 'curl "https://api.wpengine.com/1.2/?method=site&account_name=ACCOUNT_NAME&wpe_apikey=WPENGINE_APIKEY"'),
    (_R, "keyhacks-fp:placeholder", 'curl "https://api.datadoghq.com/api/v1/dashboard?api_key=<api_key>&application_key=<application_key>"'),
    (_R, "keyhacks-fp:placeholder", "-u YOUR_DELIGHTED_API_KEY:"),
    (_R, "keyhacks-fp:placeholder", 'curl -H "Travis-API-Version: 3" -H "Authorization: token <TOKEN>" https://api.travis-ci.org/repos'),
    (_R, "keyhacks-fp:placeholder", "curl https://api.telegram.org/bot<TOKEN>/getMe"),
    (_R, "keyhacks-fp:placeholder", 'curl -u <token>: "https://sonarcloud.io/api/authentication/validate"'),
    (_R, "keyhacks-fp:placeholder", "curl -X GET 'https://graph.instagram.com/{user-id}?fields=id,username&access_token={access-token}'"),
    (_R, "keyhacks-fp:placeholder", 'curl "https://gitlab.example.com/api/v4/projects?private_token=<your_access_token>"'),
    (_R, "keyhacks-fp:placeholder", '--registration-token "PROJECT_REGISTRATION_TOKEN" \\'),
    (_R, "keyhacks-fp:placeholder", '-u "client_id:secret" \\'),
    (_R, "keyhacks-fp:placeholder", "curl https://api.stripe.com/v1/charges -u token_here:"),
    (_R, "keyhacks-fp:placeholder", "curl -u <YOUR_KEY_ID>:<YOUR_KEY_SECRET> \\"),
    (_R, "keyhacks-fp:placeholder", "curl https://circleci.com/api/v1.1/me?circle-token=<TOKEN>"),
    (_R, "keyhacks-fp:placeholder", '-H "Authorization: Bearer <YOUR_API_TOKEN>"'),
    (_R, "keyhacks-fp:placeholder", "curl 'http://api.addressy.com/Capture/Interactive/Find/v1.00/json3.ws?Key=<KEY_HERE>&Countries=US,CA&Language=en&Limit=5&Text=BHAR'"),
    (_R, "keyhacks-fp:placeholder", "curl 'https://api.ipstack.com/{ip_address}?access_key={keyhere}'"),
    (_R, "keyhacks-fp:placeholder", 'export NPM_TOKEN="00000000-0000-0000-0000-000000000000"'),
    (_R, "keyhacks-fp:variable", 'echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc'),
    (_R, "keyhacks-fp:placeholder", "curl -H 'authorization: Bearer 00000000-0000-0000-0000-000000000000' 'https://registry.npmjs.org/-/whoami'"),
    (_R, "keyhacks-fp:placeholder", "curl https://api.opsgenie.com/v2/alerts -H 'Authorization: GenieKey API_KEY'"),
    (_R, "keyhacks-fp:placeholder", 'curl "https://api.keen.io/3.0/projects/PROJECT_ID/events?api_key=READ_KEY"'),
    (_R, "keyhacks-fp:placeholder", 'curl --header "X-TOKEN: <your_token>" https://calendly.com/api/v1/users/me'),
    (_R, "keyhacks-fp:placeholder", 'curl -H "x-api-key: {API_Key}" "https://api.applicationinsights.io/v1/apps/{APP_ID}/metrics/requests/count"'),
    (_R, "keyhacks-fp:placeholder", "curl -u API_Key:Secret_Key 'https://amplitude.com/api/2/export?start=20200201T5&end=20210203T20' >> yourfilename.zip"),
    (_R, "keyhacks-fp:placeholder", '-H "X-Api-Token: {your_api_token}"'),
    (_R, "keyhacks-fp:variable", 'curl -X GET -H "X-TrackerToken: $TOKEN" "https://www.pivotaltracker.com/services/v5/me?fields=%3Adefault"'),
    (_R, "keyhacks-fp:placeholder", "curl -s -X GET --user 'USER:PASSWORD' \"https://www.pivotaltracker.com/services/v5/me -o pivotaltracker.json\""),
    (_R, "keyhacks-fp:reference", "jq --raw-output .api_token pivotaltracker.json"),
    (_R, "keyhacks-fp:placeholder", "curl -XPOST -H \"Content-type: application/x-www-form-urlencoded\" -d 'grant_type=client_credentials&client_id=<client-ID>&client_secret=<client-secret>' 'https://www.linkedin.com/oauth/v2/accessToken'"),
    (_R, "keyhacks-fp:placeholder", '--data "client_secret={application_secret}"'),
    (_R, "keyhacks-fp:placeholder", 'curl "https://api.shodan.io/shodan/host/8.8.8.8?key=TOKEN_HERE"'),
    (_R, "keyhacks-fp:placeholder", "curl 'https://which-cpv-api.bazaarvoice.com/clientInfo?conversationspasskey=<Passkey>' --insecure"),
    (_R, "keyhacks-fp:placeholder", 'curl -s -H "Authorization: Bearer your-api-key" http://your-grafana-server-url.com/api/user'),
    (_R, "keyhacks-fp:placeholder", "curl -u username:password http://your-grafana-server-url.com/api/user"),
    # a key file with its fields elided, keys cut to their prefix
    (_R, "keyhacks-fp:elided", '"private_key": "-----BEGIN PRIVATE KEY-----...-----END PRIVATE KEY-----\\n",'),
    (_R, "keyhacks-fp:elided", '"private_key_id": "...",'),
    (_R, "keyhacks-fp:truncated", "ya29.c..."),
    (_R, "keyhacks-fp:truncated", "E.g.: IGQVJ..."),
    (_R, "keyhacks-fp:truncated", "E.g.: EAAJjmJ..."),
    (_R, "keyhacks-fp:command", "$ gcloud auth activate-service-account --key-file=service_account.json"),
    # formats given as regexes
    (_R, "keyhacks-fp:regex", "App id/client secret:  `sq0[a-z]{3}-[0-9A-Za-z\\-_]{22,43}`"),
    (_R, "keyhacks-fp:regex", "Auth token: `EAAA[a-zA-Z0-9]{60}`"),
    (_R, "keyhacks-fp:regex", "CLIENT_SECRET: [0-9A-Za-z\\+\\=]{40,50}"),
    (_R, "keyhacks-fp:regex", "Regular expression: `^6[0-9a-zA-Z_-]{39}$`. The API key always starts with a 6 and is 40 chars long. Read more here: https://developers.google.com/recaptcha/docs/verify."),
    # public ids
    (_R, "keyhacks-fp:identifier", "| Embed | https://www.google.com/maps/embed/v1/place?q=place_id:ChIJyX7muQw8tokR2Vf5WBBk1iQ&key=KEY_HERE| Varies |"),
    (_R, "keyhacks-fp:identifier", "curl -iLk 'https://www.googleapis.com/youtube/v3/activities?part=contentDetails&maxResults=25&channelId=UC-lHJZR3Gqxm24_Vd_AJ5Yw&key={KEY_HERE}'"),
    (_R, "keyhacks-fp:identifier", '{"locations":[{"id":"CBASELqoYPXr7RtT-9BRMlxGpfcgAQ","name":"Coffee \\u0026 Toffee SF"'),
    (_R, "keyhacks-fp:url", "This issue can be further exploited by checking out [@hateshape](https://github.com/hateshape/)'s gist https://gist.github.com/hateshape/2e671ea71d7c243fac7ebf51fb738f0a."),
)  # fmt: skip

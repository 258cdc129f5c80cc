"""The thirty-eighth session's readings (fresh150 to fresh166: dynamic DNS, chat servers,
network gear, backups and sync, electronics suppliers, social bots, hosting panels, game
servers, events and more), each form beside a look-alike that stays. The values are made up
in each form."""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.noise import dense_signs

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # OmniAuth's and Devise's provider lines: the app's id, then its secret
        (
            "  provider :facebook, '1528539330766565', '36e8b63d40018a9fc83448550988c12d', {}",
            "36e8b63d40018a9fc83448550988c12d",
        ),
        (
            '  #provider :facebook, "349563711788737", "8bd8263e34c961982bb4fb2b517b2594"',
            "8bd8263e",
        ),
        (
            "config.omniauth :github, 'a1b2c3d4e5f6a7b8', 'Zk83hd92jdkKdh3ld92kd8e', scope: 'x'",
            "Zk83hd92jdkKdh3ld92kd8e",
        ),
        # Synapse's generated secrets: signs spread out, unquoted in an env line or a thought
        ("SYNAPSE_FORM_SECRET=w@,Hj.elPCd#cj#fsyWYQg+kTyvehv0H4h*A+EVhd.b~4bo,ZH", "fsyWYQg"),
        ("The key w@,Hj.elPCd#cj#fsyWYQg+kTyvehv0H4h*A+EVhd.b~4bo,ZH gets a 401 now", "fsyWYQg"),
        ("token = bhOhyJgxMi*7oHPrOR1Ns;ikR3cP,GdbcMxtVK24dDLCWr@Lxu", "GdbcMxtVK24"),
        ("echo 'SYN_SECRET=GY-HMsIwAsc3fqReOuZqE;ZamdA;~BKJ.WR7@e_CWx+@hMFG3P' >> .env", "WR7@e"),
        # RouterOS scripts' variables named for a secret
        (':global PPPOEPASS "BeNnBFX607z5"', "BeNnBFX607z5"),
        (':local clientSecret "androidklijent"', "androidklijent"),
        # routing protocols' neighbour keys
        (" ip ospf message-digest-key 1 md5 Gn5Vault77", "Gn5Vault77"),
        (" ip ospf authentication-key 7 0822455D0A16", "0822455D0A16"),
        (" neighbor 10.0.0.2 password 7 0822455D0A16544541", "0822455D0A16544541"),
        # a Wi-Fi network's passphrase of digits
        ("psk=02338293", "02338293"),
        # FreeDNS's update URLs
        (
            "wget -O - http://freedns.afraid.org/dynamic/update.php?Vjk4ZHBhYkVLRHpkeWVza202cUM6OTI2NjY1Mg==",
            "Vjk4ZHBhYkVLRHpk",
        ),
        ("curl https://sync.afraid.org/u/AbCdEfGh12345678XyZ/", "AbCdEfGh12345678XyZ"),
        # inadyn 1.x's login
        ("/usr/sbin/inadyn -u cyane007  -p lavidaperra -a host.ath.cx", "lavidaperra"),
        # WHMCS's card and password encryption key, no digest despite its name
        (
            "$cc_encryption_hash = 'l9CA25oIEjMlpDI51qG1IwDJcg4kHuWpVyI26imQX3lUHGDO2wIF';",
            "l9CA25o",
        ),
        # a WordPress salt of 64 signs holding three blanks
        (
            "define('NONCE_SALT','}RXI>1=i);>@z0hv84?6E cP0F CP(dW<r*zOq9xL/Jj -ASO[H.&ZNep.7=S');",
            "ZNep.7=S",
        ),
        # a Source game server's console variables and LinuxGSM's login token
        ('rcon_password "Lq8mBalls69"', "Lq8mBalls69"),
        ("./srcds_run -game csgo +sv_setsteamaccount 62ACB533A571E99EF8C73BE10D8221F7", "62ACB5"),
        ('gslt="0FE39A66F6A299709D3A853BAAC9877D"', "0FE39A66"),
        # fastlane's Apple ID session, a cookie jar on one line, taken whole
        (
            "FASTLANE_SESSION=---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n"
            '  value: DAWTKNV3239\\n  path: "/"\\n',
            "DAWTKNV3239",
        ),
        # Moralis' Speedy Nodes
        (
            'url: "https://speedy-nodes-nyc.moralis.io/3749d19c2c6dbb6264f47871/bsc/testnet"',
            "3749d19c",
        ),
        # a three-sign head a blank or a comma cuts is still read
        ("terraform apply -var 'security_answer_secret=Dr. Watson'", "Dr."),
        # a typed password that opens like a stand-in
        (
            "(new-object pscredential('Administrator',('Somepass1' | ConvertTo-SecureString)))",
            "Somepass1",
        ),
    ],
)
def test_each_form_of_the_session_is_redacted(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # an OmniAuth provider read from the environment, or given placeholders
        "  provider :github, ENV['GITHUB_KEY'], ENV['GITHUB_SECRET']",
        '  config.omniauth :facebook, "APP_ID", "APP_SECRET"',
        "  provider :identity, fields: [:email], model: User",
        # Mastodon.py reads its credentials from a file named so
        "mastodon = Mastodon(access_token = 'pytooter_usercred.secret')",
        # a service account's address, a SharePoint drive's id
        '"client_email": "mfc-h75wu2jyggfnbghggwcvhk0r7l@quick-1595941.iam.gserviceaccount.com",',
        "drive_id = b!6qdd7tZc-E2EmBbgI9Rc8cVv1Hq3folAt221f84rDlsiv6zPrI7CSIYdv5u_j3j4",
        # a RouterOS variable that names no secret, or holds a variable
        ':local myName "router1"',
        ":global WPA2KEY $key",
        # a hash's type stops a device's key; a BGP neighbour's other settings
        " ip ospf message-digest-key 1 md5 5 $1$abc",
        " neighbor 10.0.0.2 remote-as 65001",
        # a placeholder owned by the reader, a count glued on
        "MIKROTIK_PASSWORD=YourStrongPassword123",
        # inadyn 2's -p drops privileges to a user
        "inadyn -f /etc/inadyn.conf -p nobody:nogroup",
        # a number too short for a passphrase, or one that counts
        "PSK: 12",
        "psk=12345678",
        # Lua's "not equal" is no assignment
        "    elseif password ~= clPassword then",
        # a credential's name, a request, a sentence in Russian, "blablabla"
        'telegramtoken="accesstoken"',
        '    MASTER_KEY: "ReplaceWithMasterKey"',
        "JWT_SECRET=ваш_очень_длинный_случайный_секрет_минимум_32_символа",
        '\t\t"refresh_token":"3AAABLblqZblablablabla",',
        # an empty console variable, a request for one
        'sv_password ""',
        'rcon_password "CHANGE THIS" //Sets the remote control password',
        # three signs that end a value: a stand-in (fresh165)
        "SHARED_SECRET=abc",
        '    "TITO_SECRET_KEY": "xzy",',
        # a property of a name in Spanish, a comment after an empty value
        "      let hashPassword = user.Contraseña; // el hash",
        "      - HASHED_PASSWORD= #optional",
    ],
)
def test_each_look_alike_of_the_session_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_sparse_signs_of_a_long_run_pass_the_noise_gate() -> None:
    """Four rare signs spread over a blank-free run (each within 25 signs of the last) pass
    the generated-noise rule's pre-check, as four close ones do; words with a few commas
    do not."""
    assert dense_signs("form_secret: w@,Hj.elPCd#cj#fsyWYQg+kTyvehv0H4h*A+EVhd.b~4bo,ZH")
    assert not dense_signs("one, two, three; four (five) and six")

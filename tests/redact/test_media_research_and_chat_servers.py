"""Readings from the blind sets fresh76 to fresh82 (media servers and streaming, research
computing, enterprise integration and ERP, self-hosted chat servers, payment gateways,
security tooling, network devices): each secret goes and each look-alike beside it stays.
The network devices' rule is ``network_devices.py``'s."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a setter given a constant that names the password (SAP JCo's destinations)
        (
            '\tconnectProperties.setProperty(DestinationDataProvider.JCO_PASSWD, "foxestar");',
            "foxestar",
        ),
        ('props.put(KEY_PASSWORD, "s3cretPw1");', "s3cretPw1"),
        # an UnrealIRCd link block's passwords
        ('        password-connect "abdeekeren";', "abdeekeren"),
        ('    password-receive "Xy7kLm2pq";', "Xy7kLm2pq"),
        # a live stream's key in an RTMP ingest URL, in a platform's form
        (
            "             #push rtmp://newyork.restream.io/live/re_1669031_a648c5b23b099e1cb824;",
            "re_1669031_a648c5b23b099e1cb824",
        ),
        ("push rtmp://a.rtmp.youtube.com/live2/17mp-vm1y-kpzd-2998;", "17mp-vm1y-kpzd-2998"),
        (
            'ffmpeg -f flv "rtmps://live-api-s.facebook.com:443/rtmp/FB-1234567890123456-0-AbxYz12QrsTuv"',
            "FB-1234567890123456-0-AbxYz12QrsTuv",
        ),
        # the Copernicus CDS API's <user id>:<key>
        ("key: 81894:acca8b46-7c92-471d-a5a9-80b585280943", "acca8b46-7c92"),
        # network devices: shared keys after their keyword, in clear or Cisco's type 7, and
        # SNMP communities (IOS, net-snmp, RouterOS, LibreNMS and each string of its array)
        ("R1(config)# tacacs-server key Tacacs123", "Tacacs123"),
        ("tacacs-server host 10.0.0.1 key 0 Tac4csKey", "Tac4csKey"),
        ("radius-server key 7 045802150C2E1D1C5A", "045802150C2E1D1C5A"),
        ("crypto isakmp key t5nn3l address 10.0.0.5", "t5nn3l"),
        (" key-string 7 070C285F4D06", "070C285F4D06"),
        ("ntp authentication-key 1 md5 NtpKey123 7", "NtpKey123"),
        ("enable secret 0 Cisco123x", "Cisco123x"),
        ("username admin privilege 15 password 0 Cisco123x", "Cisco123x"),
        ("snmp-server community ansible-private RW", "ansible-private"),
        ("rocommunity s3cr3tComm 10.0.0.0/8", "s3cr3tComm"),
        (
            "\tcommunity set [find default=yes] addresses=192.168.8.0/24 name=losenet write-access",
            "losenet",
        ),
        (
            "$config['snmp']['v2c']['community']['172.29.226.1'] = 'Purvar123';",
            "Purvar123",
        ),
        ('$config[\'snmp\'][\'community\'] = array("djt562","public","A2Yus5u1");', "djt562"),
        ('$config[\'snmp\'][\'community\'] = array("djt562","public","A2Yus5u1");', "A2Yus5u1"),
        # a Dockerfile's ENV in its old form
        ("ENV OB_PASS ob_pass", "ob_pass"),
        # look-alikes' neighbours that still go: a hex key named for one, a mixed-case
        # user name, an XML element's password after an attribute, a key that is no template
        ("api_key: 9fc2e668dad9499299b2c8bb080d8371", "9fc2e668dad9499299b2c8bb080d8371"),
        ('username = "Xk9mP2qR7sT4vW8yZ3bN6cF1"', "Xk9mP2qR7sT4vW8yZ3bN6cF1"),
        ('<password encrypted="false">kodi1234x</password>', "kodi1234x"),
        (
            "token: {{ ghp_R8kQ2mZ7vX1pL9sT4wY6bN3cF5hJ0dG2aE7u }}",
            "ghp_R8kQ2mZ7vX1pL9sT4wY6bN3cF5hJ0dG2aE7u",
        ),
        ("password: *Hunter2", "*Hunter2"),
        (
            "OPENWEATHER_URL=https://api.openweathermap.org/data/2.5/weather?appid=2d81c7a06a21ec11b6e600224837a251",
            "2d81c7a06a21ec11b6e600224837a251",
        ),
    ],
)
def test_their_secrets_go(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and found


@pytest.mark.parametrize(
    "text",
    [
        # a Mule secure property: ciphertext, its key elsewhere
        "oracle.password=![zbRNk/+r7leehoJcADem8Q==]",
        "azure.sb.sharedAccessKey=![hoX/A3WYuEBjn/Nv+NKNEbt8jp26Taz6BfBQeqjRHTnV5yS8xhf2v73cBWP1cISf]",
        # a switch in a secret's place
        "  bot_token: disabled",
        "        shared_secret: disable",
        "  github_client_secret: ignored",
        '    api_key: "enter"',
        "  #master_api_key: changethis",
        # a template's name for the value, a YAML alias, a note left in the value's place
        "SECRET_KEY_BASE={{dcaaecdb524dcd59a8bddf30657bf735}}",
        "SMTP_PASSWORD={{bfa0994c104828783d5cafa4e46881cb}}",
        "      token: *bt",
        '        sendpass = "XXX: password configured in upstream server recvpass";',
        "        # personal_access_token = 'YOURPAT'",
        '    ask_oper_pass = "Operator password:";',
        # ids: a user's id or name, an application credential's id, a Zoho client's id, a
        # Dynamics app's id in a record URL
        "mattermost_bot_userid: 'bmq7jiumpib3xdz3mx5iyo99ro'",
        'username = "2wm9nks61ukk4v38g2916gs6q"',
        '      application_credential_id: "9fc2e668dad9499299b2c8bb080d8371"',
        "- Client ID: `1000.7KMAZLTHW8YZCYLMVKL0H6KVVMZCCX`",
        "        'client_id' => '1000.1GOGXG96V2J425575M9JZO4UXOESRH',",
        'Console.WriteLine($"https://x.crm2.dynamics.com/main.aspx?appid=2d81c7a0-6a21-ec11-b6e6-00224837a251&forceUCI=1");',
        # an XML element's attribute after a password's name, a pattern's groups
        '        <webserverpassword default="true"></webserverpassword>',
        'rmodifier = "input_text_display;^(/(server|connect) .*-password=)(\\S+)(.*);1,4*,5"',
        # network devices: a default community, a template, a scrubbing
        # pattern; an ENV naming another name; a Perl or PHP variable's member
        "snmp-server community public RO",
        "          - snmp-server community {{ snmp_ro }} RO",
        "/snmp community add name=public addresses=0.0.0.0/0",
        "    cfg.gsub! /^(tacacs-server key \\d) (\\S+)/, '\\\\1 <secret hidden>'",
        "ENV S3Secret AWSS3Secret",
        # a device's keyword in a sentence (real commit messages): the value must end its line
        "Enable password reset button outside the form and log reset links",
        "Enable secret guard + rotate prod env",
        "    private_key_password = `$ENV{EAP_PRIVATE_KEY_PASSWORD}`",
        "DB_PASSWORD=$_ENV['X']",
        # a constant naming no secret, a local stream's name
        'map.put(PASSWORD_FIELD, "Password:");',
        "push rtmp://localhost/live/mystream;",
        "see the rtmp docs at https://example.com/docs/abcd-efgh-ijkl-mnop",
        "ffmpeg -f flv rtmp://127.0.0.1:1935/live/test-2024-abcd",
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_a_device_hash_is_left_to_the_hash_rule() -> None:
    """Types 5, 8 and 9 are hashes: the device rule stops at the type, ``password_hash``
    (kept as a finding by policy) takes the hash."""
    out, found = R.redact_text(
        "username admin privilege 15 secret 5 $1$7O2U$rUEsNEDAIFvGAI5FTwjyY1"
    )
    assert found == {"password_hash": 1} and out.endswith("secret 5 [REDACTED:password_hash]")

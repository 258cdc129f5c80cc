"""What fresh32's first run (hobbyist IoT sketches and mobile apps' configs: text 85.0 %)
showed: the C and Arduino world writes its credentials as macros, char arrays and calls
that take a network's name and passphrase. Each beside a look-alike that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('#define SECRET_PASS "pratham2011"', "pratham2011"),
        ('#define STAPSK  "LiveLaughLove2020"', "LiveLaughLove2020"),
        ('#define WIFI_PASSWORD "2356198488"', "2356198488"),
        ('#define BLYNK_AUTH_TOKEN "Zk2mq8Lw3PqX9vT4nB7cR5yU1wE3sA6d"', "Zk2mq8Lw3PqX9vT4"),
        ('char pass[] = "123456798"; // Password', "123456798"),
        ('char pass[] = "CLFA4AC560";', "CLFA4AC560"),  # the pre-check's trigger saw no "[]"
        ('char apikey[] = "Zk2mq8Lw3PqX9vT4nB7c";', "Zk2mq8Lw3PqX9vT4nB7c"),
        ('char password[] = "0507092767"; // your network key', "0507092767"),
        ("wlan.connect('radiogis', 'radio.1359')", "radio.1359"),
        ('WiFi.begin("MyHome", "Geelong2004");', "Geelong2004"),
        ('wifiMulti.addAP("MyHome", "Siberia51244");', "Siberia51244"),
    ],
)
def test_a_sketchs_credential_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        '#define SECRET_SSID "MyNet"',  # a network's name
        "#define KEY_UP 0x26",
        '#define MONKEY_NAME "george"',
        "WiFi.begin(ssid, password);",  # variables
        "const char* password = STAPSK;",  # a macro's name
        "http_password: fake",  # Home Assistant's example secrets.yaml
        '#define MQTT_PASS "DVES_PASS"  // [MqttPassword] Optional password',  # Tasmota's default
    ],
)
def test_its_look_alikes_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

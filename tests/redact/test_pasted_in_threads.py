"""fresh30's first run (credentials pasted into public threads, many of them about
self-hosted tools written up in Chinese): a password said to be a value in the languages
that put no blank or ``=`` between them, Helm's ``--set`` lists, pasted stand-ins, and an
ffmpeg command a URL's user made look like a login's."""

from __future__ import annotations

import pytest

from streams.redact import RedactionConfig, Redactor
from streams.redact.said import said_keys

R = Redactor(RedactionConfig(mode="redacted"))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("MySQL中nacos用户的密码是`Nacos@Cloud#2026SecDB!xK9`，已登录验证。", "Nacos@Cloud"),
        ("数据库密码：Xk29qLmz", "Xk29qLmz"),
        ("root 密码为 Zx8kq2Lm", "Zx8kq2Lm"),
        ("默认密码是 admin123，登录后请修改", "admin123"),
        ("パスワードは Zx8kq2Lm です", "Zx8kq2Lm"),
        ("비밀번호는 Zx8kq2Lm 입니다", "Zx8kq2Lm"),
        ("密码: Xk29qLmz", "Xk29qLmz"),
    ],
)
def test_a_password_said_to_be_a_value_in_chinese_japanese_or_korean_goes(
    text: str, secret: str
) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and found == {"secret_assignment": 1}, out


@pytest.mark.parametrize(
    "text",
    ["忘记密码是常见问题", "密码为空", "密码：请输入", "密码是什么？", "パスワードはありません"],
)
def test_a_sentence_about_a_password_in_those_languages_stays(text: str) -> None:
    """Forgetting a password is common, the password is empty, enter a password: the words
    after "is" are words of the language, never a value of ASCII signs."""
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "aws_secret_access_key=xxx（my aws_secret_access_key）",  # a full-width parenthesis ends it
        'define("DB_PASS", "sXXXX98");',  # masked but for a few signs
    ],
)
def test_fresh30s_pasted_stand_ins_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password=Zk2mq8Lw3P，然后重启", "Zk2mq8Lw3P"),
        ('define("DB_PASS", "s8Kq2x98");', "s8Kq2x98"),
        ("like http://token:Zk2mq8Lw3PqX@hostname:6800/jsonrpc", "Zk2mq8Lw3PqX"),
        # a password the URL rule cannot parse is still read as the user's assignment
        (
            'git remote set-url origin "https://x-access-token:B8O9w0a7rh0jPxAkfZBhDqb9yp/blh@gh.com/a/b"',
            "B8O9w0a7rh0jPxAk",
        ),
    ],
)
def test_their_look_alikes_still_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


def test_a_word_password_in_a_helm_set_list_goes() -> None:
    """``--set a.password=…,b.password=…``: literals a ``,`` separates, typed as a password's
    value is anywhere else (a word that names a secret is what people set there)."""
    text = "helm install minio --set accessKey.password=minioaccess,secretKey.password=miniosecret"
    out = R.redact_text(text + ",persistence.size=40Gi ./chart")[0]
    assert "minioaccess" not in out and "miniosecret" not in out and "size=40Gi" in out, out
    assert R.redact_text("--set config.passwordField=password_field,x=1")[1] == {}


@pytest.mark.parametrize("word", ["Zurimb@2015", "Admin@123", "Welcome@2023"])
def test_a_capitalised_word_at_a_number_said_in_a_note_goes(word: str) -> None:
    """The password a policy of capitals, digits and a sign gets (fresh30's Elasticsearch
    ``ELASTIC_PASSWORD='Zurimb@2015'``), said in a note; versions pinned with ``@`` stay."""
    note = f"Pasted {word} into the config but the call still fails."
    assert [note[a:b] for a, b in said_keys(note)] == [word]
    kept = "Ran brew install postgresql@14 and nvm use Node@18, then pip install pkg@2024.1."
    assert said_keys(kept) == []


def test_login_inside_a_urls_user_makes_no_login_command() -> None:
    """``login\\b … -p`` read ffmpeg's ``-pix_fmt`` as ``-p <password>`` because the RTSP
    URL's user was "login"; ``docker login -p`` still goes."""
    ffmpeg = "ffmpeg -i rtsp://login:pw@IP_ADDRESS:554/videoMain -vcodec libx264 -pix_fmt yuv420p"
    assert "-pix_fmt yuv420p" in R.redact_text(ffmpeg)[0]
    assert "Xk2mzq9Lpw" not in R.redact_text("docker login -u bob -p Xk2mzq9Lpw ghcr.io")[0]

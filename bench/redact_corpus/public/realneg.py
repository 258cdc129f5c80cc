# ruff: noqa: E501  (tables of sources: one case per line reads best)
"""Build the ``realneg`` negatives: strings that real files of real public repositories
show, that look random and are no credential (lock-file hashes, public key material,
content-addressed names, ids, cache paths).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/realneg.py

It reads the snapshots that ``fetch github:<owner>/<name>`` brought under
``/work/.mirror`` (the repositories of ``RULES``; the commit of each one's HEAD pins every
source URL) and adds ``TAKEN``, the strings taken one by one from single files and from
public issue threads through the search tools, each with its source. It writes
``realneg_negatives.jsonl`` (committed, so CI never needs the network); there is no secrets
file: the split is negatives only.

A string is kept only if no pattern of ``LOOKS_LIKE_A_CREDENTIAL`` finds anything in it
(when in doubt, it is dropped and counted), it is no repeat within the split and no text of
an earlier split's negatives. A rule takes at most ``limit`` strings, spread evenly over all
its matches in path and line order, so a rebuild from the same snapshots gives the same
bytes.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from carriers import load, write  # noqa: E402

MIRRORS = Path("/work/.mirror")
OUT = "realneg_negatives.jsonl"
SPLIT = "realneg"
MAX_LEN = 300
PER_KIND = 25
EARLIER_NEGATIVES = (
    "negatives.jsonl",
    "fresh_negatives.jsonl",
    "fresh2_negatives.jsonl",
    "fresh3_negatives.jsonl",
    "fresh4_negatives.jsonl",
    "fresh5_negatives.jsonl",
)


@dataclass(frozen=True)
class Rule:
    """Lines of one repository's files to take as negatives of one kind."""

    kind: str
    repo: str
    paths: str
    """A regex a file's path (in HEAD's tree) must fully match."""
    line: str
    """A regex a line must contain."""
    limit: int = 10
    armour: str | None = None
    """Only lines between ``-----BEGIN <armour>-----`` and its END line (body lines)."""
    start: str | None = None
    """The text starts where this regex's match ends (for one-line files such as source maps)."""
    skip: str | None = None
    """A line this regex finds something in is not taken (placeholders, typed values)."""


# fmt: off
RULES: tuple[Rule, ...] = (
    # lock files
    Rule("lock:go-sum", "gitleaks/gitleaks", r"go\.sum", r" h1:[A-Za-z0-9+/]{43}=", 12),
    Rule("lock:go-sum", "FiloSottile/age", r"go\.sum", r" h1:[A-Za-z0-9+/]{43}=", 4),
    Rule("lock:cargo-checksum", "sirwart/ripsecrets", r"Cargo\.lock", r'^checksum = "[0-9a-f]{64}"', 10),
    Rule("lock:npm-integrity", "axios/axios", r"package-lock\.json", r'"integrity": "sha(1|512)-', 10),
    Rule("lock:npm-resolved", "pypi/warehouse", r"package-lock\.json", r'"resolved": "https://', 8),
    Rule("lock:yarn-resolved", "vercel/hyper", r"(app/)?yarn\.lock", r'^\s+resolved "https://[^"]+#[0-9a-f]{40}"', 10),
    Rule("lock:yarn-integrity", "vercel/hyper", r"(app/)?yarn\.lock", r"^\s+integrity sha(1|512)-", 8),
    Rule("lock:pnpm-integrity", "vitejs/vite", r"pnpm-lock\.yaml", r"resolution: \{integrity: sha512-", 10),
    Rule("lock:poetry-hash", "python-poetry/poetry", r"poetry\.lock", r'\{file = "[^"]+", hash = "sha256:[0-9a-f]{64}"\}', 10),
    Rule("lock:uv-hash", "GitGuardian/ggshield", r"uv\.lock", r'url = "https://files\.pythonhosted\.org/[^"]+", hash = "sha256:', 10),
    Rule("lock:pip-hash", "pypi/warehouse", r"requirements/[a-z-]+\.txt", r"--hash=sha256:[0-9a-f]{64}", 12),
    Rule("lock:terraform", "hashicorp/learn-terraform-provision-eks-cluster", r"\.terraform\.lock\.hcl", r'"(h1|zh):[A-Za-z0-9+/=]{40,}"', 12),
    Rule("lock:flake", "nix-community/home-manager", r"(docs/)?flake\.lock", r'"(narHash|rev)": "', 10),
    Rule("lock:flake", "sirwart/ripsecrets", r"flake\.lock", r'"(narHash|rev)": "', 6),
    # public key material
    Rule("pubkey:pem-ca-cert", "certifi/python-certifi", r"certifi/cacert\.pem", r"^[A-Za-z0-9+/=]{20,}$", 15, armour="CERTIFICATE"),
    Rule("pubkey:cert-fingerprint", "certifi/python-certifi", r"certifi/cacert\.pem", r"^# (MD5|SHA1|SHA256) Fingerprint: ", 10),
    Rule("pubkey:pem-test-cert", "psf/requests", r"tests/certs/.+\.(pem|crt)", r"^[A-Za-z0-9+/=]{20,}$", 8, armour="CERTIFICATE"),
    Rule("pubkey:pem-test-cert", "axios/axios", r"test/unit/adapters/cert\.pem", r"^[A-Za-z0-9+/=]{20,}$", 4, armour="CERTIFICATE"),
    Rule("pubkey:pem-csr", "psf/requests", r"tests/certs/.+\.csr", r"^[A-Za-z0-9+/=]{20,}$", 6, armour="CERTIFICATE REQUEST"),
    Rule("pubkey:pem-public-key", "jedisct1/minisign", r"cosign\.pub", r"^[A-Za-z0-9+/=]{20,}$", 4, armour="PUBLIC KEY"),
    Rule("pubkey:pem-public-key", "ZupIT/horusec", r"deployments/cosign\.pub", r"^[A-Za-z0-9+/=]{20,}$", 4, armour="PUBLIC KEY"),
    Rule("pubkey:pgp-armour", "nodejs/release-keys", r"keys/[0-9A-F]{40}\.asc", r"^[A-Za-z0-9+/=]{20,}$", 15, armour="PGP PUBLIC KEY BLOCK"),
    Rule("pubkey:gpg-fingerprint", "nodejs/release-keys", r"README\.md", r"`[0-9A-F]{40}`", 8),
    Rule("pubkey:gpg-fingerprint", "nix-community/home-manager", r"all-maintainers\.nix", r'fingerprint = "[0-9A-F ]{40,}"', 8),
    Rule("pubkey:age-recipient", "FiloSottile/age", r"README\.md|cmd/.+|[a-z_/]+_test\.go", r"\bage1[02-9ac-hj-np-z]{58}\b", 10, skip=r"AGE-SECRET-KEY"),
    Rule("pubkey:age-recipient", "nix-community/home-manager", r"tests/.+\.nix", r"\bage1[02-9ac-hj-np-z]{58}\b", 3, skip=r"AGE-SECRET-KEY"),
    Rule("pubkey:ssh-public", "FiloSottile/age", r"SIGSUM\.md", r"^ssh-ed25519 AAAA[A-Za-z0-9+/]{60,}", 4),
    Rule("pubkey:minisign", "jedisct1/minisign", r"README\.md", r"\bRW[A-Za-z0-9+/]{54}\b", 4),
    # paths that look random
    Rule("path:nix-store", "nix-community/home-manager", r"docs/.+\.md", r"/nix/store/[0-9a-df-np-sv-z]{32}-", 12),
    # pinned references, content addresses, hashed names
    Rule("ci:action-pin", "pypi/warehouse", r"\.github/.+\.ya?ml", r"uses: [^ ]+@[0-9a-f]{40}", 4),
    Rule("ci:action-pin", "vitejs/vite", r"\.github/.+\.ya?ml", r"uses: [^ ]+@[0-9a-f]{40}", 4),
    Rule("ci:action-pin", "psf/requests", r"\.github/.+\.ya?ml", r"uses: [^ ]+@[0-9a-f]{40}", 3),
    Rule("ci:action-pin", "python-poetry/poetry", r"\.github/.+\.ya?ml", r"uses: [^ ]+@[0-9a-f]{40}", 3),
    Rule("ci:action-pin", "certifi/python-certifi", r"\.github/.+\.ya?ml", r"uses: [^ ]+@[0-9a-f]{40}", 2),
    Rule("image:digest", "vitejs/vite", r"\.github/.+\.ya?ml", r"@sha256:[0-9a-f]{64}", 2),
    Rule("image:digest", "GitGuardian/ggshield", r".+", r"@sha256:[0-9a-f]{64}", 4),
    Rule("image:digest", "aquasecurity/trivy", r"docs/.+\.md", r"@sha256:[0-9a-f]{64}", 8),
    Rule("git:changelog-commit", "vitejs/vite", r"packages/vite/CHANGELOG\.md", r"/commit/[0-9a-f]{40}\)", 10),
    Rule("git:changelog-commit", "axios/axios", r"CHANGELOG\.md", r"/commit/[0-9a-f]{40}\b", 5),
    Rule("url:pypi-file", "python-poetry/poetry", r"tests/repositories/fixtures/legacy/.+\.html", r"files\.pythonhosted\.org/packages/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{60}/", 8),
    Rule("url:hashed-asset", "python-poetry/poetry", r"tests/repositories/fixtures/pypi\.org/.+\.html", r"\.[0-9a-f]{8,}\.(js|css)\b", 4),
    Rule("html:sri", "pypi/warehouse", r"warehouse/templates/.+\.html", r'integrity="sha(256|384|512)-', 6),
    Rule("html:sri", "python-poetry/poetry", r"tests/.+\.html", r'integrity="sha(256|384|512)-', 4),
    Rule("encoded:data-uri", "vitejs/vite", r".+\.(ts|js|css|html|vue|svg)", r";base64,[A-Za-z0-9+/]{40}", 6, skip=r"\biRxVB0|aA\+/0="),
    Rule("encoded:data-uri", "psf/requests", r"tests/.+\.py", r";base64,[A-Za-z0-9+/]{20}", 2),
    Rule("encoded:data-uri", "vercel/hyper", r".+\.(ts|tsx|js|css|html)", r";base64,[A-Za-z0-9+/]{40}", 2),
    Rule("encoded:sourcemap-mappings", "axios/axios", r"dist/.+\.map", r'"mappings":\s*"', 6, start=r'"mappings":\s*";*'),
    # ids
    Rule("id:uuid", "pypi/warehouse", r"(tests|docs)/.+\.(py|md|rst)", r"\b[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b", 12, skip=r"(?i)jti|jwt|token|0{8}"),
    Rule("id:traceparent", "w3c/trace-context", r"spec/.+\.md", r"\b00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]\b", 10),
    Rule("id:ulid", "ulid/spec", r"README\.md", r"\b01[0-9A-HJKMNP-TV-Z]{24}\b", 6),
    Rule("id:snowflake", "discord/discord-api-docs", r"developers/.+\.mdx?", r'"(id|guild_id|channel_id|application_id|user_id)": "[0-9]{17,20}"', 12, skip=r'"([0-9])\1{5,}|"1234567'),
    Rule("id:mongo-objectid", "Automattic/mongoose", r"docs/.+\.md", r"ObjectId\(['\"][0-9a-f]{24}['\"]\)", 10, skip=r"([0-9a-f])\1{11}"),
    Rule("id:ipfs-cid", "multiformats/cid", r"README\.md", r"\b(Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,}|zb2[1-9A-HJ-NP-Za-km-z]{40,})", 4),
    Rule("id:git-lfs-oid", "git-lfs/git-lfs", r"docs/.+\.md", r"oid sha256:[0-9a-f]{64}", 3),
)
# fmt: on

GH = "https://github.com/"  # issue and pull-request threads (the search tool's ``issues`` corpus)

# (kind, text, source): lines of real logs, configs and notes that developers pasted into
# public issue threads, found with the search tool; each is a whole line as the thread shows
# it (ends stripped, cut at MAX_LEN), the source its thread.
# fmt: off
TAKEN: tuple[tuple[str, str, str], ...] = (
    # Xcode DerivedData folders (<project>-<28 letters>, build description hashes, bot ids)
    ("path:xcode-derived-data", "2015-11-06 09:01:13.875 xcodebuild[2347:15087] Error saving log: Error Domain=NSPOSIXErrorDomain Code=2 \"No such file or directory\" UserInfo={NSFilePath=/Users/ascender/Library/Developer/Xcode/DerivedData/Karabiner_server-elftdedwkvvelgezaihcaojsyhbh/Logs/Build/B1E294E9-05AA-418B-BD78-8A654CA0B195.xcactivitylog, NSLocalizedDescription=No such file or directory} | User info: {", GH + "pqrs-org/Karabiner-archived/issues/509"),
    ("path:xcode-derived-data", "ld: warning: directory not found for option '-L/Users/mobile/Library/Caches/XCSBuilder/Bots/67a12ab2bd5d16cf4ca4376cec660625/DerivedData/Build/Products/Debug-iphonesimulator/KIF'", GH + "buildasaurs/Buildasaur/issues/297"),
    ("path:xcode-derived-data", "I think that's the important bit. Try removing `/Users/tomkowz/Library/Developer/Xcode/DerivedData/Quick-cbjmvexwlrmdkycffuteuonjgjct/` and building again.", GH + "Carthage/Carthage/issues/613"),
    ("path:xcode-derived-data", "`/Users/XXXXXXX/Library/Developer/Xcode/DerivedData/Q-municate-hjmwzimjzrrjlnghteggabkoiipq/Build/Intermediates.noindex/Q-municate.build/Debug-iphonesimulator/Q-municate.build/Script-584B79C41C452A7A00356FB9.sh: line 2: /Users/XXXXXXX/Downloads/XXXXXXX: No such file or directory`", GH + "QuickBlox/q-municate-ios/issues/305"),
    ("path:xcode-derived-data", "[capacitor]         Build description path: /Users/chris/Projects/test_ionic/myApp/ios/DerivedData/00008020-001D181C01E8003A/Build/Intermediates.noindex/XCBuildData/e2a8d7b30ae7b2ecf7ededf20d3346c1-desc.xcbuild", GH + "ionic-team/capacitor/issues/5337"),
    ("path:xcode-derived-data", "[capacitor]         Build description signature: e2a8d7b30ae7b2ecf7ededf20d3346c1", GH + "ionic-team/capacitor/issues/5337"),
    ("path:xcode-derived-data", 'rsync -auv "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/iphonesimulator/libswiftSecurity.dylib" "/Users/simon/Library/Developer/Xcode/DerivedData/Core-gsugaskgvvljlsbbrlqwgexjknrz/Build/Products/Debug-iphonesimulator/CoreTests.xctest/Frameworks"', GH + "CocoaPods/CocoaPods/issues/3319"),
    # Gradle caches (files-2.1/<group>/<name>/<version>/<sha1>/, metadata descriptors)
    ("path:gradle-cache", ".gradle/caches/modules-2/files-2.1/com.jetbrains.intellij.idea/ideaIC/2018.1/d082978a55b398ef544e7daee1dd6228b88dbfc1/ideaIC-2018.1/plugins/Groovy/lib/duplicates-groovy.jar", GH + "JetBrains/intellij-platform-gradle-plugin/issues/278"),
    ("path:gradle-cache", ".gradle/caches/modules-2/files-2.1/com.jetbrains.intellij.idea/ideaIC/2018.1/41575d90c6dfac0e36e5c9328b89ad85de1da2c1/ideaIC-2018.1-sources.jar/lib/duplicates-groovy-2018.1-withSources.jar", GH + "JetBrains/intellij-platform-gradle-plugin/issues/278"),
    ("path:gradle-cache", r"> Could not load module metadata from C:\Users\c00297161\.gradle\caches\modules-2\metadata-2.71\descriptors\com.fasterxml.jackson.core\jackson-databind\2.10.4\bc771024157fd76ccd80a6832457a164\descriptor.bin", GH + "gradle/gradle/issues/14420"),
    # GitHub Actions runner temp scripts
    ("path:gha-runner-temp", "2019-12-10T15:04:27.0006449Z /bin/bash: E:SourceGithubrunner_layout_work_temp4d150768-4ef5-4b8b-a310-3effbd9ac7aa.sh: No such file or directory", GH + "actions/runner/issues/216"),
    # Bazel output bases and sandboxes
    ("path:bazel-output-base", "java.lang.RuntimeException: Unrecoverable error while evaluating node 'GIT_CLONE:https://github.com/mzhaom/trunk.git -> /private/var/tmp/_bazel_$USER/e9946435dae6f8c31baddd547472fa88/external/boost_repo (a4daafd562215a9e088cfc8997970d1182523ff9) submodules: false' (requested by nodes 'GIT_REPOSITORY:@boost_repo')", GH + "bazelbuild/bazel/issues/650"),
    ("path:bazel-output-base", "/private/var/tmp/_blaze_alexeagle/048dc339e919adf019cd498aa08795ff/bazel", GH + "bazelbuild/bazel/issues/26"),
    ("path:bazel-output-base", "ERROR: error loading package 'bazel_build/a2c243acddb395e730bcba922df62265/external/bazel_skylib/lib': cannot load '//:bzl_library.bzl': no such file", GH + "bazelbuild/bazel/issues/13601"),
    ("path:bazel-output-base", "lrwxrwxrwx  1 root root     41 5月  25 10:37 bazel-bazel-0.4.5 -> /tmp/bazel_igpiwDIH/out/execroot/io_bazel", GH + "bazelbuild/bazel/issues/3049"),
    ("path:bazel-output-base", 'src/main/tools/linux-sandbox-pid1.cc:257: "mount(/tmp/testbazel/usr/local/google/home/kush/bzlclean/bazel-sandbox/0c3169c3-1a84-44f3-a01d-1ed523219dea-950/execroot/bzlclean/_tmp/bazel_example_test_1/workspace, tmp/testbazel/usr/local/google/home/kush/bzlclean/bazel-sandbox/0c3169c3-1a84-44f3-a01d-1ed523219dea-950/execroot/bzlclean/_tmp/bazel_example_test_1/workspace, NULL, MS_BIND, NULL)": No such file or directory', GH + "bazelbuild/bazel/issues/2686"),
    # macOS per-user temp folders
    ("path:macos-var-folders", "E   FileNotFoundError: [Errno 2] No such file or directory: '../../../../var/folders/h3/k5sgzmp17cvbz1mm459fkf200000gn/T/tmp9ixj7r4i/fasta'", GH + "apriha/snps/issues/77"),
    ("path:macos-var-folders", "Failed to remove /private/var/folders/s9/29yb_m2x3yq6v30g3ymgvzqc0000gn/T/talagent: EPERM", GH + "guhcostan/mac-cleaner-cli/issues/61"),
    ("path:macos-var-folders", "Failed to remove /private/var/folders/s9/29yb_m2x3yq6v30g3ymgvzqc0000gn/T/CSExattrCryptoService: EPERM", GH + "guhcostan/mac-cleaner-cli/issues/61"),
    ("path:macos-var-folders", "[14:46:03.747] Acquiring local install lock: /var/folders/0d/1xl__wpj7h13qg7hbml8zk640000gp/T/vscode-remote-ssh-635739f4-install.lock", GH + "microsoft/vscode-jupyter/issues/10567"),
    ("path:macos-var-folders", 'GOGCCFLAGS="-fPIC -m64 -pthread -fno-caret-diagnostics -Qunused-arguments -fmessage-length=0 -fdebug-prefix-map=/var/folders/4l/fg606zhd2b51yn6bdrg0pd4m0000gq/T/go-build195799974=/tmp/go-build -gno-record-gcc-switches -fno-common"', GH + "golang/go/issues/30670"),
    # Windows AppData temp and profile folders
    ("path:windows-appdata", r"[Error: EPERM: operation not permitted, unlink 'C:\Users\ADMINI~1\AppData\Local\Temp\playwright_chromiumdev_profile-74j3Xb\CrashpadMetrics-active.pma'] {", GH + "microsoft/playwright-python/issues/404"),
    ("path:windows-appdata", r"Error: EPERM: operation not permitted, open 'C:\Users\amwenger\AppData\Roaming\kitch\cave-logs\cave-7f38b60e-5032-4053-af9f-82cc2327abe1.txt'", GH + "itchio/itch/issues/1005"),
    ("path:windows-appdata", r"Error: EPERM: operation not permitted, open '\AppData\Local\Temp\TXA114R\node_modules\mime\types.json'", GH + "tessel/t2-cli/issues/1148"),
    ("path:windows-appdata", r"Error: EPERM: operation not permitted, mkdir 'c:\Users\Platform_00\AppData\Roaming\Code\Backups\1487604966871'<br />    at Error (native)<br />", GH + "microsoft/vscode/issues/21380"),
    ("path:windows-appdata", r"-> 'C:\Users\mteter\AppData\Local\Temp\luna16977\tutorials\USElectionPlayground'", GH + "luna/luna-studio/issues/764"),
    # VS Code server installs (~/.vscode-server/bin/<commit>)
    ("path:vscode-server", '[19:40:04.172] > Running ssh connection command... /home/ubuntu/.vscode-server/bin/441438abd1ac652551dbe4d408dfcec8a499b8bf/bin/code-server --start-server --host=127.0.0.1 --accept-server-license-terms --enable-remote-auto-shutdown --port=0 --telemetry-level all   &> "/home/ubuntu/.vscode-server/.441438abd1ac652551dbe4d408dfcec8a499b8bf.log" < /dev/null', GH + "microsoft/vscode-remote-release/issues/8204"),
    ("path:vscode-server", "> Removing old logfile at /home/users/ddrichma/.vscode-server/.5235c6bb189b60b01b1f49062f4ffa42384f8c91.log", GH + "microsoft/vscode-remote-release/issues/7676"),
    ("path:vscode-server", '[14:46:03.751] Using commit id "30d9c6cd9483b2cc586687151bcbcd635f373630" and quality "stable" for server', GH + "microsoft/vscode-jupyter/issues/10567"),
    # pip's wheel cache
    ("path:pip-wheel-cache", "Stored in directory: /home/c/ck/ckuehl/.cache/pip/wheels/b3/d0/9c/c860a697e3ea6929e396a5c55fc5aa2ed7413d24332a9c5299", GH + "YelpArchive/venv-update/issues/81"),
    ("path:pip-wheel-cache", "Stored in directory: /root/.cache/pip/wheels/25/e1/5a/e626abc565f065d9a47d900870e1c17c20e2d9e2d5c9a41757", GH + "pypa/pip/issues/7890"),
    ("path:pip-wheel-cache", "Stored in directory: /root/.cache/pip/wheels/d4/04/77/72a8c17c9c19691be497bb4e192bd760aff6d47fa959d184e8", GH + "pypa/pip/issues/7890"),
    ("path:pip-wheel-cache", "Using cached https://files.pythonhosted.org/packages/e3/e8/b3212641ee2718d556df0f23f78de8303f068fe29cdaa7a91018849582fe/PyYAML-5.1.2.tar.gz", GH + "pypa/pip/issues/6852"),
    ("log:pip-built-wheel", "Created wheel for mashumaro: filename=mashumaro-2.5-py3-none-any.whl size=23152 sha256=6f3921f97ee5440f17d6320955f65d465a3d7d1d9a7e3e58dde2c7f7827ed0b8", GH + "pypa/pip/issues/7890"),
    ("log:pip-built-wheel", "Created wheel for logbook: filename=Logbook-1.5.3-cp38-cp38-linux_x86_64.whl size=66391 sha256=27b24da350bb3c8e3c5a9c46a07a4b187fb5418b7656f71b6fb5a0cab54c2a4f", GH + "pypa/pip/issues/7890"),
    # Docker overlay2 layer folders
    ("path:docker-overlay2", "docker: Error response from daemon: error creating overlay mount to /var/lib/docker/overlay2/ea64c7b8ec8ea39764172a790efc7fb761e59b15915a45354fa692cec07519fb-init/merged: no such file or directory.", GH + "docker/for-mac/issues/1974"),
    ("path:docker-overlay2", "failed to register layer: error creating overlay mount to /var/lib/docker/overlay2/51a8bbc4dfd0302dc737f076e1bfbb67de6796cd389b87014d286dd90dd90a44/merged: no such file or directory", GH + "docker-archive-public/docker.kitematic/issues/2575"),
    ("path:docker-overlay2", "when run : docker inspect ,it prints 'Error response from daemon: readlink /var/lib/docker/overlay2/l/4GWADAHD5OC5SYHTIOEPIBN64E: no such file or directory'", GH + "docker/for-linux/issues/791"),
    ("path:docker-overlay2", "ERROR: Cannot create container for service service_name: error creating overlay mount to /var/lib/docker/overlay2/3f3932836fe5c53f272fa5c83d937d34bd47450c652c2f3b7f8bdab78f9c7852-init/merged: mountfrom re-exec error: exit status 1: output: no such file or directory", GH + "moby/moby/issues/30057"),
    ("path:docker-overlay2", "Error response from daemon: open /var/lib/docker/overlay2/dc31e35980f8d37cb3d2eca91aafd6244dfb0d077edf594dedbcf35ab0f5825f/merged/home/train/train-00001-of-00002: no such file or directory", GH + "NVIDIA/nvidia-docker/issues/492"),
    ("path:docker-overlay2", "root@mesos-slave8-qa-uswest2:/mnt/docker/overlay# cd 0adffe3c5da6dca485194ed26135361ee6ea46fbec841ef6a1750997a5673d83", GH + "moby/moby/issues/11012"),
    ("path:docker-overlay2", "docker: Error response from daemon: error creating overlay mount to /home/sangfor/source/.docker/overlay2/1f59d9ec9bfb4fb8193fa683c3d3907d17d28f4d63f2619b970dde6acd5404bd-init/merged: no such file or directory.", GH + "LeonardLaszlo/nw.js-armv7-binaries/issues/45"),
    # Go module cache and build ids
    ("path:go-mod-cache", "Error: ../../../go/pkg/mod/github.com/evanw/esbuild@v0.6.14/internal/logging/logging_darwin.go:31:32: undefined: unix.SYS_IOCTL", GH + "plentico/plenti/issues/124"),
    ("path:go-mod-cache", "../../go/pkg/mod/github.com/gokrazy/tools@v0.0.0-20201230092410-3ba8b7f3a861/cmd/gokr-packer/parttable_darwin.go:21:33: undefined: unix.SYS_IOCTL", GH + "gokrazy/tools/issues/17"),
    ("path:go-mod-cache", "go: downloading golang.org/x/sys v0.0.0-20200523222454-059865788121", GH + "gokrazy/tools/issues/17"),
    ("path:go-mod-cache", '/snap/go/9848/pkg/tool/linux_amd64/compile -o $WORK/b141/_pkg_.a -trimpath "$WORK/b141=>" -p golang.org/x/sys/unix -lang=go1.17 -buildid qEd5haAaOzOMSwidklhs/qEd5haAaOzOMSwidklhs -goversion go1.18.3 -symabis $WORK/b141/symabis -c=4 -nolocalimports -importcfg $WORK/b141/importcfg -pack -asmhdr $WORK/b141/go_asm.h /home/stgraber/data/code/go/pkg/mod/golang.org/x/sys@v0.0.0-20220715151400-c0bba94af5f8/unix/affinity_linux.go', GH + "canonical/lxd/issues/10738"),
    # Cargo registry sources (registry folder names carry a hash of the index URL)
    ("path:cargo-registry", r"--> C:\Users\user\.cargo\registry\src\index.crates.io-6f17d22bba15001f\cargo-n64-0.2.0\src\lib.rs:62:36", GH + "rust-console/cargo-n64/issues/53"),
    ("path:cargo-registry", "--> /root/.cargo/registry/src/github.com-1ecc6299db9ec823/rooster-2.9.0/src/lib.rs:524:26", GH + "conradkleinespel/rooster/issues/72"),
    ("path:cargo-registry", "error: failed to compile `rooster v2.9.0`, intermediate artifacts can be found at `/tmp/cargo-installFynSyz`", GH + "conradkleinespel/rooster/issues/72"),
    # pnpm virtual store
    ("path:pnpm-store", "Error: Cannot find module '/Users/sundogya/Documents/Vue/circle/node_modules/.pnpm/registry.npmjs.org/@dcloudio/vue-cli-plugin-hbuilderx/2.0.0-26920200424005/package.json'", GH + "pnpm/pnpm/issues/2505"),
    ("path:pnpm-store", "- /home/me/.local/share/pnpm/global/5/.pnpm/vite@4.1.4/node_modules/vite/dist/node/chunks/dep-ca21228b.js", GH + "pnpm/pnpm/issues/6161"),
    ("path:pnpm-store", "- /Users/user1/projects/x/pnpm/@linaria+babel-preset@3.0.0-beta.15_@babel+core@7.18.2/node_modules/@linaria/babel-preset/lib/utils/loadOptions.js", GH + "pnpm/pnpm/issues/4819"),
    ("path:pnpm-store", "- /Users/user1/projects/x/pnpm/vite@2.9.9_less@4.1.2/node_modules/vite/dist/node/chunks/dep-59dc6e00.js", GH + "pnpm/pnpm/issues/4819"),
    # Yarn Berry cache archives (<name>-npm-<version>-<hash>-<hash>.zip)
    ("path:yarn-berry-cache", "➤ YN0001: │ Error: While persisting /.yarn/cache/lodash.zip-npm-4.2.0-5299417ec8-41fd8dc1af.zip/node_modules/lodash.zip/ -> /node_modules/lodash.zip ENOTDIR: not a directory, scandir '/.yarn/cache/lodash.zip-npm-4.2.0-5299417ec8-41fd8dc1af.zip/node_modules/lodash.zip'", GH + "yarnpkg/berry/issues/2975"),
    ("path:yarn-berry-cache", r"➤ YN0001: │ Error: fill-range@npm:7.0.1: EPERM: operation not permitted, mkdir 'D:\Projects\n4bb12\verdaccio-auth\.yarn\cache\fill-range-npm-7.0.1-b8b1817caa-efca43d59b.zip'", GH + "n4bb12/verdaccio-github-oauth-ui/pull/53"),
    ("path:yarn-berry-cache", r"➤ YN0001: │ Error: glob-parent@npm:5.1.1: EPERM: operation not permitted, mkdir 'D:\Projects\n4bb12\verdaccio-auth\.yarn\cache\glob-parent-npm-5.1.1-57b061cd88-2af6e196fb.zip'", GH + "n4bb12/verdaccio-github-oauth-ui/pull/53"),
    ("path:yarn-berry-cache", "07.01.2021  13:19                 0 path-key-npm-2.0.1-19392fd239-7.zip", GH + "yarnpkg/berry/issues/2349"),
    ("path:yarn-berry-cache", "06.01.2021  14:49             3 358 path-key-npm-3.1.1-0e66ea8321-7.zip", GH + "yarnpkg/berry/issues/2349"),
    ("path:yarn-berry-cache", "Node: 15.4.0 - /tmp/xfs-7aed82d5/node", GH + "yarnpkg/berry/issues/4663"),
    # AWS request and host ids
    ("id:aws-request-id", r'-> "x-amz-request-id: 7BMJM8PWV1J1FNEH\r\n"', GH + "aws/aws-sdk-ruby/issues/3222"),
    ("id:aws-request-id", r'-> "x-amz-id-2: TW2qeJptLnLL7+0pKGRgdR+t5T/GKN362KnA1JuYa83s+Y0YsVEeIxGoiUK+pCQIRwhNsDNC1ws=\r\n"', GH + "aws/aws-sdk-ruby/issues/3222"),
    ("id:aws-request-id", "Status Code: 403, AWS Service: Amazon S3, AWS Request ID: E6B2194B3E5E353C, AWS Error Code: AccessDenied, AWS Error Message: Access Denied", GH + "yegor256/s3auth/issues/85"),
    ("id:aws-request-id", "D/UploadTask(32647): Failed to upload: 6 due to Access Denied (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied; Request ID: 1AC7FB214CD42697)", GH + "Blasanka/aws_s3_plugin/issues/11"),
    ("id:aws-request-id", "E/Transfer(32647): onError: com.amazonaws.services.s3.model.AmazonS3Exception: Access Denied (Service: Amazon S3; Status Code: 403; Error Code: AccessDenied; Request ID: 1AC7FB214CD42697), S3 Extended Request ID: SXy5z7M9fETAsSSc6GaZsABusvghoixl4Dk8bjI5uJ02xxb4ZVP26WqpCkEI8Ji7cmMyuwXfh68=", GH + "Blasanka/aws_s3_plugin/issues/11"),
    ("id:aws-request-id", "<RequestID>4C96AFA2685620EA</RequestID>", GH + "IBM/ibm-cos-sdk-js/issues/32"),
    ("id:aws-request-id", "<HostID>rUxTgMIj7d1z+lEZJB2vJyLCgl3bHfjyqU7sFxZcofCd94Zc1mwN8E6+87I3b/P2L4RFwoIVF1s=</HostID>", GH + "IBM/ibm-cos-sdk-js/issues/32"),
    # S3 object keys
    ("object:s3-key", 'startAfter: "accounts/0032c61e-38b1-4604-ba0b-51573bd1cfc7/assets/wcp0ZaXeT3WF9rST5YhY_Drawing Mock up V8 with Side 3.jpg"', GH + "generalui/s3p/issues/53"),
    # Kubernetes pod names and kubelet lines
    ("id:k8s-pod", "coredns-5c98db65d4-qx4mq                        0/1     CrashLoopBackOff   3          81s", GH + "kubernetes/kubernetes/issues/80981"),
    ("id:k8s-pod", "kube-flannel-ds-amd64-gltqj                     1/1     Running            0          73s", GH + "kubernetes/kubernetes/issues/80981"),
    ("id:k8s-pod", "kube-system   calico-kube-controllers-5b644bc49c-fxprl   1/1     Running            2          46m", GH + "coredns/coredns/issues/3662"),
    ("id:k8s-pod", "kube-system   metrics-server-7c86cc877d-d69d2            1/1     Running            2          29m", GH + "coredns/coredns/issues/3662"),
    ("id:k8s-pod", 'E1219 23:40:40.715507    5686 pod_workers.go:190] Error syncing pod a86fbe9f-2271-11ea-b30a-0ace92dc8f34 ("coredns-845687677c-2rsmg_kube-system(a86fbe9f-2271-11ea-b30a-0ace92dc8f34)"), skip', GH + "coredns/coredns/issues/3555"),
    ("id:k8s-pod", "cert-manager           cert-manager-cainjector-87c85c6ff-r42g8           0/1     CrashLoopBackOff   13         49m", GH + "jhunt/k8s-boshrelease/issues/57"),
    ("id:k8s-pod", "kube-system            dashboard-kubernetes-dashboard-6cb5b448fd-7qlxb   0/1     CrashLoopBackOff   11         42m", GH + "jhunt/k8s-boshrelease/issues/57"),
    ("id:k8s-pod", "root@192-168-43-131:/home/vickey# kubectl logs coredns-78fcdf6894-qwrjj -n kube-system", GH + "kubernetes/kubernetes/issues/27873"),
    ("id:content-hash", "2019-04-24T10:16:39.573Z [INFO] plugin/reload: Running configuration MD5 = 599b9eb76b8c147408aed6a0bbe0f669", GH + "kubernetes/website/issues/14010"),
    # Kafka consumer-group member ids
    ("id:kafka-member", "kafka-1  | [2025-05-02 09:40:31,451] INFO Loaded member MemberMetadata(memberId=rdkafka-f93c4abb-058d-4252-be0c-f201a334e743, groupInstanceId=None, clientId=rdkafka, clientHost=/172.18.0.47, sessionTimeoutMs=30000, rebalanceTimeoutMs=30000, supportedProtocols=List(range)) in group ingest-consumer with generation 267687. (kafka.coordinator.group.GroupMetadata$)", GH + "getsentry/self-hosted/issues/3636"),
    ("id:kafka-member", "kafka-1  | [2025-05-02 09:40:31,451] INFO Loaded member MemberMetadata(memberId=rdkafka-3a16924a-c302-4559-b454-202b647a3038, groupInstanceId=None, clientId=rdkafka, clientHost=/172.18.0.35, sessionTimeoutMs=30000, rebalanceTimeoutMs=30000, supportedProtocols=List(range)) in group ingest-consumer with generation 267687. (kafka.coordinator.group.GroupMetadata$)", GH + "getsentry/self-hosted/issues/3636"),
    ("id:kafka-member", "[2025-08-28 06:10:44,044] INFO [GroupCoordinator 1037]: Assignment received from leader '<my_service>-default@127.0.0.1'/<0.545471.0>-df3071c8-23e1-4384-ad69-7770362dd7f0 for group <my_consumer_group> for generation 11067. The group has 1 members, 0 of which are static. (kafka.coordinator.group.GroupCoordinator)", GH + "kafka4beam/brod/issues/649"),
    ("id:kafka-member", "--- INFO --- [2021-11-08T12:05:37.193812Z] joinGroup succeeded for response, test-consumer-group.  generationID=1, memberID=clientA-3aac949e-836d-44fe-8275-7c9d429af88e", GH + "segmentio/kafka-go/issues/781"),
    # Stripe object ids (ids, not keys: no sk_/rk_/whsec_)
    ("id:stripe-object", '"message": "No such payment_intent: pi_1FEUYJJrZPYjysG3wkdSqF0B",', GH + "stripe/stripe-terminal-js-demo/issues/72"),
    ("id:stripe-object", '"subscription": "sub_A24K41EzGeniEb",', GH + "stripe/stripe-dotnet/issues/731"),
    # hashed bundle and chunk names
    ("url:hashed-asset", "(error: https://getjetstream.app/8495.756ce3799144a392.js)", GH + "jetstreamapp/jetstream/issues/115"),
    ("url:hashed-asset", 'File "https://dynamichost/runtime.11a62de9f83e942a.js", line 1, in d.f.j', GH + "jetstreamapp/jetstream/issues/115"),
    ("url:hashed-asset", 'File "https://dynamichost/main.b987beaf7b7ec00e.js", line 2, in [anonymous]', GH + "jetstreamapp/jetstream/issues/115"),
    ("url:hashed-asset", 'File "https://dynamichost/main.422360acbfeb028f.js", line 2, in R', GH + "jetstreamapp/jetstream/issues/96"),
    ("url:hashed-asset", r"eg.ChunkLoadError: Loading chunk SimpleMainIndex failed.\n(error: https://s.thsi.cn/cd/website-basic-base-container/dist/js/SimpleMainIndex.a6c169c4.js)", GH + "webpack/webpack/issues/14278"),
    ("url:hashed-asset", "(error: https://packs/js/1-595e02460f92bb29b798.chunk.js)", GH + "fjordllc/bootcamp/issues/4983"),
    ("url:hashed-asset", 'File "https://bootcamp.fjord.jp/packs/js/application-d876ca88e2d7e2cf658b.js", line 2, in [anonymous]', GH + "fjordllc/bootcamp/issues/4983"),
    # commit permalinks and content-addressed uploads
    ("url:commit-permalink", "https://github.com/yarnpkg/berry/blob/70b63ef5610b6421d3cb4235cb685a6a9f5f8581/packages/yarnpkg-fslib/sources/ZipOpenFS.ts#L34-L35", GH + "yarnpkg/berry/issues/2975"),
    ("url:commit-permalink", "https://github.com/apache/kafka/blob/60e845626d8a465a8cfe68bb2d7d4b88d622634e/core/src/main/scala/kafka/coordinator/group/GroupMetadata.scala#L583-L598", GH + "IBM/sarama/issues/2775"),
    ("url:commit-permalink", "FYI we have the GitHub host keys in [ansible/roles/github/files/github_known_hosts](https://github.com/nodejs/build/blob/b5ffc2560d88ce1ed4b510912d13dacf4803aa5c/ansible/roles/github/files/github_known_hosts).", GH + "nodejs/build/pull/3896"),
    ("url:commit-permalink", "Looks like they role with a default IPFS config https://github.com/dtube/deploy/blob/a84f452fc6a9ce823e8e574d301a1008c1318ddb/roles/ipfs/tasks/ipfsrun.yaml#L9-L12", GH + "ipfs/ipfs-webui/issues/946"),
    ("url:github-asset", "![b3f3227e4ce0536b70a294d8bd8b5df1](https://user-images.githubusercontent.com/5236548/51659485-ecd82380-1faa-11e9-9b7a-ffe9270b0fde.png)", GH + "ipfs/ipfs-webui/issues/946"),
    # git object ids in prose and version output
    ("git:object-id", "Additionally, it looks like this is present only in `1f5e250e1174502017917628cc48b52fdc25b531` - the previous commit `c47cb47a3064eaebd36bc07aeb9a6e4b22681103` seems to test just fine. Additionally, based on that commit, this only looks to be a few hours old?", GH + "golang/go/issues/17352"),
    ("git:object-id", "0f826bdd13b500be0f1d4004938ad978fcc6031e", GH + "golang/go/issues/10087"),
    ("git:object-id", "containerd version: ea765aba0d05254012b0b9e595e995c09186427f", GH + "docker/docs/issues/12477"),
    ("git:object-id", "runc version: dc9208a3303feef5b3839f4323d9beb36df0a9dd", GH + "docker/docs/issues/12477"),
    ("id:uuid", "C8C96F85-04EB-4846-A24A-F2F95F3C072F", GH + "docker/for-mac/issues/1974"),
    # IPFS content ids
    ("id:ipfs-cid", "`error: ipld: could not find bafybeidlcwwae3yev6ql34up2a5xutvu76pjjwnzbrhtqsmggujng6pck4`", GH + "application-research/estuary/issues/452"),
    ("id:ipfs-cid", "2. You can view the valid cid loading through the dweb gateway: https://dweb.link/ipfs/bafybeidlcwwae3yev6ql34up2a5xutvu76pjjwnzbrhtqsmggujng6pck4", GH + "application-research/estuary/issues/452"),
    ("id:ipfs-cid", "ipfs cat /ipfs/bafyreihwsoxxcxfsisghlc22xzc6datssd7n52wonpdgrhu3lwyqqagzye: unknown node type", GH + "nftstorage/nft.storage/issues/1259"),
    ("id:ipfs-cid", 'None of the CIDs, e.g. `bafybeidvyrnbqyzbk5475lvramocozhnsf2matqbv4tot7hjdkgowkgjlu`, I tested can be displayed via gateways like https://web3.storage/products/w3link/, showing "Bad Gateway"', GH + "filecoin-project/slate/issues/1150"),
    ("id:ipfs-cid", "https://video.dtube.top/ipfs/QmcpbcM7ogmN6SJWf3VTQcgtpyi3wykzqgMDiDdNjmCh12", GH + "ipfs/ipfs-webui/issues/946"),
    ("id:ipfs-cid", "CID: bafkreigb7zq2s5p7suvyxezdanoztni673y65lvs4kbwjjw64xysudtvt4", GH + "dropod/issues/issues/20119"),
    ("id:ipfs-cid", "CID: bafybeihfgbpbkouupplhkahnbsas7vchqma66iuknvhpoomq4wpshvnhcq", GH + "dropod/issues/issues/20119"),
    # SSH public keys and fingerprints
    ("pubkey:ssh-public", 'github-ed25519.publicKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl";', GH + "nix-community/srvos/pull/113"),
    ("pubkey:ssh-fingerprint", "The key resolves to GitHub's published fingerprint: `SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU`.", GH + "cksource/mrgit/pull/244"),
)
# fmt: on

# fmt: off
DROPPED_BY_HAND: dict[str, str] = {
    GH + "yegor256/s3auth/issues/209": "the request-id line names an AWS access key id (key=AKIA...)",
    GH + "cloudyr/aws.s3/issues/410": "the request-id lines sit next to a SigV4 credential scope and signature",
    GH + "wpsharks/s2member/issues/396": "the Stripe object dump carries an sk_test_ key",
    GH + "stripe/stripe-terminal-js-demo/issues/72": "the endpoint line carries a PaymentIntent client_secret (only the message line is taken)",
    GH + "microsoft/vscode-jupyter/issues/10567": "the 'Found local server running' line carries connectionToken and webUiAccessToken fields",
    GH + "golang/go/issues/10087": "a notifications/unsubscribe-auth URL (an access link, not an id)",
    GH + "fossasia/eventyay-business/pull/88": "Stripe ids inside an HTML-escaped quote of docs (no whole line)",
    GH + "nix-community/srvos/pull/113": "the RSA host-key lines are cut short in the thread (the ed25519 line is taken)",
    GH + "IAmStoxe/wirehole/issues/57": "WireGuard configs with PublicKey values blanked out (xxxxx): no real public key to take",
    GH + "cloudflare/boringtun/issues/447": "wg show output with peer keys redacted",
}
# fmt: on
"""Threads read and not taken from (or taken from only in part), with why; no value of them
is kept here."""

LOOKS_LIKE_A_CREDENTIAL: dict[str, str] = {
    "private key": r"PRIVATE KEY|AGE-SECRET-KEY|PrivateKey\s*=",
    "secret word": r"(?i)passw(or)?d|secret|\btoken\b|api[_-]?key|credential|bearer ",
    "Stripe secret": r"\b(sk|rk)_(live|test)_|\bwhsec_",
    "URL signature": r"(?i)x-amz-signature|[?&](sig|signature|se|token)=",
    "JWT": r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
    "provider prefix": r"\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}|\bxox[abposr]-|\bglpat-|\bAIza[0-9A-Za-z_-]{35}",
    "user:password URL": r"://[^/\s:@]+:[^/\s@]+@",
}


def git_dir(repo: str) -> Path:
    base = MIRRORS / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def git(repo: str, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir(repo)}", *args],
        check=True,
        capture_output=True,
        text=True,
        errors="replace",
    ).stdout


def spread(items: list, limit: int) -> list:
    """At most ``limit`` of ``items``, evenly spaced, in their order."""
    if len(items) <= limit:
        return items
    return [items[i * len(items) // limit] for i in range(limit)]


def apply(rule: Rule, commit: str, files: list[str]) -> list[dict]:
    path_re, line_re = re.compile(rule.paths), re.compile(rule.line)
    skip_re = re.compile(rule.skip) if rule.skip else None
    seen: set[str] = set()
    found: list[dict] = []
    for path in files:
        if not path_re.fullmatch(path):
            continue
        try:
            body = git(rule.repo, "cat-file", "-p", f"HEAD:{path}")
        except subprocess.CalledProcessError:  # a file the snapshot lacks (4 MiB and more)
            continue
        inside = rule.armour is None
        for n, raw in enumerate(body.splitlines(), 1):
            if rule.armour is not None:
                if raw.startswith(f"-----BEGIN {rule.armour}-----"):
                    inside = True
                    continue
                if raw.startswith(f"-----END {rule.armour}-----"):
                    inside = False
                    continue
            if not inside or not line_re.search(raw):
                continue
            if skip_re and skip_re.search(raw):
                continue
            text = raw
            if rule.start:
                text = text[re.search(rule.start, text).end() :]
            text = text.strip()[:MAX_LEN].strip()
            if text in seen:
                continue
            seen.add(text)
            url = f"https://github.com/{rule.repo}/blob/{commit}/{quote(path)}#L{n}"
            found.append({"kind": rule.kind, "text": text, "source": url})
    return spread(found, rule.limit)


def rule_candidates(
    rules: Iterable[Any], apply: Callable[[Any, str, list[str]], list[dict]]
) -> list[dict]:
    """Every rule's strings (``apply(rule, commit, files)``), each repository's ``HEAD``
    commit and file list read once."""
    candidates: list[dict] = []
    listed: dict[str, tuple[str, list[str]]] = {}
    for rule in rules:
        if rule.repo not in listed:
            commit = git(rule.repo, "rev-parse", "HEAD").strip()
            files = sorted(git(rule.repo, "ls-tree", "-r", "--name-only", "HEAD").splitlines())
            listed[rule.repo] = (commit, files)
        candidates += apply(rule, *listed[rule.repo])
    return candidates


def credential_reason(text: str) -> str | None:
    for reason, pattern in LOOKS_LIKE_A_CREDENTIAL.items():
        if re.search(pattern, text):
            return reason
    return None


def select(
    candidates: list[dict], earlier: set[str], drop_reason: Callable[[dict], str | None]
) -> tuple[list[dict], Counter[str]]:
    """The candidates to keep, sorted by kind, source and text, and how many were dropped
    why: ``drop_reason(row)`` said so, or the text repeats a kept one or one of ``earlier``
    (another split's negatives)."""
    dropped: Counter[str] = Counter()
    kept: dict[str, dict] = {}
    for row in candidates:
        reason = drop_reason(row)
        if reason:
            dropped[f"{row['kind']}: {reason}"] += 1
        elif row["text"] in kept or row["text"] in earlier:
            dropped[f"{row['kind']}: repeat"] += 1
        else:
            kept[row["text"]] = row
    return sorted(kept.values(), key=lambda r: (r["kind"], r["source"], r["text"])), dropped


def other_negatives(out: str) -> set[str]:
    """Texts of every other negatives file of this folder (``out`` is the split's own): a
    negatives-only split repeats none."""
    texts: set[str] = set()
    for path in sorted(HERE.glob("*negatives.jsonl")):
        if path.name != out:
            texts |= {row["text"] for row in load(path.name)}
    return texts


def print_report(
    out: str, rows: list[dict], per_kind: Counter[str], dropped: Counter[str], by_hand: int
) -> None:
    """What a negatives-only builder wrote: rows, families, kinds, what was dropped and why."""
    families = Counter(r["kind"].split(":")[0] for r in rows)
    print(f"{len(rows)} negatives of {len(per_kind)} kinds written to {out}")
    print("  families: " + ", ".join(f"{f} {n}" for f, n in sorted(families.items())))
    for kind, n in sorted(per_kind.items()):
        print(f"  {n:3d}  {kind}")
    for what, n in sorted(dropped.items()):
        print(f"  dropped {n}: {what}")
    print(f"  read and left out by hand: {by_hand} threads or files")


def write_split(rows: list[dict], out: str, split: str, prefix: str, limit: int) -> Counter[str]:
    """Number ``rows`` (``<prefix>0001``…), mark them ``split`` and write them to ``out``;
    stops when a kind has more than ``limit`` strings. Returns the count per kind."""
    per_kind = Counter(r["kind"] for r in rows)
    over = [k for k, n in per_kind.items() if n > limit]
    if over:
        sys.exit(f"more than {limit} strings of kind(s) {over}")
    for i, row in enumerate(rows, 1):
        row["id"] = f"{prefix}{i:04d}"
        row["split"] = split
    write(out, rows)
    return per_kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()
    globals()["MIRRORS"] = args.mirrors

    candidates = rule_candidates(RULES, apply)
    candidates += [{"kind": k, "text": t[:MAX_LEN], "source": s} for k, t, s in TAKEN]

    earlier = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    rows, dropped = select(candidates, earlier, lambda row: credential_reason(row["text"]))
    per_kind = write_split(rows, OUT, SPLIT, "rn", PER_KIND)

    print(f"{len(rows)} negatives of {len(per_kind)} kinds written to {OUT}")
    for kind, n in sorted(per_kind.items()):
        print(f"  {n:3d}  {kind}")
    for what, n in sorted(dropped.items()):
        print(f"  dropped {n}: {what}")
    print(f"  read and left out by hand: {len(DROPPED_BY_HAND)} threads")


if __name__ == "__main__":
    main()

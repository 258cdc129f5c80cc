# ruff: noqa: E501  (tables of sources: one case per line reads best)
"""Build the ``logneg`` negatives: chunks of real terminal output and logs (2 to 30 lines)
that hold no secret, taken verbatim from public sources: captured tool output in public
repositories' test fixtures and docs, and output users pasted into public GitHub issue and
pull-request threads. Many chunks hold things that look like keys and are harmless: commit
hashes, image digests and layer ids, container and request ids, UUIDs, block ids, temp paths
with random names, certificate serials and fingerprints, public key moduli, masked values.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/logneg.py

It reads two hand-made tables:

* ``FILES``: line ranges of files in the snapshots that ``fetch github:<owner>/<name>``
  brought under ``/work/.mirror`` (the commit of ``COMMITS`` pins each source URL). The lines
  are read at that commit, trailing whitespace stripped, and compared with the digest written
  down when the range was read by hand; a missing commit or a changed text stops the build.
* ``TAKEN``: chunks read one by one from public issue and pull-request threads (the search
  tool's ``issues`` corpus; the thread is the source), copied as the thread shows them.

Every chunk was read before it was written into a table; one that held a credential or
something unsure was left out and its source listed in ``DROPPED_BY_HAND``. As a second
look, the build stops if a chunk matches a strong credential pattern of
``realneg.LOOKS_LIKE_A_CREDENTIAL`` (everything but its plain secret words: a masked
``token: ***`` or the word ``password`` in an sshd log line is what this split is about) or
holds a ``-----BEGIN`` armour line, a line longer than ``MAX_LEN`` signs, an ANSI escape or
too few or too many lines. Repeats within the split and texts of the other splits' negatives
files are left out (counted). It writes ``logneg_negatives.jsonl`` (committed, so CI never
needs the network); there is no secrets file: the split is negatives only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import realneg  # noqa: E402
from realneg import other_negatives, print_report, select, write_split  # noqa: E402

OUT = "logneg_negatives.jsonl"
SPLIT = "logneg"
PREFIX = "gl"
MAX_LEN = 300
MIN_LINES = 2
MAX_LINES = 30
PER_KIND = 20
GH = "https://github.com/"

# the snapshot commit each repository's FILES rows are read at (and pinned to)
COMMITS: dict[str, str] = {
    "kellyjonbrazil/jc": "ac8120e1fed9bb13b854b1333aef9c2dbce44f54",
    "logpai/loghub": "dd61d0952749ee7963bde24220d1be5ede023033",
    "tstack/lnav": "bb0005f96c8dc486ee0b9005a4562be0ef61c878",
    "pytest-dev/pytest": "df87db7b0462fb764ef73fa00561adf8ad047572",
    "docker/cli": "28f756087eea5fa301f3fbf12b01ae62f91521c2",
    "helm/helm": "e9b85e4de16ad45805843fb121748018cf89094b",
    "aws/aws-cli": "07c4fe366b49c4dde816d674f4941134fc432673",
    "hashicorp/terraform": "883c7221ee2e0bc2fad6912fd4b3cc4b53a598a7",
    "gotestyourself/gotestsum": "3cf14356a16c7931cfeacd7dfee585527618df3d",
}

# (kind, repo, path, first line, last line, first 12 hex of the sha256 of the chunk): line
# ranges read by hand in the pinned snapshot; the text is the lines, trailing whitespace
# stripped, joined with "\n".
# fmt: off
FILES: tuple[tuple[str, str, str, int, int, str], ...] = (
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-fuller-stat.out", 1, 11, "6bf69eec2519"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-fuller-stat.out", 16859, 16870, "2ee20b542a84"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-oneline.out", 1, 12, "7173684131d4"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-oneline.out", 1217, 1228, "0602c9afcbad"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-short.out", 1, 12, "5c71b06fb56c"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-short.out", 6142, 6153, "21068c213771"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-medium-shortstat.out", 1, 11, "e5399e3bc754"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-medium-shortstat.out", 9802, 9812, "36ef86ef7b32"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-full.out", 1, 9, "80da78ce5e6a"),
    ("log:git-log", "kellyjonbrazil/jc", "tests/fixtures/generic/git-log-hash-in-message-fix.out", 1, 10, "3687eb647241"),
    ("log:git-ls-remote", "kellyjonbrazil/jc", "tests/fixtures/generic/git-ls-remote.out", 1, 10, "68bf409167a8"),
    ("log:git-ls-remote", "kellyjonbrazil/jc", "tests/fixtures/generic/git-ls-remote.out", 153, 162, "c181b7e5af49"),
    ("log:checksum", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/sha256sum.out", 1, 12, "91941513ab23"),
    ("log:checksum", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/md5sum.out", 1, 12, "e77a68ee3a59"),
    ("log:checksum", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/shasum.out", 1, 12, "588b4b67c525"),
    ("log:checksum", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/cksum.out", 1, 12, "b1e0882c9f75"),
    ("log:blkid", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/blkid.out", 1, 4, "f2decd6021e2"),
    ("log:blkid", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/blkid.out", 1, 10, "785cc76afaa1"),
    ("log:blkid", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/blkid-ip-udev.out", 1, 10, "9339defe3eb1"),
    ("log:blkid", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/blkid-ip-multi.out", 1, 10, "72631f6a1e38"),
    ("log:lsblk", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/lsblk.out", 1, 12, "16d673451c71"),
    ("log:efibootmgr", "kellyjonbrazil/jc", "tests/fixtures/opensuse-leap-15.5/efibootmgr-v.out", 1, 12, "303ccd9a38d7"),
    ("log:efibootmgr", "kellyjonbrazil/jc", "tests/fixtures/opensuse-leap-15.5/efibootmgr.out", 1, 8, "e7f3f33c9b71"),
    ("log:gpg", "kellyjonbrazil/jc", "tests/fixtures/generic/gpg.out", 1, 20, "bdb3122b6d05"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/ps-axu.out", 1, 10, "f4c8c33e5daa"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/ps-axu.out", 56, 65, "e982cadd946a"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/ps-ef.out", 1, 10, "ad70e11a91ee"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/ps-ef.out", 190, 199, "13fed92bec02"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ps-axu.out", 1, 10, "60a9f317b32c"),
    ("log:ps", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ps-axu.out", 87, 96, "24afa62a6371"),
    ("log:netstat", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/netstat-sudo-lnp.out", 1, 12, "2898fe7688e6"),
    ("log:netstat", "kellyjonbrazil/jc", "tests/fixtures/freebsd12/netstat-AanP.out", 1, 12, "0f8ccc5dbd23"),
    ("log:netstat", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/netstat-Abn.out", 1, 12, "b908bd21aa97"),
    ("log:netstat", "kellyjonbrazil/jc", "tests/fixtures/windows/windows-10/netstat-aonb.out", 2, 13, "66f63d6e7b28"),
    ("log:netstat", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/netstat-sudo-aeep.out", 1, 12, "7dd4c83b8c13"),
    ("log:ls", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/ls-alR.out", 1, 12, "05d70109c87e"),
    ("log:ls", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/ls-al.out", 1, 12, "853cce5397ad"),
    ("log:ls", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ls-alh.out", 1, 12, "8919f529750e"),
    ("log:dig", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/dig.out", 2, 26, "ab61763feabe"),
    ("log:dig", "kellyjonbrazil/jc", "tests/fixtures/generic/dig-edns.out", 1, 19, "42bf83909b7d"),
    ("log:dig", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/dig-aaaa.out", 2, 19, "2a2eef9fb7ef"),
    ("log:dig", "kellyjonbrazil/jc", "tests/fixtures/generic/dig-nsid.out", 2, 21, "1117202d5dc9"),
    ("log:dig", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/dig-x.out", 2, 19, "52141267dd5d"),
    ("log:ping", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/ping-ip-O-D.out", 1, 12, "217d44b2b80c"),
    ("log:ping", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/ping-ip-s.out", 1, 8, "92742fd5d316"),
    ("log:ping", "kellyjonbrazil/jc", "tests/fixtures/freebsd12/ping-ip-p.out", 1, 9, "1b515cabe07f"),
    ("log:ping", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-22.04/ping-ip-source-ip.out", 1, 8, "aebf6546bf84"),
    ("log:traceroute", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/traceroute-asn.out", 1, 5, "fd7ccd8f0aa1"),
    ("log:traceroute", "kellyjonbrazil/jc", "tests/fixtures/generic/traceroute3.out", 1, 12, "78eaa5ea939f"),
    ("log:traceroute", "kellyjonbrazil/jc", "tests/fixtures/generic/traceroute-n-ipv6.out", 1, 12, "dc053bd4c44e"),
    ("log:traceroute", "kellyjonbrazil/jc", "tests/fixtures/freebsd12/traceroute.out", 1, 12, "4a2b2c85e226"),
    ("log:systemctl", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/systemctl.out", 1, 14, "4083a21f5151"),
    ("log:systemctl", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/systemctl-luf.out", 1, 14, "8cfd150dc03b"),
    ("log:systemctl", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/systemctl-ls.out", 1, 14, "157294c46377"),
    ("log:systemctl", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/systemctl-lj.out", 1, 6, "97aa67d85d49"),
    ("log:ifconfig", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/ifconfig.out", 1, 16, "ce28535e64bd"),
    ("log:ifconfig", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/ifconfig.out", 1, 16, "73f24ae736e2"),
    ("log:ifconfig", "kellyjonbrazil/jc", "tests/fixtures/freebsd12/ifconfig-extra-fields.out", 1, 10, "e3978bc81d09"),
    ("log:ifconfig", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ifconfig.out", 1, 16, "f8cab56b1105"),
    ("log:pip-list", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/pip-list.out", 1, 14, "4af7c9c223f0"),
    ("log:pip-list", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/pip-list.out", 1, 7, "cf19315d93c0"),
    ("log:pip-list", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/pip-show.out", 1, 14, "25cd091f5234"),
    ("log:pip-list", "kellyjonbrazil/jc", "tests/fixtures/generic/pip-show-multiline-license.out", 1, 14, "25cd091f5234"),
    ("log:rpm-dpkg", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/rpm-qi-package.out", 1, 20, "e0c6756d693e"),
    ("log:rpm-dpkg", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/dpkg-l.out", 1, 20, "b09940583952"),
    ("log:rpm-dpkg", "kellyjonbrazil/jc", "tests/fixtures/generic/pkg-index-apk.out", 1, 20, "01683066ca68"),
    ("log:stat", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/stat.out", 1, 16, "8c24d813534d"),
    ("log:stat", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/stat.out", 1, 16, "6d52ea78da63"),
    ("log:stat", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/stat.out", 1, 16, "58ae6a8b0ef8"),
    ("log:top", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/top-b-n1-gib.out", 1, 14, "63099b549f70"),
    ("log:top", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-20.10/top-b-n1.out", 1, 14, "fcbbb2cae010"),
    ("log:iptables", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/iptables-filter-nv.out", 1, 14, "dcc2b4af4f9a"),
    ("log:iptables", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/iptables-nat.out", 1, 11, "63ddfd7b514e"),
    ("log:iptables", "kellyjonbrazil/jc", "tests/fixtures/generic/ufw-numbered.out", 1, 14, "e102f5b14a2d"),
    ("log:iptables", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ufw-verbose.out", 1, 14, "e1e7baa17f30"),
    ("log:mount", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/mount.out", 1, 12, "2a68d9698eff"),
    ("log:mount", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/mount.out", 1, 6, "14f5f1b04db5"),
    ("log:mount", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/df-h.out", 1, 8, "d2b586366849"),
    ("log:mount", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/df.out", 1, 12, "c4960f2f4715"),
    ("log:syslog", "kellyjonbrazil/jc", "tests/fixtures/generic/syslog-5424.out", 1, 10, "827d4a69bc89"),
    ("log:syslog", "kellyjonbrazil/jc", "tests/fixtures/generic/syslog-3164.out", 1, 10, "8fecadda36c0"),
    ("log:syslog", "kellyjonbrazil/jc", "tests/fixtures/generic/syslog-3164.out", 20, 29, "c77de8df772b"),
    ("log:curl-verbose", "kellyjonbrazil/jc", "tests/fixtures/generic/curl_head--ILvs-example-com.out", 1, 25, "c7299cc6153e"),
    ("log:rsync", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/rsync-i-vvv-logfile.out", 1, 12, "cdd2bb54caf9"),
    ("log:rsync", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/rsync-i-vvv.out", 1, 12, "6e70c8a9be20"),
    ("log:rsync", "kellyjonbrazil/jc", "tests/fixtures/generic/rsync-i.out", 1, 10, "c724874357ac"),
    ("log:zipinfo", "kellyjonbrazil/jc", "tests/fixtures/osx-10.14.6/zipinfo-multi.out", 1, 12, "94599646181f"),
    ("log:zipinfo", "kellyjonbrazil/jc", "tests/fixtures/rhel-8/zipinfo.out", 1, 12, "21e085d40496"),
    ("log:zpool", "kellyjonbrazil/jc", "tests/fixtures/generic/zpool-status-v.out", 1, 20, "b30c3269e91b"),
    ("log:zpool", "kellyjonbrazil/jc", "tests/fixtures/generic/zpool-status-v3.out", 1, 18, "d5164c82ffea"),
    ("log:lsof", "kellyjonbrazil/jc", "tests/fixtures/centos-7.7/lsof.out", 1, 12, "bfc7ef4c0819"),
    ("log:lsof", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/lsof.out", 1, 12, "a54f69c6e8c6"),
    ("log:lsof", "kellyjonbrazil/jc", "tests/fixtures/ubuntu-18.04/ss-sudo-a.out", 1, 12, "fd7c85a545bf"),
    ("log:udevadm", "kellyjonbrazil/jc", "tests/fixtures/generic/udevadm.out", 1, 20, "993f82ab8dc0"),
    ("log:tune2fs", "kellyjonbrazil/jc", "tests/fixtures/generic/tune2fs-l.out", 1, 20, "ef1f97e6059b"),
    ("log:android", "logpai/loghub", "Android/Android_2k.log", 501, 508, "33e09fd191aa"),
    ("log:android", "logpai/loghub", "Android/Android_2k.log", 1001, 1008, "615efea047ae"),
    ("log:android", "logpai/loghub", "Android/Android_2k.log", 1501, 1508, "2f943b578da2"),
    ("log:apache", "logpai/loghub", "Apache/Apache_2k.log", 1, 8, "9f54700d565a"),
    ("log:apache", "logpai/loghub", "Apache/Apache_2k.log", 501, 508, "50710282363f"),
    ("log:apache", "logpai/loghub", "Apache/Apache_2k.log", 1001, 1008, "b084fe30e613"),
    ("log:apache", "logpai/loghub", "Apache/Apache_2k.log", 1501, 1508, "5fcc32ac58ff"),
    ("log:bgl", "logpai/loghub", "BGL/BGL_2k.log", 1, 8, "9bcfe1a806f0"),
    ("log:bgl", "logpai/loghub", "BGL/BGL_2k.log", 501, 508, "d20ce3da26f4"),
    ("log:bgl", "logpai/loghub", "BGL/BGL_2k.log", 1001, 1008, "2afad460c32a"),
    ("log:bgl", "logpai/loghub", "BGL/BGL_2k.log", 1501, 1508, "46e6b15aed7f"),
    ("log:hdfs", "logpai/loghub", "HDFS/HDFS_2k.log", 1, 8, "eb6fdb556ce0"),
    ("log:hdfs", "logpai/loghub", "HDFS/HDFS_2k.log", 501, 508, "e66c32e25a86"),
    ("log:hdfs", "logpai/loghub", "HDFS/HDFS_2k.log", 1001, 1008, "d6424eea9d8d"),
    ("log:hdfs", "logpai/loghub", "HDFS/HDFS_2k.log", 1501, 1508, "df7dd40f14a6"),
    ("log:hpc", "logpai/loghub", "HPC/HPC_2k.log", 1, 8, "166cbb0f5171"),
    ("log:hpc", "logpai/loghub", "HPC/HPC_2k.log", 501, 508, "910265bb090f"),
    ("log:hpc", "logpai/loghub", "HPC/HPC_2k.log", 1001, 1008, "2e0ccfaff34b"),
    ("log:hpc", "logpai/loghub", "HPC/HPC_2k.log", 1501, 1508, "3af6609b103a"),
    ("log:hadoop", "logpai/loghub", "Hadoop/Hadoop_2k.log", 501, 508, "70d7aa742317"),
    ("log:hadoop", "logpai/loghub", "Hadoop/Hadoop_2k.log", 1001, 1008, "a4437aa14771"),
    ("log:hadoop", "logpai/loghub", "Hadoop/Hadoop_2k.log", 1501, 1508, "5dd034a0b453"),
    ("log:healthapp", "logpai/loghub", "HealthApp/HealthApp_2k.log", 1, 8, "f3947f8e3c1b"),
    ("log:healthapp", "logpai/loghub", "HealthApp/HealthApp_2k.log", 501, 508, "29a0e2696b55"),
    ("log:healthapp", "logpai/loghub", "HealthApp/HealthApp_2k.log", 1001, 1008, "6b884ce2b5f4"),
    ("log:healthapp", "logpai/loghub", "HealthApp/HealthApp_2k.log", 1501, 1508, "ddd5bbe18a45"),
    ("log:linux", "logpai/loghub", "Linux/Linux_2k.log", 1, 8, "0acf5b291215"),
    ("log:linux", "logpai/loghub", "Linux/Linux_2k.log", 501, 508, "92481abfab60"),
    ("log:linux", "logpai/loghub", "Linux/Linux_2k.log", 1001, 1008, "cbacd71b5545"),
    ("log:linux", "logpai/loghub", "Linux/Linux_2k.log", 1501, 1508, "1930a291f59c"),
    ("log:mac", "logpai/loghub", "Mac/Mac_2k.log", 1, 8, "795cef91a99c"),
    ("log:mac", "logpai/loghub", "Mac/Mac_2k.log", 1001, 1008, "8d5f929be1da"),
    ("log:mac", "logpai/loghub", "Mac/Mac_2k.log", 1501, 1508, "afd80d3df9d1"),
    ("log:openssh", "logpai/loghub", "OpenSSH/OpenSSH_2k.log", 1, 8, "1e48fcba960c"),
    ("log:openssh", "logpai/loghub", "OpenSSH/OpenSSH_2k.log", 501, 508, "afabce7eba4a"),
    ("log:openssh", "logpai/loghub", "OpenSSH/OpenSSH_2k.log", 1001, 1008, "962ae7ce26a3"),
    ("log:openssh", "logpai/loghub", "OpenSSH/OpenSSH_2k.log", 1501, 1508, "312212104164"),
    ("log:proxifier", "logpai/loghub", "Proxifier/Proxifier_2k.log", 1, 8, "ed31f149da97"),
    ("log:proxifier", "logpai/loghub", "Proxifier/Proxifier_2k.log", 501, 508, "61c1bf04bb44"),
    ("log:proxifier", "logpai/loghub", "Proxifier/Proxifier_2k.log", 1001, 1008, "bcaabb1c78f0"),
    ("log:proxifier", "logpai/loghub", "Proxifier/Proxifier_2k.log", 1501, 1508, "0f0b85fda365"),
    ("log:spark", "logpai/loghub", "Spark/Spark_2k.log", 1, 8, "411d38dc49d3"),
    ("log:spark", "logpai/loghub", "Spark/Spark_2k.log", 501, 508, "d5314ccc2a9f"),
    ("log:spark", "logpai/loghub", "Spark/Spark_2k.log", 1001, 1008, "9376987aa14e"),
    ("log:spark", "logpai/loghub", "Spark/Spark_2k.log", 1501, 1508, "9cbbb3e606e6"),
    ("log:thunderbird", "logpai/loghub", "Thunderbird/Thunderbird_2k.log", 1, 8, "f5f4ef23c23f"),
    ("log:thunderbird", "logpai/loghub", "Thunderbird/Thunderbird_2k.log", 501, 508, "4be637749e81"),
    ("log:thunderbird", "logpai/loghub", "Thunderbird/Thunderbird_2k.log", 1001, 1008, "15f0854962aa"),
    ("log:thunderbird", "logpai/loghub", "Thunderbird/Thunderbird_2k.log", 1501, 1508, "d0dd83780b05"),
    ("log:windows", "logpai/loghub", "Windows/Windows_2k.log", 1, 8, "9f54e7ad0699"),
    ("log:windows", "logpai/loghub", "Windows/Windows_2k.log", 501, 508, "cd6e40cdf72f"),
    ("log:windows", "logpai/loghub", "Windows/Windows_2k.log", 1001, 1008, "bc31137ba593"),
    ("log:windows", "logpai/loghub", "Windows/Windows_2k.log", 1501, 1508, "6390577a11cd"),
    ("log:zookeeper", "logpai/loghub", "Zookeeper/Zookeeper_2k.log", 1, 8, "c32c136aceaa"),
    ("log:zookeeper", "logpai/loghub", "Zookeeper/Zookeeper_2k.log", 501, 508, "f75219a77cef"),
    ("log:zookeeper", "logpai/loghub", "Zookeeper/Zookeeper_2k.log", 1001, 1008, "7accf8446f3d"),
    ("log:zookeeper", "logpai/loghub", "Zookeeper/Zookeeper_2k.log", 1501, 1508, "0ab51a2b2148"),
    ("log:openstack", "logpai/loghub", "OpenStack/OpenStack_2k.log", 123, 135, "fb6fd81d7ae7"),
    ("log:openstack", "logpai/loghub", "OpenStack/OpenStack_2k.log", 397, 408, "899f3fbc6c5a"),
    ("log:openstack", "logpai/loghub", "OpenStack/OpenStack_2k.log", 673, 683, "9cbc99fd356f"),
    ("log:openstack", "logpai/loghub", "OpenStack/OpenStack_2k.log", 950, 962, "d9196a9790e8"),
    ("log:nginx-access", "tstack/lnav", "test/logfile_access_log.0", 1, 3, "fdece84539d6"),
    ("log:glog", "tstack/lnav", "test/logfile_glog.0", 1, 7, "46c35b28f979"),
    ("log:java-log", "tstack/lnav", "test/logfile_java.0", 1, 20, "0b91b628658a"),
    ("log:postgres", "tstack/lnav", "test/logfile_postgres.0", 1, 14, "43d3ffe3ca49"),
    ("log:postgres", "tstack/lnav", "test/logfile_postgres.1", 1, 14, "3c834c8a32df"),
    ("log:postgres", "tstack/lnav", "test/logfile_postgres.2", 1, 8, "3dcc1b853193"),
    ("log:strace", "tstack/lnav", "test/logfile_strace_log.1", 1, 14, "9e3bb4d53610"),
    ("log:strace", "tstack/lnav", "test/logfile_strace_log.1", 34, 47, "02bbaf1613f1"),
    ("log:uwsgi", "tstack/lnav", "test/logfile_uwsgi.0", 1, 10, "c961660712a1"),
    ("log:uwsgi", "tstack/lnav", "test/logfile_uwsgi.0", 11, 19, "f14573f2f858"),
    ("log:rust-tracing", "tstack/lnav", "test/logfile_rust_tracing.0", 1, 5, "399d974a2c51"),
    ("log:mysql", "tstack/lnav", "test/logfile_mysql_error.0", 1, 4, "13dda6e00f5e"),
    ("log:mysql", "tstack/lnav", "test/logfile_mysql_slow.0", 1, 12, "5f45762b441c"),
    ("log:mongodb", "tstack/lnav", "test/logfile_mongodb.0", 1, 3, "958a4f8c3c64"),
    ("log:iis-w3c", "tstack/lnav", "test/logfile_w3c.0", 1, 5, "dc85fc6d4d15"),
    ("log:vmware", "tstack/lnav", "test/logfile_vpxd.0", 1, 12, "5c220e648d61"),
    ("log:vmware", "tstack/lnav", "test/logfile_vdsm.0", 1, 12, "a41983f42cc4"),
    ("log:syslog", "tstack/lnav", "test/logfile_syslog.3", 1, 12, "93ba269db5c3"),
    ("log:syslog", "tstack/lnav", "test/logfile_syslog_with_mixed_times.0", 1, 12, "9dd32654d427"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/changelog.rst", 1518, 1529, "eb20c3234d2d"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/example/markers.rst", 731, 756, "6ac938696352"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/example/nonpython.rst", 29, 44, "0577e1fba291"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/example/parametrize.rst", 332, 348, "cbe6d26c002f"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/example/parametrize.rst", 481, 495, "f8b868ddbc31"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/example/simple.rst", 631, 651, "8fd1782521e0"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/getting-started.rst", 135, 151, "df29680cba46"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/getting-started.rst", 183, 198, "9b79b8cf79e3"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/assert.rst", 401, 427, "57dd6bb55ed0"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/cache.rst", 53, 81, "1fb22431a2af"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/capture-stdout-stderr.rst", 90, 110, "097ccb3f5f32"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/capture-warnings.rst", 62, 81, "8218ef689fab"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/fixtures.rst", 1139, 1145, "4e09d0d99a8b"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/parametrize.rst", 277, 293, "50994888b3da"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/skipping.rst", 377, 399, "ce3c328b51c5"),
    ("log:pytest", "pytest-dev/pytest", "doc/en/how-to/tmp_path.rst", 36, 62, "60677335f180"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_commit.md", 44, 57, "82fdc5919caf"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_diff.md", 32, 52, "dad92da33125"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_ls.md", 33, 37, "a60d7506906f"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_port.md", 21, 41, "f7cf916a2319"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_prune.md", 77, 93, "1aac4e67837a"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/container_stats.md", 55, 61, "6da72c34a3ed"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_history.md", 28, 36, "75b27e5e3376"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_load.md", 48, 60, "b378b8091565"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_ls.md", 108, 119, "29d84584040f"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_prune.md", 26, 55, "7504a3819e09"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_pull.md", 56, 63, "f8c4434552e7"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_pull.md", 197, 206, "bdef63446588"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_push.md", 110, 120, "57c66818e6ec"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/image_rm.md", 40, 69, "d90482ed2c09"),
    ("log:docker-images", "docker/cli", "docs/reference/commandline/manifest.md", 155, 179, "aae0885093f3"),
    ("log:docker-system", "docker/cli", "docs/reference/commandline/network_ls.md", 45, 51, "3adfc31011d7"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/service_ps.md", 82, 88, "4915b723adb2"),
    ("log:docker-ps", "docker/cli", "docs/reference/commandline/stack_ps.md", 189, 199, "bb1a64af8534"),
    ("log:docker-system", "docker/cli", "docs/reference/commandline/system_df.md", 37, 58, "334d97264db7"),
    ("log:docker-system", "docker/cli", "docs/reference/commandline/system_events.md", 225, 231, "4ec3d4a4686f"),
    ("log:docker-system", "docker/cli", "docs/reference/commandline/system_prune.md", 26, 48, "47ab6cca2438"),
    ("log:docker-system", "docker/cli", "docs/reference/commandline/version.md", 38, 66, "d49d2fc7850d"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/dependency-list.txt", 1, 4, "cb073456c142"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/history.txt", 1, 5, "b2e316d92d3a"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/install.txt", 1, 7, "17570b7bbe4d"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/lint-chart-with-bad-subcharts-with-subcharts.txt", 1, 21, "7501ded01613"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/list-all.txt", 1, 9, "0fe68e741262"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/repo-list.txt", 1, 4, "1355e6c5fd84"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/search-multiple-versions.txt", 1, 3, "cb76cd10fd20"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/status-with-test-suite.txt", 1, 14, "8f7122d250d1"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/template-show-only-one.txt", 1, 21, "58456e6dce76"),
    ("log:helm", "helm/helm", "pkg/cmd/testdata/output/upgrade-with-dependency-update.txt", 1, 10, "beaf902bdd78"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/autoscaling/describe-scheduled-actions.rst", 9, 24, "bf71e381b5e4"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/batch/list-jobs.rst", 11, 18, "4599ebe624fc"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/cloudformation/create-generated-template.rst", 44, 48, "647890c0ffdd"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/cloudfront/associate-distribution-tenant-web-acl.rst", 12, 16, "2c9c14d8dc7e"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/cloudtrail/create-subscription.rst", 12, 35, "7a3febb79f7f"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/codebuild/batch-delete-builds.rst", 9, 19, "2e82944b0870"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/dynamodb/list-backups.rst", 50, 64, "daa4f63da8bc"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ec2/allocate-ipam-pool-cidr.rst", 19, 26, "c45fc0e6d409"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ec2/get-transit-gateway-route-table-propagations.rst", 10, 31, "0cb3b29e402c"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ecr/batch-check-layer-availability.rst", 11, 21, "cc7f2a1fa405"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ecr/batch-get-image.rst", 37, 59, "02071411a037"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ecr/list-images.rst", 10, 25, "62b97a980c6a"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/ecs/capacity-provider-update.rst", 11, 31, "6a427a22040a"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/eks/associate-identity-provider-config.rst", 12, 29, "a4047f91cad2"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/elbv2/add-listener-certificates.rst", 11, 18, "487181619f2e"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/glue/batch-stop-job-run.rst", 11, 31, "a617747a54ff"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/lambda/add-layer-version-permission.rst", 14, 26, "6db9bd25e6d4"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/rds/cancel-export-task.rst", 10, 21, "75f8df16ea98"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/route53/list-query-logging-configs.rst", 10, 18, "e0b7d565318c"),
    ("log:aws-s3", "aws/aws-cli", "awscli/examples/s3api/complete-multipart-upload.rst", 11, 26, "5eedb2acdd44"),
    ("log:aws-s3", "aws/aws-cli", "awscli/examples/s3api/get-bucket-acl.rst", 7, 21, "263a5e060abe"),
    ("log:aws-s3", "aws/aws-cli", "awscli/examples/s3api/head-object.rst", 7, 15, "d94a06142e47"),
    ("log:aws-cli", "aws/aws-cli", "awscli/examples/sns/create-topic.rst", 10, 15, "013258e816c4"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply/plan.log", 1, 21, "e248f705d9e0"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply/apply.log", 1, 7, "f731c08faec1"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-destroy/apply.log", 1, 7, "dac693848fef"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-destroy/plan.log", 1, 22, "ec32b0bb4ed0"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-no-changes/plan.log", 1, 17, "7e90deee7ff7"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-no-changes/policy.log", 1, 12, "095b25c9a1a8"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-policy-hard-failed/policy.log", 1, 12, "6af7e9e6cdbb"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/apply-with-error/plan.log", 1, 10, "07bc6b125cfc"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/plan-cost-estimation/ce.log", 1, 6, "7f5defcb6d2a"),
    ("log:terraform", "hashicorp/terraform", "internal/backend/remote/testdata/plan-cost-estimation/plan.log", 1, 20, "30cc5ef33ff0"),
    ("log:terraform", "hashicorp/terraform", "internal/cloud/testdata/action/plan.log", 1, 21, "eca9ccb53ba9"),
    ("log:terraform", "hashicorp/terraform", "internal/cloud/testdata/query/query.log", 1, 8, "a2bec1a0ba3c"),
    ("log:go-test", "gotestyourself/gotestsum", "cmd/testdata/expected/panic-race-1-summary", 2, 30, "2c3d11f81539"),
    ("log:go-test", "gotestyourself/gotestsum", "testjson/testdata/format/standard-verbose.out", 1, 25, "d03afd00f878"),
    ("log:go-test", "gotestyourself/gotestsum", "testjson/testdata/go-test.err", 1, 2, "e743398fef80"),
    ("log:go-test", "gotestyourself/gotestsum", "testjson/testdata/format/github-actions.out", 1, 19, "570f6c551997"),
    ("log:go-test", "gotestyourself/gotestsum", "testjson/testdata/format/testname.out", 27, 40, "91d5888588e3"),
)
# fmt: on

THREADS = HERE / "logneg_threads.jsonl"
"""(kind, thread URL, text) of each chunk of output pasted into a public issue or pull-request
thread, as the thread shows it (the raw text as read; :func:`clean` trims it): data, one JSON
object a line, kept out of this module so its tables stay readable."""
TAKEN: tuple[tuple[str, str, str], ...] = tuple(
    (row["kind"], row["source"], row["text"])
    for row in map(json.loads, THREADS.read_text(encoding="utf-8").splitlines())
)

# fmt: off
DROPPED_BY_HAND: dict[str, str] = {
    GH + "kellyjonbrazil/jc/blob/ac8120e1fed9bb13b854b1333aef9c2dbce44f54/tests/fixtures/ubuntu-22.04/wg_show--two_devices.out": "`wg show all dump` format: the second column of each interface line is the interface's private key",
    GH + "kellyjonbrazil/jc/blob/ac8120e1fed9bb13b854b1333aef9c2dbce44f54/tests/fixtures/windows/windows-10/wg_show.out": "the same dump format: interface lines carry a private key column",
    GH + "kellyjonbrazil/jc/blob/ac8120e1fed9bb13b854b1333aef9c2dbce44f54/tests/fixtures/centos-7.7/dig-axfr.out": "the zone transfer prints a google-site-verification TXT value; public by design, but a verification token, so left out",
    GH + "logpai/loghub/blob/dd61d0952749ee7963bde24220d1be5ede023033/Hadoop/Hadoop_2k.log#L1-L8": "the MRAppMaster prints 'Executing with tokens:' and a YARN_AM_RM_TOKEN identifier; no password part, but unsure, so the window is left out (three other windows are taken)",
    GH + "aws/aws-cli/blob/07c4fe366b49c4dde816d674f4941134fc432673/awscli/examples/sqs/receive-message.rst": "the output shows an (elided) SQS ReceiptHandle, a value that lets its holder delete the message",
    GH + "docker/cli/blob/28f756087eea5fa301f3fbf12b01ae62f91521c2/docs/reference/commandline/swarm_join-token.md": "prints swarm join tokens (SWMTKN-1-…), example values shaped like real ones",
    GH + "docker/cli/blob/28f756087eea5fa301f3fbf12b01ae62f91521c2/docs/reference/commandline/swarm_unlock-key.md": "prints swarm unlock keys (SWMKEY-1-…)",
    GH + "docker/cli/blob/28f756087eea5fa301f3fbf12b01ae62f91521c2/docs/reference/commandline/swarm_join.md": "the commands carry swarm join tokens",
    GH + "mscdex/ssh2/issues/1045": "the ssh user name is a play-with-docker session id, which grants access to the session; unsure, left out",
    GH + "microsoft/vscode-remote-release/issues/10508": "the ssh -v lines are re-wrapped mid-word with '> ' and timestamp prefixes; not output as a terminal shows it",
    GH + "statamic/cms/issues/7874": "the git output sits inside a one-line JSON log record with \\r escapes",
    GH + "ad-m/github-push-action/issues/25": "the pasted Actions log is mostly timestamp-only lines",
    GH + "gobanos/cargo-aoc/issues/42": "the compiler output is quoted with '> ' prefixes",
    GH + "willdoescode/nat/issues/27": "the rustc command line is longer than 300 signs",
    GH + "rust-lang/cargo/issues/6774": "only rustc command lines longer than 300 signs",
    GH + "WeBankFinTech/Schedulis/issues/107": "the Maven error line is longer than 300 signs",
    GH + "steeve/plugin.video.pulsar/issues/109": "the Go panic is wrapped in Kodi log prefixes, left out in favour of plain ones",
}
# fmt: on
"""Threads and files read and not taken from (or taken from only in part), with why; no
value of them is kept here."""

STRONG = {k: v for k, v in realneg.LOOKS_LIKE_A_CREDENTIAL.items() if k != "secret word"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def clean(raw: str) -> str:
    """A chunk as written: trailing whitespace of each line stripped, blank lines at the
    ends dropped."""
    lines = [line.rstrip() for line in raw.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def blob_url(repo: str, path: str, first: int, last: int) -> str:
    return f"{GH}{repo}/blob/{COMMITS[repo]}/{quote(path)}#L{first}-L{last}"


def file_rows() -> list[dict]:
    """The FILES chunks, read at their pinned commits; stops on any mismatch."""
    rows: list[dict] = []
    bodies: dict[tuple[str, str], list[str]] = {}
    for kind, repo, path, first, last, want in FILES:
        if (repo, path) not in bodies:
            try:
                body = realneg.git(repo, "cat-file", "-p", f"{COMMITS[repo]}:{path}")
            except subprocess.CalledProcessError as err:
                sys.exit(
                    f"{repo}@{COMMITS[repo]}:{path} cannot be read ({err.stderr.strip()}); fetch github:{repo}"
                )
            bodies[(repo, path)] = body.split("\n")
        lines = bodies[(repo, path)][first - 1 : last]
        text = "\n".join(line.rstrip() for line in lines)
        if len(lines) != last - first + 1 or digest(text) != want or clean(text) != text:
            sys.exit(f"{repo}:{path}#L{first}-L{last} no longer matches the text read by hand")
        rows.append({"kind": kind, "text": text, "source": blob_url(repo, path, first, last)})
    return rows


def taken_rows() -> list[dict]:
    return [{"kind": k, "text": clean(t), "source": s} for k, s, t in TAKEN]


def problem(row: dict) -> str | None:
    """Why a hand-read chunk breaks the split's rules (the build stops on any)."""
    text, lines = row["text"], row["text"].split("\n")
    if not re.fullmatch(r"log:[a-z0-9-]+", row["kind"]):
        return "kind"
    if not MIN_LINES <= len(lines) <= MAX_LINES:
        return f"{len(lines)} lines"
    if any(len(line) > MAX_LEN for line in lines):
        return f"a line longer than {MAX_LEN} signs"
    if ANSI.search(text) or "\x1b" in text:
        return "ANSI escape"
    if "-----BEGIN" in text:
        return "armour line"
    for reason, pattern in STRONG.items():
        if re.search(pattern, text):
            return reason
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=realneg.MIRRORS)
    args = parser.parse_args()
    realneg.MIRRORS = args.mirrors  # realneg.git reads its snapshots from there

    candidates = file_rows() + taken_rows()
    bad = [(row["source"], why) for row in candidates if (why := problem(row))]
    if bad:
        sys.exit(
            "chunks that break the rules (drop them by hand):\n"
            + "\n".join(f"  {s}: {w}" for s, w in bad)
        )

    rows, dropped = select(candidates, other_negatives(OUT), lambda row: None)
    per_kind = write_split(rows, OUT, SPLIT, PREFIX, PER_KIND)

    print_report(OUT, rows, per_kind, dropped, len(DROPPED_BY_HAND))
    print(f"  from {len(FILES)} file ranges and {len(TAKEN)} thread chunks")


if __name__ == "__main__":
    main()

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
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import realneg  # noqa: E402
from carriers import load  # noqa: E402
from realneg import select, write_split  # noqa: E402

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

# (kind, thread URL, text): chunks of output pasted into public issue and pull-request
# threads, as the thread shows them; the raw string's first and last newline are not part
# of the text.
# fmt: off
TAKEN: tuple[tuple[str, str, str], ...] = (
    # pip install / pip wheel
    ("log:pip-install", GH + "pypa/pip/pull/2649", r"""
$ pip install --cache-dir c lxml
Collecting lxml
  Downloading lxml-3.4.2.tar.gz (3.5MB)
    100% |████████████████████████████████| 3.5MB 107kB/s
Building wheels for collected packages: lxml
  Running setup.py bdist_wheel for lxml
  Destination directory: /Users/dstufft/Library/Caches/pip/wheels
"""),
    ("log:pip-install", GH + "pypa/pip/pull/2649", r"""
  Building lxml version 3.4.2.
  Building without Cython.
  Using build configuration of libxslt 1.1.28
  /Users/dstufft/.pyenv/versions/3.4.3/lib/python3.4/distutils/dist.py:260: UserWarning: Unknown distribution option: 'bugtrack_url'
    warnings.warn(msg)
  usage: -c [global_opts] cmd1 [cmd1_opts] [cmd2 [cmd2_opts] ...]
     or: -c --help [cmd1 cmd2 ...]
     or: -c --help-commands
     or: -c cmd --help

  error: invalid command 'bdist_wheel'

  ----------------------------------------
  Failed building wheel for lxml
Failed to build lxml
"""),
    ("log:pip-install", GH + "terryyin/lizard/issues/85", r"""
  running install_egg_info
  running egg_info
  writing hfcca.egg-info/PKG-INFO
  writing top-level names to hfcca.egg-info/top_level.txt
  writing dependency_links to hfcca.egg-info/dependency_links.txt
  warning: manifest_maker: standard file '-c' not found

  reading manifest file 'hfcca.egg-info/SOURCES.txt'
  writing manifest file 'hfcca.egg-info/SOURCES.txt'
  Copying hfcca.egg-info to build/bdist.linux-x86_64/wheel/hfcca-1.9.18-py2.7.egg-info
  running install_scripts
  ...
  copying build/lib.linux-x86_64-2.7/languages/java.py -> build/bdist.linux-x86_64/wheel/languages
  error: [Errno 2] No such file or directory: 'build/bdist.linux-x86_64/wheel/languages/java.py'

  ----------------------------------------
  Failed building wheel for hfcca
  Running setup.py clean for hfcca
Failed to build hfcca hfcca
ERROR: Failed to build one or more wheels
"""),
    ("log:pip-install", GH + "pypa/wheel/issues/188", r"""
Collecting jsnapy
  Using cached jsnapy-1.2.0.tar.gz
Requirement already satisfied: junos-eznc in ./env_jsnapy/lib/python2.7/site-packages (from jsnapy)
Requirement already satisfied: colorama in ./env_jsnapy/lib/python2.7/site-packages (from jsnapy)
Requirement already satisfied: configparser in ./env_jsnapy/lib/python2.7/site-packages (from jsnapy)
Requirement already satisfied: pyparsing in ./env_jsnapy/lib/python2.7/site-packages (from jsnapy)
"""),
    ("log:pip-list", GH + "rpm-py-installer/rpm-py-installer/issues/102", r"""
pip3 --version
pip 19.3.1 from /home/andi/virtualenvs/mtk/lib/python3.6/site-packages/pip (python 3.6)
pip3 list
Package                       Version
----------------------------- ---------
alabaster                     0.7.12
astroid                       2.3.3
Babel                         2.8.0
certifi                       2019.9.11
chardet                       3.0.4
docutils                      0.16
idna                          2.8
imagesize                     1.2.0
isort                         4.3.21
"""),
    ("log:pip-list", GH + "pypa/virtualenv/issues/1989", r"""
% pip3 list
Package                      Version
---------------------------- --------------------
appdirs                      1.4.4
apturl                       0.5.2
argcomplete                  1.8.1
argh                         0.26.2
astroid                      2.4.2
attrs                        20.2.0
awscli                       1.18.159
bcrypt                       3.1.7
blessings                    1.6
blinker                      1.4
botocore                     1.18.18
bpython                      0.18
Brlapi                       0.7.0
CacheControl                 0.12.6
cachy                        0.3.0
catfish                      1.4.13
certifi                      2019.11.28
chardet                      3.0.4
cleo                         0.7.6
Click                        7.0
clikit                       0.4.3
"""),
    # Python tracebacks
    ("log:python-traceback", GH + "pypa/virtualenv/issues/1942", r"""
Writing /home/username/work/DataScience/cookiecutter/lib64/python3.8/distutils/__init__.py
Writing /home/username/work/DataScience/cookiecutter/lib64/python3.8/distutils/distutils.cfg
Running command /home/username/work/Dat...iecutter/bin/python3 -m pip config list
Traceback (most recent call last):
  File "/usr/lib64/python3.8/runpy.py", line 194, in _run_module_as_main
    return _run_code(code, main_globals, None,
  File "/usr/lib64/python3.8/runpy.py", line 87, in _run_code
    exec(code, run_globals)
  File "/usr/share/python-wheels/pip-19.3.1-py2.py3-none-any.whl/pip/__main__.py", line 16, in <module>
  File "<frozen zipimport>", line 259, in load_module
  File "/usr/share/python-wheels/pip-19.3.1-py2.py3-none-any.whl/pip/_internal/__init__.py", line 3, in <module>
  File "<frozen zipimport>", line 259, in load_module
  File "/usr/share/python-wheels/pip-19.3.1-py2.py3-none-any.whl/pip/_internal/main.py", line 13, in <module>
  File "<frozen zipimport>", line 259, in load_module
  File "/usr/share/python-wheels/pip-19.3.1-py2.py3-none-any.whl/pip/_internal/cli/autocompletion.py", line 11, in <module>
  File "<frozen zipimport>", line 259, in load_module
  File "/usr/share/python-wheels/pip-19.3.1-py2.py3-none-any.whl/pip/_internal/cli/main_parser.py", line 7, in <module>
"""),
    ("log:python-traceback", GH + "mwolff44/pk-sbc/issues/172", r"""
root@voip:/usr/local# virtualenv venv --no-site-packages
Traceback (most recent call last):
  File "/usr/local/bin/virtualenv", line 7, in <module>
    from virtualenv.__main__ import run_with_catch
  File "/usr/local/lib/python2.7/dist-packages/virtualenv/__init__.py", line 3, in <module>
    from .run import cli_run
  File "/usr/local/lib/python2.7/dist-packages/virtualenv/run/__init__.py", line 12, in <module>
    from .plugin.activators import ActivationSelector
  File "/usr/local/lib/python2.7/dist-packages/virtualenv/run/plugin/activators.py", line 6, in <module>
    from .base import ComponentBuilder
  File "/usr/local/lib/python2.7/dist-packages/virtualenv/run/plugin/base.py", line 9, in <module>
    from importlib_metadata import entry_points
  File "/usr/local/lib/python2.7/dist-packages/importlib_metadata/__init__.py", line 9, in <module>
    import zipp
ImportError: No module named zipp
"""),
    ("log:python-traceback", GH + "YelpArchive/venv-update/issues/54", r"""
$ bash !$
bash test.sh
New python executable in venv/bin/python
Installing setuptools, pip...done.
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
100 17803  100 17803    0     0   114k      0 --:--:-- --:--:-- --:--:--  241k

Something went wrong! Sending 'venv' back in time, so make knows it's invalid.
Waiting for all subprocesses to finish...
DONE
> touch venv --reference reqs.txt --date '1 day ago'

Traceback (most recent call last):
  File "venv_update.py", line 584, in <module>
    exit(main())
  File "venv_update.py", line 566, in main
    return venv_update(stage, venv_path, reqs, venv_args)
  File "venv_update.py", line 551, in venv_update
    validate_venv(venv_path, venv_args)
  File "venv_update.py", line 353, in validate_venv
    from virtualenv import __version__ as virtualenv_version
ImportError: No module named virtualenv
"""),
    ("log:python-traceback", GH + "plasma-disassembler/plasma/issues/74", r"""
Traceback (most recent call last):
  File "setup.py", line 9, in <module>
    from pip.req import parse_requirements
ImportError: No module named 'pip'
"""),
    ("log:python-traceback", GH + "nickjj/ansible-docker/issues/112", r"""
$ python --version
Python 3.7.3
$ pip --version
pip 18.1 from /usr/lib/python3/dist-packages/pip (python 3.7)
$ pip install virtualenv
Requirement already satisfied: virtualenv in /usr/lib/python3/dist-packages (15.1.0)
$ virtualenv
Traceback (most recent call last):
  File "/usr/local/bin/virtualenv", line 6, in <module>
"""),
    # kubectl
    ("log:kubectl", GH + "kubernetes/kubernetes/issues/17460", r"""
$ kubectl get po
NAME                  READY     STATUS             RESTARTS   AGE
elasticsearch-attiy   0/1       CrashLoopBackOff   25         1h
elasticsearch-lkl4i   0/1       CrashLoopBackOff   25         1h
frontend-81lqv        1/1       Running            0          1h
frontend-ddanc        1/1       Running            0          1h
"""),
    ("log:kubectl", GH + "kubernetes/kubernetes/issues/17460", r"""
$ kubectl describe po elastic
search-attiy
Name:                           elasticsearch-attiy
Namespace:                      default
Image(s):                       eu.gcr.io/foo/foo_elasticsearch:latest
Node:                           gke-small-cluster-7834f89-node-wke5/10.210.0.1
Labels:                         name=elasticsearch
Status:                         Running
Reason:
Message:
IP:                             10.180.1.11
Replication Controllers:        elasticsearch (2/2 replicas created)
Containers:
  elasticsearch:
"""),
    ("log:kubectl", GH + "redhat-developer/intellij-kubernetes/issues/778", r"""
Events:
  Type     Reason            Age                 From               Message
  ----     ------            ----                ----               -------
  Warning  FailedScheduling  9h (x108 over 18h)  default-scheduler  0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..
  Warning  FailedScheduling  35s                 default-scheduler  0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..
"""),
    ("log:kubectl", GH + "kubernetes/kubernetes/issues/48511", r"""
   containerStatuses:
      - containerID: docker://9649c26527cf0e1cd3bd67ba9c606c0b78e6b4f08bacf96175627ddc7d250772
       image: debian
       imageID: docker-pullable://docker.io/debian@sha256:7d067f77d2ae5a23fe6920f8fbc2936c4b0d417e9d01b26372561860750815f0
      lastState:
      terminated:
"""),
    # ssh -v
    ("log:ssh-verbose", GH + "mscdex/ssh2/issues/989", r"""
debug3: send packet: type 21
debug2: set_newkeys: mode 1
debug1: rekey after 134217728 blocks
debug1: SSH2_MSG_NEWKEYS sent
debug1: expecting SSH2_MSG_NEWKEYS
debug3: receive packet: type 21
debug1: SSH2_MSG_NEWKEYS received
debug2: set_newkeys: mode 0
debug1: rekey after 134217728 blocks
debug1: Will attempt key: /Users/<me>/.ssh/id_rsa RSA SHA256:DMI9zKrH0iUZIxI0c1Wy6Hgv9i025lAZJ5L0+Xmhf4M
debug1: Will attempt key: /Users/<me>/.ssh/id_dsa
debug1: Will attempt key: /Users/<me>/.ssh/id_ecdsa
debug1: Will attempt key: /Users/<me>/.ssh/id_ed25519
debug1: Will attempt key: /Users/<me>/.ssh/id_xmss
debug2: pubkey_prepare: done
debug3: send packet: type 5
debug3: receive packet: type 7
debug1: SSH2_MSG_EXT_INFO received
debug1: kex_input_ext_info: server-sig-algs=<ssh-ed25519,sk-ssh-ed25519@openssh.com,ssh-rsa,rsa-sha2-256,rsa-sha2-512,ssh-dss,ecdsa-sha2-nistp256,ecdsa-sha2-nistp384,ecdsa-sha2-nistp521,sk-ecdsa-sha2-nistp256@openssh.com>
debug3: receive packet: type 6
debug2: service_accept: ssh-userauth
debug1: SSH2_MSG_SERVICE_ACCEPT received
debug3: send packet: type 50
debug3: receive packet: type 51
debug1: Authentications that can continue: publickey
debug3: start over, passed a different list publickey
debug3: preferred publickey,keyboard-interactive,password
debug3: authmethod_lookup publickey
"""),
    ("log:ssh-verbose", GH + "warpdotdev/warp/issues/2598", r"""
OpenSSH_9.0p1, LibreSSL 3.3.6
debug1: Reading configuration data /Users/lionel/.ssh/config
debug1: /Users/lionel/.ssh/config line 1: Applying options for *
debug1: /Users/lionel/.ssh/config line 16: Applying options for karotz
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: /etc/ssh/ssh_config line 21: include /etc/ssh/ssh_config.d/* matched no files
debug1: /etc/ssh/ssh_config line 54: Applying options for *
debug2: resolve_canonicalize: hostname 10.1.16.4 is address
debug1: Authenticator provider $SSH_SK_PROVIDER did not resolve; disabling
debug1: Connecting to 10.1.16.4 [10.1.16.4] port 22.
debug1: Connection established.
debug1: identity file /Users/lionel/.ssh/id_rsa type 0
debug1: identity file /Users/lionel/.ssh/id_rsa-cert type -1
debug1: Local version string SSH-2.0-OpenSSH_9.0
debug1: Remote protocol version 2.0, remote software version dropbear_2014.66
debug1: compat_banner: no match: dropbear_2014.66
debug2: fd 3 setting O_NONBLOCK
debug1: Authenticating to 10.1.16.4:22 as 'karotz'
"""),
    ("log:ssh-verbose", GH + "PowerShell/Win32-OpenSSH/issues/878", r"""
debug1: Host 'remotehost' is known and matches the ECDSA host key.
debug1: Found key in /home/me/.ssh/known_hosts:1
debug1: ssh_ecdsa_verify: signature correct
debug2: kex_derive_keys
debug2: set_newkeys: mode 1
debug1: SSH2_MSG_NEWKEYS sent
debug1: expecting SSH2_MSG_NEWKEYS
debug2: set_newkeys: mode 0
debug1: SSH2_MSG_NEWKEYS received
debug1: SSH2_MSG_SERVICE_REQUEST sent
debug2: service_accept: ssh-userauth
debug1: SSH2_MSG_SERVICE_ACCEPT received
debug2: key: me@myhost.localdomain (0x7fbefc2a5b30),
debug2: key: me@myhost.localdomain (0x7fbefc2a5ce0),
debug2: key: me@myhost.localdomain (0x7fbefc2aa3a0),
debug2: key: me@myhost.localdomain (0x7fbefc2aa6d0),
debug2: key: .ssh/test-host_rsa ((nil)), explicit
debug1: Authentications that can continue: publickey,password,keyboard-interactive
debug3: start over, passed a different list publickey,password,keyboard-interactive
debug3: preferred gssapi-keyex,gssapi-with-mic,publickey,keyboard-interactive,password
debug3: authmethod_lookup publickey
debug3: remaining preferred: keyboard-interactive,password
debug3: authmethod_is_enabled publickey
debug1: Next authentication method: publickey
debug1: Offering RSA public key: me@myhost.localdomain
debug3: send_pubkey_test
debug2: we sent a publickey packet, wait for reply
debug1: Authentications that can continue: publickey,password,keyboard-interactive
"""),
    ("log:ssh-verbose", GH + "PowerShell/Win32-OpenSSH/issues/1245", r"""
debug2: load_server_config: filename __PROGRAMDATA__\\ssh/sshd_config
debug2: load_server_config: done config len = 152
debug2: parse_server_config: config __PROGRAMDATA__\\ssh/sshd_config len 152
debug3: __PROGRAMDATA__\\ssh/sshd_config:38 setting AuthorizedKeysFile .ssh/authorized_keys
debug3: __PROGRAMDATA__\\ssh/sshd_config:76 setting Subsystem sftp      sftp-server.exe
debug1: sshd version OpenSSH_for_Windows_7.7, LibreSSL 2.6.4
debug1: private host key #0: ssh-rsa SHA256:86iQP6LQyXad7wWuJtH8hy7C5XJXMcpMVrhHMqg0m0w
debug1: private host key #1: ecdsa-sha2-nistp256 SHA256:bA5mOnxDW831TD19qpBnQdV4gS0BpBLUZlAskdpc1jQ
debug1: private host key #2: ssh-ed25519 SHA256:eQjpwjdoMtyX1NPpa+tbL4S6NnvdBn5R3pBpAvJ6Dz8
debug1: rexec_argv[0]='sshd.exe'
debug1: rexec_argv[1]='-ddd'
debug2: fd 3 setting O_NONBLOCK
debug3: sock_set_v6only: set socket 3 IPV6_V6ONLY
debug1: Bind to port 22 on ::.
Server listening on :: port 22.
debug2: fd 4 setting O_NONBLOCK
debug1: Bind to port 22 on 0.0.0.0.
Server listening on 0.0.0.0 port 22.
debug3: fd 5 is not O_NONBLOCK
debug1: Server will not fork when running in debugging mode.
debug3: send_rexec_state: entering fd = 8 config len 152
debug3: ssh_msg_send: type 0
"""),
    # git push / clone
    ("log:git-push", GH + "desktop/desktop/issues/16668", r"""
2023-05-09T12:24:05.464Z - info: [ui] [AppStore.withAuthenticatingUser] account found for repository: XComFiles - SolariusScorch (has token)
2023-05-09T12:24:07.316Z - info: [ui] Executing push: git -c credential.helper= push origin master:master --progress (took 1.829s)
2023-05-09T12:24:07.320Z - error: [ui] `git -c credential.helper= push origin master:master --progress` exited with an unexpected code: 1.
stderr:
Enumerating objects: 33, done.
Counting objects:   3% (1/33)
Counting objects:   6% (2/33)
Counting objects:   9% (3/33)
Counting objects:  12% (4/33)
Counting objects:  15% (5/33)
Counting objects:  18% (6/33)
Counting objects:  21% (7/33)
Counting objects:  24% (8/33)
Counting objects:  27% (9/33)
Counting objects:  30% (10/33)
"""),
    # GitHub Actions runner logs
    ("log:gha-runner", GH + "peter-evans/create-pull-request/issues/861", r"""
2021-06-02T15:54:39.4165630Z Receiving objects: 100% (518/518)
2021-06-02T15:54:39.4167136Z Receiving objects: 100% (518/518), 3.41 MiB | 16.48 MiB/s, done.
2021-06-02T15:54:39.4168657Z Resolving deltas:   0% (0/289)
2021-06-02T15:54:39.4170682Z Resolving deltas:   1% (3/289)
2021-06-02T15:54:39.4172070Z Resolving deltas:   2% (6/289)
2021-06-02T15:54:39.4173572Z Resolving deltas:   3% (9/289)
2021-06-02T15:54:39.4175006Z Resolving deltas:   4% (12/289)
2021-06-02T15:54:39.4176587Z Resolving deltas:   5% (15/289)
2021-06-02T15:54:39.4177840Z Resolving deltas:   6% (18/289)
2021-06-02T15:54:39.4178884Z Resolving deltas:   7% (21/289)
"""),
    ("log:gha-runner", GH + "SamKirkland/FTP-Deploy-Action/issues/169", r"""
2021-03-13T10:48:44.1836064Z Receiving objects:  91% (772/848)
2021-03-13T10:48:44.1836623Z Receiving objects:  92% (781/848)
2021-03-13T10:48:44.1837218Z Receiving objects:  93% (789/848)
2021-03-13T10:48:44.1837817Z Receiving objects:  94% (798/848)
2021-03-13T10:48:44.1838549Z Receiving objects:  95% (806/848)
2021-03-13T10:48:44.1839171Z Receiving objects:  96% (815/848)
2021-03-13T10:48:44.1840306Z remote: Total 848 (delta 86), reused 600 (delta 76), pack-reused 0
2021-03-13T10:48:44.1841039Z Receiving objects:  97% (823/848)
2021-03-13T10:48:44.1841671Z Receiving objects:  98% (832/848)
2021-03-13T10:48:44.1842342Z Receiving objects:  99% (840/848)
2021-03-13T10:48:44.1842940Z Receiving objects: 100% (848/848)
2021-03-13T10:48:44.1843551Z Receiving objects: 100% (848/848), 2.53 MiB | 11.98 MiB/s, done.
2021-03-13T10:48:44.1844204Z Resolving deltas:   0% (0/86)
2021-03-13T10:48:44.1844805Z Resolving deltas:   1% (1/86)
2021-03-13T10:48:44.1845346Z Resolving deltas:   2% (2/86)
"""),
    ("log:gha-runner", GH + "ropensci/codemetar/issues/304", r"""
2021-04-06T00:02:40.9791560Z Receiving objects:  95% (3440/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9801550Z Receiving objects:  96% (3477/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9807040Z remote: Total 3621 (delta 981), reused 687 (delta 441), pack-reused 2374
2021-04-06T00:02:40.9808960Z Receiving objects:  97% (3513/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9810070Z Receiving objects:  98% (3549/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9811850Z Receiving objects:  99% (3585/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9829050Z Receiving objects: 100% (3621/3621), 2.46 MiB | 4.92 MiB/s
2021-04-06T00:02:40.9830980Z Receiving objects: 100% (3621/3621), 4.34 MiB | 5.63 MiB/s, done.
2021-04-06T00:02:40.9832990Z Resolving deltas:   0% (0/2907)
2021-04-06T00:02:40.9834480Z Resolving deltas:   1% (30/2907)
2021-04-06T00:02:40.9836390Z Resolving deltas:   2% (59/2907)
"""),
    ("log:gha-runner", GH + "BetaHuhn/repo-file-sync-action/issues/174", r"""
2022-02-18T17:55:35.6735543Z ##[debug]action.yml for action: '/home/runner/work/_actions/actions/checkout/v2/action.yml'.
2022-02-18T17:55:35.7923382Z ##[debug]action.yml for action: '/home/runner/work/_actions/tibdex/github-app-token/7ce9ffdcdeb2ba82b01b51d6584a6a85872336d4/action.yml'.
2022-02-18T17:55:35.7960855Z ##[debug]action.yml for action: '/home/runner/work/_actions/BetaHuhn/repo-file-sync-action/878d649c33c834dc1eff4c00f7fcf16bf281eb63/action.yml'.
2022-02-18T17:55:35.8215435Z ##[debug]Set step '__actions_checkout' display name to: 'Run actions/checkout@v2'
2022-02-18T17:55:35.8219782Z ##[debug]Set step 'generate_token' display name to: 'impersonate SRE Read/Write GH App'
2022-02-18T17:55:35.8222744Z ##[debug]Set step '__BetaHuhn_repo-file-sync-action' display name to: 'Sync SRE Workflows'
2022-02-18T17:55:35.8238572Z ##[debug]Collect running processes for tracking orphan processes.
2022-02-18T17:55:35.8665057Z ##[debug]Finishing: Set up job
2022-02-18T17:55:35.8845998Z ##[debug]Evaluating condition for step: 'Run actions/checkout@v2'
2022-02-18T17:55:35.8917989Z ##[debug]Evaluating: success()
2022-02-18T17:55:35.8925533Z ##[debug]Evaluating success:
2022-02-18T17:55:35.8958427Z ##[debug]=> true
2022-02-18T17:55:35.8968940Z ##[debug]Result: true
"""),
    ("log:gha-runner", GH + "hack-chat/main/issues/268", r"""
Run actions/checkout@v4
Syncing repository: prettier/prettier
Getting Git version info
Temporarily overriding HOME='/home/runner/work/_temp/bc658e44-cb96-4452-aace-f8b599e2[1](https://github.com/prettier/prettier/actions/runs/15229368817/job/42835362786?pr=17511#step:2:1)3ba' before making global git config changes
Adding repository directory to the temporary git global config as a safe directory
/usr/bin/git config --global --add safe.directory /home/runner/work/prettier/prettier
Deleting the contents of '/home/runner/work/prettier/prettier'
Initializing the repository
Disabling automatic garbage collection
Setting up auth
Fetching the repository
Determining the checkout info
/usr/bin/git sparse-checkout disable
/usr/bin/git config --local --unset-all extensions.worktreeConfig
Checking out the ref
/usr/bin/git log -1 --format=%H
d54411[17](https://github.com/prettier/prettier/actions/runs/15229368817/job/42835362786?pr=17511#step:2:18)37feb9eb86d1c0e5aa6f8df8e1d4d3ae
"""),
    ("log:gha-runner", GH + "nektos/act/pull/1011", r"""
[test.yml/job1] Working directory '/home/ubuntu/act-test'
DEBU[0000] Writing tarball /tmp/act1081849562 from /home/ubuntu/act-test/.
DEBU[0000] Stripping prefix:/home/ubuntu/act-test/ src:/home/ubuntu/act-test/.
[test.yml/job1] Extracting content from '/tmp/act1081849562' to '/home/ubuntu/act-test'
DEBU[0000] Writing entry to tarball workflow/event.json len:2
DEBU[0000] Writing entry to tarball workflow/envs.txt len:0
DEBU[0000] Writing entry to tarball workflow/paths.txt len:0
[test.yml/job1] Extracting content to '/var/run/act/'
DEBU[0000] Loading slug from git directory '/home/ubuntu/act-test/.git'
DEBU[0000] Loading revision from git directory '/home/ubuntu/act-test/.git'
DEBU[0000] Found revision: 6eb2bac6e2f959c983d965013e23b997ba7f9170
DEBU[0000] HEAD points to '6eb2bac6e2f959c983d965013e23b997ba7f9170'
DEBU[0000] using github ref: refs/heads/secrets-testing
DEBU[0000] Found revision: 6eb2bac6e2f959c983d965013e23b997ba7f9170
DEBU[0000] expression '' evaluated to 'true'
"""),
    ("log:gha-runner", GH + "actions/checkout/issues/334", r"""
2020-10-21T19:36:37.6173937Z ##[debug]..=> Object
2020-10-21T19:36:37.6175324Z ##[debug]..Evaluating String:
2020-10-21T19:36:37.6175804Z ##[debug]..=> 'repository'
2020-10-21T19:36:37.6181717Z ##[debug]=> 'hectorm/test'
2020-10-21T19:36:37.6182720Z ##[debug]Result: 'hectorm/test'
2020-10-21T19:36:37.6189533Z ##[debug]Evaluating: github.token
2020-10-21T19:36:37.6189963Z ##[debug]Evaluating Index:
2020-10-21T19:36:37.6191185Z ##[debug]..Evaluating github:
2020-10-21T19:36:37.6191778Z ##[debug]..=> Object
2020-10-21T19:36:37.6192170Z ##[debug]..Evaluating String:
2020-10-21T19:36:37.6192490Z ##[debug]..=> 'token'
2020-10-21T19:36:37.6194565Z ##[debug]=> '***'
2020-10-21T19:36:37.6195165Z ##[debug]Result: '***'
2020-10-21T19:36:37.6201938Z ##[debug]Loading env
2020-10-21T19:36:37.6212117Z ##[group]Run actions/checkout@main
2020-10-21T19:36:37.6212463Z with:
2020-10-21T19:36:37.6212878Z   repository: hectorm/test
2020-10-21T19:36:37.6213493Z   token: ***
2020-10-21T19:36:37.6213773Z   ssh-strict: true
2020-10-21T19:36:37.6214152Z   persist-credentials: true
2020-10-21T19:36:37.6214505Z   clean: true
2020-10-21T19:36:37.6214795Z   fetch-depth: 1
2020-10-21T19:36:37.6215067Z   lfs: false
2020-10-21T19:36:37.6215344Z   submodules: false
2020-10-21T19:36:37.6215619Z ##[endgroup]
"""),
    # docker build / BuildKit
    ("log:docker-build", GH + "docker/buildx/issues/537", r"""
 => => writing layer sha256:84ba50248a53956a26fe6fbe7ea323488828abf4308fc0ba45dd9914ea5bcc8d                       0.1s
 => => writing layer sha256:85f4cd68193c79f95b8102c0a1bc1d072a6126638d6aabc3be411897f4f55d70                       0.1s
 => => writing layer sha256:865b1b74915ebb8f6a12ccd1eb7582b9606bfd647cd2e76ff0affd1c1c09a6e0                       0.1s
 => => writing layer sha256:895be8255061eb744a0564dd5dc582f317b92e724c7a7d5c38f11315d860675b                       0.1s
 => => writing layer sha256:89dc955ecffce001bedc29753c2bd569eb0085597f54f2a12d4f40f86363c220                       0.1s
 => => writing layer sha256:8b417a21353342157e94ba5f97e9d5bbdfef286f17cbc15c3ffe117dd5cdcd85                       0.1s
 => => writing layer sha256:8b4d0d48b87e03615a5957ae30dc9423617ef1e58ffd311bc99321424f32a529                       0.1s
 => => writing layer sha256:8bc5c9976c00947ab1cc2c83302f7808f5ef4868517b28cf9b32394707f37994                       0.1s
 => => writing layer sha256:8c6026593dc045c63c13d209268f8b2b23b8ac37345ba032126ce3b6ffc91191                       0.1s
 => => writing layer sha256:8ee70bd192a98e8625a60e8a0405374cdd5a0bfe4d329767b5e7da196af6dd9a                       0.1s
 => => writing layer sha256:90687c117aeac8cf0cee878daf519497b0ca90ac6dceed7188c46caead3ddf97                       0.1s
"""),
    ("log:docker-build", GH + "moby/buildkit/issues/2631", r"""
╰─$ docker buildx build -t test .  -o type=oci,dest=/tmp/test-2 -f only-32.Dockerfile --no-cache --no-cache --progress=plain --platform linux/arm64 --pull
#1 [internal] booting buildkit
#1 pulling image moby/buildkit:buildx-stable-1
#1 pulling image moby/buildkit:buildx-stable-1 2.9s done
#1 creating container buildx_buildkit_shaked
#1 creating container buildx_buildkit_shaked 1.2s done
#1 DONE 4.1s

#2 [internal] load build definition from only-32.Dockerfile
#2 transferring dockerfile: 82B done
#2 DONE 0.0s

#3 [internal] load .dockerignore
#3 transferring context: 2B done
#3 DONE 0.0s
"""),
    ("log:docker-build", GH + "moby/buildkit/issues/2631", r"""
#4 [internal] load metadata for nvcr.io/nvidia/l4t-base:r32.5.0
#4 ...

#5 [auth] nvidia/l4t-base:pull,push token for nvcr.io
#5 DONE 0.0s

#4 [internal] load metadata for nvcr.io/nvidia/l4t-base:r32.5.0
#4 DONE 4.5s
"""),
    ("log:docker-build", GH + "moby/buildkit/issues/2631", r"""
#6 [1/1] FROM nvcr.io/nvidia/l4t-base:r32.5.0@sha256:c7207a13da6054c738b530aad93e8c620182db85eb7fbb40b103757145e8b5f4
#6 resolve nvcr.io/nvidia/l4t-base:r32.5.0@sha256:c7207a13da6054c738b530aad93e8c620182db85eb7fbb40b103757145e8b5f4 done
#6 DONE 0.2s

#7 exporting to oci image format
#7 exporting layers done
#7 exporting manifest sha256:e355d31beb979b06c03c5f1012451a5e3df83fa51e3035327e7c3c01bddee3ba done
#7 exporting config sha256:9732e3064b63a1fdf836bca7cb4848bd5b1bb76a6a8c284268b845da0940875d done
#7 ...
"""),
    ("log:docker-build", GH + "docker/buildx/issues/664", r"""
DOCKER_BUILDKIT=1 docker build -o type=local,dest=../docker.out .
 => [internal] load metadata for docker.io/tensorflow/tensorflow:2.2.0-gpu                                                                           0.0s
 => [ 1/12] FROM docker.io/tensorflow/tensorflow:2.2.0-gpu                                                                                           0.0s
 => [internal] load build context                                                                                                                    0.0s
 => => transferring context: 13.12kB                                                                                                                 0.0s
 => CACHED [ 2/12] RUN apt-get update   && apt-get install -y libsm6 libgl1-mesa-glx libxext6 libfontconfig1 libxrender1   && rm -rf /var/lib/apt/l  0.0s
 => [ 3/12] RUN find /usr/local/lib/python* -gid 50 -ls                                                                                              0.6s
"""),
    ("log:docker-build", GH + "moby/buildkit/issues/1704", r"""
 => => sha256:be4f3343ecd31ebf7ec8809f61b1d36c2c2f98fc4e63582401d9108575bc443a 688.74MB / 688.74MB                                                                                                    0.0s
 => => sha256:ff59175ffb10ac81014c7e75963f131e169af77c54ed5fe3db3721a26a03958d 100.43MB / 100.43MB                                                                                                    0.0s
 => => sha256:2e64fc198b25c4fdbfbdcabe25c5b8be51d3a7503b790311adbd752d05263c7e 31.98kB / 31.98kB                                                                                                      0.9s
 => => sha256:8208f996d5b6d74a0730d4c2534e4de2a4d4791b96829888db85a83bef2a467f 12.69MB / 12.69MB                                                                                                      0.0s
 => => sha256:7ddbc47eeb70dc7f08e410a6667948b87ff3883024eb41478b44ef9a81bf400c 26.69MB / 26.69MB                                                                                                      0.0s
 => => sha256:8c3b70e3904492c753652606df4726430426f42ea56e06ea924d6fea7ae162a1 845B / 845B                                                                                                            0.0s
"""),
    ("log:docker-build", GH + "docker/build-push-action/issues/994", r"""
#22 exporting cache to registry
#22 preparing build cache for export
#22 writing layer sha256:0a329b671abfc277cf19a2670d019384c564e146c9c5ed1bb97d173[377](https://github.com/huxuan/ss-python/actions/runs/7709174339/job/21009847395#step:6:382)497d6e
#22 writing layer sha256:0a329b671abfc277cf19a2670d019384c564e146c9c5ed1bb97d173377497d6e 0.2s done
#22 writing layer sha256:1b13d4e1a46e5e969702ec92b7c787c1b6891bff7c21ad[378](https://github.com/huxuan/ss-python/actions/runs/7709174339/job/21009847395#step:6:383)ff6dbc9e751d5d4
#22 writing layer sha256:1b13d4e1a46e5e969702ec92b7c787c1b6891bff7c21ad378ff6dbc9e751d5d4 0.1s done
#22 writing layer sha256:1c74526957fc2157e8b0989072dc99b9582b398c12d1dcd40270fd76231bab0c
#22 writing layer sha256:1c74526957fc2157e8b0989072dc99b9582b398c12d1dcd40270fd76231bab0c 0.1s done
#22 writing layer sha256:20f18e486fc01f87b6b311be20ae9db9cb82df60c14ad1783b86d5fa2ba623f8
#22 writing layer sha256:20f18e486fc01f87b6b311be20ae9db9cb82df60c14ad1783b86d5fa2ba623f8 0.2s done
#22 writing layer sha256:26916576c92c435f7441cb7490dd537040d28b42ab2719ea02ba909f0985a57c
#22 writing layer sha256:26916576c92c435f7441cb7490dd537040d28b42ab2719ea02ba909f0985a57c 0.2s done
#22 writing layer sha256:2878b437a07192a6cf2b2075786d0a7922b16f1cee9dad8a5f305deef52e6253
"""),
    ("log:docker-build", GH + "containerd/containerd/issues/4584", r"""
[+] Building 93.5s (10/10) FINISHED
 => [internal] load build definition from Dockerfile                                                                                                                                                  0.1s
 => => transferring dockerfile: 197B                                                                                                                                                                  0.0s
 => [internal] load .dockerignore                                                                                                                                                                     0.0s
 => => transferring context: 2B                                                                                                                                                                       0.0s
 => [internal] load metadata for ncstest.azurecr.io/notebook:0.8-ncs-main-dev-2.8.0-release-v2-8.193592780                                                                                            0.6s
"""),
    # npm
    ("log:npm", GH + "vincentzyc/notes/issues/80", r"""
npm ERR! code ERESOLVE
npm ERR! ERESOLVE unable to resolve dependency tree
npm ERR!
npm ERR! While resolving: ruoyi@3.4.0
npm ERR! Found: webpack@5.35.0
npm ERR! node_modules/webpack
npm ERR!   peer webpack@"^4.0.0 || ^5.0.0" from html-webpack-plugin@4.5.2
...
"""),
    ("log:npm", GH + "newfold-labs/wp-module-onboarding/issues/832", r"""
error code ERESOLVE
npm error ERESOLVE could not resolve
npm error
npm error While resolving: @newfold/ui-component-library@1.3.1
npm error Found: @wordpress/element@6.25.0
npm error node_modules/@wordpress/element
npm error   @wordpress/element@"^6.17.0" from the root project
npm error   @wordpress/element@"^6.25.0" from @wordpress/components@29.11.0
npm error   node_modules/@wordpress/components
npm error     @wordpress/components@"^29.11.0" from @wordpress/interface@9.10.0
npm error     node_modules/@wordpress/interface
npm error       @wordpress/interface@"^9.7.0" from the root project
npm error     @wordpress/components@"^29.11.0" from @wordpress/plugins@7.25.0
npm error     node_modules/@wordpress/plugins
npm error       @wordpress/plugins@"^7.25.0" from @wordpress/interface@9.10.0
npm error       node_modules/@wordpress/interface
npm error         @wordpress/interface@"^9.7.0" from the root project
npm error     1 more (@wordpress/preferences)
npm error   9 more (@wordpress/compose, @wordpress/data, @wordpress/icons, ...)
npm error
npm error Could not resolve dependency:
npm error peer @wordpress/element@"^4.1.1" from @newfold/ui-component-library@1.3.1
"""),
    ("log:npm", GH + "mozilla/pdf.js/issues/16189", r"""
2023-03-22T03_44_12_226Z-debug-0.log
0 verbose cli C:\Program Files\nodejs\node.exe C:\Users\Administrator\AppData\Roaming\npm\node_modules\npm\bin\npm-cli.js
1 info using npm@9.5.1
2 info using node@v18.14.2
3 timing npm:load:whichnode Completed in 19ms
4 timing config:load:defaults Completed in 3ms
5 timing config:load:file:C:\Users\Administrator\AppData\Roaming\npm\node_modules\npm\npmrc Completed in 2ms
6 timing config:load:builtin Completed in 2ms
7 timing config:load:cli Completed in 2ms
8 timing config:load:env Completed in 1ms
9 timing config:load:file:D:\MyStudy\pdf.js\.npmrc Completed in 0ms
10 timing config:load:project Completed in 2ms
11 timing config:load:file:C:\Users\Administrator\.npmrc Completed in 1ms
12 timing config:load:user Completed in 1ms
13 timing config:load:file:C:\Users\Administrator\AppData\Roaming\npm\etc\npmrc Completed in 1ms
14 timing config:load:global Completed in 1ms
15 timing config:load:setEnvs Completed in 2ms
16 timing config:load Completed in 14ms
17 timing npm:load:configload Completed in 14ms
18 timing npm:load:mkdirpcache Completed in 1ms
19 timing npm:load:mkdirplogs Completed in 0ms
20 verbose title npm install
21 verbose argv "install"
22 timing npm:load:setTitle Completed in 9ms
"""),
    # openssl x509 -text
    ("log:openssl-x509", GH + "edonyM/edonyM.github.io/issues/54", r"""
[root@localhost certs]# openssl x509 -in EulerOSSecureBoot_1.cer -noout -text
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            9a:91:6d:18:be:15:8e:1d
    Signature Algorithm: sha256WithRSAEncryption
        Issuer: C=CN, ST=Zhejiang, L=Hangzhou, O=HUAWEI TECHNOLOGIES CO.,LTD, OU=EulerOS, CN=EulerOS Secure Boot(Signing key)/emailAddress=euleros-security@huawei.com
        Validity
            Not Before: Jul  6 01:32:47 2017 GMT
            Not After : Jul  4 01:32:47 2027 GMT
        Subject: C=CN, ST=Zhejiang, L=Hangzhou, O=HUAWEI TECHNOLOGIES CO.,LTD, OU=EulerOS, CN=EulerOS Secure Boot(Signing key)/emailAddress=euleros-security@huawei.com
        Subject Public Key Info:
            Public Key Algorithm: rsaEncryption
                Public-Key: (2048 bit)
                Modulus:
                    00:c6:fb:d6:cc:d2:94:74:f5:8b:7f:80:cf:00:a7:
"""),
    ("log:openssl-x509", GH + "openssl/openssl/issues/24343", r"""
$ openssl x509 -noout -text -in /tmp/crt
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            08:3b:e0:56:90:42:46:b1:a1:75:6a:c9:59:91:c7:4a
        Signature Algorithm: sha1WithRSAEncryption
[...]
            X509v3 Authority Key Identifier:
                03:DE:50:35:56:D1:4C:BB:66:F0:A3:E2:1B:1B:C3:97:B2:3D:D1:55
    Signature Algorithm: sha1WithRSAEncryption
    Signature Value:
[...]
"""),
    ("log:openssl-x509", GH + "hypervm-ng/hypervm-ng/pull/15", r"""
openssl x509 -in program.ca -text -noout
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            75:33:7d:9a:b0:e1:23:3b:ae:2d:7d:e4:46:91:62:d4
        Signature Algorithm: sha1WithRSAEncryption
        Issuer: C = US, O = "VeriSign, Inc.", OU = Class 3 Public Primary Certification Authority
        Validity
            Not Before: Jan 19 00:00:00 2005 GMT
            Not After : Jan 18 23:59:59 2015 GMT
"""),
    ("log:openssl-x509", GH + "hypervm-ng/hypervm-ng/pull/15", r"""
openssl x509 -in program.pem -text -noout
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number: 0 (0x0)
        Signature Algorithm: sha1WithRSAEncryption
        Issuer: C = IN, ST = bangalore, L = bangalore, O = lxlabs, OU = software, CN = lxlabs.com, emailAddress = admin@lxlabs.com
        Validity
            Not Before: Dec 14 20:02:03 2008 GMT
            Not After : Dec 12 20:02:03 2018 GMT
"""),
    ("log:openssl-x509", GH + "HenryGP/om_ansible/pull/85", r"""
[root@n1 certs]# openssl x509 -in /certs/server.pem -text
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            03:79:0f:f5:30:c7:38:2c:05:5a:a4:98:fa:94:c4:c0:af:0b:7a:ad
    Signature Algorithm: sha256WithRSAEncryption
        Issuer: O=MongoDB, OU=Technical Services, CN=Root CA
        Validity
            Not Before: Aug  4 22:52:44 2021 GMT
            Not After : Nov  7 22:52:44 2023 GMT
        Subject: O=MongoDB, OU=Technical Services, CN=n1-server-x509-certificate
        Subject Public Key Info:
            Public Key Algorithm: rsaEncryption
                Public-Key: (4096 bit)
                Modulus:
                    00:dd:1a:02:56:c8:5d:d0:97:d3:13:0a:f2:31:b0:
                    58:e0:c0:e7:50:00:9f:e1:02:0d:7f:fa:b3:96:b6:
                    71:71:88:79:9a:85:8a:e7:c7:a1:51:65:6f:54:37:
                    1b:16:7f:82:f1:dd:22:cb:4f:a3:9f:23:46:70:f0:
                    75:2a:64:96:55:8c:75:48:cd:7e:9b:69:5f:b7:34:
                    72:ea:a5:b0:11:7a:b6:48:64:bb:47:1b:46:f9:16:
                    a2:92:7f:f4:a3:36:84:f7:dd:57:68:22:10:44:03:
                    70:5e:7c:00:3c:f9:18:b5:08:51:bd:b0:cb:fe:66:
                    78:76:64:8b:8f:a2:92:c7:1a:50:22:2d:79:d9:52:
                    ba:7b:ad:e9:ad:a3:ce:bf:2b:64:7c:a4:f7:4d:24:
"""),
    ("log:openssl-x509", GH + "dcommisso/certexplorer/issues/6", r"""
# cat cert.pem | openssl x509 -text | egrep -i "Algorithm"
        Signature Algorithm: sha256WithRSAEncryption
    Signature Algorithm: sha256WithRSAEncryption
"""),
    # cargo / rustc
    ("log:cargo", GH + "JojiiOfficial/LiveBudsCli/issues/97", r"""
error[E0308]: mismatched types
   --> src/main.rs:166:19
    |
166 |     generate(gen, cmd, cmd.get_name().to_string(), &mut std::io::stdout());
    |                   ^^^ expected struct `clap::builder::command::App`, found struct `clap::Command`
    |
    = note: expected mutable reference `&mut clap::builder::command::App<'_>`
"""),
    ("log:cargo", GH + "jfager/d3cap/issues/5", r"""
xxx@ubuntu:~/d3cap$ rustc --version --verbose
rustc 1.33.0 (2aa4c46cf 2019-02-28)
binary: rustc
commit-hash: 2aa4c46cfdd726e97360c2734835aa3515e8c858
commit-date: 2019-02-28
host: x86_64-unknown-linux-gnu
release: 1.33.0
LLVM version: 8.0
"""),
    ("log:cargo", GH + "jfager/d3cap/issues/5", r"""
xxx@ubuntu:~/d3cap$ cargo build
    Updating crates.io index
  Downloaded crossbeam v0.7.1
  Downloaded crossbeam-utils v0.6.5
  Downloaded crossbeam-queue v0.1.2
  Downloaded crossbeam-epoch v0.7.1
  Downloaded crossbeam-deque v0.7.1
  Downloaded crossbeam-channel v0.3.8
   Compiling arrayvec v0.4.10
   Compiling nodrop v0.1.13
   Compiling memoffset v0.2.1
   Compiling scopeguard v0.3.3
   Compiling smallvec v0.6.9
   Compiling semver v0.9.0
   Compiling crossbeam-utils v0.6.5
   Compiling libc v0.2.50
   Compiling byteorder v1.3.1
   Compiling foreign-types v0.3.2
   Compiling serde v1.0.89
   Compiling getopts v0.2.18
   Compiling fixed_ring v0.0.1 (/home/huangcy/d3cap/src/fixed_ring)
   Compiling rustc_version v0.2.3
   Compiling crossbeam-queue v0.1.2
   Compiling crossbeam-channel v0.3.8
   Compiling openssl-sys v0.9.42
   Compiling crossbeam-epoch v0.7.1
   Compiling time v0.1.42
   Compiling pcap v0.0.1 (/home/huangcy/d3cap/src/pcap)
"""),
    ("log:cargo", GH + "crumblingstatue/hexerator-book/issues/1", r"""
stardust@MacBook-Pro ~/git-repos/hexerator (main)
$ git pull
Already up to date.
stardust@MacBook-Pro ~/git-repos/hexerator (main)
$ cargo build --release
   Compiling hexerator v0.1.0 (/Users/stardust/git-repos/hexerator)
error[E0308]: mismatched types
   --> src/app.rs:544:10
    |
537 |     pub(crate) fn load_proc_memory(
    |                   ---------------- implicitly returns `()` as its body has no tail or `return` expression
...
544 |     ) -> anyhow::Result<()> {
    |          ^^^^^^^^^^^^^^^^^^ expected enum `Result`, found `()`
    |
    = note:   expected enum `Result<(), anyhow::Error>`
            found unit type `()`

For more information about this error, try `rustc --explain E0308`.
error: could not compile `hexerator` due to previous error
stardust@MacBook-Pro ~/git-repos/hexerator (main)
$ rustc --version
rustc 1.65.0-nightly (95a992a68 2022-09-16)
"""),
    ("log:cargo", GH + "bugzmanov/bookokrat/issues/190", r"""
Compiling bookokrat v0.3.12 (/home/******/.cargo/git/checkouts/bookokrat-38c2f3ea9869f40c/65caffd)
error[E0308]: mismatched types
  --> src/clipboard.rs:55:9
   |
55 |         Provider::Arboard
   |         ^^^^^^^^^^^^^^^^^ expected `()`, found `Provider`
   |
help: you might have meant to return this value
   |
55 |         return Provider::Arboard;
   |         ++++++                  +

For more information about this error, try `rustc --explain E0308`.
error: could not compile `bookokrat` (lib) due to 1 previous error
error: failed to compile `bookokrat v0.3.12 (https://github.com/bugzmanov/bookokrat.git#65caffdf)`, intermediate artifacts can be found at `/tmp/cargo-installeLGkFx`.
To reuse those artifacts with a future compilation, set the environment variable `CARGO_BUILD_BUILD_DIR` to that path.
"""),
    # Gradle
    ("log:gradle", GH + "shadowsocks/shadowsocks-android/issues/1863", r"""
org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':core:goBuild'.
	at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.executeActions(ExecuteActionsTaskExecuter.java:100)
	at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(ExecuteActionsTaskExecuter.java:70)
	at org.gradle.api.internal.tasks.execution.OutputDirectoryCreatingTaskExecuter.execute(OutputDirectoryCreatingTaskExecuter.java:51)
	at org.gradle.api.internal.tasks.execution.SkipUpToDateTaskExecuter.execute(SkipUpToDateTaskExecuter.java:62)
	at org.gradle.api.internal.tasks.execution.ResolveTaskOutputCachingStateExecuter.execute(ResolveTaskOutputCachingStateExecuter.java:54)
	at org.gradle.api.internal.tasks.execution.ValidatingTaskExecuter.execute(ValidatingTaskExecuter.java:60)
	at org.gradle.api.internal.tasks.execution.SkipEmptySourceFilesTaskExecuter.execute(SkipEmptySourceFilesTaskExecuter.java:97)
	at org.gradle.api.internal.tasks.execution.CleanupStaleOutputsExecuter.execute(CleanupStaleOutputsExecuter.java:87)
	at org.gradle.api.internal.tasks.execution.ResolveTaskArtifactStateTaskExecuter.execute(ResolveTaskArtifactStateTaskExecuter.java:52)
"""),
    ("log:gradle", GH + "grobidOrg/grobid/issues/931", r"""
* Exception is:
org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':grobid-core:processResources'.
        at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.lambda$executeIfValid$1(ExecuteActionsTaskExecuter.java:188)
        at org.gradle.internal.Try$Failure.ifSuccessfulOrElse(Try.java:263)
        at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.executeIfValid(ExecuteActionsTaskExecuter.java:186)
        at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(ExecuteActionsTaskExecuter.java:174)
        at org.gradle.api.internal.tasks.execution.CleanupStaleOutputsExecuter.execute(CleanupStaleOutputsExecuter.java:109)
        at org.gradle.api.internal.tasks.execution.FinalizePropertiesTaskExecuter.execute(FinalizePropertiesTaskExecuter.java:46)
        at org.gradle.api.internal.tasks.execution.ResolveTaskExecutionModeExecuter.execute(ResolveTaskExecutionModeExecuter.java:51)
        at org.gradle.api.internal.tasks.execution.SkipTaskWithNoActionsExecuter.execute(SkipTaskWithNoActionsExecuter.java:57)
        at org.gradle.api.internal.tasks.execution.SkipOnlyIfTaskExecuter.execute(SkipOnlyIfTaskExecuter.java:56)
        at org.gradle.api.internal.tasks.execution.CatchExceptionTaskExecuter.execute(CatchExceptionTaskExecuter.java:36)
"""),
    ("log:gradle", GH + "mozilla/MozStumbler/issues/1716", r"""
org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':android:compileFdroidReleaseJava'.
    at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.executeActions(ExecuteActionsTaskExecuter.java:69)
    at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(ExecuteActionsTaskExecuter.java:46)
    at org.gradle.api.internal.tasks.execution.PostExecutionAnalysisTaskExecuter.execute(PostExecutionAnalysisTaskExecuter.java:35)
    at org.gradle.api.internal.tasks.execution.SkipUpToDateTaskExecuter.execute(SkipUpToDateTaskExecuter.java:64)
    at org.gradle.api.internal.tasks.execution.ValidatingTaskExecuter.execute(ValidatingTaskExecuter.java:58)
    at org.gradle.api.internal.tasks.execution.SkipEmptySourceFilesTaskExecuter.execute(SkipEmptySourceFilesTaskExecuter.java:42)
    at org.gradle.api.internal.tasks.execution.SkipTaskWithNoActionsExecuter.execute(SkipTaskWithNoActionsExecuter.java:52)
    at org.gradle.api.internal.tasks.execution.SkipOnlyIfTaskExecuter.execute(SkipOnlyIfTaskExecuter.java:53)
    at org.gradle.api.internal.tasks.execution.ExecuteAtMostOnceTaskExecuter.execute(ExecuteAtMostOnceTaskExecuter.java:43)
    at org.gradle.api.internal.AbstractTask.executeWithoutThrowingTaskFailure(AbstractTask.java:305)
"""),
    ("log:gradle", GH + "processing/processing-android/issues/495", r"""
> BUILD FAILED in 44s
19 actionable tasks: 19 executed
org.gradle.tooling.BuildException: Could not execute build using Gradle distribution 'https://services.gradle.org/distributions/gradle-4.3-bin.zip'.
	at org.gradle.tooling.internal.consumer.ExceptionTransformer.transform(ExceptionTransformer.java:51)
	at org.gradle.tooling.internal.consumer.ExceptionTransformer.transform(ExceptionTransformer.java:29)
	at org.gradle.tooling.internal.consumer.ResultHandlerAdapter.onFailure(ResultHandlerAdapter.java:41)
	at org.gradle.tooling.internal.consumer.async.DefaultAsyncConsumerActionExecutor$1$1.run(DefaultAsyncConsumerActionExecutor.java:57)
	at org.gradle.internal.concurrent.ExecutorPolicy$CatchAndRecordFailures.onExecute(ExecutorPolicy.java:63)
	at org.gradle.internal.concurrent.ManagedExecutorImpl$1.run(ManagedExecutorImpl.java:46)
	at java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1149)
	at java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:624)
	at org.gradle.internal.concurrent.ThreadFactoryImpl$ManagedThreadRunnable.run(ThreadFactoryImpl.java:55)
	at java.lang.Thread.run(Thread.java:748)
	at org.gradle.tooling.internal.consumer.BlockingResultHandler.getResult(BlockingResultHandler.java:46)
"""),
    ("log:gradle", GH + "forcedotcom/SalesforceMobileSDK-Android/issues/1706", r"""
org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':app:processDebugResources'.
	at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.executeActions(ExecuteActionsTaskExecuter.java:100)
	at org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(ExecuteActionsTaskExecuter.java:70)
	at org.gradle.api.internal.tasks.execution.SkipUpToDateTaskExecuter.execute(SkipUpToDateTaskExecuter.java:63)
	at org.gradle.api.internal.tasks.execution.ResolveTaskOutputCachingStateExecuter.execute(ResolveTaskOutputCachingStateExecuter.java:54)
	at org.gradle.api.internal.tasks.execution.ValidatingTaskExecuter.execute(ValidatingTaskExecuter.java:58)
	at org.gradle.api.internal.tasks.execution.SkipEmptySourceFilesTaskExecuter.execute(SkipEmptySourceFilesTaskExecuter.java:88)
	at org.gradle.api.internal.tasks.execution.ResolveTaskArtifactStateTaskExecuter.execute(ResolveTaskArtifactStateTaskExecuter.java:52)
	at org.gradle.api.internal.tasks.execution.SkipTaskWithNoActionsExecuter.execute(SkipTaskWithNoActionsExecuter.java:52)
	at org.gradle.api.internal.tasks.execution.SkipOnlyIfTaskExecuter.execute(SkipOnlyIfTaskExecuter.java:54)
	at org.gradle.api.internal.tasks.execution.ExecuteAtMostOnceTaskExecuter.execute(ExecuteAtMostOnceTaskExecuter.java:43)
"""),
    # Java stack traces
    ("log:java-stacktrace", GH + "thingsboard/flutter_thingsboard_app/issues/188", r"""
        at org.gradle.internal.operations.DefaultBuildOperationRunner$1.execute(DefaultBuildOperationRunner.java:26)
        at org.gradle.internal.operations.DefaultBuildOperationRunner$2.execute(DefaultBuildOperationRunner.java:66)
        at org.gradle.internal.operations.DefaultBuildOperationRunner$2.execute(DefaultBuildOperationRunner.java:59)
        at org.gradle.internal.operations.DefaultBuildOperationRunner.execute(DefaultBuildOperationRunner.java:157)
        at org.gradle.internal.operations.DefaultBuildOperationRunner.execute(DefaultBuildOperationRunner.java:59)
        at org.gradle.internal.operations.DefaultBuildOperationRunner.run(DefaultBuildOperationRunner.java:47)
        at org.gradle.internal.operations.DefaultBuildOperationExecutor.run(DefaultBuildOperationExecutor.java:68)
        at org.gradle.api.internal.tasks.execution.TaskExecution.executeAction(TaskExecution.java:221)
        at org.gradle.api.internal.tasks.execution.TaskExecution.executeActions(TaskExecution.java:204)
        at org.gradle.api.internal.tasks.execution.TaskExecution.executeWithPreviousOutputFiles(TaskExecution.java:187)
        at org.gradle.api.internal.tasks.execution.TaskExecution.execute(TaskExecution.java:165)
        at org.gradle.internal.execution.steps.ExecuteStep.executeInternal(ExecuteStep.java:89)
"""),
    ("log:java-stacktrace", GH + "shadowsocks/shadowsocks-android/issues/1940", r"""
	at org.gradle.launcher.daemon.server.api.DaemonCommandExecution.proceed(DaemonCommandExecution.java:122)
	at org.gradle.launcher.daemon.server.exec.WatchForDisconnection.execute(WatchForDisconnection.java:37)
	at org.gradle.launcher.daemon.server.api.DaemonCommandExecution.proceed(DaemonCommandExecution.java:122)
	at org.gradle.launcher.daemon.server.exec.ResetDeprecationLogger.execute(ResetDeprecationLogger.java:26)
	at org.gradle.launcher.daemon.server.api.DaemonCommandExecution.proceed(DaemonCommandExecution.java:122)
	at org.gradle.launcher.daemon.server.exec.RequestStopIfSingleUsedDaemon.execute(RequestStopIfSingleUsedDaemon.java:34)
	at org.gradle.launcher.daemon.server.api.DaemonCommandExecution.proceed(DaemonCommandExecution.java:122)
	at org.gradle.launcher.daemon.server.exec.ForwardClientInput$2.call(ForwardClientInput.java:74)
	at org.gradle.launcher.daemon.server.exec.ForwardClientInput$2.call(ForwardClientInput.java:72)
	at org.gradle.util.Swapper.swap(Swapper.java:38)
	at org.gradle.launcher.daemon.server.exec.ForwardClientInput.execute(ForwardClientInput.java:72)
	at org.gradle.launcher.daemon.server.api.DaemonCommandExecution.proceed(DaemonCommandExecution.java:122)
	at org.gradle.launcher.daemon.server.exec.LogAndCheckHealth.execute(LogAndCheckHealth.java:55)
"""),
    ("log:java-stacktrace", GH + "cloudera/navigator-sdk/issues/98", r"""
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.1:compile (default-compile) on project demo: Compilation failure -> [Help 1]
org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.1:compile (default-compile) on project biz-mes-bizservice: Compilation failure
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:215)
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:156)
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:148)
    at org.apache.maven.lifecycle.internal.LifecycleModuleBuilder.buildProject (LifecycleModuleBuilder.java:117)
    at org.apache.maven.lifecycle.internal.LifecycleModuleBuilder.buildProject (LifecycleModuleBuilder.java:81)
    at org.apache.maven.lifecycle.internal.builder.singlethreaded.SingleThreadedBuilder.build (SingleThreadedBuilder.java:56)
    at org.apache.maven.lifecycle.internal.LifecycleStarter.execute (LifecycleStarter.java:128)
    at org.apache.maven.DefaultMaven.doExecute (DefaultMaven.java:305)
    at org.apache.maven.DefaultMaven.doExecute (DefaultMaven.java:192)
    at org.apache.maven.DefaultMaven.execute (DefaultMaven.java:105)
"""),
    ("log:java-stacktrace", GH + "hapifhir/hapi-fhir/issues/898", r"""
    at org.codehaus.plexus.classworlds.launcher.Launcher.launch (Launcher.java:229)
    at org.codehaus.plexus.classworlds.launcher.Launcher.mainWithExitCode (Launcher.java:415)
    at org.codehaus.plexus.classworlds.launcher.Launcher.main (Launcher.java:356)
Caused by: org.apache.maven.plugin.compiler.CompilationFailureException: Compilation failure
    at org.apache.maven.plugin.compiler.AbstractCompilerMojo.execute (AbstractCompilerMojo.java:1165)
    at org.apache.maven.plugin.compiler.CompilerMojo.execute (CompilerMojo.java:168)
    at org.apache.maven.plugin.DefaultBuildPluginManager.executeMojo (DefaultBuildPluginManager.java:137)
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:208)
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:154)
    at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:146)
    at org.apache.maven.lifecycle.internal.LifecycleModuleBuilder.buildProject (LifecycleModuleBuilder.java:117)
    at org.apache.maven.lifecycle.internal.LifecycleModuleBuilder.buildProject (LifecycleModuleBuilder.java:81)
    at org.apache.maven.lifecycle.internal.builder.singlethreaded.SingleThreadedBuilder.build (SingleThreadedBuilder.java:56)
    at org.apache.maven.lifecycle.internal.LifecycleStarter.execute (LifecycleStarter.java:128)
"""),
    # Maven
    ("log:maven", GH + "ltearno/pom-explorer/issues/17", r"""
[DEBUG] incrementalBuildHelper#beforeRebuildExecution
[INFO] Compiling 5 source files to D:\sp36115\Integration-P9\POC-dependency-graph\pom-explorer-master\processor\target\classes
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary:
[INFO]
[INFO] autothreaded ...................................... FAILURE [1.014s]
[INFO] pom-explorer ...................................... SKIPPED
[INFO] pom-explorer-modules .............................. SKIPPED
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time: 1.139s
[INFO] Finished at: Thu Aug 04 16:20:11 CEST 2016
[INFO] Final Memory: 4M/9M
[INFO] ------------------------------------------------------------------------
"""),
    ("log:maven", GH + "TresAmigosSD/SMV/issues/486", r"""
--------- VERIFY SAMPLE APP OUTPUT -------------
Test failure: test4
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time: 05:02 min
[INFO] Finished at: 2017-02-18T17:18:09-08:00
[INFO] Final Memory: 36M/403M
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal org.codehaus.mojo:exec-maven-plugin:1.4.0:exec (run-sample-app) on project smv: Command execution failed. Process exited with an error: 1 (Exit value: 1) -> [Help 1]
[ERROR]
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
[ERROR]
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException
"""),
    ("log:maven", GH + "git-moss/DrivenByMoss/issues/129", r"""
Downloaded from central: https://repo.maven.apache.org/maven2/org/codehaus/plexus/plexus-compiler-javac/2.8.4/plexus-compiler-javac-2.8.4.jar (21 kB at 11 kB/s)
Downloaded from central: https://repo.maven.apache.org/maven2/org/codehaus/plexus/plexus-utils/2.0.4/plexus-utils-2.0.4.jar (222 kB at 109 kB/s)
Downloaded from central: https://repo.maven.apache.org/maven2/org/apache/maven/shared/maven-shared-utils/3.2.1/maven-shared-utils-3.2.1.jar (167 kB at 69 kB/s)
Downloaded from central: https://repo.maven.apache.org/maven2/com/thoughtworks/qdox/qdox/2.0-M9/qdox-2.0-M9.jar (317 kB at 113 kB/s)
[INFO] Changes detected - recompiling the module!
[INFO] Compiling 716 source files to /home/az/src/java/DrivenByMoss/target/classes
[WARNING] Unable to autodetect 'javac' path, using 'javac' from the environment.
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  05:47 min
[INFO] Finished at: 2019-05-20T19:29:18+02:00
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.8.0:compile (default-compile) on project DrivenByMoss: Compilation failure -> [Help 1]
"""),
    # conda
    ("log:conda", GH + "conda/conda/issues/9728", r"""
Collecting package metadata (current_repodata.json): done
Solving environment: failed with repodata from current_repodata.json, will retry with next repodata source.
Collecting package metadata (repodata.json): / Killed
"""),
    ("log:conda", GH + "conda/conda/issues/9728", r"""
Collecting package metadata (current_repodata.json): ...working... done
Solving environment: failed with repodata from current_repodata.json, will retry with next repodata source.
Collecting package metadata (repodata.json): ...working... Killed
"""),
    ("log:conda", GH + "conda/conda/issues/6986", r"""
D:\Users\scheiblin-noe01>conda update conda
Solving environment: done

## Package Plan ##

  environment location: C:\ProgramData\Anaconda2

  added / updated specs:
    - conda


The following packages will be downloaded:

    package                    |            build
    ---------------------------|-----------------
    conda-4.5.0rc0             |           py27_0         1.0 MB  conda-canary

The following packages will be UPDATED:

    conda: 4.4.10-py27_0 defaults --> 4.5.0rc0-py27_0 conda-canary

Proceed ([y]/n)? y


Downloading and Extracting Packages
conda 4.5.0rc0: ####################################################### | 100%
Preparing transaction: done
Verifying transaction: done
"""),
    ("log:conda", GH + "graphdeco-inria/gaussian-splatting/issues/219", r"""
Collecting package metadata (repodata.json): failed

# >>>>>>>>>>>>>>>>>>>>>> ERROR REPORT <<<<<<<<<<<<<<<<<<<<<<

    Traceback (most recent call last):
      File "C:\Users\John\anaconda3\Lib\site-packages\conda\exception_handler.py", line 17, in __call__
        return func(*args, **kwargs)
               ^^^^^^^^^^^^^^^^^^^^^
      File "C:\Users\John\anaconda3\Lib\site-packages\conda_env\cli\main.py", line 56, in do_call
        exit_code = getattr(module, func_name)(arguments, parser)
                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
      File "C:\Users\John\anaconda3\Lib\site-packages\conda\notices\core.py", line 124, in wrapper
        return func(*args, **kwargs)
               ^^^^^^^^^^^^^^^^^^^^^
"""),
    ("log:conda", GH + "conda/conda/issues/8346", r"""
DEBUG conda.common.logic:get_sat_solver_cls(281): Using SAT solver interface 'pycosat'.
DEBUG conda.resolve:gen_clauses(688): gen_clauses returning with clause count: 102
DEBUG conda.resolve:generate_spec_constraints(696): generate_spec_constraints returning with clause count: 102
DEBUG conda.common.logic:_run_sat(734): Invoking SAT with clause count: 113
DEBUG conda.core.solve:_run_sat(499): final specs to add:
  - ca-certificates=2019.1.23
  - certifi=2018.11.29
  - openssl=1.1.1a
  - pip=19.0.1
  - python=3.6.8
  - setuptools=40.8.0
  - sqlite=3.26.0
  - tk=8.6.8
  - wheel=0.32.3
  - xz=5.2.4
  - zlib=1.2.11
"""),
    # webpack
    ("log:webpack", GH + "jupyterlab/jupyterlab/pull/4702", r"""
Hash: e2dfb7bb2f74b612a9f8
Version: webpack 2.7.0
Time: 41804ms
                                 Asset     Size  Chunks                    Chunk Names
        vendor.26f362dc3ec62e65e88d.js  1.63 MB       2  [emitted]  [big]  vendor
  674f50d287a8c48dc19ba404d20fe713.eot   166 kB          [emitted]
  b06871f281fee6b241d60582ae9369b9.ttf   166 kB          [emitted]
 fee66e712a8a08eef5805a46892932ad.woff    98 kB          [emitted]
af7ae505a9eed503f8b8e6982036873e.woff2  77.2 kB          [emitted]
             0.d22431518ad1366208f5.js   465 kB       0  [emitted]  [big]
          main.cad19cf5ebf6aed1c2f1.js  2.28 MB       1  [emitted]  [big]  main  <<<< OLD MAIN
  912ec66d7572ff821749319396470bde.svg   444 kB          [emitted]  [big]
      manifest.e4462570b1e3ed2621df.js  1.62 kB       3  [emitted]         manifest
         0.d22431518ad1366208f5.js.map  1.36 MB       0  [emitted]
      main.cad19cf5ebf6aed1c2f1.js.map  8.13 MB       1  [emitted]         main
    vendor.26f362dc3ec62e65e88d.js.map  5.94 MB       2  [emitted]         vendor
  manifest.e4462570b1e3ed2621df.js.map  8.24 kB       3  [emitted]         manifest
                            index.html  1.53 kB          [emitted]
"""),
    ("log:webpack", GH + "webpack/webpack/pull/852", r"""
Hash: cfa436b4ea300482822c
Version: webpack 1.7.1
Time: 5542ms
                                Asset     Size  Chunks             Chunk Names
 7ad17c6085dee9a33787bac28fb23d46.eot  20.3 kB          [emitted]
68ed1dac06bf0409c18ae7bc62889170.woff  23.3 kB          [emitted]
 e49d52e74b7689a0727def99da31f3eb.ttf  41.3 kB          [emitted]
 32941d6330044744c02493835b799e90.svg  62.9 kB          [emitted]
                            bundle.js  1.16 MB       0  [emitted]  main
 [206] ../webpack/buildin/amd-define.js 84 bytes {0} [built]
    + 219 hidden modules
"""),
    ("log:webpack", GH + "somebody32/splitting-apps-by-routes-with-webpack/pull/1", r"""
Hash: e270036314c684f59389
Version: webpack 1.13.1
Time: 736ms
      Asset     Size  Chunks             Chunk Names
  bundle.js   405 kB       0  [emitted]  main
1.bundle.js  1.19 kB       1  [emitted]
2.bundle.js  1.23 kB       2  [emitted]
   [6] ./src/apps metadata\.js$ 208 bytes {0} [built]
    + 17 hidden modules
"""),
    ("log:webpack", GH + "somebody32/splitting-apps-by-routes-with-webpack/pull/1", r"""
Hash: 283a35edd1a7eeac28b0
Version: webpack 2.1.0-beta.17
Time: 888ms
      Asset     Size  Chunks             Chunk Names
0.bundle.js  1.23 kB       0  [emitted]
1.bundle.js   1.2 kB       1  [emitted]
  bundle.js   397 kB       2  [emitted]  main
  [10] ./src/apps metadata\.js$ 208 bytes {2} [built]
  [11] ./src/apps async ^\.\/.*\/index\.js$ 160 bytes {2} [built]
    + 15 hidden modules
"""),
    ("log:webpack", GH + "webpack/webpack.js.org/pull/2516", r"""
...
                               Asset      Size  Chunks                    Chunk Names
da4574bb234ddc4bb47cbe1ca4b20303.png  3.01 MiB          [emitted]  [big]
                           bundle.js  76.7 KiB       0  [emitted]         main
Entrypoint main = bundle.js
...
"""),
    # systemd journal / systemctl status
    ("log:systemd-journal", GH + "systemd/systemd/issues/4815", r"""
# systemctl status poc2
● poc2.service - Fixes FORWARD firewall chain after docker starts up
   Loaded: loaded (/etc/systemd/system/poc2.service; static; vendor preset: enabled)
   Active: inactive (dead)
"""),
    ("log:systemd-journal", GH + "systemd/systemd/issues/7748", r"""
$ systemctl status my_service
● my_service.service
   Loaded: loaded (/usr/lib/systemd/system/my_service.service; enabled; vendor preset: enabled)
   Active: failed (Result: exit-code) since Wed 2017-12-27 02:29:16 EET; 5s ago
  Process: 5228 ExecStart=/usr/local/bin/my_service (code=exited, status=1/FAILURE)
  Process: 5227 ExecStartPre=/usr/bin/env setcap CAP_CHOWN,CAP_FOWNER,CAP_DAC_OVERRIDE=+eip /usr/local/bin/my_service (code=exited, status=0/SUCCESS)
 Main PID: 5228 (code=exited, status=1/FAILURE)

гру 27 02:29:16 lsk-VirtualBox systemd[1]: my_service.service: Main process exited, code=exited, status=1/FAILURE
гру 27 02:29:16 lsk-VirtualBox systemd[1]: my_service.service: Failed with result 'exit-code'.
гру 27 02:29:16 lsk-VirtualBox systemd[1]: my_service.service: Service hold-off time over, scheduling restart.
"""),
    ("log:systemd-journal", GH + "systemd/systemd/issues/11246", r"""
Mar 04 17:23:22 surfplank2.hierzo /usr/libexec/gdm-x-session[3351]: dbus-daemon[3369]: [session uid=500 pid=3369] Activating service name='org.freedesktop.systemd1' requested by ':1.5757' (uid=500 pid=5289 comm="systemctl --no-pager --user status vino-server.ser")
Mar 04 17:23:22 surfplank2.hierzo /usr/libexec/gdm-x-session[3351]: dbus-daemon[3369]: [session uid=500 pid=3369] Activated service 'org.freedesktop.systemd1' failed: Process org.freedesktop.systemd1 exited with status 1
"""),
    ("log:systemd-journal", GH + "systemd/systemd/issues/11744", r"""
sh[921]: started
sh[921]: exiting
echo[924]: stopping
"""),
    # Go panics
    ("log:go-panic", GH + "cmu440/intro-to-go/issues/1", r"""
panic: runtime error: invalid memory address or nil pointer dereference
[signal 0xb code=0x1 addr=0x1 pc=0x8048f30]

goroutine 1 [running]:
main.main()
        /home/simon/course/intro-to-go/12.go:25 +0x330

goroutine 6 [chan send]:
main.chanSender(0x18346040, 0x80f5f10, 0x3)
        /home/simon/course/intro-to-go/12.go:36 +0x1a4
created by main.main
        /home/simon/course/intro-to-go/12.go:20 +0x140
exit status 2
"""),
    ("log:go-panic", GH + "bdd/runitor/issues/41", r"""
$ HC_PING_KEY=... runitor -slug nonexisting -- echo testing
2022/06/05 12:28:32 PingStart: nonretriable error response: 404 Not Found
panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x8 pc=0x626935]

goroutine 1 [running]:
main.Do({0xc000010280, 0x2, 0x2}, {0x0, 0x0, 0x0, 0x0, 0x0, 0x2710}, {0xc00001c2e0, ...}, ...)
	bdd.fi/x/runitor/cmd/runitor/main.go:242 +0x115
main.main.func4(...)
	bdd.fi/x/runitor/cmd/runitor/main.go:206
main.main()
	bdd.fi/x/runitor/cmd/runitor/main.go:209 +0xbf3
"""),
    ("log:go-panic", GH + "Shivangx01b/CorsMe/issues/3", r"""
panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x38 pc=0x675de5]

goroutine 36 [running]:
main.requester(0xc000188390, 0x6f19e2, 0x3, 0xc0001a0100, 0x19, 0xc000050ed0, 0x2, 0x2, 0x6f1830, 0x1)
        /home/sanath/go/src/github.com/shivangx01b/CorsMe/corsme.go:103 +0xe5
main.totalwaystotest(0xc000188390, 0x6f19e2, 0x3, 0xc0001a0100, 0x19, 0x0, 0x6f1830, 0x1)
        /home/sanath/go/src/github.com/shivangx01b/CorsMe/corsme.go:219 +0x18a
main.main.func1(0xc000180320, 0xc00018c000, 0xc000188390)
        /home/sanath/go/src/github.com/shivangx01b/CorsMe/corsme.go:290 +0xbb
created by main.main
        /home/sanath/go/src/github.com/shivangx01b/CorsMe/corsme.go:287 +0x48c
"""),
    ("log:go-panic", GH + "siderolabs/talos/issues/1018", r"""
642	#98  55.71 suite.go:62: test panicked: runtime error: invalid memory address or nil pointer dereference
643	#98  55.71 goroutine 51 [running]:
644	#98  55.71 runtime/debug.Stack(0xc0000f58e0, 0x8c93a0, 0xd7b5a0)
645	#98  55.71 /toolchain/go/src/runtime/debug/stack.go:24 +0x9d
646	#98  55.71 github.com/stretchr/testify/suite.failOnPanic(0xc000242000)
647	#98  55.71 /go/pkg/mod/github.com/stretchr/testify@v1.3.1-0.20190311161405-34c6fa2dc709/suite/suite.go:62 +0x57
648	#98  55.71 panic(0x8c93a0, 0xd7b5a0)
649	#98  55.71 /toolchain/go/src/runtime/panic.go:522 +0x1b5
650	#98  55.71 github.com/talos-systems/talos/internal/app/machined/pkg/system/health_test.(*CheckSuite).TestHealthChange(0xc0001025e0)
651	#98  55.71 /src/internal/app/machined/pkg/system/health/health_test.go:98 +0x23f
652	#98  55.71 reflect.Value.call(0xc0001a35c0, 0xc0000f89b8, 0x13, 0x954509, 0x4, 0xc0000f5f30, 0x1, 0x1, 0xc0001d0668, 0x78, ...)
653	#98  55.71 /toolchain/go/src/reflect/value.go:447 +0x461
"""),
    ("log:git-push", GH + "jd/git-pull-request/pull/1", r"""
Forked repository: https://github.com/TristanCacqueray/git-pull-request
Fetching origin
Rebasing branch `master' on branch `origin/master'
Current branch master is up to date.
Force-pushing branch `master' to remote `github'
Enumerating objects: 16, done.
Counting objects: 100% (16/16), done.
Delta compression using up to 8 threads
Compressing objects: 100% (9/9), done.
Writing objects: 100% (9/9), 1.91 KiB | 1.91 MiB/s, done.
Total 9 (delta 4), reused 0 (delta 0)
remote: Resolving deltas: 100% (4/4), completed with 3 local objects.
To https://github.com/TristanCacqueray/git-pull-request.git
   e4d50c4..c541814  master -> master
Pull-request created: https://github.com/jd/git-pull-request/pull/1
"""),
    ("log:git-push", GH + "vscodenpa/testissues/issues/13681", r"""
2022-12-14 16:37:42.279 [info] > git push -u origin feat/a-new-feat-branch [1272ms]
2022-12-14 16:37:42.279 [info] remote:
remote: To create a merge request for feat/a-new-feat-branch, visit:
remote:   https://example.remote.com/space_name/repo_name/merge_requests/new?merge_request%5Bsource_branch%5D=feat%2Fa-new-feat-branch
remote:
To example.remote.com:space_name/repo_name.git
 * [new branch]      feat/a-new-feat-branch -> feat/a-new-feat-branch
"""),
    ("log:git-push", GH + "YumaInaura/YumaInaura/issues/3481", r"""
Create a pull request for 'branch-name' on GitHub by visiting:
   remote:      https://github.com/xxx/yyy-hra/pull/new/branch-name
"""),
    ("log:aws-s3", GH + "aws/aws-cli/issues/4160", r"""
$ echo hello > file.coverage.csv

$ aws s3 cp --acl bucket-owner-full-control --sse AES256 "file.coverage.csv" "s3://mybucketfoo/22916002/NGS/20190516_data/file.coverage.csv"
upload: ./file.coverage.csv to s3://mybucketfoo/22916002/NGS/20190516_data/file.coverage.csv

$ aws s3 ls  s3://mybucketfoo/22916002/NGS/20190516_data/ --recursive --human-readable --summarize
2019-09-04 13:44:15    6 Bytes 22916002/NGS/20190516_data/file.coverage.csv

Total Objects: 1
   Total Size: 6 Bytes
"""),
    ("log:wp-cli", GH + "humanmade/S3-Uploads/issues/355", r"""
root@63eef673e632:/app/public/wp-content/uploads# wp s3-uploads cp GeoIPv6.dat 's3://venusandherlover/'
**Success**: Completed copy from GeoIPv6.dat to s3://venusandherlover/
root@63eef673e632:/app/public/wp-content/uploads# wp s3-uploads cp GeoIPv6.dat 's3://venusandherlover.s3-sa-east-1.amazonaws.com/'
**Success**: Completed copy from GeoIPv6.dat to s3://venusandherlover.s3-sa-east-1.amazonaws.com/
root@63eef673e632:/app/public/wp-content/uploads# wp s3-uploads cp GeoIPv6.dat 's3://venusandherlover.s3-sa-east-1.amazonaws.com/GeoIPv6.dat'
**Success**: Completed copy from GeoIPv6.dat to s3://venusandherlover.s3-sa-east-1.amazonaws.com/GeoIPv6.dat
root@63eef673e632:/app/public/wp-content/uploads# wp s3-uploads cp GeoIPv6.dat 's3://venusandherlover/GeoIPv6.dat'
**Success**: Completed copy from GeoIPv6.dat to s3://venusandherlover/GeoIPv6.dat
"""),
    ("log:pip-install", GH + "NixOS/nixpkgs/issues/268297", r"""
copying src/pip/_internal/distributions/__init__.py -> build/lib/pip/_internal/distributions
creating build/lib/pip/_internal/commands
copying src/pip/_internal/commands/wheel.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/uninstall.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/show.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/search.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/list.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/install.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/help.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/hash.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/freeze.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/download.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/debug.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/configuration.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/completion.py -> build/lib/pip/_internal/commands
copying src/pip/_internal/commands/check.py -> build/lib/pip/_internal/commands
"""),
    ("log:pip-install", GH + "nix-community/pypi2nix/issues/87", r"""
      creating build/lib/wheel/test/headers.dist
      copying wheel/test/headers.dist/header.h -> build/lib/wheel/test/headers.dist
      copying wheel/test/headers.dist/headersdist.py -> build/lib/wheel/test/headers.dist
      copying wheel/test/headers.dist/setup.py -> build/lib/wheel/test/headers.dist
      creating build/lib/wheel/test/simple.dist
      copying wheel/test/simple.dist/setup.py -> build/lib/wheel/test/simple.dist
      creating build/lib/wheel/test/simple.dist/simpledist
      copying wheel/test/simple.dist/simpledist/__init__.py -> build/lib/wheel/test/simple.dist/simpledist
      installing to build/bdist.linux-x86_64/wheel
      running install
      running install_lib
      creating build/bdist.linux-x86_64
      creating build/bdist.linux-x86_64/wheel
      creating build/bdist.linux-x86_64/wheel/wheel
      copying build/lib/wheel/__init__.py -> build/bdist.linux-x86_64/wheel/wheel
      creating build/bdist.linux-x86_64/wheel/wheel/signatures
      copying build/lib/wheel/signatures/__init__.py -> build/bdist.linux-x86_64/wheel/wheel/signatures
      copying build/lib/wheel/signatures/djbec.py -> build/bdist.linux-x86_64/wheel/wheel/signatures
      copying build/lib/wheel/signatures/ed25519py.py -> build/bdist.linux-x86_64/wheel/wheel/signatures
"""),
    ("log:kubectl", GH + "kubernetes/kubernetes/issues/17460", r"""
$ kubectl exec -it elasticsearch-attiy sh
error: Error executing remote command: Error executing command in container: container not found ("elasticsearch")
"""),
    ("log:go-panic", GH + "dotabuff/manta/issues/46", r"""
panic:runtime error:invalid memory address or nil pointer dereference
goroutine 1 [running]:
"""),
)
# fmt: on

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


def other_negatives() -> set[str]:
    """Texts of every other split's negatives file of this folder."""
    texts: set[str] = set()
    for path in sorted(HERE.glob("*negatives.jsonl")):
        if path.name != OUT:
            texts |= {row["text"] for row in load(path.name)}
    return texts


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

    rows, dropped = select(candidates, other_negatives(), lambda row: None)
    per_kind = write_split(rows, OUT, SPLIT, PREFIX, PER_KIND)

    print(f"{len(rows)} negatives of {len(per_kind)} kinds written to {OUT}")
    print(f"  from {len(FILES)} file ranges and {len(TAKEN)} thread chunks")
    for kind, n in sorted(per_kind.items()):
        print(f"  {n:3d}  {kind}")
    for what, n in sorted(dropped.items()):
        print(f"  dropped {n}: {what}")
    print(f"  read and left out by hand: {len(DROPPED_BY_HAND)} threads or files")


if __name__ == "__main__":
    main()

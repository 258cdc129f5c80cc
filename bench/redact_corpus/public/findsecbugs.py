# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""find-sec-bugs, for the ``fresh9`` split (``fresh9.py`` reads and writes).

find-sec-bugs' password and key detectors (``HARD_CODE_PASSWORD``, ``HARD_CODE_KEY``) are
tested on sample classes (``findsecbugs-samples-java/src/test/java/testcode/password/``,
``…/potential/``, ``…/oauth/``, ``…/googlemaps/``, and the Kotlin samples): the plugin's
tests (``findsecbugs-plugin/src/test/…/password/*DetectorTest.java``) name the class, line
or field each bug must be reported at, and the samples mark their own cases (``bad…`` /
``hardcode…`` / ``//!!`` against ``good…`` / ``safe…`` / ``ok…`` / ``falsePositive…`` /
``// should not report``). The bug pattern's description (``messages.xml``) shows one more
value in its "Vulnerable Code". Each case below was read in its file and is cited by the
first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the detector and the call or field it
reports. ``NEGATIVES``: (file, kind, text) for lines of the safe methods, as the file holds
them.

Left out without a row: reported values under 8 signs (``secret1``…``secret9``,
``@dm1n``, ``oups``, ``Parola1``, ``secret``, the ``1111111``-style defaults), the Kotlin
samples' copies of the Java values, and ``HARD_CODE_KEY``'s byte arrays and big integers
(``{1, 2, 3, 4, 5, 6, 7, 8}``: no value a text carries).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/find-sec-bugs+find-sec-bugs/repo")
REPO = "find-sec-bugs/find-sec-bugs"

_S = "findsecbugs-samples-java/src/test/java/testcode/"
_P = _S + "password/"
_MSG = "findsecbugs-plugin/src/main/resources/metadata/messages.xml"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_P + "EqualsPasswordField.java", "find-sec-bugs:hard-coded-password-equals", "adm1nL3ft", 'if("adm1nL3ft".equals(password)) { //!!'),
    # marked //!! though "Not supported at the moment": a hard-coded password the detector misses
    (_P + "EqualsPasswordField.java", "find-sec-bugs:hard-coded-password-equals", "adm1nL3ft!!!!", None),
    (_P + "JdbcDriverConnection.java", "find-sec-bugs:jdbc-password", "h4rDc0de", None),
    (_P + "JdbcDriverConnection.java", "find-sec-bugs:jdbc-password", "lamepassword", None),
    (_P + "JndiProperties.java", "find-sec-bugs:jndi-security-credentials", "ld4pp455w0rd", None),
    (_P + "JschSshPassword.java", "find-sec-bugs:jsch-identity-passphrase", "this_password_is_hardcoded", None),
    (_P + "VariousMap.java", "find-sec-bugs:hard-coded-password-in-map", "secret1234", None),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs:custom-api-password", "f1nds3cbugs", None),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs:custom-api-password", "Soleil1234", None),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs:custom-api-secret-key", "1234567890", None),
    (_P + "ConstantPasswords.java", "find-sec-bugs:hard-code-password", "hardcoded", 'pwd = "hardcoded";'),
    (_P + "ConstantPasswords.java", "find-sec-bugs:hard-code-password", "hardcoded1", None),
    (_P + "ConstantPasswords.java", "find-sec-bugs:hard-code-password", "hardcoded2", None),
    (_S + "potential/PotentialHardcodePassword.java", "find-sec-bugs:potential-hard-code-password", "ThisIsNotASecret", None),
    (_S + "googlemaps/UrlSigner.java", "find-sec-bugs:google-maps-signing-key", "vNIXE0xscrmjlyV-12Nj_BvUPaw=", None),
    (_MSG, "find-sec-bugs:hard-code-password", "letMeIn!", None),
    (_MSG, "find-sec-bugs:hard-code-password", "p@ssw0rd", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "lamepassword": "words naming the value",
    "this_password_is_hardcoded": "words naming the value",
    "secret1234": "the word secret and the first four digits",
    "1234567890": "the digits in order",
    "hardcoded": "a word naming the value",
    "hardcoded1": "a word naming the value",
    "hardcoded2": "a word naming the value",
    "ThisIsNotASecret": "words saying it is no secret",
    "vNIXE0xscrmjlyV-12Nj_BvUPaw=": "Google's published URL-signing example key (Maps digital signature docs)",
    "p@ssw0rd": "the word password, letters swapped for signs",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # values from a parameter, a property or a getter: the samples' OK / safe / falsePositive cases
    (_P + "JdbcDriverConnection.java", "find-sec-bugs-fp:unknown-source", 'String password = props.getProperty("password");'),
    (_P + "JdbcDriverConnection.java", "find-sec-bugs-fp:unknown-source", 'Connection conn = DriverManager.getConnection("jdbc:mysql://prod.company.com/production", username, password);'),
    (_P + "JndiProperties.java", "find-sec-bugs-fp:unknown-source", "props.put(Context.SECURITY_CREDENTIALS, input);"),
    (_P + "JschSshPassword.java", "find-sec-bugs-fp:unknown-source", 'defaultJSch.addIdentity("some/private_key",password);'),
    (_P + "JschSshPassword.java", "find-sec-bugs-fp:unknown-source", 'defaultJSch.addIdentity("some/private_key","some/public.key",password.getBytes());'),
    (_P + "VariousMap.java", "find-sec-bugs-fp:unknown-source", 'map1.put("password", input);'),
    (_P + "VariousMap.java", "find-sec-bugs-fp:unknown-source", 'map2.put("database.password", input);'),
    (_P + "VariousMap.java", "find-sec-bugs-fp:unknown-source", "map4.setProperty(CAMEL_CASE_KEY_P4SS, input);"),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs-fp:unknown-source", "v.setPassword(pass);"),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs-fp:unknown-source", "v.setMotDePasse(pass);"),
    (_P + "customapi/HardCodeSample.java", "find-sec-bugs-fp:unknown-source", "v.secretKey(pass);"),
    (_S + "potential/PotentialHardcodePassword.java", "find-sec-bugs-fp:unknown-source", 'String riskyVal = p.getProperty("password");'),
    (_S + "oauth/SpringServerConfig.java", "find-sec-bugs-fp:unknown-source", '.secret(config.getProperty("secretKey"));'),
    (_S + "oauth/VertxOauth2Config.java", "find-sec-bugs-fp:unknown-source", '.setClientSecret(config.getProperty("secretKey"));'),
    ("findsecbugs-samples-kotlin/src/test/kotlin/com/h3xstream/findsecbugs/HardcodedPasswordMap.kt", "find-sec-bugs-fp:unknown-source", 'val map1 = mapOf("password" to input)'),
    # comparisons with an empty string or a looked-up value (safeLogin…)
    (_P + "EqualsPasswordField.java", "find-sec-bugs-fp:safe-compare", 'if(password.equals("")) {'),
    (_P + "EqualsPasswordField.java", "find-sec-bugs-fp:safe-compare", 'if("".equals(password)) {'),
    (_P + "EqualsPasswordField.java", "find-sec-bugs-fp:safe-compare", "if(getPassword(username).equals(password)) {"),
    (_P + "UnsafeCompareHash.java", "find-sec-bugs-fp:safe-compare", "if(MessageDigest.isEqual(hash, getHash(username).getBytes())) {"),
    (_P + "UnsafeCompareHash.java", "find-sec-bugs-fp:safe-compare", "if(sharedProperty.equals(info)) {"),
    # ConstantPasswords' good… methods and the fields it says are not hard coded
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", 'ks.load(new FileInputStream("keystore"), getPassword());'),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", 'String pwd = "uiiii".substring(3) + "oo";'),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", "key = new String(getPassword()); // no longer hard coded"),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", 'new SecretKeySpec(key.getBytes(), "AES"); // should not report'),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", "new PBEKeySpec(getPassword(), bytes, 1); // different parameter hard coded"),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", "new DESKeySpec(null); // should not be reported"),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", "private byte[] pwd4; // not considered hard coded"),
    (_P + "ConstantPasswords.java", "find-sec-bugs-fp:not-hard-coded", "private char[] pwd5 = null;"),
    # names and values that are not sensitive
    (_P + "JndiProperties.java", "find-sec-bugs-fp:not-sensitive", 'props.put(Context.LANGUAGE, "fr-CA"); //not sensitive information'),
    (_P + "VariousMap.java", "find-sec-bugs-fp:not-sensitive", 'public static final String CAMEL_CASE_KEY_P4SS = "KeyStore.PassWord";'),
)  # fmt: skip

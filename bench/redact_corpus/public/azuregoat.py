# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""INE's AzureGoat, for the ``fresh19`` split (``fresh19.py`` reads and writes).

``ine-labs/AzureGoat`` is AWSGoat's blog ported to Azure: a Python Azure Function with Cosmos
DB and Blob Storage, a React front end, a storage account of "shared" files, and a Linux VM
with an automation runbook, all in one ``main.tf``. Its secrets: the VM's admin password in
the Terraform (``os_profile``); and in the Function's code (``resources/azure_function/data/
app/__init__.py``) two values its authors left in comments above the lines that read them
from the environment, a storage account connection string with its ``AccountKey`` and a
Cosmos DB primary key, both of their own test accounts (``blogapidataprjstg``,
``ine-cosmos-db-other``); and the SSH private key of ``justin``, the VM's user, in the shared
files (``resources/storage_account/shared/files/.ssh/keys/justin.pem``). Every text file was
read at ``HEAD`` but the vendored packages under ``.python_packages`` (third-party code) and
the React sources and bundle (no value); each value is cited by the first line holding it. A
PEM key's value is its second line of key material, cited with the header and the first line.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Function's settings file
with its ``*_REPLACE`` placeholders and ``UseDevelopmentStorage=true``, Terraform references to
the storage account's connection string and keys, the ``sed`` lines that fill the
placeholders, the code reading the keys from the environment, the commented Cosmos endpoint
(a URL with no credential), the attack manual's connection-string template, the public key and
SSH config, the runbook's ``REPLACE_CLIENT_ID``, the VM's ``disable_password_authentication``.

``NO_SECRET``: the attack manual's new passwords ``davism@1234`` and ``davism@12345`` (a
name and digits counted in order), the defence manual's certificate password
``Azure123456!`` (the cloud's name, counted digits, a sign). Left out without a row: the
JWT secret ``T2BYL6#]zc>Byuzu`` (AWSGoat's, cited there), the seven other SSH keys of the
shared files (AWSGoat's keys again, with Windows line ends: ``alice`` … ``sophia``), the
Cosmos users' bcrypt hashes and security answers, INE's GCPGoat (read: the same JWT secret and
the same eight keys as this repository, nothing of its own).

Doubtful labels, kept: ``St0r95p@$sw0rd@1265463541`` (it says "storage password" in leet,
which would make it a name for the value, but ten random digits follow: the VM's real admin
password); the commented storage key and Cosmos key (dead code, most likely of rotated
accounts, but a connection string's key and a database key in their exact forms).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/ine-labs+AzureGoat/repo")
REPO = "ine-labs/AzureGoat"

_M = "modules/module-1/resources/"
_APP = _M + "azure_function/data/app/__init__.py"
_SET = _M + "azure_function/data/local.settings.json"
_SSH = _M + "storage_account/shared/files/.ssh/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("main.tf", "azuregoat:terraform-vm-admin-password", "St0r95p@$sw0rd@1265463541", None),
    (_APP, "azuregoat:commented-storage-account-key", "lonXJiSzbilWwyQ/Ya+oqtCZucx2C0x2mNw81iRm+qGoz955Cy/Rc4GJu+W+YY7uXlMGETC+zbwP+AStUczL1g==", None),
    (_APP, "azuregoat:commented-cosmosdb-primary-key", "xO46Cch3ATvOqtU1h9kuyaqjer1rcG4bQBNwnQ0mhAlQzhWZ2lkU3ahyV0bKBu06wITmBwcJ40cjZKNAJQbZ8A==", None),
    (_SSH + "keys/justin.pem", "azuregoat:ssh-rsa-private-key", "8DEwBHtwVvY3mG4VsX+xrHIMfdjvW9b0oEd3Lnr4VcTfOHAPwFXq+rey2MZIILBF", "-----BEGIN RSA PRIVATE KEY-----\nMIIJKAIBAAKCAgEA47XYSzEdO2PizB3zKJY5jSoaD3eoawYeXMhUxjnDIMRl7Li+\n8DEwBHtwVvY3mG4VsX+xrHIMfdjvW9b0oEd3Lnr4VcTfOHAPwFXq+rey2MZIILBF"),
    # read as no secret (NO_SECRET)
    ("attack-manuals/module-1/01-Insecure Direct Object Reference.md", "azuregoat:manual-new-password", "davism@1234", None),
    ("attack-manuals/module-1/01-Insecure Direct Object Reference.md", "azuregoat:manual-new-password", "davism@12345", None),
    ("defence-manuals/02-Defending Against Web Application 2.md", "azuregoat:manual-pfx-password", "Azure123456!", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "davism@1234": "a name and digits counted in order",
    "davism@12345": "a name and digits counted in order",
    "Azure123456!": "the cloud's name, digits counted in order and a sign",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the Function's settings file and the sed lines that fill it
    (_SET, "azuregoat-fp:config", '"AzureWebJobsStorage": "UseDevelopmentStorage=true",'),
    (_SET, "azuregoat-fp:placeholder", '"AZ_DB_PRIMARYKEY" :"AZ_DB_PRIMARYKEY_REPLACE",'),
    (_SET, "azuregoat-fp:placeholder", '"CON_STR" :"CON_STR_REPLACE",'),
    (_SET, "azuregoat-fp:placeholder", '"AZ_DB_ENDPOINT" :"AZ_DB_ENDPOINT_REPLACE",'),
    ("main.tf", "azuregoat-fp:reference", "sed -i 's`AZ_DB_PRIMARYKEY_REPLACE`${azurerm_cosmosdb_account.db.primary_key}`' modules/module-1/resources/azure_function/data/local.settings.json"),
    ("main.tf", "azuregoat-fp:reference", "sed -i 's`CON_STR_REPLACE`${azurerm_storage_account.storage_account.primary_connection_string}`' modules/module-1/resources/azure_function/data/local.settings.json"),
    # Terraform references to the keys it creates
    ("main.tf", "azuregoat-fp:reference", "connection_string = azurerm_storage_account.storage_account.primary_connection_string"),
    ("main.tf", "azuregoat-fp:reference", '"AZ_DB_PRIMARYKEY" = "${azurerm_cosmosdb_account.db.primary_key}",'),
    ("main.tf", "azuregoat-fp:reference", '"CON_STR" = "${azurerm_storage_account.storage_account.primary_connection_string}"'),
    ("main.tf", "azuregoat-fp:reference", "storage_account_access_key = azurerm_storage_account.storage_account.primary_access_key"),
    ("main.tf", "azuregoat-fp:config", "disable_password_authentication = false"),
    ("main.tf", "azuregoat-fp:config", 'admin_username = "azureuser"'),
    # the Function's code reading the keys at run time
    (_APP, "azuregoat-fp:reference", "connect_string = os.environ['CON_STR']"),
    (_APP, "azuregoat-fp:reference", "blob = BlobClient.from_connection_string(conn_str=connect_string, container_name=container, blob_name=object_name)"),
    (_APP, "azuregoat-fp:reference", "AZ_DB_PRIMARYKEY = os.environ['AZ_DB_PRIMARYKEY']"),
    (_APP, "azuregoat-fp:url", "# AZ_DB_ENDPOINT = 'https://ine-cosmos-db-other.documents.azure.com:443/'"),
    (_APP, "azuregoat-fp:reference", "client = CosmosClient(AZ_DB_ENDPOINT, AZ_DB_PRIMARYKEY)"),
    (_APP, "azuregoat-fp:reference", "JWT_SECRET = os.environ['JWT_SECRET']"),
    (_APP, "azuregoat-fp:reference", "JWT_TOKEN, JWT_SECRET, algorithms=['HS256'])"),
    (_APP, "azuregoat-fp:reference", "if not bcrypt.checkpw((user_password).encode('utf-8'), (db_user[0]['password']).encode('utf-8')):"),
    # the manuals, the runbook, the public key and SSH config
    ("attack-manuals/module-1/03-Server Side Request Forgery Part 2.md", "azuregoat-fp:placeholder", "AccountEndpoint=<AZ_DB_ENDPOINT>;AccountKey=<AZ_DB_PRIMARYKEY>"),
    ("defence-manuals/02-Defending Against Web Application 2.md", "azuregoat-fp:reference", "-Password $pwd"),
    ("defence-manuals/02-Defending Against Web Application 2.md", "azuregoat-fp:placeholder", "-cert cert:\\localMachine\\my\\PASTE_YOUR_THUMBPRINT `"),
    (_M + "vm/listVM.ps1", "azuregoat-fp:placeholder", "$AzureContext = (Connect-AzAccount -Identity -AccountId REPLACE_CLIENT_ID).context"),
    (_M + "vm/config.sh", "azuregoat-fp:reference", "cat /home/justin/justin.pub > /home/justin/.ssh/authorized_keys"),
    (_SSH + "keys/justin.pub", "azuregoat-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQDjtdhLMR07Y+LMHfMoljmNKhoPd6hrBh5cyFTGOcMgxGXsuL7wMTAEe3BW9jeYbhWxf7Gscgx92O9b1vSg"),
    (_SSH + "config.txt", "azuregoat-fp:path", "IdentityFile /shared/files/.ssh/keys/justin.pem"),
    (_SSH + "config.txt", "azuregoat-fp:placeholder", "Host VM_IP_ADDR"),
)  # fmt: skip

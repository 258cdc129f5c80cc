"""Wordings of the prose corpus for a person's notes: thoughts and commit messages (see
`wordings.py`)."""

from __future__ import annotations

NOTES: dict[str, list[tuple[bool, str]]] = {
    "thought": [
        (True, "Is {v} the staging one or prod?"),
        (True, "Swapped in {v} and the 401 went away."),
        (True, "hmm, the env file still has {v}, so the container never picked up the new one"),
        (
            True,
            "The config points at `{v}`; that matches what the README says for the sandbox, "
            "so the failure must be somewhere else.",
        ),
        (
            True,
            "Let me compare: the CI job uses '{v}' but my local .env has a different value. "
            "That would explain why it only fails in CI.",
        ),
        (True, "ok so {v} works from my laptop but not from the runner, probably an IP allowlist"),
        (True, "I'll grep the repo for {v} to see where else it is hard-coded before rotating it."),
        (
            True,
            'The value in settings.py ("{v}") was committed three weeks ago. '
            "I should move it into the environment instead.",
        ),
        (
            True,
            "Looking at the failing request again, the header carries {v}, "
            "which is the old value from before the migration.",
        ),
        (
            True,
            "Note to self: {v} belongs to the billing project, not analytics. "
            "Don't mix them up again.",
        ),
        (
            True,
            "Plan:\n1. export {v} in the shell\n2. rerun the integration tests\n"
            "3. if they pass, update the CI variable",
        ),
        (True, "Wait, why is **{v}** printed in the debug output? That log line has to go."),
        (True, "the test fixture hard-codes {v} (see conftest), so mocking the client won't help"),
        (True, "Does anyone know who owns {v}, the one in the shared 1Pass vault?"),
        (False, "I'll check whether the key {v} is still valid by calling the API."),
        (
            False,
            "The {name} token {v} is in plain text in docker-compose.yml, "
            "which is probably how it leaked.",
        ),
        (False, "so the secret is {v}? that looks like a test value, not a real one"),
        (
            False,
            "Before I open the PR I need to remove the credential (`{v}`) "
            "from the example notebook.",
        ),
        (
            False,
            "The user pasted their {name} key, {v}, into the issue. "
            "I should tell them to revoke it.",
        ),
        (
            False,
            "Found it: the staging database password is set to '{v}' in "
            "ansible/group_vars/all.yml.",
        ),
        (False, "Trying the API key from the vault entry ({v}) against the health endpoint next."),
        (
            False,
            "| env | key |\n| --- | --- |\n| staging | {v} |\n| prod | (unchanged) |\n\n"
            "Only the staging row changed, so the prod outage can't come from this rotation.",
        ),
        (
            False,
            "The auth header is built from {v}, and the server answers `invalid_token`. "
            "Maybe it expired.",
        ),
        (
            False,
            "Observation: the log says `using token {v} for upload`, "
            "so the old token is still cached somewhere.",
        ),
        (False, "i think the {name} secret got rotated, {v} returns 403 now"),
        (
            False,
            "Next step: put the token `{v}` into the runner's environment and retry the deploy.",
        ),
        (
            False,
            "Credentials in the old .env: user admin, password {v}. "
            "These must not end up in the report.",
        ),
    ],
    "commit_message": [
        (
            True,
            "Fix staging deploy after rotation\n\n"
            "docker-compose.yml still referenced {v}, which was revoked last week.\n"
            "Read the value from the environment instead.",
        ),
        (
            True,
            "Remove hard-coded value from settings\n\n"
            'settings/base.py shipped with "{v}" as a fallback. Drop the fallback\n'
            "so a missing variable fails loudly at start-up.",
        ),
        (
            True,
            "ci: use repository variable for upload\n\n"
            "The workflow inlined `{v}`; it now comes from ${{{{ vars.UPLOAD_ID }}}}.",
        ),
        (
            True,
            'Revert "Temporarily inline sandbox value"\n\n'
            "This reverts the quick hack that put {v} in client.py.\n"
            "It was never meant to be merged.",
        ),
        (
            True,
            "tests: stop depending on the live sandbox\n\n"
            "The integration tests used '{v}' against the real endpoint, which made\n"
            "them flaky. Record the responses with vcrpy instead.",
        ),
        (
            True,
            "Scrub debug print from uploader\n\n"
            "print() dumped the whole request, including {v}, to stdout on every retry.",
        ),
        (
            True,
            "docs: replace the real value in the quick-start\n\n"
            "The quick-start showed {v} (ours!). Use a placeholder in the example.",
        ),
        (
            True,
            "chore(env): move sandbox value to .env.example\n\n"
            "- remove {v} from config.yaml\n- document the variable in .env.example\n"
            "- add .env to .gitignore",
        ),
        (
            True,
            "Update staging value\n\nold one was dead, new one is {v}",
        ),
        (
            True,
            "Handle expired sandbox account\n\n"
            "Requests made with {v} now return 401 since the sandbox was reset.\n"
            "Catch the 401 and print a hint instead of a traceback.",
        ),
        (
            True,
            "fixtures: regenerate recorded cassettes\n\n"
            "The cassettes captured the header value ({v}).\n"
            "Filter it out with `filter_headers` before recording again.",
        ),
        (
            True,
            "wip\n\ntrying {v} on the runner, will squash",
        ),
        (
            True,
            "Pin webhook target for the demo\n\n"
            "The demo needs a stable target, so for now it posts to\n{v}\n"
            "until the ops team gives us a proper one.",
        ),
        (
            False,
            "Rotate leaked {name} token\n\n"
            "The token {v} was pushed in a3f9c1e and is now revoked.\n"
            "Load the new one from the secret store.",
        ),
        (
            False,
            "config: read API key from environment\n\n"
            "Replace the literal key `{v}` with os.environ['API_KEY'].",
        ),
        (
            False,
            "Add {name} credentials for local development\n\n"
            "Local dev uses the throwaway key {v}; production reads it from Vault.",
        ),
        (
            False,
            "fix(auth): send the token in the header, not the query string\n\n"
            "Before this change the URL carried ?token={v}, which ended up in the\n"
            "access logs.",
        ),
        (
            False,
            "Remove secret from Helm values\n\n"
            'values.yaml held password: "{v}". It is now a reference to an\n'
            "existing Kubernetes Secret.",
        ),
        (
            False,
            "Update the {name} secret used by the nightly job\n\n"
            "New secret: {v}\nOld one expired on the 1st.",
        ),
        (
            False,
            "tests: fake the auth server\n\n"
            "Tests no longer need the real access token ({v});\n"
            "a local stub accepts any bearer value.",
        ),
        (
            False,
            "Fix typo in password for the seed user\n\n"
            "The seed script used '{v}', which did not match the README.",
        ),
        (
            False,
            "deploy: pass the {name} key through the build arg\n\n"
            "docker build --build-arg API_KEY={v} was in the Makefile; use a\n"
            "BuildKit secret mount instead so it never lands in an image layer.",
        ),
        (
            False,
            "Add missing credential to the CI matrix\n\n"
            "The macOS job failed because the credential was unset. Set it to\n**{v}** for now.",
        ),
        (
            False,
            "Invalidate cached token on 401\n\n"
            'The client kept retrying with "{v}" after it expired. Drop the cached\n'
            "token and fetch a new one on the first 401.",
        ),
        (
            False,
            "chore: bump {name} key\n\nkey -> {v}",
        ),
        (
            False,
            "Log a hint when the token is wrong\n\n"
            "Example of the new message:\n\n"
            "    auth failed for token {v}: check the scopes\n",
        ),
    ],
}

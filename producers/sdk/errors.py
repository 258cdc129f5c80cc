"""The SDK's own error type, shared by its modules."""


class SdkError(RuntimeError):
    """Misuse of the SDK (unknown trace or event type, closed client, event too large)."""

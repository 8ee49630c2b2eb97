"""The one ``Cancelled``: work that was asked to stop (an operation of the
model's runner, a review, a job in a worker process) raises it, and nothing
of that work is kept.  Pure Python, below every layer, so each may raise it."""


class Cancelled(Exception):
    """The work was asked to stop; nothing of it is kept."""

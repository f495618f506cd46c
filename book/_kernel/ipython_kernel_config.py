"""IPython kernel settings for this project's environment: `make` copies this file to
`.venv/etc/ipython/`, where every kernel of the environment reads it (the book's build, the
notebook tests, the lessons' notebooks, Voila).

Those kernels talk to their client over local TCP on 127.0.0.1, and ipykernel warns about it
each time one starts ("Kernel is running over TCP without encryption"): seven times in
`make book`. The note is dropped where it is raised, in the kernel's own log; every other
kernel message still shows.
"""

import logging


def _not_the_tcp_note(record: logging.LogRecord) -> bool:
    return "running over TCP without encryption" not in record.getMessage()


c = get_config()  # type: ignore[name-defined]  # noqa: F821  (given by IPython)
c.IPKernelApp.logging_config = {
    "filters": {"no_tcp_note": {"()": lambda: _not_the_tcp_note}},
    "handlers": {"console": {"filters": ["no_tcp_note"]}},
}

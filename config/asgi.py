"""The ASGI application: what serves the live standings' event streams (one coroutine per
open page, no thread held; see ``scoring.streams``), and may serve every other page too.

    uvicorn config.asgi:application --workers 2

A request body is counted as it streams in and refused past the cap
(``config.middleware.BodyLimitASGI``), never read whole first.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
# Under ASGI each request runs its synchronous part in a thread of its own: PostgreSQL
# connections come from a pool of this many per process (config/settings/base.py), not one
# per thread (an event stream needs one only for its first query).
os.environ.setdefault("DATABASE_POOL", "8")
django_application = get_asgi_application()

from config.middleware import BodyLimitASGI  # noqa: E402 - after Django is set up

application = BodyLimitASGI(django_application)

"""The ASGI application: what serves the live standings' event streams (one coroutine per
open page, no thread held; see ``scoring.streams``), and may serve every other page too.

    uvicorn config.asgi:application --workers 2
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
application = get_asgi_application()

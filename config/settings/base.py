"""Settings shared by every environment, read from the environment.

- ``DATABASE_URL``: unset → a SQLite file ``var/tenace.sqlite3`` (the embedded default);
  ``postgres://user@host:5432/name`` → PostgreSQL through psycopg 3.
- ``REDIS_URL``: unset → Celery tasks run eagerly in-process and the cache is local memory;
  set → Redis is the Celery broker, result backend and the Django cache.
- ``SECRET_KEY``, ``ALLOWED_HOSTS`` (comma-separated), ``DEBUG`` (``1``/``0``).
- ``DEAL_SECRET``: the secret board sets are dealt with besides their seed; unset → derived
  from ``SECRET_KEY``.
- ``EMAIL_URL``: unset → emails are printed on the console (the embedded default);
  ``submission://user:password@host:587`` (STARTTLS) → sent through that server (``dj-email-url``).
  ``DEFAULT_FROM_EMAIL`` is the sender.
- ``SITE_URL`` (``http://localhost:8000``): the site's address as players reach it, for the
  links in emails sent by background jobs (the results emailed at a release).
- ``LOGIN_FAILURE_LIMIT`` (8) failed logins from one address or for one username lock it
  out for ``LOGIN_LOCKOUT_MINUTES`` (15), until a club's secretary unlocks it.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import dj_database_url
import dj_email_url
from django.utils.translation import gettext_lazy as _
from kombu import Queue

from config import __version__

BASE_DIR = Path(__file__).resolve().parent.parent.parent
#: A checkout (manage.py beside the packages) keeps templates/, static/ and locale/ at its
#: top; an installed wheel carries them inside the tenace app, found as an app's own.
CHECKOUT = (BASE_DIR / "manage.py").is_file()
#: The SQLite file, logs and collected static files: ``TENACE_VAR_DIR``, else ``var/`` in a
#: checkout, else ``var/`` in the working directory of an installed site.
VAR_DIR = Path(os.environ.get("TENACE_VAR_DIR") or (BASE_DIR if CHECKOUT else Path.cwd()) / "var")
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "insecure-development-key-change-me")
# Board sets are dealt from their seed together with this secret (tournaments/dealing.py):
# the seed alone deals nothing. Empty: a key derived from SECRET_KEY.
DEAL_SECRET = os.environ.get("DEAL_SECRET", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "clubs",
    "tournaments",
    "scoring",
    "boston",
    "variants",
    "drives",
    # The site layer, above every app: season ladders, player page, club home, demo command.
    "tenace",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A path with a NUL or another control character is a 404 before any view looks it up.
    "config.middleware.PathCheckMiddleware",
    # Before anything reads a body: a request declaring more than REQUEST_BODY_LIMIT is a 413.
    "config.middleware.RequestBodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.middleware.LazyMessageMiddleware",  # Django's, built when used
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a login refused by the throttle into the lockout page (config/views.py).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"  # a styled, translated page, not a bare 403
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"] if CHECKOUT else [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'tenace.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=os.environ.get("CONN_HEALTH_CHECKS", "1") == "1",
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    # Only the result-entry hot path prepares statements (scoring/rows.py:prepared_cursor;
    # Django binds everything else on the client, which never prepares): allow psycopg to
    # prepare (Django turns it off for transaction-mode poolers such as PgBouncer, which
    # Tenace does not use), and plan each such statement once per connection, not again
    # for each of its first executions.
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("prepare_threshold", 5)
    # Appended to any server options already given in DATABASE_URL (``?options=…``).
    _options["options"] = " ".join(
        filter(None, [_options.get("options", ""), "-c plan_cache_mode=force_generic_plan"])
    )
    # ``DATABASE_POOL=n``: psycopg's pool of at most n connections per process instead of a
    # connection per thread. The ASGI entry point turns it on (config/asgi.py): there every
    # request's synchronous part runs in a thread of its own, so connections would not be
    # reused and their number would follow the requests in flight.
    if os.environ.get("DATABASE_POOL"):
        _options["pool"] = {
            "min_size": 1,
            "max_size": int(os.environ["DATABASE_POOL"]),
            "timeout": 10,
        }
        DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "clubs.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "account"
LOGOUT_REDIRECT_URL = "home"
AUTHENTICATION_BACKENDS = [
    # Throttles every login form (and the API's): refuses a locked-out address or username.
    "config.throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling (django-axes): N failures from one address or for one username lock it
# out for a while; a club's secretary can unlock (Members → Access and tokens).
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "8"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_LOCKOUT_CALLABLE = "config.throttle.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # successful logins are not logged (less personal data kept)
AXES_ENABLE_ADMIN = True
AXES_VERBOSE = False
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Behind a reverse proxy, the number of proxies in front of Django (their X-Forwarded-For).
AXES_IPWARE_PROXY_COUNT = int(os.environ["PROXY_COUNT"]) if os.environ.get("PROXY_COUNT") else None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if os.environ.get("PROXY_COUNT") else ["REMOTE_ADDR"]
)

# Email: through Django's backends; sending is a Celery task (clubs.email_send), never in a
# request. Unset EMAIL_URL prints every email on the console (the demo shows the links).
EMAIL_URL = os.environ.get("EMAIL_URL", "")
_email = dj_email_url.parse(EMAIL_URL) if EMAIL_URL else {}
EMAIL_BACKEND = _email.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = _email.get("EMAIL_PORT") or 25
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS"))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL"))
EMAIL_TIMEOUT = _email.get("EMAIL_TIMEOUT") or 20
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL", _email.get("DEFAULT_FROM_EMAIL", "Tenace <tenace@localhost>")
)
SERVER_EMAIL = _email.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# Links in emails written without a request (results at a release) start with this.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
# Invitations and password-reset links last this long.
INVITATION_DAYS = int(os.environ.get("INVITATION_DAYS", "14"))
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: English source, Spanish and Czech catalogues kept complete.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("cs", _("Czech"))]
LOCALE_PATHS = [BASE_DIR / "locale"] if CHECKOUT else []
USE_I18N = True
TIME_ZONE = "Europe/Madrid"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if CHECKOUT else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Redis: broker, result backend and cache when REDIS_URL is set; otherwise the embedded
# default — tasks run eagerly in-process and the cache is local memory.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's, keeping one redis client per pool (see config/cache.py).
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("TENACE_CELERY_QUEUE", "tenace")
# The double-dummy solver (seconds per board set) has a queue of its own, so that a
# standings recompute never waits behind it (bench/README.md, "Live standings"). A worker
# started without -Q consumes both; a big event runs one worker per queue.
TENACE_ANALYSIS_QUEUE = os.environ.get(
    "TENACE_ANALYSIS_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-analysis"
)
CELERY_TASK_QUEUES = [Queue(CELERY_TASK_DEFAULT_QUEUE), Queue(TENACE_ANALYSIS_QUEUE)]
CELERY_TASK_ROUTES = {"scoring.board_set_analyse": {"queue": TENACE_ANALYSIS_QUEUE}}
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TIMEZONE = TIME_ZONE
# Fail fast when the broker is down: the caller saves its data regardless.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "max_retries": 1}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Stale standings (e.g. results saved while Redis was down) catch up within 30 s: run
# `celery -A config beat` beside the workers.
CELERY_BEAT_SCHEDULE = {
    "scoring-standings-sweep": {"task": "scoring.standings_sweep", "schedule": 30.0},
}

# The largest request body, pages and API alike (bytes; 413 above it): Django's default
# form cap, 2.5 MB, unless REQUEST_BODY_LIMIT says otherwise. See docs/security.md.
REQUEST_BODY_LIMIT = int(os.environ.get("REQUEST_BODY_LIMIT", str(2_621_440)))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "clubs.tokens.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # DRF's parsers within the body cap, a nesting limit and the text rules (clubs.inputs).
    "DEFAULT_PARSER_CLASSES": [
        "clubs.api.inputs.JSONParser",
        "clubs.api.inputs.FormParser",
        "clubs.api.inputs.MultiPartParser",
    ],
    # Input refusals as {"detail": …, "field": …} (400).
    "EXCEPTION_HANDLER": "clubs.api.inputs.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "clubs.api.inputs.Pagination",
    "PAGE_SIZE": 100,
}
#: The release, for the API schema, /healthz and the files Tenace writes (from config).
TENACE_VERSION = __version__

SPECTACULAR_SETTINGS = {
    "TITLE": "Tenace API",
    "DESCRIPTION": "Clubs, club nights, duplicate whist tournaments, results and standings.",
    "VERSION": TENACE_VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI served from our own static files: no CDN needed at the club.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two "source" fields with different choices (a board set's, a result's): named apart.
    # Every operation documents its refusals (400/401/403/404/409/413) with one Error shape.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api_schema.document_refusals",
    ],
    "ENUM_NAME_OVERRIDES": {
        "BoardSetSourceEnum": "tournaments.models.BoardSet.Source",
        "ResultSourceEnum": "scoring.models.ResultSource",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusal_without_traceback": {"()": "config.log_filters.RefusalWithoutTraceback"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["refusal_without_traceback"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # Tasks run eagerly (the embedded default) inside commands and requests: their success
    # lines and the in-memory broker's notices would bury a command's own output. Every login
    # is logged at INFO by django-axes; failures and lockouts are WARNING.
    "loggers": {
        "celery.app.trace": {"level": "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO"},
        "kombu.connection": {"level": "ERROR" if CELERY_TASK_ALWAYS_EAGER else "WARNING"},
        "axes": {"level": "WARNING"},
    },
}

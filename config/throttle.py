"""Login throttling, through django-axes: every login form (``/login/``, the API's
``/api/auth/login/``, the admin's) authenticates with a request, and the backend below
refuses an address or a username that failed ``AXES_FAILURE_LIMIT`` times within
``AXES_COOLOFF_TIME``. The refusal is :func:`lockout_response`: a page in the reader's
language (a JSON ``detail`` for the API and scripts), status 429. A club's secretaries and
organisers unlock their members (:mod:`clubs.lockouts`)."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes' check before the password is tried. Code that authenticates without a request
    (a management command, the test client's ``login()``) is not a login form and is not
    throttled; every web login passes its request."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout_message() -> str:
    return _(
        "Too many failed logins from this address or for this username. Try again in "
        "%(minutes)d minutes, or ask a secretary of your club to unlock it."
    ) % {"minutes": lockout_minutes()}


def lockout_response(request: HttpRequest, original_response=None, credentials=None):
    """The answer to a locked-out login (status 429)."""
    accepts_json = "application/json" in request.headers.get("Accept", "")
    if accepts_json or request.headers.get("X-Requested-With") == "XMLHttpRequest":
        return JsonResponse({"detail": lockout_message()}, status=429)
    response: HttpResponse = render(
        request,
        "registration/locked_out.html",
        {"message": lockout_message(), "minutes": lockout_minutes()},
        status=429,
    )
    return response

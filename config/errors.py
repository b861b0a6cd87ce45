"""The site's error pages: 400, 403 (also a refused CSRF check), 404 and 500, styled like
every other page and in the reader's language.

Django calls these through ``handler400``/``handler403``/``handler404``/``handler500`` in
``config/urls.py``. A refusal raised with a message (``PermissionDenied(_("…"))``,
``Http404(_("No such board in this section."))``) shows that message; Django's own
technical messages ("No Club matches the given query.", the resolver's tried patterns) are
never shown. The templates extend ``errors/base.html``; a new kind of refusal page can too.
"""

from __future__ import annotations

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseServerError,
)
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token


def _reason(exception: BaseException | None) -> str:
    """The message a view gave its refusal, if it gave one meant for people."""
    if exception is None or not exception.args:
        return ""
    message = exception.args[0]
    if not isinstance(message, str) or "matches the given query" in message:
        return ""
    return message


def _render(request: HttpRequest, template: str, exception=None) -> str:
    context = {"reason": _reason(exception), "request_path": request.path}
    return loader.render_to_string(template, context, request=request)


@requires_csrf_token
def bad_request(request: HttpRequest, exception: BaseException) -> HttpResponse:
    return HttpResponseBadRequest(_render(request, "400.html", exception))


@requires_csrf_token
def permission_denied(request: HttpRequest, exception: BaseException) -> HttpResponse:
    return HttpResponseForbidden(_render(request, "403.html", exception))


@requires_csrf_token
def page_not_found(request: HttpRequest, exception: BaseException) -> HttpResponse:
    return HttpResponseNotFound(_render(request, "404.html", exception))


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """Rendered with the request but nothing from the database: the error may be the
    database itself."""
    return HttpResponseServerError(
        loader.render_to_string("500.html", {"request_path": request.path}, request=None)
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without a valid CSRF token (an old page, cookies blocked)."""
    return HttpResponseForbidden(
        loader.render_to_string("403_csrf.html", {"request_path": request.path}, request=request)
    )

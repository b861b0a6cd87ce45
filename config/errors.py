"""The site's error pages: 400, 403 (also a refused CSRF check), 404 and 500, styled like
every other page and in the reader's language.

Django calls these through ``handler400``/``handler403``/``handler404``/``handler500`` in
``config/urls.py``. A refusal raised with a message (``PermissionDenied(_("…"))``,
``Http404(_("No such board in this section."))``) shows that message; Django's own
technical messages ("No Club matches the given query.", the resolver's tried patterns) are
never shown. The templates extend ``errors/base.html``; a new kind of refusal page can too.

Under ``/api/`` the same refusals are JSON, ``{"detail": …}`` (with ``"field"`` when an
:class:`~clubs.inputs.InputError` names the parameter at fault), so an API client never
has to read a web page.
"""

from __future__ import annotations

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseServerError,
    JsonResponse,
)
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from clubs.inputs import InputError, too_large_message

API_PREFIX = "/api/"


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _api_refusal(status: int, exception: BaseException | None, fallback: str) -> JsonResponse:
    body = {"detail": _reason(exception) or fallback}
    if isinstance(exception, InputError):
        body["field"] = exception.field
    return JsonResponse(body, status=status)


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
    if _is_api(request):
        return _api_refusal(400, exception, _("Bad request."))
    return HttpResponseBadRequest(_render(request, "400.html", exception))


@requires_csrf_token
def permission_denied(request: HttpRequest, exception: BaseException) -> HttpResponse:
    if _is_api(request):
        return _api_refusal(403, exception, _("You do not have permission to do this."))
    return HttpResponseForbidden(_render(request, "403.html", exception))


@requires_csrf_token
def page_not_found(request: HttpRequest, exception: BaseException) -> HttpResponse:
    if _is_api(request):
        return _api_refusal(404, exception, _("Not found."))
    return HttpResponseNotFound(_render(request, "404.html", exception))


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """Rendered with the request but nothing from the database: the error may be the
    database itself."""
    if _is_api(request):
        return JsonResponse({"detail": _("Server error.")}, status=500)
    return HttpResponseServerError(
        loader.render_to_string("500.html", {"request_path": request.path}, request=None)
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without a valid CSRF token (an old page, cookies blocked)."""
    return HttpResponseForbidden(
        loader.render_to_string("403_csrf.html", {"request_path": request.path}, request=request)
    )


def body_too_large(request: HttpRequest, limit: int) -> HttpResponse:
    """413: the request body is larger than Tenace accepts (``RequestBodyLimitMiddleware``)."""
    message = too_large_message(limit)
    if _is_api(request):
        return JsonResponse({"detail": message}, status=413)
    context = {"reason": message, "request_path": request.path}
    return HttpResponse(loader.render_to_string("413.html", context, request=request), status=413)

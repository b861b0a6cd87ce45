"""The API's side of :mod:`clubs.inputs`: body parsers that refuse what no view should see,
the exception handler that answers every input refusal as ``{"detail": …, "field": …}``,
and the helpers views use to read ids from the query string and the body.

Every body the API parses (JSON, form or multipart) goes through :func:`body_check`:

* at most :func:`~clubs.inputs.body_limit` bytes (413; the middleware
  ``config.middleware.RequestBodyLimitMiddleware`` refuses a declared larger body before
  any view runs);
* JSON nested at most :data:`MAX_DEPTH` deep;
* no text with NUL or control characters or direction overrides, none made only of
  invisible characters.

A date or time in a body is read by :class:`DateField` / :class:`DateTimeField`, which
refuse digits other than ASCII 0–9 (DRF reads ``"２０２６-０３-０７"`` as a date); every
model serializer maps its date fields to them (``clubs.apps``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.utils import json

from clubs.inputs import (
    MAX_ID,
    InputError,
    body_limit,
    digits_problem,
    parse_id,
    parse_int,
    text_problem,
    too_large_message,
)

#: The deepest nesting a JSON body may have: the deepest body Tenace reads has three levels.
MAX_DEPTH = 8


class DateField(serializers.DateField):
    """DRF's date field, refusing digits other than ASCII 0–9 (400 naming the field)."""

    def to_internal_value(self, value):
        if problem := digits_problem(value):
            raise serializers.ValidationError(problem, code="digits")
        return super().to_internal_value(value)


class DateTimeField(serializers.DateTimeField):
    """DRF's date-and-time field, refusing digits other than ASCII 0–9."""

    def to_internal_value(self, value):
        if problem := digits_problem(value):
            raise serializers.ValidationError(problem, code="digits")
        return super().to_internal_value(value)


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


def _read_limited(stream) -> bytes:
    limit = body_limit()
    data = stream.read(limit + 1) if stream is not None else b""
    if len(data) > limit:
        raise BodyTooLarge(too_large_message(limit))
    return data


def body_check(value, path: str = "", depth: int = 0) -> None:
    """Refuse (:class:`InputError` naming the field) a parsed body too deeply nested or
    holding text that cannot be stored."""
    if depth > MAX_DEPTH:
        raise InputError(
            _("The body is nested too deeply (at most %(depth)s levels).") % {"depth": MAX_DEPTH},
            field=path or "body",
        )
    if isinstance(value, str):
        if problem := text_problem(value):
            raise InputError(problem, field=path or "body")
    elif isinstance(value, dict):
        for key, item in value.items():
            name = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and (problem := text_problem(key)):
                raise InputError(problem, field=name)
            body_check(item, name, depth + 1)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            body_check(item, f"{path}[{index}]", depth + 1)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, within the body cap, the nesting limit and the text rules."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        raw = _read_limited(stream)
        try:
            text = raw.decode(encoding)
            constant = json.strict_constant if self.strict else None
            data = json.loads(text, parse_constant=constant)
        except RecursionError:
            raise InputError(
                _("The body is nested too deeply (at most %(depth)s levels).")
                % {"depth": MAX_DEPTH},
                field="body",
            ) from None
        except ValueError as error:
            message = _("The body is not valid JSON: %(error)s") % {"error": error}
            raise exceptions.ParseError(message) from None
        body_check(data)
        return data


class FormParser(parsers.FormParser):
    """DRF's form parser, within the body cap and the text rules."""

    def parse(self, stream, media_type=None, parser_context=None):
        from django.http import QueryDict

        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        data = QueryDict(_read_limited(stream), encoding=encoding)
        _fields_check(data)
        return data


class MultiPartParser(parsers.MultiPartParser):
    """DRF's multipart parser (the body is capped by the middleware), with the text rules
    for its fields."""

    def parse(self, stream, media_type=None, parser_context=None):
        result = super().parse(stream, media_type, parser_context)
        _fields_check(result.data)
        return result


def _fields_check(data) -> None:
    """:func:`body_check` for a form's fields (a QueryDict: each name may repeat)."""
    for name, values in data.lists():
        body_check({name: None})
        for value in values:
            body_check(value, name, 1)


def api_exception_handler(exc, context):
    """DRF's handler, with input refusals answered ``{"detail": …, "field": …}`` (400),
    Django's own refusals of a request (``BadRequest``, ``SuspiciousOperation``, e.g. too
    many form fields) as a 400 with a ``detail``, and ``detail`` always one string."""
    if isinstance(exc, InputError):
        return Response({"detail": exc.message, "field": exc.field}, status=400)
    if isinstance(exc, BadRequest | SuspiciousOperation):
        detail = exc.args[0] if exc.args and isinstance(exc.args[0], str) else _("Bad request.")
        return Response({"detail": detail}, status=400)
    # Imported here: rest_framework.views reads the settings that name this module's parsers.
    from rest_framework.views import exception_handler

    response = exception_handler(exc, context)
    detail = getattr(response, "data", None) and _detail_list(response.data)
    if detail is not None:
        # A serializer's validate() raising {"detail": "…"} gets a list: one shape, a string.
        response.data["detail"] = " ".join(str(message) for message in detail)
    code = getattr(exc, "code", None)
    if isinstance(exc, PermissionDenied) and isinstance(code, str) and response is not None:
        # A refusal of ours that names its kind (e.g. "directors_only") keeps it.
        response.data["code"] = code
    return response


def _detail_list(data):
    if isinstance(data, dict) and isinstance(data.get("detail"), list):
        return data["detail"]
    return None


class Pagination(LimitOffsetPagination):
    """DRF's ``?limit=&offset=``, read with :func:`~clubs.inputs.parse_int`: a limit of 1 to
    :attr:`max_limit` (larger ones are cut down to it), an offset from 0; anything else is a
    400 naming the parameter."""

    max_limit = 1000

    def get_limit(self, request):
        limit = parse_int(request.query_params.get(self.limit_query_param), "limit", min=1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request):
        offset = parse_int(request.query_params.get(self.offset_query_param), "offset", min=0)
        return min(offset or 0, MAX_ID)


def query_id(request, name: str) -> int | None:
    """The id in ``?name=``; ``None`` when absent; an :class:`InputError` when not an id."""
    return parse_id(request.query_params.get(name), name)


def body_value(request, name: str):
    """``request.data[name]``, for the permission checks that look at the body before its
    serializer does; a body that is not an object (a list, a number) is a 400."""
    data = request.data
    if not hasattr(data, "get"):
        raise InputError(_("The body must be a JSON object."), field="body")
    return data.get(name)


def body_id(request, name: str) -> int | None:
    """The id in the body's ``name`` field, ``None`` when absent or not an id (the
    serializer then says what is wrong with it)."""
    value = body_value(request, name)
    try:
        return parse_id(value, name)
    except InputError:
        return None

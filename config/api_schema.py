"""The API schema's refusals: one ``Error`` component, documented on every operation.

A drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``):
each operation gets the refusals any view of Tenace may answer (400, 401, 403, 404, 409;
413 and 415 when it takes a body) as ``application/json`` with the ``Error`` shape.
Where a view documents its own answer for one of those codes, the answer is either shape.
The fuzz test (``tests/test_api_fuzz.py``) holds every answer to this schema.
"""

from __future__ import annotations

ERROR = {
    "type": "object",
    "description": (
        "A refusal. `detail` says why, in the reader's language; `field` names the query "
        "parameter or body field at fault when there is one. A body refused field by field "
        'answers each field\'s messages under its name instead (`{"name": ["…"]}`), and a '
        "list of bodies a list of those."
    ),
    "properties": {
        "detail": {"type": "string", "description": "Why the request was refused."},
        "field": {"type": "string", "description": "The parameter or field at fault."},
    },
    "additionalProperties": True,
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}
#: A refusal of a body may also be a list (one entry per item of a list sent).
REFUSAL = {"anyOf": [ERROR_REF, {"type": "array", "items": {}}]}

_DESCRIPTIONS = {
    "400": "Bad input: a parameter or body field that is not what it must be",
    "401": "Not authenticated (a missing, unknown, revoked or expired token)",
    "403": "Not allowed",
    "404": "No such thing (or not visible to you)",
    "409": "In conflict with the stored data",
    "413": "The request body is larger than Tenace accepts",
    "415": "A body of a media type the operation does not take",
}
_ALWAYS = ("400", "401", "403", "404", "409")
_WITH_BODY = ("413", "415")


def _refusal(status: str, answer: dict | None) -> dict:
    """The documented answer for ``status``: the view's own (either shape), or the Error."""
    if answer is None:
        return {
            "description": _DESCRIPTIONS[status],
            "content": {"application/json": {"schema": REFUSAL}},
        }
    content = answer.setdefault("content", {})
    json_answer = content.get("application/json")
    if json_answer is None:
        content["application/json"] = {"schema": REFUSAL}
    elif json_answer.get("schema") not in (REFUSAL, ERROR_REF):
        json_answer["schema"] = {"anyOf": [json_answer.get("schema", {}), REFUSAL]}
    return answer


def document_refusals(result, generator, request, public):
    """The hook: add the ``Error`` component and every operation's refusals."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            statuses = _ALWAYS + (_WITH_BODY if "requestBody" in operation else ())
            for status in statuses:
                responses[status] = _refusal(status, responses.get(status))
    return result

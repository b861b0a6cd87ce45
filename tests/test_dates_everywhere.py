"""Every date or time the API reads is read by ``clubs.api.inputs.DateField`` /
``DateTimeField`` (ASCII digits only): a serializer added later with DRF's own field, or a
model serializer reading a date, is caught here."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from rest_framework import serializers

from clubs.api.inputs import DateField, DateTimeField

APPS = ["clubs", "tournaments", "scoring", "boston", "variants", "drives", "tenace"]


def _our_serializers() -> list[type[serializers.Serializer]]:
    for app in APPS:
        package = importlib.import_module(app)
        for module in pkgutil.walk_packages(package.__path__, f"{app}."):
            if ".api" in module.name or module.name.endswith("serializers"):
                importlib.import_module(module.name)
    found, todo = [], [serializers.Serializer]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.split(".")[0] in APPS:
                found.append(sub)
    return found


def test_every_date_the_api_reads_refuses_other_digits(db):
    checked, plain = 0, []
    for cls in _our_serializers():
        try:
            fields = cls().fields
        except Exception:  # noqa: BLE001 - a serializer that needs its view's context
            continue
        for name, field in fields.items():
            if field.read_only:
                continue
            if isinstance(field, serializers.DateField | serializers.DateTimeField):
                checked += 1
                if not isinstance(field, DateField | DateTimeField):
                    plain.append(f"{cls.__module__}.{cls.__name__}.{name}")
    assert checked >= 8
    assert plain == []


@pytest.mark.parametrize("value", ["２０２６-０３-０７", "٢٠٢٦-٠٣-٠٧"])
def test_drf_itself_would_read_them_as_dates(value):
    """Why the check exists: DRF's own field reads these digits."""
    assert str(serializers.DateField().to_internal_value(value)) == "2026-03-07"

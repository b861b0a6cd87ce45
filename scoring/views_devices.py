"""The director's page of a section's table devices: make one for a table (its QR code and
short code shown once), see each with its last use, revoke one. The event's directors
only (:func:`tournaments.visibility.director_require`)."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring import devices, selectors
from scoring.models import TableDevice
from scoring.views import _section_or_404
from tournaments.visibility import director_require


def _page(request, section, *, issued=None, error: str = "", status: int = 200) -> HttpResponse:
    context = {
        "section": section,
        "tournament": selectors.tournament_of(section),
        "tables": devices.section_tables(section),
        "devices": TableDevice.objects.filter(section=section).select_related(
            "created_by", "revoked_by"
        ),
        "issued": issued,
        "error": error,
        "join_url": request.build_absolute_uri(reverse("scoring:device-join")),
    }
    if issued is not None:
        url = request.build_absolute_uri(reverse("scoring:device-open", args=[issued.key]))
        context["open_url"] = url
        # segno's own SVG (no text of ours in it).
        context["qr"] = mark_safe(segno.make(url, error="m").svg_inline(scale=5))  # noqa: S308
    response = render(request, "scoring/devices.html", context, status=status)
    response["Cache-Control"] = "no-store"  # the key is shown once and must not be kept
    return response


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def table_devices(request, section_id: int) -> HttpResponse:
    section = _section_or_404(section_id)
    director_require(request.user, section.session.tournament)
    if request.method == "POST":
        text = request.POST.get("table", "")
        if not (text.isascii() and text.isdigit() and len(text) < 4):
            return _page(request, section, error=_("Choose a table."), status=400)
        try:
            issued = devices.device_create(section=section, table=int(text), by=request.user)
        except devices.DeviceRefused as error:
            return _page(request, section, error=str(error), status=400)
        return _page(request, section, issued=issued)
    return _page(request, section)


@login_required
@require_POST
def table_device_revoke(request, device_id: int) -> HttpResponse:
    device = get_object_or_404(TableDevice.objects.select_related("section"), pk=device_id)
    section = _section_or_404(device.section_id)
    director_require(request.user, section.session.tournament)
    devices.device_revoke(device=device, by=request.user)
    messages.success(
        request, _("The device at table %(table)s is revoked.") % {"table": device.table}
    )
    return redirect("scoring:devices", section.pk)

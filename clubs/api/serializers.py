"""Serializers of the clubs API: clubs, members, memberships and seasons (the season's
ladders are the site's: :mod:`tenace.api`).

Club nights, tables, rubbers and hands are in :mod:`clubs.api.serializers_nights`. Writes go
through services; these serializers only check the shape of the input.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import serializers

from clubs.api.inputs import DateField
from clubs.inputs import REASON_MAX_LENGTH
from clubs.models import Club, Member, Membership, Role, RuleProfileName, Season


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="Why the request was refused.")


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "rule_profile", "rule_overrides", "language", "time_zone"]
        read_only_fields = ["id"]
        extra_kwargs = {
            "rule_overrides": {"help_text": "Engine settings that differ from the profile."},
        }

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:  # the slug is the club's address: it never changes
            fields["slug"].read_only = True
        return fields


class ClubSettingsSerializer(serializers.Serializer):
    """The settings a secretary may change (all optional in a PATCH)."""

    name = serializers.CharField(max_length=120)
    rule_profile = serializers.ChoiceField(choices=RuleProfileName.choices)
    rule_overrides = serializers.DictField(
        help_text="Engine settings that differ from the profile, e.g. {'game_target': 10}."
    )
    language = serializers.ChoiceField(choices=["en", "es", "cs"])
    time_zone = serializers.CharField(max_length=64, help_text="e.g. Europe/Madrid")


class MembershipBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Membership
        fields = ["id", "role", "valid_from", "valid_to"]
        read_only_fields = fields


class MemberSerializer(serializers.ModelSerializer):
    """A member with their roles in this club. ``email`` and ``phone`` are present only
    for the club's organisers and secretaries, and only while a membership of the member
    in this club has not ended."""

    memberships = MembershipBriefSerializer(
        source="club_memberships", many=True, read_only=True, help_text="Roles in this club."
    )
    # A CharField: an email address or empty (an EmailField would document an address only).
    email = serializers.CharField(
        required=False, read_only=True, help_text="Organisers and secretaries only (may be empty)."
    )
    phone = serializers.CharField(
        required=False, read_only=True, help_text="Organisers and secretaries only."
    )

    class Meta:
        model = Member
        fields = ["id", "name", "email", "phone", "memberships"]
        read_only_fields = fields

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not (self.context.get("show_contact") and _open(instance)):
            data.pop("email", None)
            data.pop("phone", None)
        return data


def _open(member: Member) -> bool:
    """Whether one of the member's memberships of this club (prefetched as
    ``club_memberships``) has not ended: only then does the club see contact details."""
    today = timezone.localdate()
    return any(
        m.valid_to is None or m.valid_to >= today for m in getattr(member, "club_memberships", [])
    )


class MemberWriteSerializer(serializers.Serializer):
    """A member's name and contact details (a secretary writes)."""

    name = serializers.CharField(max_length=120)
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    phone = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


class MemberCreateSerializer(MemberWriteSerializer):
    """A new member of the club with their first role (a known email reuses the person)."""

    role = serializers.ChoiceField(choices=Role.choices, default=Role.PLAYER)
    valid_from = DateField(help_text="YYYY-MM-DD")
    valid_to = DateField(required=False, allow_null=True, default=None)


class MemberImportSerializer(serializers.Serializer):
    """A CSV of members: upload it as ``file`` (multipart) or send its text as ``csv``."""

    file = serializers.FileField(required=False)
    csv = serializers.CharField(required=False, allow_blank=False, trim_whitespace=False)

    def validate(self, attrs):
        if "file" in attrs:
            try:
                attrs["text"] = attrs["file"].read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise serializers.ValidationError(
                    {"file": _("The file is not UTF-8 text.")}
                ) from None
        elif "csv" in attrs:
            attrs["text"] = attrs["csv"]
        else:
            raise serializers.ValidationError(_("Send the CSV as a file or as text."))
        return attrs


class MemberImportRowSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="The CSV line (1 is the header).")
    reason = serializers.CharField(max_length=REASON_MAX_LENGTH)


class MemberImportReportSerializer(serializers.Serializer):
    detail = serializers.CharField(required=False)
    created = serializers.IntegerField()
    refused = MemberImportRowSerializer(many=True)


class MembershipSerializer(serializers.ModelSerializer):
    member_name = serializers.CharField(source="member.name", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "member", "member_name", "role", "valid_from", "valid_to"]
        read_only_fields = ["id", "member_name"]

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:  # a membership belongs to one person for good
            fields["member"].read_only = True
        return fields


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "name", "starts", "ends", "count_best", "min_attendance"]
        read_only_fields = ["id"]
        extra_kwargs = {"min_attendance": {"required": False}}

"""Serializers of the API tokens: a member's own, and a club's members' (secretaries)."""

from __future__ import annotations

from rest_framework import serializers

from clubs.api.inputs import DateTimeField
from clubs.models import ApiToken


class TokenSerializer(serializers.ModelSerializer):
    """A token as listed: never its key (only its first characters)."""

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "expires", "last_used", "revoked"]
        read_only_fields = fields


class ClubTokenSerializer(TokenSerializer):
    member = serializers.IntegerField(source="user.member.pk", read_only=True)
    member_name = serializers.CharField(source="user.member.name", read_only=True)

    class Meta(TokenSerializer.Meta):
        fields = ["id", "member", "member_name", *TokenSerializer.Meta.fields[1:]]
        read_only_fields = fields


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, help_text="What will use it, e.g. “table 3”.")
    expires = DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="When it stops working (at most a year ahead; a year if not given).",
    )


class TokenIssuedSerializer(TokenSerializer):
    key = serializers.CharField(
        read_only=True, help_text="The key: shown in this answer only, never again."
    )

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
        read_only_fields = fields

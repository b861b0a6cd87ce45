"""The drives app's part of a person's data (registered in ``DrivesConfig.ready``): the
drives the person played as a member. A drive player's name is typed at the door (copied
from the member's name when the player is a member), so erasure replaces it, and any copy
in the MC's correction reasons, by the pseudonym; the figures of every card stay."""

from __future__ import annotations

from clubs.models import Member
from clubs.people_parts import reasons_rename
from drives.models import DriveEntryCorrection, DrivePlayer


def export(member: Member) -> list[dict]:
    players = (
        DrivePlayer.objects.filter(member=member)
        .select_related("drive__club")
        .order_by("drive__date", "drive__pk")
    )
    return [
        {
            "drive": player.drive.name,
            "club": player.drive.club.name if player.drive.club else None,
            "date": player.drive.date.isoformat(),
            "name": player.name,
            "role": player.role,
        }
        for player in players
    ]


def erase(member: Member, former_name: str) -> None:
    players = DrivePlayer.objects.filter(member=member)
    drives = players.values("drive_id")
    players.update(name=member.name)
    reasons_rename(
        DriveEntryCorrection.objects.filter(entry__drive_id__in=drives), former_name, member.name
    )

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    demo_loader = "tournaments.demo.demo_load"

    def ready(self) -> None:
        from clubs.rulings import rulings_register
        from tournaments.ruling_texts import MOVEMENT_RULINGS

        rulings_register(MOVEMENT_RULINGS)

        # The PBN reader's rulings, as an organiser importing a file reads them.
        rulings_register(
            {
                "pbn_board": _("Board %(board)s, line %(line)s: %(detail)s"),
                "pbn_board_twice": _(
                    "Board %(board)s appears twice with different deals, dealers or trumps "
                    "(lines %(first)s and %(second)s)."
                ),
                "pbn_no_deal": _("Board %(board)s (line %(line)s) has no [Deal] tag."),
                "pbn_tag_twice": _(
                    "Line %(line)s: a second [%(tag)s] tag in one game (the first is on line "
                    "%(first)s)."
                ),
                "pbn_board_number": _(
                    "Line %(line)s: the board number “%(value)s” is not a whole number from 1."
                ),
                "pbn_malformed_tag": _(
                    'Line %(line)s: the tag %(tag)s cannot be read (write [Name "value"]).'
                ),
                "pbn_comment_open": _("Line %(line)s: a comment opened with “{” is never closed."),
                "pbn_trump": _("The trump “%(trump)s” is not S, H, D, C or NT."),
            }
        )

        from clubs.people import person_part_register
        from tournaments import people

        person_part_register(
            "tournaments", export=people.export, erase=people.erase, merge=people.merge
        )

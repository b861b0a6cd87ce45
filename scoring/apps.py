from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    demo_loader = "scoring.demo.demo_load"

    def ready(self) -> None:
        from clubs.idempotency import idempotency_register
        from scoring.idempotency import idempotent_call
        from scoring.receivers import board_set_dealt_analyse, tournament_released_email
        from tournaments.signals import board_set_dealt, tournament_released

        board_set_dealt.connect(board_set_dealt_analyse, dispatch_uid="scoring.analyse")
        tournament_released.connect(tournament_released_email, dispatch_uid="scoring.email")

        from celery.signals import worker_ready

        from scoring.receivers import worker_ready_sweep

        worker_ready.connect(worker_ready_sweep, dispatch_uid="scoring.sweep_at_start")

        idempotency_register(idempotent_call)

        from scoring.settling import event_open_results
        from tournaments.open_results import open_results_register

        open_results_register(event_open_results)

        from clubs.people import person_part_register
        from scoring import people

        person_part_register(
            "results", export=people.export, erase=people.erase, merge=people.merge
        )
        person_part_register(
            "results_emails",
            export=people.emails_export,
            erase=people.emails_erase,
            merge=people.emails_merge,
        )

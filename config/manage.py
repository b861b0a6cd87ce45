"""``tenace``: Django's command line for an installed site (the wheel's console script).

Production settings unless ``DJANGO_SETTINGS_MODULE`` says otherwise; in a checkout,
``python manage.py`` does the same with the development settings."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)

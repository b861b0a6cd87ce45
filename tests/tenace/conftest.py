"""The Boston tests' club and seated players, for the site's pages that show Boston."""

from tests.boston.conftest import club, people  # noqa: F401 - fixtures

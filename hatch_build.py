"""Compile the Spanish and Czech catalogues (``locale/*/LC_MESSAGES/*.po``) into the ``.mo``
files Django reads, with Babel (no GNU gettext needed); fuzzy entries are left out, as
``compilemessages`` does.

* As hatchling's wheel build hook: the ``.mo`` files go into the wheel (``tenace/locale/``),
  so an installed site speaks every language.
* As a script (``python hatch_build.py``, run by ``make compilemessages``): in place, beside
  the ``.po`` files of the checkout.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def catalogues_compile(root: Path, out: Path) -> list[Path]:
    """Write ``out/locale/<lang>/LC_MESSAGES/<domain>.mo`` for every catalogue under
    ``root``; returns the paths written, relative to ``out``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/*.po")):
        relative = po.relative_to(root).with_suffix(".mo")
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        language = po.parent.parent.name
        with po.open("rb") as source:
            catalogue = read_po(source, locale=language)
        # The catalogue's empty "Language:" header unsets the locale, and without one Babel
        # writes no Plural-Forms header: gettext would then use English plurals (Czech's
        # "60 žetonů" came out as "60 žetony"). The header's own formula is kept.
        catalogue.locale = language
        with target.open("wb") as mo:
            write_mo(mo, catalogue, use_fuzzy=False)
        written.append(relative)
    return written


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object


class CatalogueBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install reads locale/ in the checkout
        self._compiled = tempfile.TemporaryDirectory(prefix="tenace-mo-")
        out = Path(self._compiled.name)
        for relative in catalogues_compile(Path(self.root), out):
            build_data["force_include"][str(out / relative)] = f"tenace/{relative.as_posix()}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            compiled.cleanup()


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    count = len(catalogues_compile(here, here))
    if "-q" not in sys.argv:
        print(f"{count} catalogues compiled")

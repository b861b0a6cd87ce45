"""The examples in ``engine/README.md`` run as doctests, so the API the README shows is the
API the engine has (pytest collects only ``.py`` files by itself). The Markdown code fences
are blanked first so that a closing fence does not read as expected output."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "engine" / "README.md"


def test_engine_readme_examples_run():
    text = re.sub(r"(?m)^```\w*\s*$", "", README.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, "engine/README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10  # the examples were found
    assert result.failed == 0

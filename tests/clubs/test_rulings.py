"""Every engine error has a code and a translated text: the catalogue check for rulings.

The engine's source is read (AST): each ``XError(...)`` an engine module builds must pass a
``code`` (a literal, or the code of the error it wraps); every literal code must have a text
registered with :func:`clubs.rulings.rulings_register`, the text's placeholders must be the
params the engine gives, and the Spanish and Czech catalogues must translate it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from clubs.rulings import ruling_codes, ruling_text
from engine import errors as engine_errors
from engine.cards import Card
from engine.deal import parse_pbn_deal
from engine.errors import DealError, EngineError
from engine.pbn import read_pbn

ENGINE = Path(engine_errors.__file__).resolve().parent
ERROR_NAMES = {
    name
    for name, value in vars(engine_errors).items()
    if isinstance(value, type) and issubclass(value, EngineError)
}


MOVEMENTS = ENGINE.parent / "tournaments" / "movements"
ERROR_NAMES |= {"MovementError", "VariantError", "DriveError"}


def _engine_error_calls():
    """(file, line, code or None, param names or None) of each engine error built (the
    engine and the movement generators, whose ``MovementError`` is an ``EngineError``)."""
    for path in sorted([*ENGINE.rglob("*.py"), *MOVEMENTS.rglob("*.py")]):
        inside = path.relative_to(ENGINE.parent).parts
        if path.name == "errors.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ERROR_NAMES:
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            code = keywords.get("code")
            params = keywords.get("params")
            literal = code.value if isinstance(code, ast.Constant) else None
            names = None
            if isinstance(params, ast.Dict):
                names = {k.value for k in params.keys if isinstance(k, ast.Constant)}
            elif params is None:
                names = set()
            where = f"{'/'.join(inside)}:{node.lineno}"
            yield where, code is not None, literal, names


CALLS = list(_engine_error_calls())
CODES = {code for _where, _has, code, _names in CALLS if code}


def test_the_scan_finds_the_engine_errors():
    assert len(CALLS) > 140 and "card_twice" in CODES


@pytest.mark.parametrize("where,has_code,code,names", CALLS, ids=[c[0] for c in CALLS])
def test_every_engine_error_has_a_code_and_a_registered_text(where, has_code, code, names):
    assert has_code, f"{where}: an engine error without a code"
    if code is None:
        return  # wraps another error and keeps its code
    assert code in ruling_codes(), f"{where}: no text registered for {code!r}"
    if names is not None:
        from clubs.rulings import _TEXTS

        wanted = set(re.findall(r"%\((\w+)\)s", str(_TEXTS[code])))
        assert wanted <= names, f"{where}: the text of {code!r} needs params {wanted - names}"


@pytest.mark.parametrize("language", ["es", "cs"])
def test_every_ruling_is_translated(language):
    from clubs.rulings import _TEXTS

    untranslated = []
    for code in sorted(CODES):
        english = str(_TEXTS[code])
        with translation.override(language):
            if str(_TEXTS[code]) == english:
                untranslated.append(code)
    assert untranslated == []


def test_ruling_text_shows_the_engine_error_in_the_readers_language():
    with pytest.raises(DealError) as caught:
        parse_pbn_deal("N:AKQJT98765432.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 -")
    error = caught.value
    with translation.override("es"):
        spanish = ruling_text(error)
    with translation.override("en"):
        english = ruling_text(error)
    assert english == str(error) or error.code in ruling_codes()
    assert spanish != english


def test_a_wrapped_ruling_is_translated_inside_its_wrapper():
    text = '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432X"]\n'
    with pytest.raises(EngineError) as caught:
        read_pbn(text)
    assert isinstance(caught.value.params.get("ruling"), EngineError)
    with translation.override("cs"):
        czech = ruling_text(caught.value)
    assert "board" not in czech and str(caught.value.params["ruling"]) not in czech


def test_an_unregistered_code_falls_back_to_the_english_message():
    error = EngineError("7H appears twice", code="no_such_code", params={"card": Card.parse("7H")})
    with translation.override("es"):
        assert ruling_text(error) == "7H appears twice"


def test_a_code_registered_twice_with_another_text_is_refused():
    from clubs.rulings import rulings_register

    with pytest.raises(ValueError, match="card_twice"):
        rulings_register({"card_twice": "something else entirely"})

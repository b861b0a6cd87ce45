"""The whist family at the club table (``../shared/variants.md``): one shared framework
(:mod:`engine.variants.common`: rule presets, an auction base, settlements, trick counting and
replay) and one module per game — :mod:`~engine.variants.solo`, :mod:`~engine.variants.colour`,
:mod:`~engine.variants.bid`, :mod:`~engine.variants.minnesota`,
:mod:`~engine.variants.knockout` and :mod:`~engine.variants.exact`. Pure Python."""

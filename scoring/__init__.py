"""Results checked by the engine, duplicate scoring and standings published live."""

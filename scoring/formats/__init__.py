"""Results in the formats the bridge world reads, written from plain values (no Django):
:mod:`.model` (a session's or event's results), :mod:`.usebio` (USEBIO XML), :mod:`.pbn`
(PBN 2.1 with score tables) and :mod:`.spreadsheet` (CSV). ``scoring.exports`` loads the
values from the database and serves the files."""

"""Tools for the people who build and run Tabula, outside the bot's runtime package (they do not
ship with it): the benchmarks (`python -m bot bench`), the soak (`python -m bot soak`) and the
throw-away PostgreSQL cluster the tests and benchmarks start. Run them from a source checkout."""

"""Boston tables on club nights: hands settled by engine.boston, running totals, a ladder."""

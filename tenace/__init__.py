"""The site layer: what combines several apps — the season ladders over club nights,
tournaments and every app's own ladder, the player page, the club's home page and the demo
command. It sits above the apps (``clubs`` → ``tournaments`` → ``scoring``, ``boston``, …)
and below ``config``; no app imports it. Apps plug in through their ``AppConfig``
(:mod:`tenace.parts`)."""

"""Pages of the clubs app: the club itself (club.py) and its club nights (nights.py)."""

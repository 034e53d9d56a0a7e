"""`rulesrun serve`: a table in the browser for any ruleset, one secret link per seat.

`snapshot.py` turns what one seat may see into JSON-ready data, `session.py`
keeps the game and decides on each seat's messages, `app.py` is the web server
around them, `command.py` starts it, and `static/` holds the page. Only `app.py`
and `command.py` need the `web` extra, and import it only when the command runs.
"""

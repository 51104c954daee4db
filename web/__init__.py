"""`mtg-asp serve`: a local web page for posing the CLI's questions (issue 15).

form.py turns the page's board builder into the state a YAML file would hold (and back);
translator/state.py alone validates it. app.py is the Flask application: each request asks one
query of a Session within the time and memory limits and closes it.
"""

"""The session summary: plain data (data.py, no Qt) -> a QTextDocument with charts
(document.py, charts.py) -> a paginated PDF (pdf.py).

Importing this package loads no Qt; only document, charts and pdf do.
"""

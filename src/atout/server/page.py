"""The page at ``/`` until the web table (the next issue) replaces it."""

from __future__ import annotations

__all__ = ["PLACEHOLDER"]

PLACEHOLDER = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>atout</title>
<style>
body { font: 1.05rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto;
       padding: 0 1rem; color: #1b1b1b; }
code { background: #f1f1f1; padding: 0 .25em; border-radius: 3px; }
</style>
</head>
<body>
<h1>atout</h1>
<p>This is an atout table server: Schnapsen, Seven Up and Up and Down the River.</p>
<p>The web table, where you play in this browser, is not built yet; it comes next.
Until then, tables are created, joined and played through the HTTP API and its websockets:
see the <a href="/docs">API documentation</a> (the schema is at
<a href="/openapi.json"><code>/openapi.json</code></a>).</p>
<p>If someone sent you an invite link, it holds your invite code after <code>invite=</code>:
take your seat with <code>POST /api/tables/TABLE/join</code> and
<code>{"invite": "CODE"}</code>.</p>
</body>
</html>
"""

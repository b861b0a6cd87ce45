"""``make demo`` says where Tenace answers only once it does."""

from __future__ import annotations

import http.server
import threading

from tenace.management.commands.serve_ready import answers


def test_answers_is_false_before_a_server_listens_and_true_after():
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    port = server.server_address[1]
    server.server_close()
    url = f"http://127.0.0.1:{port}/healthz"
    assert answers(url) is False  # nothing listens yet
    server = http.server.HTTPServer(("127.0.0.1", port), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert answers(url) is True  # a 404 is an answer too
    finally:
        server.shutdown()
        server.server_close()

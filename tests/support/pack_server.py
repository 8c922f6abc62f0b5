#!/usr/bin/env python3
"""A loopback HTTP server for sync tests: serves one pack with an ETag and logs each request.

Usage: pack_server.py PACK_FILE LOG_FILE PORT_FILE
Writes the chosen port to PORT_FILE, then serves until killed. Each request appends one JSON line
to LOG_FILE with the path and the conditional headers, so a test can prove what the client sent.
"""
import hashlib
import http.server
import json
import sys


def main():
    pack_path, log_path, port_path = sys.argv[1:4]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            with open(pack_path, "rb") as f:
                body = f.read()
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            with open(log_path, "a") as log:
                log.write(json.dumps({
                    "path": self.path,
                    "if-none-match": self.headers.get("If-None-Match"),
                    "if-modified-since": self.headers.get("If-Modified-Since"),
                }) + "\n")
            if self.path.startswith("/fail"):
                self.send_response(503)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", "Sun, 29 Nov 2026 08:00:00 GMT")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    with open(port_path + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.rename(port_path + ".tmp", port_path)
    server.serve_forever()


if __name__ == "__main__":
    main()

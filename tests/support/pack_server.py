#!/usr/bin/env python3
"""A loopback HTTP server for sync tests: serves one pack with an ETag and logs each request.

Usage: pack_server.py PACK LOG_FILE PORT_FILE
PACK is a file, served for every path, or a directory, whose file NAME is served for /NAME (read
afresh each time, so a test may change it between requests; 404 when missing: a pack's .minisig).
Writes the chosen port to PORT_FILE, then serves until killed. Each request appends one JSON line
to LOG_FILE with the path and the conditional headers, so a test can prove what the client sent.
"""
import hashlib
import http.server
import json
import os
import sys
import urllib.parse


def main():
    pack_path, log_path, port_path = sys.argv[1:4]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = pack_path
            if os.path.isdir(pack_path):
                name = urllib.parse.urlsplit(self.path).path.lstrip("/")
                path = os.path.join(pack_path, name)
                if "/" in name or not os.path.isfile(path):
                    path = None
            with open(log_path, "a") as log:
                log.write(json.dumps({
                    "path": self.path,
                    "if-none-match": self.headers.get("If-None-Match"),
                    "if-modified-since": self.headers.get("If-Modified-Since"),
                }) + "\n")
            if self.path.startswith("/fail") or path is None:
                self.send_response(503 if path else 404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            with open(path, "rb") as f:
                body = f.read()
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
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
    os.rename(port_path + ".tmp", port_path)
    server.serve_forever()


if __name__ == "__main__":
    main()

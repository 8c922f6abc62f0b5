#!/usr/bin/env python3
"""A hostile HTTP server on loopback for the HTTP limit tests: slow, endless, bombs and redirects.

Usage: hostile_http.py --port-file PATH --log PATH [--pack FILE]

Listens on 127.0.0.1 and on 127.0.0.2 (another origin on Linux loopback) with the same port, which
it writes to PORT_FILE once both listen. The first path segment picks the behaviour; whatever
follows is ignored unless said otherwise, so a provider URL may end in /chat/completions:

  /ok                    200 with a small JSON body
  /pack                  200 with the --pack file (ETag, Last-Modified)
  /record                200 {"recorded": true}; the log says what arrived
  /slow-headers/S        nothing at all for S seconds (default 3600), then 200
  /slow-body/S           200 announcing 1 MiB, then one byte every S seconds
  /drip/S/N              200 announcing N bytes (default 8), then one every S seconds: slow but whole
  /endless               200 with no length, bytes as fast as the client reads them
  /gzip-bomb             200, Content-Encoding gzip: ~0.5 MB on the wire, 512 MiB of zeros decoded
  /redirect/CODE/WHERE/REST
                         CODE with a Location by WHERE: `other` = http://127.0.0.2:PORT/REST,
                         `same` = /REST (REST defaults to `record`), `file` = file:///etc/passwd
  /delay/S/REST          S seconds of silence, then 302 to /REST
  /moved/REST            302 to /REST with a body of its own (64 KiB of "moved "), which a client
                         must drop, not prepend to the next answer
  /loop                  302 to /loop, forever

Every request is logged as one JSON line: server (the address it arrived at), path, method,
auth (whether any Authorization header came), length (of the request body).
"""
import argparse
import json
import os
import sys
import tempfile
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = None
log_lock = threading.Lock()
bomb = b""
BOMB_MIB = 512


def make_bomb():
    """The gzip bomb, cached in the temporary directory (making it takes a few seconds)."""
    path = os.path.join(tempfile.gettempdir(), f"daily-dose-gzip-bomb-{BOMB_MIB}.gz")
    try:
        # Written by rename, so a file that is there is whole.
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        data = b""
    if not data:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1 << 20)
        data = b"".join([compressor.compress(zeros) for _ in range(BOMB_MIB)] + [compressor.flush()])
        tmp = f"{path}.{os.getpid()}"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    return data


def number(rest, default):
    """The first remaining path segment as a number of seconds, or the default when it is not one."""
    try:
        return float(rest[0])
    except (IndexError, ValueError):
        return default


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *a):
        pass

    def record(self, length):
        entry = {"server": self.server.server_address[0], "path": self.path, "method": self.command,
                 "auth": "Authorization" in self.headers, "length": length, "time": time.time()}
        with log_lock:
            with open(args.log, "a") as log:
                log.write(json.dumps(entry) + "\n")

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass

    def do_GET(self):
        self.handle_any(0)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(length)
        self.handle_any(length)

    def handle_any(self, length):
        self.record(length)
        parts = [p for p in self.path.split("?", 1)[0].split("/") if p]
        mode = parts[0] if parts else "ok"
        try:
            getattr(self, "mode_" + mode.replace("-", "_"), self.mode_missing)(parts[1:])
        except (BrokenPipeError, ConnectionResetError):
            pass

    def mode_missing(self, rest):
        self.answer(404, b'{"error": "no such mode"}', [("Content-Type", "application/json")])

    def mode_ok(self, rest):
        self.answer(200, b'{"ok": true}', [("Content-Type", "application/json")])

    def mode_record(self, rest):
        self.answer(200, b'{"recorded": true}', [("Content-Type", "application/json")])

    def mode_pack(self, rest):
        # /pack/NAME.minisig: the pack's signature file beside it (--pack PATH: PATH.minisig), if any.
        if rest and rest[-1].endswith(".minisig"):
            if not os.path.isfile(args.pack + ".minisig"):
                return self.mode_missing(rest)
            with open(args.pack + ".minisig", "rb") as f:
                return self.answer(200, f.read(), [("Content-Type", "text/plain")])
        with open(args.pack, "rb") as f:
            body = f.read()
        self.answer(200, body, [("Content-Type", "application/json"), ("ETag", '"hostile-pack"'),
                                ("Last-Modified", "Sun, 29 Nov 2026 08:00:00 GMT")])

    def mode_slow_headers(self, rest):
        time.sleep(number(rest, 3600))
        self.answer(200, b'{"late": true}')

    def mode_slow_body(self, rest):
        interval = number(rest, 10)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(1 << 20))
        self.end_headers()
        self.wfile.flush()
        while True:
            self.wfile.write(b" ")
            self.wfile.flush()
            time.sleep(interval)

    def mode_drip(self, rest):
        interval, count = number(rest, 1), int(number(rest[1:], 8))
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(count))
        self.end_headers()
        self.wfile.flush()
        for _ in range(count):
            time.sleep(interval)
            self.wfile.write(b"d")
            self.wfile.flush()

    def mode_endless(self, rest):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        chunk = b"[" + b"0," * 32767
        while True:
            self.wfile.write(chunk)

    def mode_gzip_bomb(self, rest):
        self.answer(200, bomb, [("Content-Type", "application/json"), ("Content-Encoding", "gzip")])

    def mode_redirect(self, rest):
        code = int(rest[0]) if rest else 302
        where = rest[1] if len(rest) > 1 else "other"
        tail = "/" + "/".join(rest[2:] or ["record"])
        if where == "other":
            location = f"http://127.0.0.2:{self.server.server_address[1]}{tail}"
        elif where == "file":
            location = "file:///etc/passwd"
        else:
            location = tail
        self.answer(code, b"", [("Location", location)])

    def mode_delay(self, rest):
        time.sleep(number(rest, 1))
        self.answer(302, b"", [("Location", "/" + "/".join(rest[1:] or ["ok"]))])

    def mode_moved(self, rest):
        self.answer(302, b"moved " * 10923, [("Location", "/" + "/".join(rest or ["ok"])),
                                            ("Content-Type", "text/plain")])

    def mode_loop(self, rest):
        self.answer(302, b"", [("Location", "/loop")])


def serve(address, port):
    server = ThreadingHTTPServer((address, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    global args, bomb
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--pack")
    args = parser.parse_args()
    open(args.log, "a").close()
    bomb = make_bomb()
    # The same port on both addresses, so only the host tells the origins apart.
    for _ in range(50):
        first = serve("127.0.0.1", 0)
        port = first.server_address[1]
        try:
            serve("127.0.0.2", port)
            break
        except OSError:
            first.shutdown()
            first.server_close()
    else:
        sys.exit("cannot listen on 127.0.0.2")
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(port))
    os.replace(tmp, args.port_file)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

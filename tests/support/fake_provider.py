#!/usr/bin/env python3
"""A scripted OpenAI-compatible chat-completions server for the learning-queue tests.

Usage: fake_provider.py --port-file PATH --log PATH --script PATH [--host 127.0.0.1] [--port 0]

The script (JSON, re-read on every request so a test can change it mid-run):
  {"default": "ok", "delay_ms": 0, "key": "sk-…" (optional: any other Authorization gets 401),
   "rules": [{"kind": "deck"|"quiz"|"*", "topic": "NAME"|"*", "responses": ["500", "ok", ...]}]}
Each request takes the next unused response of the first matching rule that has one left,
else "default"; a rule with "always": RESPONSE instead gives every matching request that response, never
used up (one topic failing every time: {"topic": "Limits", "always": "500"}). Responses:
  ok            a valid deck or quiz            500 / 503    a server error
  429:N         429 with Retry-After N           quota        429 insufficient_quota
  401 / 404     key refused / model not found    hang:S       sleep S seconds, then answer ok
  401-echo      401 whose message quotes the Authorization key back: whole, its first 12 characters, and
                masked as OpenAI does (its first 3 and last 4 characters around asterisks)
  malformed     content that is not JSON         invalid      JSON with too few cards/questions
  garbage       a response body that is not JSON
  hostile:N     status N whose error message carries terminal escapes (OSC title, clear, OSC 52, C1 CSI)
  hostile-ok    a valid deck or quiz whose text carries C1 controls (U+009B CSI, U+009D OSC)
  maths-ok      a valid deck or quiz whose texts carry $…$ LaTeX ($\\frac{dy}{dx}$, $x^2$)
  long-ok       a valid deck or quiz whose card backs and explanations are long (960 characters: taller than
                a small window's page)
  edef / bidi / nested
                a deck or quiz of the right shape whose card backs and explanations break the content rules:
                the \\edef bomb (CVE-2024-28243), a U+202E override, or 60 nested \\frac
Every request is logged as one JSON line: kind, subject, topic, response, auth (bool), time, path and
query (the request target split at "?"; the endpoint may carry a query, as Azure's api-version).
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = None
lock = threading.Lock()
used = {}  # rule index -> responses consumed


def deck(topic, count=10):
    return {"cards": [{"front": f"{topic}: question {i + 1}?", "back": f"Answer {i + 1} about {topic}."}
                      for i in range(count)]}


def quiz(topic, count=6):
    return {"questions": [{"prompt": f"{topic}: question {i + 1}?",
                           "choices": [f"choice {c} of {i + 1}" for c in "ABCD"],
                           "answer": i % 4, "explanation": f"Because {i % 4} is right."}
                          for i in range(count)]}


# Text that breaks the content rules (ContentRules): a macro bomb, a bidi override, nesting past the bound.
HOSTILE_TEXT = {
    "edef": "$\\def\\a{x}" + "\\edef\\a{\\a\\a\\a\\a}" * 8 + "\\a" * 24 + "$",
    "bidi": "see invoice\u202egpj.exe",
    "nested": "$" + "\\frac{1}{" * 60 + "x" + "}" * 60 + "$",
}


def load_script():
    try:
        with open(args.script) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def choose(script, kind, topic):
    with lock:
        for index, rule in enumerate(script.get("rules", [])):
            if rule.get("kind", "*") not in ("*", kind) or rule.get("topic", "*") not in ("*", topic):
                continue
            if "always" in rule:
                return rule["always"]
            responses = rule.get("responses", [])
            n = used.get(index, 0)
            if n < len(responses):
                used[index] = n + 1
                return responses[n]
        return script.get("default", "ok")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def send(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(data)
        except OSError:
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        path, _, query = self.path.partition("?")
        if not path.endswith("/chat/completions"):
            return self.send(404, {"error": {"message": "no such endpoint", "type": "invalid_request_error"}})
        try:
            request = json.loads(raw)
            name = request["response_format"]["json_schema"]["name"]
            kind = "deck" if name == "flashcard_deck" else "quiz"
            text = request["messages"][-1]["content"]
            subject = text.split("Subject: ", 1)[1].split("\n", 1)[0]
            topic = text.split("Topic: ", 1)[1].split("\n", 1)[0]
        except (ValueError, KeyError, IndexError, TypeError):
            return self.send(400, {"error": {"message": "bad request", "type": "invalid_request_error"}})
        script = load_script()
        expected = script.get("key")
        if expected is not None and self.headers.get("Authorization") != f"Bearer {expected}":
            response = "401"
        else:
            response = choose(script, kind, topic)
        with lock:
            with open(args.log, "a") as log:
                log.write(json.dumps({"kind": kind, "subject": subject, "topic": topic, "response": response,
                                      "auth": "Authorization" in self.headers, "time": time.time(),
                                      "path": path, "query": query}) + "\n")
                log.flush()
        delay = script.get("delay_ms", 0)
        if delay:
            time.sleep(delay / 1000)
        if response.startswith("hang:"):
            time.sleep(float(response.split(":", 1)[1]))
            response = "ok"
        if response == "ok":
            content = json.dumps(deck(topic) if kind == "deck" else quiz(topic))
        elif response == "hostile-ok":
            content = json.dumps(deck(topic + "\u009b2J") if kind == "deck" else quiz(topic + "\u009d0;pwned\u009c"))
        elif response == "maths-ok":
            content = json.dumps(deck(topic + " $\\frac{dy}{dx} = x^2$") if kind == "deck"
                                 else quiz(topic + " $\\alpha_1$"))
        elif response == "long-ok":
            long = " ".join("Line %d of a long text." % n for n in range(1, 41))[:960]
            content = json.dumps({"cards": [dict(card, back=long) for card in deck(topic)["cards"]]} if kind == "deck"
                                 else {"questions": [dict(q, explanation=long) for q in quiz(topic)["questions"]]})
        elif response in HOSTILE_TEXT:
            text = HOSTILE_TEXT[response]
            content = json.dumps({"cards": [dict(card, back="Answer: " + text) for card in deck(topic)["cards"]]}
                                 if kind == "deck" else
                                 {"questions": [dict(q, explanation="Because " + text) for q in quiz(topic)["questions"]]})
        elif response == "malformed":
            content = '{"cards": [ {"front": "unterminated'
        elif response == "invalid":
            content = json.dumps(deck(topic, 3) if kind == "deck" else quiz(topic, 2))
        elif response == "garbage":
            return self.send(200, b"<html>not json</html>")
        elif response in ("500", "503"):
            return self.send(int(response), {"error": {"message": "server trouble", "type": "server_error"}})
        elif response.startswith("hostile:"):
            message = "bad \x1b]0;pwned\x07 \x1b[2J \x1b]52;c;cm0gLXJmIH4=\x07 \u009b31m key\nnext line"
            return self.send(int(response.split(":", 1)[1]), {"error": {"message": message, "type": "x"}})
        elif response.startswith("429:"):
            return self.send(429, {"error": {"message": "slow down", "type": "rate_limit_error"}},
                             [("Retry-After", response.split(":", 1)[1])])
        elif response == "quota":
            return self.send(429, {"error": {"message": "You exceeded your current quota",
                                             "type": "insufficient_quota", "code": "insufficient_quota"}})
        elif response == "401-echo":
            key = self.headers.get("Authorization", "").removeprefix("Bearer ")
            message = (f"Incorrect API key provided: {key}. It starts {key[:12]}, "
                       f"masked {key[:3]}{'*' * 20}{key[-4:]}. You can find your API key in your account.")
            return self.send(401, {"error": {"message": message, "type": "invalid_request_error",
                                             "code": "invalid_api_key"}})
        elif response == "401":
            return self.send(401, {"error": {"message": "Incorrect API key provided",
                                             "type": "invalid_request_error", "code": "invalid_api_key"}})
        elif response == "404":
            return self.send(404, {"error": {"message": "model 'nope' not found", "type": "invalid_request_error",
                                             "code": "model_not_found"}})
        else:
            return self.send(500, {"error": {"message": f"unknown scripted response {response}"}})
        self.send(200, {"id": "chatcmpl-test", "object": "chat.completion", "model": request.get("model"),
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": content}}]})


def main():
    global args
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--script", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    open(args.log, "a").close()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.replace(tmp, args.port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""A stand-in for `moji serve` until MojiServer exists: serves the web picker and the three routes
it reads (/v1/groups, /v1/emoji, /v1/search) from the `moji` CLI's --json output, so the browser
test runs against the same data the real server will give.

    python3 Tests/Browser/fake_api.py PORT [--moji PATH]

Catalog answers are generated once per locale and max-version into a temp dir and carry an ETag
(304 on If-None-Match), as the real server's do; search runs `moji search QUERY --json` per request.
"""

import argparse
import hashlib
import http.server
import json
import pathlib
import subprocess
import tempfile
import threading
import urllib.parse

WEB = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "MojiServer" / "Web"
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/index.html": ("index.html", "text/html; charset=utf-8"),
          "/picker.js": ("picker.js", "text/javascript; charset=utf-8")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--moji", default="/work/main/.build/debug/moji")
    args = parser.parse_args()
    cache_dir = pathlib.Path(tempfile.mkdtemp(prefix="moji-fake-api-"))
    lock = threading.Lock()

    def moji(*argv):
        done = subprocess.run([args.moji, *argv], capture_output=True, timeout=30)
        # `moji search` exits 1 when nothing matches: an empty result, not an error.
        if done.returncode == 1 and argv[0] == "search":
            return b"[]"
        if done.returncode != 0:
            raise ValueError(done.stderr.decode(errors="replace").strip() or f"moji exited {done.returncode}")
        return done.stdout

    def catalog(kind, locale, max_version):
        """The --json of `moji list` (kind "emoji") or `moji list --groups`, generated once."""
        name = hashlib.sha256(f"{kind}|{locale}|{max_version}".encode()).hexdigest()[:16] + ".json"
        path = cache_dir / name
        with lock:
            if not path.exists():
                argv = ["list", "--json", "--locale", locale]
                if kind == "groups":
                    argv.append("--groups")
                elif max_version:
                    argv += ["--max-version", max_version]
                # Compact JSON: the real server's payload size matters for the picker.
                path.write_bytes(json.dumps(json.loads(moji(*argv)), ensure_ascii=False,
                                            separators=(",", ":")).encode())
        return path.read_bytes()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *a):  # quiet: the test prints what matters
            pass

        def send(self, status, body, content_type, etag=None):
            if etag and self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            if etag:
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(body)

        def problem(self, status, detail):
            body = json.dumps({"type": "about:blank", "status": status, "detail": detail}).encode()
            self.send(status, body, "application/problem+json")

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            q = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
            locale = q.get("locale", "en")
            try:
                if url.path in STATIC:
                    file, content_type = STATIC[url.path]
                    body = (WEB / file).read_bytes()
                    self.send(200, body, content_type, '"%s"' % hashlib.sha256(body).hexdigest()[:20])
                elif url.path in ("/v1/groups", "/v1/emoji"):
                    kind = url.path.rsplit("/", 1)[1]
                    body = catalog(kind, locale, q.get("max-version", ""))
                    self.send(200, body, "application/json", '"%s"' % hashlib.sha256(body).hexdigest()[:20])
                elif url.path == "/v1/search":
                    if not q.get("q", "").strip():
                        return self.problem(400, "q is required")
                    argv = ["search", q["q"], "--json", "--locale", locale, "--limit", q.get("limit", "20")]
                    if q.get("max-version"):
                        argv += ["--max-version", q["max-version"]]
                    results = json.loads(moji(*argv))
                    body = json.dumps([{k: r[k] for k in ("emoji", "code", "image", "name", "relevance") if k in r}
                                       for r in results], ensure_ascii=False).encode()
                    self.send(200, body, "application/json")
                else:
                    self.problem(404, f"no route {url.path}")
            except ValueError as error:
                self.problem(400, str(error))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"fake moji API on http://127.0.0.1:{server.server_port} (data in {cache_dir})", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

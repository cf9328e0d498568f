#!/usr/bin/env python3
"""A stand-in for `moji serve`: serves the web picker and the routes it reads (/v1/picker-data,
/v1/groups, /v1/emoji, /v1/search, /v1/custom, /v1/images/…, /v1/me/…) from the `moji` CLI's --json
output, so the browser test can run the picker's side without the server's newest routes.

    python3 Tests/Browser/fake_api.py PORT [--moji PATH] [--token TOKEN]

Catalog answers are generated once per locale and max-version into a temp dir and carry an ETag
(304 on If-None-Match), as the real server's do; search runs `moji search QUERY --json` per request.
/v1/custom holds one set, "test", of the three PNGs tiny_png.py draws. /v1/me/… keeps one user's
usage in memory and accepts only `Authorization: Bearer TOKEN` (default "test-token"), else 401.
"""

import argparse
import hashlib
import http.server
import json
import pathlib
import subprocess
import tempfile
import threading
import time
import urllib.parse

from tiny_png import COLORS, tiny_png

WEB = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "MojiServer" / "Web"
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/index.html": ("index.html", "text/html; charset=utf-8"),
          "/picker.js": ("picker.js", "text/javascript; charset=utf-8")}


def tone_templates(variants):
    """The templates of PickerData.swift's ToneTemplates.describing, or None."""
    modifiers = "\U0001F3FB\U0001F3FC\U0001F3FD\U0001F3FE\U0001F3FF"
    templates = []
    for v in variants:
        t = "".join("{}" if c in modifiers else c for c in v)
        if t not in templates:
            templates.append(t)
    templates.sort(key=lambda t: t.count("{}"))
    if len(templates) > 2 or (len(templates) == 2 and (templates[0].count("{}") != 1 or templates[1].count("{}") < 2)):
        return None
    n = templates[-1].count("{}")
    expanded = []
    for k in range(5 ** n):
        tones = [k // 5 ** (n - 1 - p) % 5 for p in range(n)]
        template = templates[0] if len(templates) == 2 and len(set(tones)) == 1 else templates[-1]
        parts = template.split("{}")
        expanded.append(parts[0] + "".join(modifiers[tones[i]] + part for i, part in enumerate(parts[1:])))
    return templates if sorted(expanded) == sorted(variants) else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--moji", default="/work/main/.build/debug/moji")
    parser.add_argument("--token", default="test-token")
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

    def picker_data(locale, max_version):
        """What /v1/picker-data answers, from `moji list --tones --json` (see PickerData.swift)."""
        name = hashlib.sha256(f"picker|{locale}|{max_version}".encode()).hexdigest()[:16] + ".json"
        path = cache_dir / name
        with lock:
            if not path.exists():
                argv = ["list", "--json", "--tones", "--locale", locale]
                if max_version:
                    argv += ["--max-version", max_version]
                everything = json.loads(moji(*argv))
                groups = json.loads(moji("list", "--json", "--groups", "--locale", locale))
                versions = {e["emoji"]: e["version"] for e in everything}
                by_group = {}
                for e in everything:
                    if e["skinTones"]:
                        continue
                    codes = []
                    for preset in ("github", "slack", "emojibase", "cldr"):
                        codes += [c for c in e["shortcodes"].get(preset, []) if c not in codes]
                    item = {"emoji": e["emoji"], "name": e["name"], "version": e["version"]}
                    if codes:
                        item["shortcodes"] = codes
                    variants = [v for v in e["toneVariants"] if v in versions]
                    if variants:
                        templates = tone_templates(variants)
                        item["toneTemplates" if templates else "toneVariants"] = templates or variants
                    by_group.setdefault(e["group"], []).append(item)
                data = {"locale": locale, "groups": [
                    {"identifier": g["identifier"], "name": g["name"], "emoji": by_group[g["identifier"]]}
                    for g in groups if by_group.get(g["identifier"])]}
                path.write_bytes(json.dumps(data, ensure_ascii=False, sort_keys=True,
                                            separators=(",", ":")).encode())
        return path.read_bytes()

    images = {hashlib.sha256(tiny_png(rgb)).hexdigest() + ".png": tiny_png(rgb) for rgb in COLORS.values()}
    custom = [{"name": "test", "source": {"kind": "folder", "location": "/fake/test"}, "emoji": [
        {"emoji": f":{code}:", "code": code, "name": code.replace("-", " "),
         "image": f"/v1/images/{hashlib.sha256(tiny_png(rgb)).hexdigest()}.png",
         "width": 16, "height": 16, "animated": False} for code, rgb in COLORS.items()]}]
    usage = {}  # key ("😀" or ":code:") -> {"uses", "lastUsed"}
    pinned = []

    def entry(key):
        if key.startswith(":"):
            found = next((c for c in custom[0]["emoji"] if c["emoji"] == key), None)
            return {"emoji": key, "code": key[1:-1], **({"image": found["image"]} if found else {})}
        return {"emoji": key}

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

        def authorized(self):
            if self.headers.get("Authorization") == f"Bearer {args.token}":
                return True
            body = json.dumps({"type": "urn:moji:problem:unauthorized", "title": "Unauthorized", "status": 401,
                               "detail": "a valid bearer token is required."}).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/problem+json")
            self.send_header("WWW-Authenticate", 'Bearer realm="moji"')
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return False

        def do_POST(self):
            url = urllib.parse.urlsplit(self.path)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if url.path != "/v1/me/usage":
                return self.problem(404, f"no route {url.path}")
            if not self.authorized():
                return
            try:
                request = json.loads(body)
                key = f":{request['code']}:" if "code" in request else request["emoji"]
            except (ValueError, KeyError, TypeError):
                return self.problem(400, "bad body")
            with lock:
                u = usage.setdefault(key, {"uses": 0})
                u["uses"] += 1
                u["lastUsed"] = time.time()
                answer = {**entry(key), "uses": u["uses"], "score": float(u["uses"])}
            self.send(200, json.dumps(answer, ensure_ascii=False).encode(), "application/json")

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            q = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
            locale = q.get("locale", "en")
            try:
                if url.path in STATIC:
                    file, content_type = STATIC[url.path]
                    body = (WEB / file).read_bytes()
                    self.send(200, body, content_type, '"%s"' % hashlib.sha256(body).hexdigest()[:20])
                elif url.path == "/v1/picker-data":
                    body = picker_data(locale, q.get("max-version", ""))
                    self.send(200, body, "application/json", '"%s"' % hashlib.sha256(body).hexdigest()[:20])
                elif url.path == "/v1/custom":
                    self.send(200, json.dumps(custom, ensure_ascii=False).encode(), "application/json")
                elif url.path.startswith("/v1/images/") and url.path[len("/v1/images/"):] in images:
                    file = url.path[len("/v1/images/"):]
                    self.send(200, images[file], "image/png", '"%s"' % file.split(".")[0])
                elif url.path in ("/v1/me/frequent", "/v1/me/recent", "/v1/me/pinned"):
                    if not self.authorized():
                        return
                    with lock:
                        if url.path.endswith("pinned"):
                            items = [entry(k) for k in pinned]
                        else:
                            order = (lambda kv: (-kv[1]["uses"], -kv[1]["lastUsed"])) if url.path.endswith("frequent") \
                                else (lambda kv: -kv[1]["lastUsed"])
                            items = [{**entry(k), "uses": u["uses"], "score": float(u["uses"]),
                                      "lastUsed": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(u["lastUsed"]))}
                                     for k, u in sorted(usage.items(), key=order)][:int(q.get("limit", "24"))]
                    self.send(200, json.dumps(items, ensure_ascii=False).encode(), "application/json")
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
                    results = [{"emoji": c["emoji"], "code": c["code"], "image": c["image"], "name": c["name"],
                                "relevance": 1.0} for c in custom[0]["emoji"] if q["q"].strip().lower() in c["code"]]
                    results += json.loads(moji(*argv))
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

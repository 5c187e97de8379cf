#!/usr/bin/env python3
"""Fuzz of `marbles lsp` over standard input and output, as an editor drives it.

Deterministic: session i is a function of (--seed, i) only. Each session starts the server,
initializes it as a client that declares nothing, everything, a random part of it, or malformed
capabilities (wrong types at any depth, deep nesting, huge arrays, not an object), with a
folder for the workspace requests (or none, or one that does not exist), then sends a
random sequence of valid and invalid messages over random documents (examples, mutated examples,
scripts of the heavy shapes, broken UTF-8, huge and deeply nested texts): opens, full and
incremental changes, closes, every request the server has (and unknown ones) at random
positions, cancels of live, answered and unknown ids, answers to the server's own requests
(`workspace/applyEdit`) and to none, and broken frames (bad headers, bad JSON, wrong parameter
types). It ends with `shutdown` and `exit`.

A finding is any of:
- a crash: the server dies before `exit`, or exits with a code other than 0 after it;
- a hang: a request not answered within --timeout seconds of the last message, or `exit` that
  does not end the process within --timeout seconds;
- a lost or doubled response: a request id answered other than exactly once;
- `initialize` answered with an error (odd capabilities must not fail it);
- a malformed message from the server (not JSON-RPC 2.0, a response to no request);
- memory growth: a peak resident size past --max-rss megabytes.
Findings are saved under Fuzz/findings/ as lsp-SEED-I.jsonl (one message a line); replay one
with --replay FILE.

    swift build -c release
    nice -n 10 python3 Fuzz/lsp.py --sessions 200 [--seed 1] [--messages 80]
"""
import argparse, json, os, random, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = sorted(
    os.path.join(ROOT, "Examples", name)
    for name in os.listdir(os.path.join(ROOT, "Examples")) if name.endswith(".marble"))
METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
           "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
           "textDocument/documentSymbol", "textDocument/formatting", "textDocument/codeAction",
           "marbles/render", "workspace/executeCommand", "textDocument/unknown",
           "textDocument/semanticTokens/full", "textDocument/inlayHint", "textDocument/codeLens",
           "textDocument/signatureHelp", "textDocument/documentHighlight",
           "textDocument/foldingRange", "textDocument/diagnostic", "workspace/symbol",
           "workspace/diagnostic"]
# The folders a session opens: what workspace/symbol and workspace/diagnostic read.
ROOTS = [None, "file://" + os.path.join(ROOT, "Examples"), "file://" + os.path.join(ROOT, "Fuzz"),
         "file:///nowhere/at/all", "http://example.com/", 3]
HEAVY = [
    # A closure that calls itself through its argument: much work, no events.
    'let src = cold("-a|", a: 24)\nlet out = src.map { n in\n'
    '  let fib = { f, k in k < 2 ? k : f(f, k - 1) + f(f, k - 2) }\n'
    '  return fib(fib, n)\n}\nshow out\n',
    "let t = interval(1)\nshow t\n",
    # The same, for long: the server must answer everything else meanwhile, and exit at once.
    'let src = cold("-a|", a: 40)\nlet out = src.map { n in\n'
    '  let fib = { f, k in k < 2 ? k : f(f, k - 1) + f(f, k - 2) }\n'
    '  return fib(fib, n)\n}\nshow out\n',
    'let a = cold("-a|")\nlet b = a.map { x in\n  var xs = []\n'
    '  for i in 1...300 { xs += [i] }\n  return xs\n}\nshow b\n',
    "let " + "x" * 3000 + " = cold(\"-a|\")\n" + "".join(f"let b{i} = {i}\n" for i in range(300)),
    "let a = " + "(" * 3000 + "1" + ")" * 3000 + "\n",
    'let a = cold("' + "-a" * 4000 + '|")\nshow a\n',
]
NAMES = ["x", "input", "cold", "map", "y", "k", "let", "2x", "", "_", "a" * 300, "ñ", "show"]
CAPABILITIES_ALL = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "completion": {"completionItem": {"snippetSupport": True,
                                          "documentationFormat": ["markdown", "plaintext"]}},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "rename": {"prepareSupport": True},
        "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}},
        "semanticTokens": {"requests": {"full": True}, "tokenTypes": [], "tokenModifiers": [],
                           "formats": ["relative"]},
        "inlayHint": {}, "codeLens": {}, "signatureHelp": {}, "documentHighlight": {},
        "foldingRange": {"rangeLimit": 5}, "diagnostic": {},
    },
    "workspace": {"applyEdit": True, "symbol": {}},
}


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def mutate(text, rng):
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        op = rng.random()
        if op < 0.4:
            del chars[i]
        elif op < 0.7:
            chars.insert(i, rng.choice("(){}[]\"\\.,:|#-^!$ \n\tx0é😀"))
        else:
            j = rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def document(rng):
    kind = rng.random()
    if kind < 0.45:
        with open(rng.choice(EXAMPLES), encoding="utf-8") as handle:
            return handle.read()
    if kind < 0.75:
        with open(rng.choice(EXAMPLES), encoding="utf-8") as handle:
            return mutate(handle.read(), rng)
    if kind < 0.9:
        return rng.choice(HEAVY)
    return "".join(rng.choice("let show expect = cold(\"-a|\") .map { x in x } \n")
                   for _ in range(rng.randint(0, 400)))


# Values of the wrong JSON type for a member of the capabilities (any member has one of them).
WRONG = [None, True, 3, 2.5, "yes", [], ["markdown", 3], {"snippetSupport": "yes"}]


def hostile(rng):
    """A wrong value: of the wrong type, nested deep (within the parser's 200 levels with the
    message's own), or a huge array."""
    roll = rng.random()
    if roll < 0.8:
        return rng.choice(WRONG)
    if roll < 0.9:
        deep = "x"
        for _ in range(rng.randint(1, 95)):
            deep = {"a": [deep]}
        return deep
    return [rng.randrange(10)] * rng.randint(1000, 100_000)


def malformed(value, rng):
    """`value` with some of its members, at any depth, replaced by hostile ones."""
    if not isinstance(value, dict):
        return value
    return {key: hostile(rng) if rng.random() < 0.15 else malformed(member, rng)
            for key, member in value.items()}


def capabilities(rng):
    roll = rng.random()
    if roll < 0.25:
        return {}
    if roll < 0.45:
        return CAPABILITIES_ALL
    if roll < 0.7:
        # Odd clients: the server must answer initialize as usual.
        if rng.random() < 0.1:
            return rng.choice([w for w in WRONG if not isinstance(w, dict)])
        return malformed(CAPABILITIES_ALL, rng)
    part = {}
    for key, value in CAPABILITIES_ALL["textDocument"].items():
        if rng.random() < 0.5:
            part[key] = value
    workspace = rng.choice([{}, CAPABILITIES_ALL["workspace"], {"applyEdit": "yes"}])
    return {"textDocument": part, "general": rng.choice([{}, {"positionEncodings": 3}]),
            "workspace": workspace}


def position(rng, text):
    lines = text.split("\n") or [""]
    line = rng.randrange(len(lines) + 1)
    width = len(lines[line]) if line < len(lines) else 0
    return {"line": line if rng.random() > 0.03 else -1,
            "character": rng.randrange(width + 2)}


def session_messages(seed, index, count):
    """The messages (bytes) of session `index`, and whether each is a request (its id)."""
    rng = random.Random(f"{seed}:{index}")
    out = []
    next_id = [1]

    def send(obj):
        out.append((frame(json.dumps(obj).encode()), obj.get("id")))

    def request(method, params):
        ident = next_id[0]
        next_id[0] += 1
        send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        return ident

    def notify(method, params):
        send({"jsonrpc": "2.0", "method": method, "params": params})

    initialize = {"processId": None, "capabilities": capabilities(rng)}
    root = rng.choice(ROOTS)
    if root is not None:
        initialize[rng.choice(["rootUri", "workspaceFolders"])] = (
            root if rng.random() < 0.5 else [{"uri": root, "name": "folder"}])
    request("initialize", initialize)
    notify("initialized", {})
    uris = [f"file:///fuzz/doc{k}.marble" for k in range(3)]
    texts = {}
    live = []
    for _ in range(count):
        roll = rng.random()
        uri = rng.choice(uris)
        text = texts.get(uri, "")
        if roll < 0.15 or not texts:
            texts[uri] = document(rng)
            notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "marble", "version": 1, "text": texts[uri]}})
        elif roll < 0.3 and uri in texts:
            if rng.random() < 0.5:
                texts[uri] = document(rng)
                changes = [{"text": texts[uri]}]
            else:
                start = position(rng, text)
                end = position(rng, text)
                changes = [{"range": {"start": start, "end": end},
                            "text": rng.choice(["x", "", "\n", ".sw", "let q = 1\n", "😀"])}]
                # The server's text is no longer known exactly: positions stay rough.
            notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": rng.randint(2, 99)},
                "contentChanges": changes})
        elif roll < 0.34:
            texts.pop(uri, None)
            notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        elif roll < 0.75:
            method = rng.choice(METHODS)
            params = {"textDocument": {"uri": uri}, "position": position(rng, text)}
            if method == "textDocument/rename":
                params["newName"] = rng.choice(NAMES)
            elif method == "textDocument/references":
                params["context"] = {"includeDeclaration": rng.random() < 0.5}
            elif method == "textDocument/codeAction":
                params = {"textDocument": {"uri": uri}, "range": {
                    "start": position(rng, text), "end": position(rng, text)},
                    "context": {"diagnostics": [{"range": {"start": position(rng, text),
                                                           "end": position(rng, text)},
                                                 "message": "x",
                                                 "data": {"fixes": ["map"]}}]}}
            elif method == "marbles/render":
                params = {"textDocument": {"uri": uri},
                          "format": rng.choice(["svg", "html", "pdf"])}
            elif method == "workspace/executeCommand":
                edit_range = {"start": position(rng, text), "end": position(rng, text)}
                params = {"command": rng.choice(["marbles.render", "marbles.step", "marbles.applyFix",
                                                 "nope"]),
                          "arguments": rng.choice([[uri], [uri, "html"], [], [3],
                                                   [uri, edit_range, "map"], [uri, 3, None]])}
            elif method in ("textDocument/semanticTokens/full", "textDocument/codeLens",
                            "textDocument/foldingRange", "textDocument/diagnostic"):
                params = {"textDocument": {"uri": uri}}
            elif method == "textDocument/inlayHint":
                params = {"textDocument": {"uri": uri},
                          "range": {"start": position(rng, text), "end": position(rng, text)}}
            elif method == "workspace/symbol":
                params = {"query": rng.choice(["", "input", "x", "é😀", "a" * 500, 3])}
            elif method == "workspace/diagnostic":
                params = {"previousResultIds": []}
            if rng.random() < 0.05:
                params = rng.choice([None, [], {"textDocument": 3}, "x"])
            live.append(request(method, params))
        elif roll < 0.85:
            pick = rng.random()
            ident = rng.choice(live) if live and pick < 0.6 else rng.randint(1, 10_000)
            notify("$/cancelRequest", {"id": ident})
        elif roll < 0.9:
            # Broken frames: the server answers with an error or nothing, and goes on.
            raw = rng.choice([b"{", b"[1,2]", b'{"id":"no-method"}', b'{"jsonrpc":"2.0","id":[1],"method":"x"}',
                              # Answers to the server's own requests (workspace/applyEdit), and not.
                              b'{"jsonrpc":"2.0","id":"marbles-1","result":{"applied":true}}',
                              b'{"jsonrpc":"2.0","id":77,"error":{"code":1,"message":"no"}}',
                              b"\xff\xfe", b"[" * 5000])
            out.append((frame(raw), None))
        elif roll < 0.92:
            out.append((b"Content-Type: x\r\n\r\n", None))
        else:
            request(rng.choice(["shutdown", "initialize"]) if rng.random() < 0.02
                    else "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    return out


class Server:
    def __init__(self, binary, budgets):
        self.process = subprocess.Popen([binary, "lsp", *budgets], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.responses = {}
        self.problems = []
        self.lock = threading.Condition()
        self.closed = False
        self.peak_rss = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    with self.lock:
                        self.closed = True
                        self.lock.notify_all()
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r\n")[0])
            body = stream.read(length)
            try:
                message = json.loads(body)
            except ValueError:
                self.problems.append(f"not JSON from the server: {body[:200]!r}")
                continue
            if message.get("jsonrpc") != "2.0":
                self.problems.append(f"not JSON-RPC 2.0: {body[:200]!r}")
            if message.get("id") == 1 and "error" in message:
                self.problems.append(f"initialize answered with an error: {body[:200]!r}")
            if "id" in message and "method" not in message:
                with self.lock:
                    key = json.dumps(message["id"])
                    self.responses[key] = self.responses.get(key, 0) + 1
                    self.lock.notify_all()

    def rss(self):
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) // 1024
        except OSError:
            pass
        return 0

    def send(self, data):
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def wait_for(self, ids, timeout):
        deadline = time.monotonic() + timeout
        with self.lock:
            while any(json.dumps(i) not in self.responses for i in ids) and not self.closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.lock.wait(left)
        return all(json.dumps(i) in self.responses for i in ids)


def run_session(binary, messages, timeout, max_rss, budgets):
    """The problems found in one session (empty when it held)."""
    server = Server(binary, budgets)
    problems = []
    ids = []
    for data, ident in messages:
        if not server.send(data):
            problems.append("the server closed its input early (crashed?)")
            break
        if ident is not None:
            ids.append(ident)
        server.peak_rss = max(server.peak_rss, server.rss())
    if not problems:
        shutdown_id = 10**9
        server.send(frame(json.dumps(
            {"jsonrpc": "2.0", "id": shutdown_id, "method": "shutdown"}).encode()))
        if not server.wait_for(ids + [shutdown_id], timeout):
            missing = [i for i in ids + [shutdown_id] if json.dumps(i) not in server.responses]
            problems.append(f"hang or lost responses: no answer to ids {missing[:10]}"
                            + (" (the server died)" if server.closed else ""))
        server.peak_rss = max(server.peak_rss, server.rss())
        server.send(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
    try:
        code = server.process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        problems.append("'exit' did not end the process")
        server.process.kill()
        code = server.process.wait()
    if not problems and code != 0:
        problems.append(f"exit code {code} after shutdown and exit")
    asked = {json.dumps(i) for i in ids}
    doubled = [key for key, count in server.responses.items() if count > 1 and key in asked]
    if doubled:
        problems.append(f"answered more than once: {doubled[:10]}")
    if server.peak_rss > max_rss:
        problems.append(f"peak resident size {server.peak_rss} MB > {max_rss} MB")
    return problems + server.problems, server.peak_rss


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "marbles"))
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--messages", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--max-rss", type=int, default=1500, help="megabytes")
    parser.add_argument("--replay", help="a findings file to send again")
    args = parser.parse_args()
    # Small budgets keep each run short; the server's own responsiveness is what is tested.
    budgets = ["--max-frames", "2000", "--max-events", "200000"]
    if args.replay:
        messages = []
        with open(args.replay) as handle:
            for line in handle:
                body = line.rstrip("\n").encode()
                try:
                    parsed = json.loads(body)
                    ident = parsed.get("id") if "method" in parsed else None
                except (ValueError, AttributeError):
                    ident = None
                messages.append((frame(body), ident))
        problems, peak = run_session(args.binary, messages, args.timeout, args.max_rss, budgets)
        print("\n".join(problems) or f"no problem (peak {peak} MB)")
        return 1 if problems else 0
    findings = 0
    peaks = []
    started = time.monotonic()
    for index in range(args.sessions):
        messages = session_messages(args.seed, index, args.messages)
        problems, peak = run_session(args.binary, messages, args.timeout, args.max_rss, budgets)
        peaks.append(peak)
        if problems:
            findings += 1
            os.makedirs(os.path.join(ROOT, "Fuzz", "findings"), exist_ok=True)
            path = os.path.join(ROOT, "Fuzz", "findings", f"lsp-{args.seed}-{index}.jsonl")
            with open(path, "w") as handle:
                for data, _ in messages:
                    body = data.split(b"\r\n\r\n", 1)[-1]
                    handle.write(body.decode("utf-8", "replace") + "\n")
            print(f"session {index}: " + "; ".join(problems) + f" (saved {path})")
    print(f"lsp fuzz: {args.sessions} sessions of {args.messages} messages, seed {args.seed}: "
          f"{findings} with problems; peak resident size {max(peaks, default=0)} MB; "
          f"{time.monotonic() - started:.0f} s")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``): the
browser reads commands from its file descriptor 3 and writes replies and events to 4, each message JSON
ended by a NUL byte. Nothing beyond the standard library and the system's Chromium; no port is opened
and nothing is downloaded.
"""

from __future__ import annotations

import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_chromium() -> str | None:
    """The browser to test with: $SPECPROOF_CHROMIUM, else the first Chromium on PATH."""
    given = os.environ.get("SPECPROOF_CHROMIUM")
    if given:
        return shutil.which(given) or (given if os.access(given, os.X_OK) else None)
    return next((p for p in map(shutil.which, CANDIDATES) if p), None)


class BrowserError(RuntimeError):
    pass


class Chromium:
    """One headless browser with one page; ``events`` collects the page's console errors, exceptions,
    failed loads and every request URL."""

    def __init__(self, binary: str, timeout: float = 30.0):
        self.timeout = timeout
        self._profile = tempfile.mkdtemp(prefix="specproof-chromium-")
        cmd_r, cmd_w = os.pipe()
        res_r, res_w = os.pipe()
        # the child's ends, moved above 3 and 4 so the dup2s below cannot clobber each other
        child_in, child_out = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10), fcntl.fcntl(res_w, fcntl.F_DUPFD, 10)
        os.close(cmd_r)
        os.close(res_w)

        def wire():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        args = [
            binary,
            "--headless",
            "--remote-debugging-pipe",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-sync",
            "--disable-component-update",
            "--no-proxy-server",
            f"--user-data-dir={self._profile}",
            "--allow-file-access-from-files",
            "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run its sandbox as root
        self._proc = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=wire,
            pass_fds=(3, 4),
        )
        os.close(child_in)
        os.close(child_out)
        self._out = os.fdopen(cmd_w, "wb", buffering=0)
        self._in = os.fdopen(res_r, "rb", buffering=0)
        self._replies: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self._next = 0
        self.events: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._stderr = []
        self._stderr_reader = threading.Thread(target=lambda: self._stderr.extend(self._proc.stderr), daemon=True)
        self._stderr_reader.start()
        try:
            targets = self.send("Target.getTargets")["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            self.session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                self.send(f"{domain}.enable", session=True)
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------------ the protocol
    def _read(self):
        buffer = b""
        while True:
            chunk = self._in.read(65536)
            if not chunk:
                break
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                msg = json.loads(raw)
                if "id" in msg:
                    with self._lock:
                        box = self._replies.get(msg["id"])
                    if box is not None:
                        box.put(msg)
                else:
                    self.events.put(msg)

    def send(self, method: str, session: bool = False, **params):
        with self._lock:
            self._next += 1
            mid = self._next
            box = self._replies[mid] = queue.Queue()
        msg = {"id": mid, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        self._out.write(json.dumps(msg).encode() + b"\0")
        try:
            reply = box.get(timeout=self.timeout)
        except queue.Empty:
            raise BrowserError(
                f"no reply to {method} within {self.timeout} s; stderr: "
                f"{b''.join(self._stderr[-20:]).decode(errors='replace')[-2000:]}"
            ) from None
        finally:
            with self._lock:
                self._replies.pop(mid, None)
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    # ------------------------------------------------------------------ a page
    def drain(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def goto(self, url: str) -> list[dict]:
        """Load ``url`` and wait for its load event; returns the events seen meanwhile."""
        self.drain()
        seen = []
        result = self.send("Page.navigate", session=True, url=url)
        if result.get("errorText"):
            raise BrowserError(f"{url}: {result['errorText']}")
        if "loaderId" not in result:  # a same-document navigation (only the fragment changed): no load event
            self.evaluate("new Promise(r => setTimeout(r, 0))")
            return self.drain()
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                ev = self.events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BrowserError(f"{url} did not finish loading within {self.timeout} s") from None
            seen.append(ev)
            if ev.get("method") == "Page.loadEventFired":
                break
        self.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")  # let scripts settle
        return seen + self.drain()

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (a promise is awaited); a thrown error raises."""
        result = self.send(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path) -> None:
        import base64

        data = self.send("Page.captureScreenshot", session=True, format="png")["data"]
        with open(path, "wb") as fh:
            fh.write(base64.b64decode(data))

    def close(self):
        try:
            if self._proc.poll() is None:
                try:
                    self._out.write(json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
                except OSError:
                    pass
                try:
                    self._proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait(timeout=10)
        finally:
            self._stderr_reader.join(timeout=5)
            self._reader.join(timeout=5)
            for fh in (self._out, self._in, self._proc.stderr):
                try:
                    fh.close()
                except OSError:
                    pass
            shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def problems(events: list[dict]) -> list[str]:
    """Console errors, uncaught exceptions, failed loads and warnings of the log among ``events``."""
    out = []
    for ev in events:
        method, p = ev.get("method"), ev.get("params", {})
        if method == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            out.append(f"exception: {d.get('exception', {}).get('description') or d.get('text')}")
        elif method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
            out.append(
                f"console.{p['type']}: " + " ".join(str(a.get("value", a.get("description"))) for a in p["args"])
            )
        elif method == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
            e = p["entry"]
            out.append(f"log {e['level']}: {e.get('text')} {e.get('url', '')}".rstrip())
        elif method == "Network.loadingFailed" and not p.get("canceled"):
            out.append(f"failed load: {p.get('errorText')} ({p.get('requestId')})")
    return out


def requested(events: list[dict]) -> list[str]:
    """Every URL the page requested."""
    return [ev["params"]["request"]["url"] for ev in events if ev.get("method") == "Network.requestWillBeSent"]

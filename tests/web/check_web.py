#!/usr/bin/env python3
"""Plays the browser build (tools/build-web.sh) in headless Chromium, served
from a loopback address, and checks what a player would:

  1. the page loads, starts on a key and reaches its first frame;
  2. the conversation at 3 s, drawn by the browser's WebGL 2 (the page's
     --screenshot), is the desktop's expected frame within the screenshot
     test's tolerance (tests/OutputChecks.cmake says why those limits);
  3. pressed keys advance the lighthouse scene's lines and choose in its menu,
     and F5's save holds them; sound plays once the key that started the page
     let it (no sound context before; a running one and the device's callbacks after);
  4. touch: one tap turns one page (the save records one advance a tap), a tap
     on an option chooses it; Page Up shows the line before, Page Down comes back;
  5. that save is still there after the page is loaded again (IndexedDB);
  6. the title screen: Chapters, Down, Enter plays the chapter of the row chosen; the pause
     overlay's language row switches the language of the line on screen;
  7. the console shows no error and no failed request throughout (its warnings
     are printed: SDL2's audio uses the deprecated ScriptProcessorNode);
  8. with STAGEHAND (a desktop build): a game made by --new, packaged with
     --web-engine SITE_DIR, plays its own scene from its web folder.
The game's state is read through Module.stagehandState() (WindowGame::describe).

usage: check_web.py SITE_DIR OUTPUT_CHECK EXPECTED_PNG OUT_DIR [STAGEHAND]
  OUTPUT_CHECK is the desktop build's stagehand_output_check (its `image` check).
Chromium is `chromium` on PATH, or STAGEHAND_CHROMIUM. It is driven over its
DevTools protocol on a pipe (--remote-debugging-pipe): no network port but the
page's own server. Prints the figures (sizes, load and first-frame times)."""
import base64
import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

DEADLINE_S = 60  # for each thing awaited; a passing run takes a few seconds each on a busy machine
SAVE_FILE = "/libsdl/Stagehand/stagehand/quicksave.txt"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def handle(self):
        # A page navigated away from drops its downloads half way: not a failure.
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass


class DevTools:
    """Chromium's DevTools protocol over --remote-debugging-pipe: JSON messages
    ended by a NUL byte, read on our end of fd 4 and written to fd 3."""

    def __init__(self, chromium, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--user-data-dir=" + profile, "--remote-debugging-pipe", "--window-size=1280,720",
                 # No autoplay flag: sound must wait for the page's "click to start", as for a player.
                 # WebGL on the CPU (no GPU here), asked for rather than fallen back on (which warns).
                 "--enable-unsafe-swiftshader", "about:blank"]

        def wire():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen([chromium] + flags, pass_fds=(), preexec_fn=wire, close_fds=False,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.warned = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                fail("Chromium closed its DevTools pipe (did it start? exit %s)" % self.process.poll())
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def evaluate(self, expression, awaited=False):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": awaited})
        if "exceptionDetails" in result:
            fail("%s threw: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, expression, what):
        """Polls the page until `expression` is true, each poll one round trip
        (the page goes on between them); fails naming `what` at the deadline."""
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            self.problems()
            self.evaluate("new Promise(r => requestAnimationFrame(() => r(0)))", awaited=True)
        fail("waited %d s for %s" % (DEADLINE_S, what))

    def problems(self):
        """Fails on console errors, exceptions and failed requests so far (the
        engine's standard error is console.error); warnings are printed once."""
        found = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append("console.%s: %s" % (params["type"], " ".join(
                    str(a.get("value", a.get("description", ""))) for a in params.get("args", []))))
            elif method == "Runtime.exceptionThrown":
                found.append("exception: %s" % params["exceptionDetails"].get("exception", {}).get(
                    "description", params["exceptionDetails"].get("text")))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append("log error: %s" % params["entry"].get("text"))
            elif event not in self.warned and (method == "Log.entryAdded" or (
                    method == "Runtime.consoleAPICalled" and params.get("type") == "warning")):
                self.warned.append(event)
                text = params["entry"].get("text") if method == "Log.entryAdded" else str(params.get("args"))
                if not text.startswith("stagehand: saved "):
                    print("note: the console warns: %s" % text)
        # The engine's standard error (console warnings): only the notices of saves written.
        stderr = self.evaluate("window.stagehandPage ? stagehandPage.stderr : []") or []
        found += ["the engine's standard error: " + line for line in stderr if not line.startswith("stagehand: saved ")]
        if found:
            fail("the console shows:\n  " + "\n  ".join(found))

    def key(self, name, code, key_code, text=""):
        for kind in ("keyDown", "keyUp"):
            params = {"type": kind, "key": name, "code": code, "windowsVirtualKeyCode": key_code,
                      "nativeVirtualKeyCode": key_code}
            if text and kind == "keyDown":
                params["text"] = text
            self.send("Input.dispatchKeyEvent", params)

    def tap(self, x, y):
        """A finger down and up at page point (x, y), as a touch screen sends."""
        for kind in ("touchStart", "touchEnd"):
            points = [{"x": x, "y": y, "id": 1}] if kind == "touchStart" else []
            self.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def state(self):
        return self.evaluate("Module.stagehandState()")

    def frames(self, count):
        """Lets the game draw `count` more frames."""
        start = self.evaluate("Module.stagehandFrameNumber()")
        self.wait_for("Module.stagehandFrameNumber() >= %d" % (start + count), "%d frames" % count)

    def open(self, url):
        # The page now open is marked, so that the wait is for the new one.
        self.evaluate("window.stagehandLeft = true")
        self.send("Page.navigate", {"url": url})
        self.wait_for("!window.stagehandLeft && document.readyState === 'complete' && window.stagehandPage"
                      " && stagehandPage.loaded", "the page to load " + url)


def quicksave(tools):
    """F5, then the quick save's text once it has reached the browser's storage."""
    copies = tools.evaluate("Module.stagehandStorage.copies")
    tools.key("F5", "F5", 116)
    tools.wait_for("Module.stagehandStorage.copies > %d && !Module.stagehandStorage.writing" % copies,
                   "the save to reach the browser's storage")
    return tools.evaluate("Module.FS.readFile('%s', {encoding: 'utf8'})" % SAVE_FILE)


def hide_page(tools):
    """The page hidden, as when the player switches tabs: the game keeps its settings and the lines read
    then (web/pre.js), and they are copied to the browser's storage once the frame has returned."""
    tools.evaluate("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
                   " document.dispatchEvent(new Event('visibilitychange'));"
                   " delete document.visibilityState; true")
    tools.frames(5)
    tools.wait_for("!Module.stagehandStorage.writing", "the player's files to reach the browser's storage")


def start_packaged_game(tools):
    """A packaged game's page, open: the first key starts it, and its title
    screen's Start (when it has one) its story. Its state, once in a scene."""
    tools.key("Enter", "Enter", 13, "\r")
    tools.wait_for("stagehandPage.firstFrameMs !== null", "the packaged game's first frame")
    if tools.state()["screen"] == "menu":
        tools.key("Enter", "Enter", 13, "\r")
        tools.wait_for("Module.stagehandState().screen === 'scene'", "the packaged game's first chapter")
    return tools.state()


def start_session(chromium, profile):
    tools = DevTools(chromium, profile)
    target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    tools.session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                               session=False)["sessionId"]
    for domain in ("Runtime", "Log", "Page"):
        tools.send(domain + ".enable")
    return tools


def main():
    site, checker, expected, out_dir = sys.argv[1:5]
    desktop = sys.argv[5] if len(sys.argv) > 5 else None
    os.makedirs(out_dir, exist_ok=True)
    chromium = os.environ.get("STAGEHAND_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        fail("no chromium on PATH (or STAGEHAND_CHROMIUM): the browser build cannot be played")
    for name in ("index.html", "stagehand.js", "stagehand.wasm", "game.js", "game.data"):
        if not os.path.isfile(os.path.join(site, name)):
            fail("%s lacks %s: build it with tools/build-web.sh" % (site, name))

    # The figures: what a player downloads.
    total = packed = 0
    for name in ("stagehand.js", "stagehand.wasm", "game.js", "game.data"):
        data = open(os.path.join(site, name), "rb").read()
        total += len(data)
        packed += len(gzip.compress(data, 9))
        print("size: %s %d bytes" % (name, len(data)))
    print("size: total %.2f MB, %.2f MB gzipped" % (total / 1e6, packed / 1e6))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/index.html" % server.server_address[1]
    profile = tempfile.mkdtemp(prefix="stagehand-web-profile-")
    tools = start_session(chromium, profile)
    try:
        # 1. Load, start on a key, first frame; sound only after that key.
        tools.open(base + "?scene=lighthouse")
        if tools.evaluate("!!(Module.SDL2 && Module.SDL2.audioContext)"):
            fail("a sound context exists before the page was started")
        tools.key("Enter", "Enter", 13, "\r")
        tools.wait_for("stagehandPage.firstFrameMs !== null", "the first frame")
        ready, first = tools.evaluate("[stagehandPage.readyMs, stagehandPage.firstFrameMs]")
        print("time: loaded in %.0f ms, first frame %.0f ms after navigation" % (ready, first))
        calls = tools.wait_for("Module.SDL2 && Module.SDL2.audioContext && Module.SDL2.audioContext.state"
                               " === 'running' && Module.stagehandState().sound"
                               " && Module.stagehandState().soundCallbacks", "the sound to play")
        tools.wait_for("Module.stagehandState().soundCallbacks > %d" % calls, "the sound device to go on asking")
        print("sound: the context runs after the start key; the device asks for sound (%d calls)" % calls)

        # 3. Keys: Enter advances (finishes a line, turns its page), 2 chooses in
        # the menu once it is up; F5 saves. Until the save holds a choice.
        choose = None
        for _ in range(60):
            tools.key("Enter", "Enter", 13, "\r")
            tools.frames(6)
            tools.key("2", "Digit2", 50, "2")
            tools.frames(2)
            saved = quicksave(tools)
            choose = [line for line in saved.splitlines() if line.split()[1:2] == ["choose"]]
            if choose:
                break
        if not choose:
            fail("60 rounds of Enter and 2 made no choice in the lighthouse's menu; the save reads:\n" + saved)
        lines = saved.splitlines()
        if "scene lighthouse" not in lines or not any(line.endswith(" advance") for line in lines):
            fail("the save does not hold the scene and the keys that advanced it:\n" + saved)
        if choose[0].split()[2] != "2":
            fail("the key 2 chose %s" % choose[0])
        print("keys: advanced %d times, then %s; F5 saved it" % (
            sum(line.endswith(" advance") for line in lines), choose[0]))
        tools.problems()

        # 4. Touch: taps away from any option turn pages until the menu is back,
        # one advance recorded a tap; rollback there; then a tap on option 1.
        box = tools.evaluate("(function () { var r = Module.canvas.getBoundingClientRect();"
                             " return [r.left, r.top, r.width, r.height]; })()")
        advances = sum(line.endswith(" advance") for line in saved.splitlines())
        taps, seen = 0, []
        for _ in range(60):
            # Only while a page or the menu is up does a tap count (Story::advancePressed).
            tools.wait_for("Module.stagehandState().line !== '' || Module.stagehandState().options.length",
                           "a page or the menu")
            state = tools.state()
            if state["options"] and state["optionPoints"]:
                break
            if state["line"] and (not seen or seen[-1] != state["line"]):
                seen.append(state["line"])
            tools.tap(box[0] + box[2] * 0.5, box[1] + box[3] * 0.1)
            taps += 1
            tools.frames(4)
        else:
            fail("60 taps did not bring the lighthouse's menu back; the screen: %s" % tools.state())
        saved = quicksave(tools)
        tapped = sum(line.endswith(" advance") for line in saved.splitlines()) - advances
        if tapped != taps:
            fail("%d taps recorded %d advances (one each, no more)" % (taps, tapped))
        at_menu = tools.state()["line"]
        tools.key("PageUp", "PageUp", 33)
        tools.frames(3)
        back = tools.state()
        if back["options"] or back["line"] == at_menu or back["line"] not in seen:
            fail("Page Up at the menu shows %s, not an earlier line of %s" % (back, seen))
        tools.key("PageDown", "PageDown", 34)
        tools.frames(3)
        state = tools.state()
        if not state["options"] or state["line"] != at_menu:
            fail("Page Down after Page Up shows %s, not the menu again" % state)
        print("rollback: Page Up showed %r, Page Down the menu again" % back["line"])
        tools.frames(2)
        state = tools.state()
        x, y = state["optionPoints"][0]
        tools.tap(box[0] + x * box[2], box[1] + y * box[3])
        tools.frames(2)
        saved = quicksave(tools)
        choose = [line for line in saved.splitlines() if line.split()[1:2] == ["choose"]]
        if len(choose) != 2 or choose[1].split()[2] != "1":
            fail("a tap on the first option did not choose it; the save reads:\n" + saved)
        print("touch: %d taps turned %d pages; a tap on option 1 chose it (%s)" % (taps, tapped, choose[1]))
        tools.problems()

        # 5. The save after loading the page again.
        tools.open(base)
        again = tools.evaluate("(function () { try { return Module.FS.readFile('%s', {encoding: 'utf8'}); }"
                               " catch (e) { return null; } })()" % SAVE_FILE)
        if again != saved:
            fail("after a reload the save reads %r, not what was saved" % (again,))
        print("storage: the save survived a reload (%d bytes)" % len(saved))
        tools.problems()

        # 6. The title screen by keys: Down to Chapters, Enter, Down to the second chapter; then the
        # pause overlay's language row.
        tools.key("Enter", "Enter", 13, "\r")
        tools.wait_for("stagehandPage.firstFrameMs !== null", "the title screen's first frame")
        top = tools.state()
        if top["screen"] != "menu":
            fail("the page with no scene named shows %s, not the title screen" % top)
        for _ in range(8):
            if tools.state().get("rowKind") == "chapters":
                break
            tools.key("ArrowDown", "ArrowDown", 40)
            tools.frames(2)
        else:
            fail("Down on the title screen never reached Chapters (at %r)" % tools.state())
        tools.key("Enter", "Enter", 13, "\r")
        tools.frames(2)
        first = tools.state()["scene"]
        tools.key("ArrowDown", "ArrowDown", 40)
        tools.frames(2)
        row = tools.state()["scene"]
        if not first or not row or row == first:
            fail("Enter on Chapters, then Down, did not reach the second chapter's row (%r, then %r)" % (first, row))
        tools.key("Enter", "Enter", 13, "\r")
        tools.wait_for("Module.stagehandState().screen === 'scene' && Module.stagehandState().line !== ''",
                       "the scene chosen to show a line")
        state = tools.state()
        if state["scene"] != row:
            fail("Enter on the menu's row %s played %s" % (row, state["scene"]))
        print("title screen: Chapters, Down, Enter played %s" % row)
        hide_page(tools)  # the lines read so far kept: the next hide writes only the settings
        tools.key("Escape", "Escape", 27)
        tools.wait_for("Module.stagehandState().screen === 'paused'", "the pause overlay")
        tools.key("ArrowDown", "ArrowDown", 40)
        tools.key("ArrowRight", "ArrowRight", 39)
        tools.key("Escape", "Escape", 27)
        tools.wait_for("Module.stagehandState().screen === 'scene'", "the scene again")
        tools.frames(2)
        switched = tools.state()
        if switched["language"] == state["language"] or switched["line"] == state["line"]:
            fail("the pause overlay's language row left %s as %s" % (state, switched))
        print("language: %r reads %r in %s" % (state["line"], switched["line"], switched["language"]))
        tools.problems()

        # 7. Every file the game keeps in the player's folder (the settings, with the language just chosen,
        # kept as the page is hidden; the lines read; the quick save) as the browser's storage gives it back after a reload: each
        # way of writing a file (closed, renamed) must reach the storage, not only the save's.
        folder = os.path.dirname(SAVE_FILE)
        listing = ("(function () { var out = {}; Module.FS.readdir('%s').forEach(function (n) {"
                   " var p = '%s/' + n; if (n !== '.' && n !== '..' && Module.FS.isFile(Module.FS.stat(p).mode))"
                   " out[n] = Module.FS.readFile(p, {encoding: 'utf8'}); }); return JSON.stringify(out); })()"
                   % (folder, folder))
        hide_page(tools)  # the settings with the language just chosen; nothing new read, so read.txt stays
        kept = json.loads(tools.evaluate(listing))
        if "settings.txt" not in kept or "quicksave.txt" not in kept:
            fail("the player's folder holds %s, not the settings and the quick save" % sorted(kept))
        tools.open(base)
        back = json.loads(tools.evaluate(listing))
        for name in sorted(set(kept) | set(back)):
            if kept.get(name) != back.get(name):
                fail("after a reload the player's %s reads %r, not %r" % (name, back.get(name), kept.get(name)))
        print("storage: the player's %d files came back after a reload (%s)" % (len(kept), ", ".join(sorted(kept))))
        tools.problems()

        # 2. The conversation at 3 s, drawn by WebGL 2, against the desktop's frame.
        shot = "/tmp/conversation.png"
        tools.open(base + "?args=--screenshot%20" + shot + "%20--at%203%20--scene%20conversation%20--size%20640x360")
        tools.key("Enter", "Enter", 13, "\r")
        tools.wait_for("stagehandPage.exitCode !== null", "the screenshot")
        code = tools.evaluate("stagehandPage.exitCode")
        if code != 0:
            fail("the page's --screenshot exited %s" % code)
        png = tools.evaluate("(function () { var b = Module.FS.readFile('%s'); var s = '';"
                             " for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);"
                             " return btoa(s); })()" % shot)
        actual = os.path.join(out_dir, "web_conversation_3s_640x360.png")
        with open(actual, "wb") as f:
            f.write(base64.b64decode(png))
        verdict = subprocess.run([checker, "image", actual, expected, "1", "0.001"], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
        if verdict.returncode != 0:
            fail("the browser's frame %s is not the desktop's %s:\n%s" % (actual, expected, verdict.stdout))
        print("frame: " + verdict.stdout.strip())
        tools.problems()
        # 8. A game of one's own, packaged for the web, served on its own.
        if desktop:
            game, dist = os.path.join(out_dir, "Tower Tales"), os.path.join(out_dir, "dist")
            shutil.rmtree(game, ignore_errors=True)
            for args in (["--new", game], ["--package", game, "--out", dist, "--web-engine", site]):
                made = subprocess.run([desktop] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                if made.returncode != 0:
                    fail("stagehand %s: exit %d\n%s" % (" ".join(args), made.returncode, made.stdout))
            packaged = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
                Quiet, directory=os.path.join(dist, "tower-tales-0.1-web")))
            threading.Thread(target=packaged.serve_forever, daemon=True).start()
            try:
                tools.open("http://127.0.0.1:%d/index.html" % packaged.server_address[1])
                state = start_packaged_game(tools)
                if state["scene"] != "arrival":
                    fail("the packaged web folder shows %s, not the new game's scene arrival" % state)
                print("package: the new game's web folder plays %s (%s)" % (state["scene"], state["screen"]))
                tools.problems()
            finally:
                packaged.shutdown()
    finally:
        tools.close()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    print("ok: the browser build plays")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Plays a game's packaged web folder (--package's NAME-VERSION-web/) in
headless Chromium from a loopback server, as a player's browser would, and
checks it is that game: the page's title is the game's, its favicon is there,
the first key starts it, and it plays the scene named (through its title
screen's Start when it has one), with no console error or failed request.

usage: play_web_folder.py WEB_FOLDER TITLE SCENE
Chromium is `chromium` on PATH, or STAGEHAND_CHROMIUM (tests/web/check_web.py
drives it; this reuses its DevTools client)."""
import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web"))
import check_web  # noqa: E402  (beside it in tests/web)


def main():
    folder, title, scene = sys.argv[1:4]
    chromium = os.environ.get("STAGEHAND_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        check_web.fail("no chromium on PATH (or STAGEHAND_CHROMIUM): the web folder cannot be played")
    if not os.path.isfile(os.path.join(folder, "favicon.png")):
        check_web.fail("%s has no favicon.png: the game's icon did not reach its page" % folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(check_web.Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    profile = tempfile.mkdtemp(prefix="stagehand-chromium-")
    tools = check_web.start_session(chromium, profile)
    try:
        tools.open("http://127.0.0.1:%d/index.html" % server.server_address[1])
        shown = tools.evaluate("document.title")
        if shown != title:
            check_web.fail("the page's title is %r, not the game's %r" % (shown, title))
        state = check_web.start_packaged_game(tools)
        if state["scene"] != scene:
            check_web.fail("the web folder shows %s, not the game's scene %s" % (state, scene))
        tools.problems()
        print("web: %s plays %s under the title %r" % (folder, state["scene"], shown))
    finally:
        tools.close()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Plays a movie in headless Chromium and prints what the page saw, as one line of JSON.

Usage: chromium_play.py CHROMIUM MOVIE FPS FRAMES SEGMENT_SECONDS TIMEOUT_SECONDS

The movie's frame k must show the number k as a `BarcodeVideo` code at its top left (blocks of
8 x 8 pixels, 12 bits, the complement row under the number row). A page written beside the
movie (file://) has a muted <video> that

1. plays the movie from start to end at normal speed: every frame the compositor presents
   (requestVideoFrameCallback) is drawn to a canvas and its code read, with the frame's media
   time; then getVideoPlaybackQuality(), and whether `ended` came;
2. seeks, paused, to the middle of the frame just before and of the frame just after each
   segment boundary (and to the first and last frames), reading the code shown after `seeked`;

and counts `error`, `stalled` and `waiting` events. Chromium is driven over
--remote-debugging-pipe (the DevTools protocol on file descriptors 3 and 4; --dump-dom does not
wait for playback), with a profile, home and cache in a temporary folder beside the movie and
no network. The run is bounded by TIMEOUT_SECONDS; Chromium's process group is killed on the
way out, whatever happens. Exits 0 with {"failure": ...} when the page could not be run.
"""
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>chromake playback</title></head>
<body>
<video id="v" muted playsinline preload="auto" src="MOVIE"></video>
<canvas id="c" width="96" height="16"></canvas>
<script>
const fps = FPS, frames = FRAMES, segment = SEGMENT;
const v = document.getElementById("v");
const g = document.getElementById("c").getContext("2d", {willReadFrequently: true});
const events = {error: 0, stalled: 0, waiting: 0, ended: 0};
const errors = [];
for (const name of Object.keys(events)) {
  v.addEventListener(name, () => {
    events[name]++;
    if (name === "error" && v.error) errors.push(v.error.code + " " + v.error.message);
  });
}
/** The number the code at the top left of the current picture shows, or null. */
function code() {
  g.drawImage(v, 0, 0, 96, 16, 0, 0, 96, 16);
  const p = g.getImageData(0, 0, 96, 16).data;
  let n = 0;
  for (let bit = 0; bit < 12; bit++) {
    const x = bit * 8 + 4, set = p[(4 * 96 + x) * 4], complement = p[(12 * 96 + x) * 4];
    if (Math.abs(set - complement) <= 100) return null;
    if (set > complement) n |= 1 << bit;
  }
  return n;
}
const once = (name) => new Promise((resolve) => v.addEventListener(name, resolve, {once: true}));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function run() {
  const result = {canPlayType: v.canPlayType('video/mp4; codecs="avc1.64001f, mp4a.40.2"')};
  if (v.readyState < 1) await Promise.race([once("loadedmetadata"), once("error")]);
  result.duration = v.duration;
  result.size = [v.videoWidth, v.videoHeight];
  // 1. Plays from start to end.
  const presented = [];
  let playing = true;
  const onFrame = (now, meta) => {
    if (!playing) return;
    presented.push({t: meta.mediaTime, code: code(), n: meta.presentedFrames});
    if (playing) v.requestVideoFrameCallback(onFrame);
  };
  v.requestVideoFrameCallback(onFrame);
  const ended = Promise.race([once("ended"), once("error")]);
  try { await v.play(); } catch (e) { errors.push("play(): " + e); }
  await ended;
  playing = false;
  const q = v.getVideoPlaybackQuality();
  result.play = {
    ended: v.ended, currentTime: v.currentTime, presented: presented,
    totalVideoFrames: q.totalVideoFrames, droppedVideoFrames: q.droppedVideoFrames,
    corruptedVideoFrames: q.corruptedVideoFrames,
  };
  // 2. Seeks, paused, either side of each boundary.
  const targets = [0];
  for (let b = segment; b < frames / fps - 1e-9; b += segment) {
    const k = Math.round(b * fps);
    targets.push(k - 1, k);
  }
  targets.push(frames - 1);
  result.seeks = [];
  for (const k of targets) {
    const seeked = once("seeked");
    v.currentTime = (k + 0.5) / fps;
    await Promise.race([seeked, sleep(5000)]);
    // The picture after a seek is presented a moment after `seeked`.
    await Promise.race([new Promise((r) => v.requestVideoFrameCallback(r)), sleep(500)]);
    result.seeks.push({frame: k, seeked: !v.seeking, currentTime: v.currentTime, code: code()});
  }
  result.events = events;
  result.errors = errors;
  result.mediaError = v.error ? v.error.code + " " + v.error.message : null;
  return result;
}
window.chromakeResult = run().catch((e) => ({failure: "page: " + e}));
</script>
</body></html>
"""


class Browser:
    """Chromium with the DevTools protocol on a pipe: NUL-ended JSON messages."""

    def __init__(self, chromium, folder):
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()
        home = os.path.join(folder, "home")
        os.makedirs(home, exist_ok=True)
        environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home, XDG_CACHE_HOME=home)

        def descriptors():
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + os.path.join(folder, "profile"),
             "--autoplay-policy=no-user-gesture-required", "--allow-file-access-from-files",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--mute-audio", "--disable-background-media-suspend",
             "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(folder, "chromium.log"), "wb"),
            env=environment, pass_fds=(3, 4), preexec_fn=descriptors, start_new_session=True)
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, deadline=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.replies], [], [], left)
            if ready:
                chunk = os.read(self.replies, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_event(self, method, deadline):
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self.receive(deadline))

    def close(self):
        for descriptor in (self.commands, self.replies):
            try:
                os.close(descriptor)
            except OSError:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()


def play(chromium, movie, fps, frames, segment, seconds):
    deadline = time.monotonic() + seconds
    folder = tempfile.mkdtemp(prefix=".chromium-", dir=os.path.dirname(os.path.abspath(movie)))
    browser = None
    try:
        page = os.path.join(folder, "page.html")
        with open(page, "w", encoding="utf-8") as file:
            file.write(PAGE.replace("MOVIE", "file://" + os.path.abspath(movie))
                       .replace("FPS", str(fps)).replace("FRAMES", str(frames))
                       .replace("SEGMENT", str(segment)))
        browser = Browser(chromium, folder)
        target = browser.send("Target.createTarget", {"url": "about:blank"}, deadline=deadline)
        session = browser.send("Target.attachToTarget",
                               {"targetId": target["targetId"], "flatten": True},
                               deadline=deadline)["sessionId"]
        browser.send("Page.enable", session=session, deadline=deadline)
        browser.send("Page.navigate", {"url": "file://" + page}, session=session,
                     deadline=deadline)
        browser.wait_event("Page.loadEventFired", deadline)
        left = max(1, int((deadline - time.monotonic()) * 1000))
        reply = browser.send("Runtime.evaluate",
                             {"expression": "window.chromakeResult", "awaitPromise": True,
                              "returnByValue": True, "timeout": left},
                             session=session, deadline=deadline)
        if "exceptionDetails" in reply:
            return {"failure": "page: " + json.dumps(reply["exceptionDetails"])}
        result = reply["result"].get("value") or {"failure": "page returned nothing"}
        result["version"] = browser.send("Browser.getVersion",
                                         deadline=deadline).get("product")
        return result
    except (TimeoutError, RuntimeError, OSError) as error:
        log = ""
        try:
            with open(os.path.join(folder, "chromium.log"), errors="replace") as file:
                log = file.read()[-2000:]
        except OSError:
            pass
        return {"failure": f"{error}", "chromiumLog": log}
    finally:
        if browser:
            browser.close()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    # `timeout` ends this script with SIGTERM: the finally blocks still kill Chromium.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    chromium, movie = sys.argv[1], sys.argv[2]
    fps, frames = int(sys.argv[3]), int(sys.argv[4])
    segment, seconds = float(sys.argv[5]), float(sys.argv[6])
    print(json.dumps(play(chromium, movie, fps, frames, segment, seconds)))


if __name__ == "__main__":
    main()

// chromake preview: the page's behaviour. Plain JavaScript, no modules, nothing from the network.
//
// What it keeps to (issue 43):
// - The server draws one frame at a time, so at most one /frame request is in flight, and when
//   it ends the page asks for the newest frame wanted, never a queue of stale ones: scrubbing
//   and playing skip frames rather than fall behind.
// - Nothing runs while the page is idle: no polling, no animation loop. The server's
//   EventSource says when a plan changed; playing is driven by frames arriving, and waits with
//   one timer only when the server is faster than real time.
// - A new plan keeps the playhead (clamped to the new length) and never reloads the page; a
//   broken save keeps the last good frame, dimmed, under its errors.
"use strict";

(function () {
  const token = new URLSearchParams(location.search).get("token");
  const $ = (id) => document.getElementById(id);
  const ui = {
    stage: $("stage"), frameBox: $("frameBox"), frame: $("frame"), boxes: $("boxes"),
    placeholder: $("placeholder"), problems: $("problems"), problemsTitle: $("problemsTitle"),
    problemsText: $("problemsText"), play: $("play"), scrubber: $("scrubber"), time: $("time"),
    frameNumber: $("frameNumber"), boxesToggle: $("boxesToggle"), warnings: $("warnings"),
    warningsTitle: $("warningsTitle"), warningsText: $("warningsText"), rows: $("rows"),
    ruler: $("ruler"), timeline: $("timeline"), playheadLane: $("playheadLane"),
    playhead: $("playhead"), summary: $("summary"), message: $("message"), link: $("link"),
  };

  // Every URL the page asks for carries the page's own token (needed with --host).
  function url(path, params) {
    const query = new URLSearchParams(params || {});
    if (token !== null) query.set("token", token);
    const text = query.toString();
    return text ? path + "?" + text : path;
  }

  const state = {
    // The latest plan event's facts: {counter, frameCount, fps: [num, den], width, height}.
    output: null,
    plan: null, // /plan.json, for the timeline
    frame: 0, // the playhead
    shownFrame: -1, // the frame of the picture shown
    shownPlan: 0, // the plan counter of the picture shown
    shownKey: "", // what the shown picture was asked as (frame, width, format, generation)
    generation: 0, // bumped by every plan event, so the same frame is asked for again
    inFlight: false,
    failedKey: "", // a request that failed, not repeated until something changes
    playing: false,
    clockStart: 0, // performance.now() when frame clockFrame was due
    clockFrame: 0,
    timer: 0, // the one timer that waits for the next frame's time while playing
    errors: 0,
    warnings: 0,
    problemsText: "",
    layoutInFlight: false,
    boxesFrame: -1, // the frame whose boxes are drawn
    layoutShown: "",
  };

  // --- Numbers ---------------------------------------------------------------------------

  function fpsValue() {
    const fps = state.output ? state.output.fps : [30, 1];
    return fps[0] / fps[1];
  }

  function frameCount() {
    return state.output ? state.output.frameCount : 0;
  }

  function secondsOf(frame) {
    const fps = state.output ? state.output.fps : [30, 1];
    return (frame * fps[1]) / fps[0];
  }

  // Before the first plan the length is unknown: a playhead set then is kept, and clamped
  // when the plan comes.
  function clampFrame(frame) {
    const last = state.output ? Math.max(0, frameCount() - 1) : Infinity;
    return Math.min(Math.max(0, Math.round(frame)), last);
  }

  // --- The frame -------------------------------------------------------------------------

  // The width to ask for: the picture's displayed width in device pixels (clamped to the
  // output's), or a reduced one while playing, which is cheaper to draw and to send.
  function requestWidth() {
    const outputWidth = state.output ? state.output.width : 1;
    // The width layoutStage gave the picture's box, known before the first picture shows.
    const boxWidth = parseFloat(ui.frameBox.style.width) || 0;
    const shown = Math.round(boxWidth * (window.devicePixelRatio || 1));
    const wanted = state.playing ? Math.min(640, shown) : shown;
    return Math.max(1, Math.min(outputWidth, wanted || outputWidth));
  }

  function wantedRequest() {
    const width = requestWidth();
    const format = state.playing ? "jpeg" : "png";
    const key = [state.frame, width, format, state.generation].join("/");
    return { frame: state.frame, width: width, format: format, key: key };
  }

  // Asks for the wanted frame unless a request is in flight (its end asks again) or the
  // picture shown is already it.
  function pump() {
    if (state.inFlight || !state.output || frameCount() === 0) return;
    const want = wantedRequest();
    if (want.key === state.shownKey || want.key === state.failedKey) {
      if (state.playing) scheduleNextTick();
      return;
    }
    state.inFlight = true;
    fetchFrame(want)
      .then(() => {
        state.shownKey = want.key;
        state.failedKey = "";
        if (!state.problemsText) say("");
      })
      .catch((error) => {
        state.failedKey = want.key;
        say(String(error.message || error), true);
        if (state.playing) pause();
      })
      .finally(() => {
        state.inFlight = false;
        if (state.playing) advanceClock();
        pump();
        refreshLayout();
      });
  }

  async function fetchFrame(want) {
    const response = await fetch(
      url("/frame", { f: want.frame, width: want.width, format: want.format }),
      { cache: "no-store" });
    if (!response.ok) throw new Error(await reason(response));
    const blob = await response.blob();
    const objectURL = URL.createObjectURL(blob);
    // Decoded off-screen first, so the shown picture changes at once, without a blank.
    const picture = new Image();
    picture.src = objectURL;
    try {
      await picture.decode();
    } catch (error) {
      URL.revokeObjectURL(objectURL);
      throw new Error("the frame could not be decoded");
    }
    const previous = ui.frame.src;
    ui.frame.src = objectURL;
    if (previous.startsWith("blob:")) URL.revokeObjectURL(previous);
    state.shownFrame = Number(response.headers.get("X-Chromake-Frame"));
    state.shownPlan = Number(response.headers.get("X-Chromake-Plan"));
    ui.frameBox.hidden = false;
    ui.placeholder.hidden = true;
  }

  async function reason(response) {
    try {
      const body = await response.json();
      if (body && body.error) return response.status + ": " + body.error;
    } catch (ignored) {
      // Not JSON: the status alone says it.
    }
    return "HTTP " + response.status;
  }

  // Fits the picture into the stage, keeping the output's aspect ratio.
  function layoutStage() {
    if (!state.output) return;
    const room = ui.stage.getBoundingClientRect();
    const margin = 16;
    const scale = Math.min(
      (room.width - margin) / state.output.width, (room.height - margin) / state.output.height);
    const width = Math.max(1, Math.floor(state.output.width * scale));
    const height = Math.max(1, Math.floor(state.output.height * scale));
    ui.frameBox.style.width = width + "px";
    ui.frameBox.style.height = height + "px";
  }

  // --- The playhead and playing ----------------------------------------------------------

  function seek(frame) {
    if (state.playing) pause();
    setPlayhead(clampFrame(frame));
  }

  function setPlayhead(frame) {
    state.frame = frame;
    showPlayhead();
    pump();
  }

  function showPlayhead() {
    const count = frameCount();
    ui.scrubber.max = String(Math.max(0, count - 1));
    ui.scrubber.value = String(state.frame);
    ui.time.textContent = secondsOf(state.frame).toFixed(3) + " s";
    ui.frameNumber.textContent = "frame " + state.frame + " / " + count;
    ui.playhead.style.left = count > 0 ? (state.frame / count) * 100 + "%" : "0";
  }

  // The clock says which frame is due: frames are skipped whenever drawing is slower than
  // real time, and played at their time when it is faster.
  function clockDue() {
    const elapsed = (performance.now() - state.clockStart) / 1000;
    return state.clockFrame + Math.floor(elapsed * fpsValue() + 1e-6);
  }

  function advanceClock() {
    const due = clockDue();
    if (due >= frameCount()) {
      setPlayhead(frameCount() - 1);
      pause();
      return;
    }
    state.frame = due;
    showPlayhead();
  }

  function scheduleNextTick() {
    if (state.timer) return;
    const next = clockDue() + 1;
    const dueAt = state.clockStart + ((next - state.clockFrame) / fpsValue()) * 1000;
    state.timer = setTimeout(() => {
      state.timer = 0;
      if (!state.playing) return;
      advanceClock();
      pump();
    }, Math.max(1, dueAt - performance.now()));
  }

  function play() {
    if (state.playing || frameCount() === 0) return;
    if (state.frame >= frameCount() - 1) state.frame = 0;
    state.playing = true;
    state.clockFrame = state.frame;
    state.clockStart = performance.now();
    ui.play.textContent = "❚❚";
    ui.play.setAttribute("aria-label", "pause");
    showPlayhead();
    pump();
  }

  function pause() {
    if (!state.playing) return;
    state.playing = false;
    if (state.timer) clearTimeout(state.timer);
    state.timer = 0;
    ui.play.textContent = "▶";
    ui.play.setAttribute("aria-label", "play");
    // The last picture was a reduced JPEG: ask for the full one at the same frame.
    pump();
  }

  // --- Box outlines ----------------------------------------------------------------------

  function refreshLayout() {
    if (!ui.boxesToggle.checked) {
      ui.boxes.replaceChildren();
      state.boxesFrame = -1;
      state.layoutShown = "";
      return;
    }
    if (state.layoutInFlight || state.shownFrame < 0) return;
    const key = state.shownKey;
    if (key === state.layoutShown) return;
    state.layoutInFlight = true;
    fetch(url("/layout", { f: state.shownFrame }), { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(await reason(response));
        drawBoxes(await response.json());
      })
      .catch((error) => say("boxes: " + (error.message || error), true))
      .finally(() => {
        // Done with this picture, drawn or failed: a failure is not asked again in a loop.
        state.layoutShown = key;
        state.layoutInFlight = false;
        refreshLayout();
      });
  }

  function drawBoxes(layout) {
    state.boxesFrame = layout.frame;
    const boxes = (layout.layers || []).map((layer) => {
      const [x, y, w, h] = layer.box;
      const box = document.createElement("div");
      box.className = "box";
      box.style.left = (x / layout.width) * 100 + "%";
      box.style.top = (y / layout.height) * 100 + "%";
      box.style.width = (w / layout.width) * 100 + "%";
      box.style.height = (h / layout.height) * 100 + "%";
      if (layer.rotation) box.style.transform = "rotate(" + layer.rotation + "deg)";
      const label = document.createElement("span");
      label.textContent = layer.name;
      box.appendChild(label);
      return box;
    });
    ui.boxes.replaceChildren(...boxes);
  }

  // --- The timeline ----------------------------------------------------------------------

  function bar(className, first, end, label, title, frame) {
    const count = Math.max(1, frameCount());
    const element = document.createElement("div");
    element.className = "bar " + className;
    element.style.left = (first / count) * 100 + "%";
    element.style.width = (Math.max(0, end - first) / count) * 100 + "%";
    element.textContent = label;
    element.title = title;
    element.dataset.frame = String(frame === undefined ? first : frame);
    return element;
  }

  function row(name, kind, bars) {
    const element = document.createElement("div");
    element.className = "row " + kind;
    const label = document.createElement("div");
    label.className = "name";
    label.title = name;
    label.textContent = name;
    if (kind) {
      const tag = document.createElement("span");
      tag.className = "kind";
      tag.textContent = kind;
      label.appendChild(tag);
    }
    const track = document.createElement("div");
    track.className = "track";
    track.append(...bars);
    element.append(label, track);
    return element;
  }

  function frameSpan(range) {
    return "frames " + range.first + "–" + Math.max(range.first, range.end - 1);
  }

  function layerBars(layer) {
    const bars = [];
    const range = layer.frames;
    const title = layer.name + " · " + layer.kind + " · " + frameSpan(range);
    if (layer.kind !== "captions") {
      bars.push(bar(layer.kind, range.first, range.end, layer.name, title));
      return bars;
    }
    bars.push(bar("span", range.first, range.end, "", title));
    const captions = layer.captions || {};
    const words = captions.words;
    const pages = words ? words.pages : captions.pages || [];
    for (const page of pages) {
      const text = words
        ? page.words.map((word) => word.text).join(" ")
        : page.cues.map((cue) => (captions.cues[cue] || {}).text || "").join(" / ");
      bars.push(bar("page", page.frames.first, page.frames.end, "",
        text + " · " + frameSpan(page.frames)));
    }
    return bars;
  }

  function sequenceBars(sequence, layers) {
    const title = sequence.name + " · sequence · " + frameSpan(sequence.frames);
    const bars = [bar("span", sequence.frames.first, sequence.frames.end, "", title)];
    // Items alternate between two lanes, as an A/B roll, so that where a transition overlaps
    // two of them both stay visible.
    sequence.items.forEach((index, position) => {
      const item = layers[index];
      if (!item) return;
      bars.push(bar("item lane" + (position % 2) + " " + item.kind, item.frames.first,
        item.frames.end, item.name,
        item.name + " · " + item.kind + " · " + frameSpan(item.frames)));
    });
    for (const transition of sequence.transitions || []) {
      const style = transition.style ? transition.style.kind : "transition";
      bars.push(bar("transition", transition.frames.first, transition.frames.end, "",
        transition.name + " · " + style + " · " + frameSpan(transition.frames)));
    }
    return bars;
  }

  // One row per layer, in the project's order (bottom first, as the file lists them); the
  // items of a sequence share its row, their transitions marked where they overlap.
  function buildTimeline() {
    const plan = state.plan;
    if (!plan) return;
    const layers = plan.layers || [];
    const sequenceOf = new Map();
    for (const sequence of plan.sequences || []) {
      for (const index of sequence.items) sequenceOf.set(index, sequence);
    }
    const rows = [];
    const drawn = new Set();
    layers.forEach((layer, index) => {
      const sequence = sequenceOf.get(index);
      if (!sequence) {
        rows.push(row(layer.name, layer.kind, layerBars(layer)));
      } else if (!drawn.has(sequence)) {
        drawn.add(sequence);
        rows.push(row(sequence.name, "sequence", sequenceBars(sequence, layers)));
      }
    });
    ui.rows.replaceChildren(...rows);
    buildRuler();
    ui.playheadLane.style.height = ui.timeline.scrollHeight + "px";
  }

  // Ticks at a round number of seconds, about one per 80 pixels.
  function buildRuler() {
    const seconds = secondsOf(frameCount());
    const width = Math.max(1, ui.ruler.clientWidth);
    const steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
    const step = steps.find((s) => (s / Math.max(seconds, 1e-9)) * width >= 80) || 600;
    const ticks = [];
    for (let t = 0; t < seconds; t += step) {
      const tick = document.createElement("div");
      tick.className = "tick";
      tick.style.left = (t / seconds) * 100 + "%";
      tick.textContent = (step < 1 ? t.toFixed(1) : String(Math.round(t))) + "s";
      ticks.push(tick);
    }
    ui.ruler.replaceChildren(...ticks);
  }

  function frameAt(event, track) {
    const rect = track.getBoundingClientRect();
    const fraction = (event.clientX - rect.left) / Math.max(1, rect.width);
    return clampFrame(Math.floor(fraction * frameCount()));
  }

  // A click on a bar goes to its first frame; a press elsewhere on a track, or a drag from
  // anywhere on one, scrubs.
  function startTimelineDrag(event) {
    const track = event.target.closest(".track");
    if (!track || event.button !== 0 || frameCount() === 0) return;
    event.preventDefault();
    const onBar = event.target.closest(".bar");
    const startX = event.clientX;
    let dragging = !onBar;
    if (dragging) seek(frameAt(event, track));
    const move = (moveEvent) => {
      if (!dragging && Math.abs(moveEvent.clientX - startX) < 4) return;
      dragging = true;
      seek(frameAt(moveEvent, track));
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!dragging && onBar) seek(Number(onBar.dataset.frame));
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  // --- Plans and problems from the server ------------------------------------------------

  function onPlan(facts) {
    state.output = facts;
    state.generation += 1;
    state.failedKey = "";
    ui.summary.textContent =
      facts.width + "×" + facts.height + " · " + formatFps(facts.fps) + " fps · " +
      Number(facts.duration).toFixed(3) + " s · " + facts.frameCount + " frames · plan " +
      facts.counter;
    layoutStage();
    if (state.playing) {
      // Keep playing from where the clock is, on the new plan.
      state.clockFrame = clampFrame(clockDue());
      state.clockStart = performance.now();
    }
    state.frame = clampFrame(state.frame);
    showPlayhead();
    // The first frame waits for the timeline, whose height decides the picture's size, so it
    // is drawn once at the right width; later ones come at once.
    if (state.plan) pump();
    loadPlan(facts.counter);
  }

  function formatFps(fps) {
    const value = fps[0] / fps[1];
    return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }

  let planWanted = 0;
  let planLoading = false;

  // Fetches /plan.json for the timeline; one request at a time, the newest plan wanted.
  function loadPlan(counter) {
    planWanted = Math.max(planWanted, counter);
    if (planLoading) return;
    planLoading = true;
    const asked = planWanted;
    fetch(url("/plan.json"), { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(await reason(response));
        state.plan = await response.json();
        state.planCounter = Number(response.headers.get("X-Chromake-Plan")) || asked;
        buildTimeline();
        showPlayhead();
      })
      .catch((error) => say("plan: " + (error.message || error), true))
      .finally(() => {
        planLoading = false;
        layoutStage();
        pump();
        if (planWanted > asked) loadPlan(planWanted);
      });
  }

  function onProblems(problems) {
    state.errors = problems.errors;
    state.warnings = problems.warnings;
    const diagnostics = problems.diagnostics || [];
    if (problems.errors > 0) {
      state.problemsText = problems.text;
      ui.problemsTitle.textContent =
        plural(problems.errors, "error") +
        (state.shownFrame >= 0 ? " · showing the last good frame" : "");
      ui.problemsText.textContent = problems.text;
      ui.problems.hidden = false;
      ui.stage.classList.add("broken");
      ui.warnings.hidden = true;
      say("");
      return;
    }
    state.problemsText = "";
    ui.problems.hidden = true;
    ui.stage.classList.remove("broken");
    if (problems.warnings > 0) {
      const warnings = diagnostics.filter((d) => d.severity === "warning");
      ui.warningsTitle.textContent = plural(problems.warnings, "warning");
      ui.warningsText.textContent = warnings.length
        ? warnings.map((d) => d.text).join("\n")
        : problems.text;
      ui.warnings.hidden = false;
    } else {
      ui.warnings.hidden = true;
    }
    layoutStage();
  }

  function plural(count, word) {
    return count + " " + word + (count === 1 ? "" : "s");
  }

  function say(text, isError) {
    ui.message.textContent = text;
    ui.message.style.color = isError ? "var(--error)" : "";
  }

  function connect() {
    const events = new EventSource(url("/events"));
    events.addEventListener("open", () => {
      ui.link.textContent = "live";
      ui.link.className = "link live";
    });
    events.addEventListener("error", () => {
      // The EventSource reconnects by itself; on reconnecting the server sends its state.
      ui.link.textContent = "reconnecting";
      ui.link.className = "link lost";
    });
    events.addEventListener("plan", (event) => onPlan(JSON.parse(event.data)));
    events.addEventListener("problems", (event) => onProblems(JSON.parse(event.data)));
  }

  // --- Input -----------------------------------------------------------------------------

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const step = event.shiftKey ? Math.max(1, Math.round(fpsValue())) : 1;
    switch (event.key) {
      case "ArrowLeft":
        seek(state.frame - step);
        break;
      case "ArrowRight":
        seek(state.frame + step);
        break;
      case "Home":
        seek(0);
        break;
      case "End":
        seek(frameCount() - 1);
        break;
      case " ":
        if (state.playing) pause();
        else play();
        break;
      case "b":
      case "B":
        ui.boxesToggle.checked = !ui.boxesToggle.checked;
        refreshLayout();
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  ui.play.addEventListener("click", () => (state.playing ? pause() : play()));
  ui.scrubber.addEventListener("input", () => seek(Number(ui.scrubber.value)));
  ui.boxesToggle.addEventListener("change", refreshLayout);
  ui.timeline.addEventListener("pointerdown", startTimelineDrag);
  // Only a change of size asks for a new picture (at the new width): nothing runs otherwise.
  new ResizeObserver(() => {
    layoutStage();
    if (state.plan) buildRuler();
    pump();
  }).observe(ui.stage);

  // What the tests (and anyone in the console) can read and drive.
  const loadedAt = Date.now() + Math.random();
  window.chromakePreview = {
    get frame() { return state.frame; },
    get shownFrame() { return state.shownFrame; },
    get planCounter() { return state.shownPlan; },
    get errors() { return state.errors; },
    get warnings() { return state.warnings; },
    get playing() { return state.playing; },
    get frameCount() { return frameCount(); },
    get timelinePlan() { return state.planCounter || 0; },
    get problemsText() { return state.problemsText; },
    get loadedAt() { return loadedAt; },
    get busy() { return state.inFlight; },
    get boxesFrame() { return state.boxesFrame; },
    seek: seek,
    play: play,
    pause: pause,
  };

  connect();
})();

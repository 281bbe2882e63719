import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Speech engines declared as commands, through the real commands: a stand-in engine (a
/// Python script writing a 440 Hz tone per word and the words' times) placed exactly in the
/// mix, run once per key across renders and batch rows (its runs counted), and failing and
/// hanging engines reported at the track, bounded in time, leaving nothing in the cache.
@Suite("chromake render: speech engines as commands", .tags(.endToEnd))
struct RenderSpeechEngineTests {
  /// Reads the text on stdin; writes one tone of 0.25 s per word, then 0.05 s of silence (both
  /// divided by the rate), 16-bit mono at 16 kHz, to argv[1], the words as a JSON caption
  /// array to argv[2], and the text as one line of `runs.log` beside itself.
  static let toneEngine = """
    import json, math, os, struct, sys, wave
    out, words_path, rate = sys.argv[1], sys.argv[2], float(sys.argv[3])
    text = sys.stdin.read()
    sr = 16000
    tone, gap = int(0.25 * sr / rate), int(0.05 * sr / rate)
    samples, cues, at = [], [], 0
    for w in text.split():
        cues.append({"text": w, "startMs": at * 1000 // sr, "endMs": (at + tone) * 1000 // sr})
        samples += [int(8000 * math.sin(2 * math.pi * 440 * i / sr)) for i in range(tone)]
        samples += [0] * gap
        at += tone + gap
    with wave.open(out, "wb") as f:
        f.setnchannels(1); f.setsampwidth(2); f.setframerate(sr)
        f.writeframes(struct.pack("<%dh" % len(samples), *samples))
    json.dump(cues, open(words_path, "w"))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "runs.log"), "a") as log:
        log.write(text + "\\n")
    """

  static func project(
    speak: String = "one two three four", start: String = "0.5s", output: String = "ad.mp4",
    engine: String = "[python3, tones.py, \"{wav}\", \"{words}\", \"{rate}\"]",
    timeout: String = "20s"
  ) -> String {
    """
    version: 1
    engines:
      tones:
        command: \(engine)
        words: "{words}"
        timeout: \(timeout)
    output:
      file: \(output)
      size: 160x90
      fps: 25
      duration: 3s
    layers:
      - name: bg
        fill: "#102030"
      - name: words
        captions: voice
        font: DejaVu Sans Bold 16
        words: { per_page: 2 }
    audio:
      - name: voice
        speak: "\(speak)"
        engine: tones
        start: \(start)
    """
  }

  static func runs(_ folder: ScratchFolder) -> [String] {
    ((try? String(contentsOfFile: folder.path("runs.log"), encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  /// Every name in the cache folder, hidden ones too (a half-made entry would be one).
  static func cacheNames(_ cache: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/chromake/speech")) ?? [])
      .sorted()
  }

  /// Whether process `pid` has ended: gone, or a zombie not yet reaped (whoever adopted it
  /// reaps it in its own time), within two seconds.
  static func ended(_ pid: Int32) -> Bool {
    for _ in 0..<200 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return true
      }
      // The state follows the command's closing parenthesis.
      if let close = stat.lastIndex(of: ")"),
        stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
      {
        return true
      }
      usleep(10_000)
    }
    return false
  }

  @Test("the engine's speech is placed exactly: its first and last sound where its start says")
  func placedExactly() throws {
    try withScratchFolder { folder in
      try Self.toneEngine.write(toFile: folder.path("tones.py"), atomically: true, encoding: .utf8)
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      let render = try ChromakeBinary.run(
        ["render", project, "--progress", "none", "--allow-engines"],
        environment: ["XDG_CACHE_HOME": folder.path("cache")])
      try #require(render.status == 0, "render failed:\n\(render.stderr)")
      let span = try RenderSpeechTests.span(folder.path("ad.mp4"), rate: 48000)
      // Four tones of 0.25 s with 0.05 s between them: 1.15 s of sound from 0.5 s.
      #expect(abs(span.start - 0.5) < 0.002, "\(span)")
      #expect(abs(span.end - 1.65) < 0.002, "\(span)")
      #expect(Self.runs(folder) == ["one two three four"])
      // Its word times are the captions': the plan lists them on the output's clock.
      let plan = try ChromakeBinary.run(
        ["plan", project, "--allow-engines"], environment: ["XDG_CACHE_HOME": folder.path("cache")])
      #expect(plan.stdout.contains("reused"), "\(plan.stdout)")
      #expect(plan.stdout.contains("\"three\""))
      #expect(Self.runs(folder).count == 1)
    }
  }

  @Test("one run per key across renders and batch rows; a changed script makes speech again")
  func oneRunPerKey() throws {
    try withScratchFolder { folder in
      try Self.toneEngine.write(toFile: folder.path("tones.py"), atomically: true, encoding: .utf8)
      let cache = folder.path("cache")
      let project = folder.path("ad.yaml")
      try Self.project(speak: "{{script}}", output: "out/{{id}}.mp4").write(
        toFile: project, atomically: true, encoding: .utf8)
      try "id,script\na,red green\nb,red green\nc,blue\n".write(
        toFile: folder.path("rows.csv"), atomically: true, encoding: .utf8)
      let batch = try ChromakeBinary.run(
        ["batch", project, "--data", folder.path("rows.csv"), "--jobs", "2", "--allow-engines"],
        in: folder.url,
        environment: ["XDG_CACHE_HOME": cache])
      try #require(batch.status == 0, "batch failed:\n\(batch.stderr)")
      // Two rows with one script may race to make it; the cache keeps one, and a row never
      // runs the engine for a key already made.
      let made = Self.runs(folder)
      #expect(Set(made) == ["red green", "blue"], "\(made)")
      #expect(made.count <= 3)
      #expect(Self.cacheNames(cache).count == 2, "\(Self.cacheNames(cache))")
      let forced = try ChromakeBinary.run(
        ["batch", project, "--data", folder.path("rows.csv"), "--force", "--allow-engines"],
        in: folder.url,
        environment: ["XDG_CACHE_HOME": cache])
      try #require(forced.status == 0, "forced batch failed:\n\(forced.stderr)")
      #expect(Self.runs(folder) == made)
      // The script is part of the engine's identity: a new version of it speaks again.
      try (Self.toneEngine + "\n# version 2\n").write(
        toFile: folder.path("tones.py"), atomically: true, encoding: .utf8)
      let again = try ChromakeBinary.run(
        ["batch", project, "--data", folder.path("rows.csv"), "--explain", "--allow-engines"],
        in: folder.url,
        environment: ["XDG_CACHE_HOME": cache])
      try #require(again.status == 0, "batch after the change failed:\n\(again.stderr)")
      #expect(
        Self.runs(folder).count == made.count + 2 || Self.runs(folder).count == made.count + 3)
      #expect(again.stderr.contains("speech of 'voice' was made"), "\(again.stderr)")
    }
  }

  @Test("a failing engine is an error at the track with what it printed, and nothing cached")
  func failingEngine() throws {
    try withScratchFolder { folder in
      try
        "import sys\nsys.stderr.write('loading model\\nmodel voices/x.onnx not found\\n')\nsys.exit(3)\n"
        .write(toFile: folder.path("tones.py"), atomically: true, encoding: .utf8)
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      let check = try ChromakeBinary.run(
        ["check", project, "--allow-engines"], environment: ["XDG_CACHE_HOME": folder.path("cache")]
      )
      #expect(check.status == 65)
      #expect(
        check.stderr.contains(
          "ad.yaml:22:13: error: audio track 'voice': engine 'tones' made no speech: it exited with status 3"
        ), "\(check.stderr)")
      #expect(check.stderr.contains("it printed: model voices/x.onnx not found"))
      #expect(check.stderr.contains("[engine-failed]"))
      #expect(
        Self.cacheNames(folder.path("cache")).isEmpty, "\(Self.cacheNames(folder.path("cache")))")
    }
  }

  @Test("a hanging engine is stopped at its timeout, with whatever it started, and reported")
  func hangingEngine() throws {
    try withScratchFolder { folder in
      // A shell script that starts a child and waits: both must be gone after the timeout.
      try "#!/bin/sh\necho started\nsleep 60 &\necho $! > \"$0.child\"\nwait\n".write(
        toFile: folder.path("hang.sh"), atomically: true, encoding: .utf8)
      chmod(folder.path("hang.sh"), 0o755)
      let project = folder.path("ad.yaml")
      try Self.project(engine: "[./hang.sh, \"{wav}\", \"{words}\"]", timeout: "1s").write(
        toFile: project, atomically: true, encoding: .utf8)
      let started = Date()
      let check = try ChromakeBinary.run(
        ["check", project, "--allow-engines"], environment: ["XDG_CACHE_HOME": folder.path("cache")]
      )
      let seconds = Date().timeIntervalSince(started)
      #expect(check.status == 65)
      #expect(
        check.stderr.contains("it did not finish within its timeout of 1 s and was stopped"),
        "\(check.stderr)")
      #expect(check.stderr.contains("it printed: started"))
      #expect(seconds < 20, "check took \(seconds) s")
      let child = try String(contentsOfFile: folder.path("hang.sh.child"), encoding: .utf8)
      let pid = try #require(Int32(child.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(Self.ended(pid), "the engine's child \(pid) is still running")
      #expect(
        Self.cacheNames(folder.path("cache")).isEmpty, "\(Self.cacheNames(folder.path("cache")))")
    }
  }

  @Test("a program that is not there is an error at the engine's command")
  func missingProgram() throws {
    try withScratchFolder { folder in
      let project = folder.path("ad.yaml")
      try Self.project(engine: "[no-such-tts-program, \"{wav}\", \"{words}\"]").write(
        toFile: project, atomically: true, encoding: .utf8)
      let check = try ChromakeBinary.run(
        ["check", project, "--allow-engines"], environment: ["XDG_CACHE_HOME": folder.path("cache")]
      )
      #expect(check.status == 65)
      #expect(
        check.stderr.contains("engine 'tones': its program 'no-such-tts-program' is not on PATH"),
        "\(check.stderr)")
      #expect(check.stderr.contains("its command is declared here ("), "\(check.stderr)")
      #expect(check.stderr.contains("ad.yaml:4:15)"))
    }
  }

  @Test("without --allow-engines a project's engine never runs: an error at the track says why")
  func enginesNeedConsent() throws {
    try withScratchFolder { folder in
      try Self.toneEngine.write(toFile: folder.path("tones.py"), atomically: true, encoding: .utf8)
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      for command in [["check", project], ["render", project, "--progress", "none"]] {
        let run = try ChromakeBinary.run(
          command, environment: ["XDG_CACHE_HOME": folder.path("cache")])
        #expect(run.status == 65)
        #expect(
          run.stderr.contains(
            "ad.yaml:22:13: error: audio track 'voice': engine 'tones' runs the program 'python3'"),
          "\(run.stderr)")
        #expect(run.stderr.contains("help: if you trust this project, add --allow-engines"))
      }
      #expect(Self.runs(folder).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: folder.path("ad.mp4")))
    }
  }

  @Test("SIGINT while an engine runs ends the engine's group, and chromake dies by the signal")
  func interruptedEngine() throws {
    try withScratchFolder { folder in
      try "#!/bin/sh\nsleep 60 &\necho $! > \"$0.child\"\nwait\n".write(
        toFile: folder.path("hang.sh"), atomically: true, encoding: .utf8)
      chmod(folder.path("hang.sh"), 0o755)
      let project = folder.path("ad.yaml")
      try Self.project(engine: "[./hang.sh, \"{wav}\", \"{words}\"]", timeout: "60s").write(
        toFile: project, atomically: true, encoding: .utf8)
      let chromake = try RunningChromake(
        ["check", project, "--allow-engines"], in: folder.url,
        environment: ["XDG_CACHE_HOME": folder.path("cache")])
      // The engine has started once its child's number is written.
      let started = RunningChromake.poll(seconds: 30) {
        ((try? String(contentsOfFile: folder.path("hang.sh.child"), encoding: .utf8)) ?? "")
          .hasSuffix("\n")
      }
      try #require(started, "the engine never started")
      chromake.send(SIGINT)
      let ending = try #require(chromake.finish(within: 10), "chromake did not stop")
      #expect(ending == .signal(SIGINT), "\(ending)")
      let child = try String(contentsOfFile: folder.path("hang.sh.child"), encoding: .utf8)
      let pid = try #require(Int32(child.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(Self.ended(pid), "the engine's child \(pid) is still running")
      #expect(Self.cacheNames(folder.path("cache")).filter { !$0.hasPrefix(".") }.isEmpty)
    }
  }
}

import Diagnostics
import Foundation
import ProjectFile
import TestSupport
import Testing
import Timeline

/// `speak` tracks as read into the spec: the text from a value, a data cell or a file, the
/// voice, rate and engine with their defaults, and every mistake located at what to change.
/// Nothing is synthesized here (the session does that).
@Suite("Speak tracks: read and checked")
struct SpeechReadingTests {
  static func project(_ track: String) -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: 640x360
      fps: 30
      duration: 4s
    layers:
      - name: bg
        fill: "#000000"
    audio:
      - name: voice
    \(track)
    """
  }

  static func load(
    _ track: String, directory: String = "/tmp/chromake-speech-reading",
    set overrides: [String: String] = [:]
  ) -> LoadResult {
    ProjectLoader.load(
      text: project(track), path: "project.yaml", directory: directory,
      overrides: overrides.map { VariableOverride(name: $0.key, value: $0.value) })
  }

  static func problems(_ result: LoadResult) -> [String] {
    result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.id)" }
  }

  @Test("a text with the defaults: en-us, rate 1, espeak-ng; white space at the ends dropped")
  func defaults() throws {
    let result = Self.load("    speak: \"  Hello there.  \"\n    gain: -3dB")
    try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let track = try #require(result.spec?.audioTracks.first)
    let speech = try #require(track.speech)
    #expect(speech.text.value == "Hello there.")
    #expect(speech.text.location.line == 12)
    #expect(speech.voice.value == "en-us")
    #expect(speech.rate.value == 1)
    #expect(speech.engine.value == "espeak-ng")
    #expect(speech.made == nil)
    #expect(track.clip.source.value.isEmpty)
    #expect(track.mix.gain.value.decibels == -3)
  }

  @Test("a data cell is the text, and its row is named in a problem with it")
  func fromData() throws {
    let result = Self.load(
      "    speak: \"{{script}}\"\n    voice: fr\n    rate: 1.25", set: ["script": "Bonjour."])
    try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let speech = try #require(result.spec?.audioTracks.first?.speech)
    #expect(speech.text.value == "Bonjour.")
    #expect(speech.voice.value == "fr")
    #expect(speech.rate.value == 1.25)
    let blank = Self.load("    speak: \"{{script}}\"", set: ["script": "   "])
    #expect(Self.problems(blank) == ["12:12 nothing-to-speak"])
  }

  @Test("a text file is read, trimmed, and bounded; a missing one is located")
  func fromFile() throws {
    try withScratchFolder { folder in
      try "  Read from a file.\n".write(
        toFile: folder.path("script.txt"), atomically: true, encoding: .utf8)
      let result = Self.load("    speak: { file: script.txt }", directory: folder.url.path)
      try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
      let speech = try #require(result.spec?.audioTracks.first?.speech)
      #expect(speech.text.value == "Read from a file.")
      let missing = Self.load("    speak: { file: gone.txt }", directory: folder.url.path)
      #expect(Self.problems(missing) == ["12:20 unreadable-speech-file"])
      try String(repeating: "word ", count: 5_000).write(
        toFile: folder.path("long.txt"), atomically: true, encoding: .utf8)
      let long = Self.load("    speak: { file: long.txt }", directory: folder.url.path)
      #expect(Self.problems(long) == ["12:20 speech-text-too-long"])
      try Data([0x48, 0xFF, 0x69]).write(to: URL(fileURLWithPath: folder.path("bad.txt")))
      let bad = Self.load("    speak: { file: bad.txt }", directory: folder.url.path)
      #expect(Self.problems(bad) == ["12:20 unreadable-speech-file"])
    }
  }

  @Test("mistakes are located at what to change")
  func mistakes() {
    #expect(
      Self.problems(Self.load("    speak: Hi\n    source: a.wav"))
        == ["13:13 source-and-speak"])
    #expect(
      Self.problems(Self.load("    source: a.wav\n    voice: en-us")) == [
        "13:12 speech-key-without-speak"
      ])
    #expect(Self.problems(Self.load("    speak: \"\"")) == ["12:12 nothing-to-speak"])
    #expect(Self.problems(Self.load("    speak: Hi\n    rate: 3")) == ["13:11 out-of-range"])
    #expect(Self.problems(Self.load("    speak: Hi\n    rate: .nan")) == ["13:11 wrong-type"])
    let engine = Self.load("    speak: Hi\n    engine: espek-ng")
    #expect(Self.problems(engine) == ["13:13 unknown-engine"])
    #expect(engine.diagnostics.first?.help == "did you mean 'espeak-ng'?")
    let long = String(repeating: "a", count: 20_001)
    #expect(Self.problems(Self.load("    speak: \(long)")) == ["12:12 speech-text-too-long"])
    #expect(Self.problems(Self.load("    speak: [a, b]")) == ["12:12 wrong-type"])
  }

  @Test("captions: NAME means a speak track's words; a file of the same name is an error")
  func captionsOfSpeech() throws {
    try withScratchFolder { folder in
      let text = """
        version: 1
        output: { file: out.mp4, size: 640x360, fps: 30, duration: 4s }
        layers:
          - name: words
            captions: voice
            words: { per_page: 2 }
        audio:
          - name: voice
            speak: Hello there.
        """
      let result = ProjectLoader.load(
        text: text, path: "project.yaml", directory: folder.url.path, overrides: [])
      try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
      guard case .captions(let captions) = result.spec?.layers.first?.content else {
        Issue.record("not a captions layer")
        return
      }
      #expect(captions.spokenBy?.value == "voice")
      #expect(captions.transcriptFormat == .speech)
      try "WEBVTT\n".write(toFile: folder.path("voice"), atomically: true, encoding: .utf8)
      let both = ProjectLoader.load(
        text: text, path: "project.yaml", directory: folder.url.path, overrides: [])
      #expect(Self.problems(both) == ["5:15 ambiguous-captions"])
    }
  }

  static func engines(_ engines: String, engine: String = "tts") -> LoadResult {
    let text = """
      version: 1
      engines:
      \(engines)
      output: { file: out.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - name: bg
          fill: "#000000"
      audio:
        - name: voice
          speak: Hello.
          engine: \(engine)
      """
    return ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-speech-reading", overrides: [])
  }

  @Test("engines: a command with its placeholders, a timeout, words; every mistake located")
  func engineDeclarations() throws {
    let good = Self.engines(
      "  tts:\n    command: [piper, --out, \"{wav}\", --words, \"{words}\", -s, \"{rate}\", \"{voice}\"]\n    words: \"{words}\"\n    timeout: 30s"
    )
    try #require(good.diagnostics.isEmpty, "\(good.diagnostics)")
    let engine = try #require(good.spec?.engines.first)
    #expect(engine.name.value == "tts")
    #expect(engine.command.map(\.value).first == "piper")
    #expect(engine.words?.value == "{words}")
    #expect(engine.timeout.value == .seconds(Rational(30)))
    #expect(good.spec?.audioTracks.first?.speech?.engine.value == "tts")
    let defaults = Self.engines("  tts:\n    command: [piper, \"{wav}\"]")
    #expect(defaults.spec?.engines.first?.timeout.value == .seconds(Rational(300)))

    #expect(
      Self.problems(Self.engines("  tts:\n    command: [piper, \"{wave}\"]"))
        == ["4:22 unknown-placeholder"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [piper, out.wav]"))
        == ["4:14 bad-command"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: \"piper {wav}\""))
        == ["4:14 bad-command"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [piper, \"{wav}\"]\n    words: out.json"))
        == ["5:12 bad-command"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [piper, \"{wav}\"]\n    words: \"{words}\""))
        == ["5:12 bad-command"])
    #expect(
      Self.problems(Self.engines("  espeak-ng:\n    command: [x, \"{wav}\"]", engine: "espeak-ng"))
        == ["3:3 engine-name-taken"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [x, \"{wav}\"]\n    timeout: 0s"))
        == ["5:14 out-of-range"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [x, \"{wav}\"]\n    timeout: 3601s"))
        == ["5:14 out-of-range"])
    #expect(
      Self.problems(Self.engines("  tts:\n    command: [x, \"{wav}\"]\n    timeout: 30f"))
        == ["5:14 out-of-range"])
    let typo = Self.engines("  piper:\n    command: [x, \"{wav}\"]", engine: "pipr")
    #expect(Self.problems(typo) == ["12:13 unknown-engine"])
    #expect(typo.diagnostics.first?.help == "did you mean 'piper'?")
  }

  @Test("the speak tracks of a project say at most 100,000 bytes together")
  func speechInAllIsBounded() throws {
    let long = String(repeating: "word ", count: 3_800)  // 19,000 bytes, trimmed to 18,999
    var tracks = ""
    for index in 0..<6 {
      tracks += "  - name: voice\(index)\n    speak: \(long)\n"
    }
    let text = """
      version: 1
      output: { file: out.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - name: bg
          fill: "#000000"
      audio:
      \(tracks)
      """
    let result = ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-speech-reading", overrides: [])
    // 5 × 18,999 = 94,995 bytes pass; the sixth crosses 100,000 and is refused, alone.
    #expect(Self.problems(result) == ["18:12 speech-text-too-long"])
    #expect(result.diagnostics.first?.message.contains("113994 bytes") == true)
  }

  @Test("a data cell can choose the voice and the text, never the engine's program")
  func engineCommandsAreNotData() {
    let text = """
      version: 1
      engines:
        tts:
          command: ["{{program}}", "{wav}"]
      output: { file: out.mp4, size: 640x360, fps: 30, duration: 4s }
      layers:
        - name: bg
          fill: "#000000"
      audio:
        - name: voice
          speak: Hello.
          engine: tts
      """
    let result = ProjectLoader.load(
      text: text, path: "project.yaml", directory: "/tmp/chromake-speech-reading",
      overrides: [VariableOverride(name: "program", value: "/bin/rm", isData: true)])
    #expect(Self.problems(result) == ["4:15 engine-from-data"])
  }
}

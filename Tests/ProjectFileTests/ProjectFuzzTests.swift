import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import RenderPlan
import TestSupport
import Testing

/// Seeded mutations of real project files, read, checked and planned as `chromake plan --json`
/// does: none may crash, hang or throw, every error must point at a line and column, and what
/// is printed stays bounded.
@Suite("Fuzzed project files", .ownTimeLimit(.seconds(2 * 60)))
struct ProjectFuzzTests {
  static let bases: [(name: String, text: String)] = {
    let stills = """
      version: 1
      variables: {v: "#00FF00", title: Hello}
      output: {file: out/x.mp4, size: 640x360, fps: 30, duration: 2s, background: "#101010", segment: 0.5s}
      layers:
        - {name: band, fill: "{{v}}", box: [0, 300, 640, 60], opacity: 0.5, fade_in: 250ms}
        - name: title
          text: "{{title}} – {{v}}"
          box: [20, 20, 600, 100]
          font: DejaVu Sans Bold 40px
          outline: {width: 2, color: "#000000AA"}
          start: 10f
          duration: 1.5s
      """
    let fixtures = Fixtures.projects(in: "valid").compactMap { name in
      (try? String(contentsOf: Fixtures.folder.appendingPathComponent(name), encoding: .utf8))
        .map { (name, $0) }
    }
    return [("stills.yaml", stills)] + fixtures
  }()

  @Test(
    "1,500 seeded mutations: no crash, no throw, every error located, bounded output", .tags(.slow))
  func mutations() throws {
    // CHROMAKE_FUZZ_SEED and CHROMAKE_FUZZ_ROUNDS run a longer or different search by hand.
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xC0FFEE
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 1_500
    try Self.fuzz(Self.bases, seed: seed, rounds: rounds)
  }

  /// Sequences: items of every kind, every transition and its keys, left-out items, and
  /// transitions that do and do not fit.
  static let sequence = """
    version: 1
    variables: {k: wipe, show: yes}
    output: {file: out/s.mp4, size: 640x360, fps: 30}
    layers:
      - name: story
        start: 5f
        sequence:
          - {source: media/plate_30.mp4, in: 1s, out: 3s}
          - {transition: crossfade, duration: 250ms, ease: in_out}
          - {name: p, image: media/product.png, duration: 1s, fit: cover, fade_in: 3f}
          - {transition: "{{k}}", direction: up, softness: 0.3, duration: 10f}
          - {fill: "#FF000080", duration: 0.5s, when: "{{show}}", box: [10, 10, 100, 50]}
          - {transition: luma, pattern: media/clock.png, softness: 0.1, duration: 100ms}
          - {text: Hi, duration: 1s, size_min: 10}
          - {transition: dip, color: "#FFFFFF", duration: 200ms}
          - {source: media/green_25.mp4, duration: 1s, loop: true, audio: {gain: -3dB}}
          - {transition: push, direction: right, duration: 0.2s}
          - {source: media/green_3s.mp4}
      - {name: logo, fill: "#FFFFFF", box: [0, 0, 20, 20]}
    audio:
      - {name: m, source: media/music.m4a, duck: {under: [story]}}
    """

  @Test("800 seeded mutations of sequences: no crash, no throw, every error located", .tags(.slow))
  func sequenceMutations() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5E0_0E4CE
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 800
    // The base itself plans, so mutations start from a working sequence.
    let base = Fixtures.run(text: Self.sequence, as: "sequences.yaml")
    #expect(base.plan?.sequences.first?.transitions.count == 5, "\(Fixtures.printed(base))")
    let bases =
      [("sequences.yaml", Self.sequence)] + Self.bases.filter { $0.text.contains("sequence:") }
    try Self.fuzz(bases, seed: seed, rounds: rounds)
  }

  static let projectLayers = """
    version: 1
    variables: {brand: Acme, size: 640x360}
    output: {file: out.mp4, size: 640x360, fps: 30, duration: 2s, background: transparent}
    layers:
      - {name: bg, fill: "#102030"}
      - name: intro
        project: "bumpers/{{brand}}.yaml"
        variables: {brand: "{{brand}}", size: "{{size}}", n: 3, yes: true}
        start: 0.5s
        in: 2f
        box: [0, 0, "50%", "50%"]
        audio: {gain: -3dB, streams: [0]}
      - name: story
        sequence:
          - {project: parts/a.yaml, duration: 1s, variables: {x: "1"}}
          - {transition: crossfade, duration: 200ms}
          - {project: parts/b.yaml, loop: true, duration: 1s}
    """

  @Test(
    "800 seeded mutations of project layers: no crash, no throw, every error located", .tags(.slow))
  func projectLayerMutations() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x9_0A_EC7
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 800
    // The base reads without errors (its children are not loaded here), so mutations start
    // from project layers the reader accepts.
    let base = Fixtures.run(text: Self.projectLayers, as: "projects.yaml")
    #expect(!base.diagnostics.hasErrors, "\(Fixtures.printed(base))")
    try Self.fuzz([("projects.yaml", Self.projectLayers)], seed: seed, rounds: rounds)
  }

  /// Speak tracks and engines: a value, a placeholder and a file as text, every speech key,
  /// an engine with every placeholder, word captions of a track, and times that follow the
  /// voice. Read and planned without synthesis (the session makes speech), so this searches
  /// the readers and the planner's handling of tracks whose speech is not made.
  static let speech = """
    version: 1
    variables: {script: "Fresh bread every morning.", voice: en-us}
    engines:
      tts:
        command: [tts, --voice, "{voice}", --rate, "{rate}", --out, "{wav}", --words, "{words}"]
        words: "{words}"
        timeout: 20s
    output: {file: out/v.mp4, size: 640x360, fps: 30, duration: "voice.end + 1s"}
    layers:
      - {name: bg, fill: "#102030"}
      - {name: words, captions: voice, words: {per_page: 3}, font: DejaVu Sans Bold 30}
      - {name: card, fill: "#FFFFFF", start: "voice.end + 300ms", duration: "other.length"}
    audio:
      - {name: voice, speak: "{{script}}", voice: "{{voice}}", rate: 1.25, gain: -3dB}
      - {name: other, speak: {file: script.txt}, engine: tts, start: 0.5s, fade_in: 100ms}
    """

  @Test(
    "800 seeded mutations of speak tracks and engines: no crash, every error located", .tags(.slow))
  func speechMutations() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5_9EEC
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 800
    try Self.fuzz([("speech.yaml", Self.speech)], seed: seed, rounds: rounds)
  }

  /// Reads, checks and plans `rounds` mutations of `bases`: none may crash or throw, every error
  /// must be located, and what is printed stays bounded and free of escapes.
  static func fuzz(_ bases: [(name: String, text: String)], seed: UInt64, rounds: Int) throws {
    var random = ProjectMutator.Random(state: seed)
    var rejected = 0
    for round in 0..<rounds {
      let base = random.pick(bases)
      let text = ProjectMutator.mutate(base.text, &random)
      let outcome = Fixtures.run(text: text, as: base.name)
      // A `# set:` line stands for a command-line option, whose errors have no place in a file.
      for diagnostic in outcome.diagnostics
      where diagnostic.severity == .error && !diagnostic.message.hasPrefix("--set") {
        let line = diagnostic.location?.line ?? 0
        #expect(
          line >= 1,
          "round \(round): unlocated '\(diagnostic.message)' in:\n\(text.debugDescription)")
      }
      if outcome.diagnostics.hasErrors { rejected += 1 }
      if let plan = outcome.plan {
        _ = try plan.canonicalJSON()
        _ = PlanTable.render(plan)
      }
      let printed = Fixtures.printed(outcome)
      #expect(printed.utf8.count < 64 * 1024, "round \(round)")
      #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" })
    }
    // The mutations must exercise the error paths, not only make harmless changes.
    #expect(rejected > rounds / 3)
  }
}

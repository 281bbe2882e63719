import Diagnostics
import Foundation
import ProjectFile
import RenderPlan
import TestSupport
import Testing

/// Seeded mutations of real project files, read, checked and planned as `chromake plan --json`
/// does: none may crash, hang or throw, every error must point at a line and column, and what
/// is printed stays bounded.
@Suite("Fuzzed project files", .timeLimit(.minutes(2)))
struct ProjectFuzzTests {
  static let bases: [(name: String, text: String)] = {
    let stills = """
      version: 1
      variables: {v: "#00FF00", title: Hello}
      output: {file: out/x.mp4, size: 640x360, fps: 30, duration: 2s, background: "#101010"}
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

  @Test("1,500 seeded mutations: no crash, no throw, every error located, bounded output")
  func mutations() throws {
    // CHROMAKE_FUZZ_SEED and CHROMAKE_FUZZ_ROUNDS run a longer or different search by hand.
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xC0FFEE
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 1_500
    var random = ProjectMutator.Random(state: seed)
    var rejected = 0
    for round in 0..<rounds {
      let base = random.pick(Self.bases)
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

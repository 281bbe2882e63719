import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Hostile and mutated project files through the real binary: `check` and `plan --json` exit 0
/// or 65, and every error line starts with the file, line and column.
@Suite(
  "Hostile project files, run as a user would", .tags(.endToEnd), .ownTimeLimit(.seconds(2 * 60)))
struct HostileProjectCLITests {
  static let stills = """
    version: 1
    variables: {color: "#00FF00", title: Hello}
    output: {file: out/x.mp4, size: 320x180, fps: 30, duration: 2s}
    layers:
      - name: plate
        source: media/plate.mp4
      - {name: band, fill: "{{color}}", box: [0, 140, 320, 40], opacity: 0.5, fade_in: 250ms}
      - name: title
        text: "{{title}}"
        box: [10, 10, 300, 60]
        font: DejaVu Sans 20px
    audio:
      - {name: music, source: media/music.m4a, gain: -12dB, loop: true}

    """

  /// Each line of `stderr` that reports an error, with its prefix checked.
  private func unlocatedErrors(_ stderr: String, file: String) -> [String] {
    stderr.split(separator: "\n").filter { $0.contains(" error: ") || $0.hasPrefix("error:") }
      .filter { line in
        // `file:line:col: error:`
        let parts = line.split(separator: ":", maxSplits: 3)
        return
          !(parts.count == 4 && parts[0] == file && Int(parts[1]) != nil
          && Int(parts[2]) != nil)
      }.map(String.init)
  }

  @Test("40 seeded mutations through check and plan --json: exit 0 or 65, errors located")
  func mutations() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      var random = ProjectMutator.Random(state: 0x5EED)
      var rejected = 0
      for round in 0..<40 {
        let text = ProjectMutator.mutate(Self.stills, &random)
        try CLIMedia.project("fuzz.yaml", text, in: folder)
        for command in [["check", "fuzz.yaml"], ["plan", "--json", "fuzz.yaml"]] {
          let run = try ChromakeBinary.run(command, in: folder.url)
          #expect(
            run.status == 0 || run.status == 65,
            "round \(round) \(command[0]) exited \(run.status): \(run.stderr)\n\(text.debugDescription)"
          )
          #expect(
            unlocatedErrors(run.stderr, file: "fuzz.yaml").isEmpty,
            "round \(round): \(run.stderr)")
          #expect(!run.stderr.contains("\u{1B}"))
          if command[0] == "check", run.status == 65 { rejected += 1 }
        }
      }
      #expect(rejected >= 10)
    }
  }

  @Test("an alias bomb, a duplicate key and gain 0 each answer at once, located or planned")
  func reproducers() throws {
    try withScratchFolder { folder in
      try CLIMedia.make(in: folder)
      var bomb = ["lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
      for level in 1..<10 {
        let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
        bomb.append("lol\(level): &a\(level) [\(items)]")
      }
      try CLIMedia.project(
        "bomb.yaml", bomb.joined(separator: "\n") + "\n" + Self.stills, in: folder)
      // Judged by the check's processor time, which a loaded machine does not stretch: a
      // billion expanded nodes would take minutes of it.
      let bombRun = try WatchedRun.run(ChromakeBinary.url, ["check", "bomb.yaml"], in: folder.url)
      #expect(bombRun.processorSeconds < 5, "\(bombRun.processorSeconds) s of processor time")
      #expect(bombRun.status == 65)
      #expect(bombRun.stderr.hasPrefix("bomb.yaml:6:12: error: with its aliases expanded"))

      let duplicate = Self.stills.replacingOccurrences(
        of: "fps: 30,", with: "fps: 30, fps: 25,")
      try CLIMedia.project("dup.yaml", duplicate, in: folder)
      let dupRun = try ChromakeBinary.run(["check", "dup.yaml"], in: folder.url)
      #expect(dupRun.status == 65)
      #expect(dupRun.stderr.hasPrefix("dup.yaml:3:51: error: the key 'fps' is given twice"))
      #expect(dupRun.stderr.split(separator: "\n").count < 8)

      let silent = Self.stills.replacingOccurrences(of: "gain: -12dB", with: "gain: 0")
      try CLIMedia.project("silent.yaml", silent, in: folder)
      let plan = try ChromakeBinary.run(["plan", "--json", "silent.yaml"], in: folder.url)
      #expect(plan.status == 0, "\(plan.stderr)")
      #expect(plan.stdout.contains("\"gain\" : 0,"))
    }
  }
}

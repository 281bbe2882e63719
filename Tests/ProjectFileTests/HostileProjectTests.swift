import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import RenderPlan
import TestSupport
import Testing

/// Project files written to hurt: each is refused quickly with one located error, or read
/// correctly, never by running for ever.
@Suite("Hostile project files", .ownTimeLimit(.seconds(60)))
struct HostileProjectTests {
  static let header = """
    version: 1
    output: {file: out/x.mp4, size: 64x64, fps: 10, duration: 1s}
    layers:
      - {name: f, fill: "#FF0000"}

    """

  /// The only error of `text`, as `id line:column`.
  private func onlyError(_ text: String) -> String {
    let outcome = Fixtures.run(text: text, as: "hostile.yaml")
    let errors = outcome.diagnostics.filter { $0.severity == .error }
    guard errors.count == 1, let error = errors.first, let at = error.location else {
      return "\(errors.count) errors: \(Fixtures.printed(outcome))"
    }
    return "\(error.id) \(at.line):\(at.column)"
  }

  /// Ten anchors, each a list of ten aliases of the one before: 10¹⁰ values once expanded.
  private func aliasBomb(asKey: Bool) -> String {
    var lines = ["lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in 1..<10 {
      let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      lines.append("lol\(level): &a\(level) [\(items)]")
    }
    if asKey { lines.append("keys: {? *a9 : 1, ? [*a9] : 2}") }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("an alias bomb, used or not, is refused at the alias that crosses the limit")
  func aliasBombs() {
    // With 10 values per level, level 5 is the first whose expansion passes 200,000.
    let (_, seconds) = ThreadCPUTime.measure {
      #expect(onlyError(aliasBomb(asKey: false) + Self.header) == "document-too-large 6:12")
      #expect(onlyError(aliasBomb(asKey: true)) == "document-too-large 6:12")
    }
    // Processor time, not the wall's: a loaded machine does not add to it (ThreadCPUTime).
    #expect(seconds < 5, "\(seconds) s of processor time")
  }

  @Test("more aliases than the limit are refused at the first one too many")
  func aliasCount() {
    let aliases = Array(repeating: "*x", count: ProjectLimits.aliases + 1).joined(separator: ", ")
    let text = "a: &x 1\nb: [\(aliases)]\n"
    let column = 5 + 4 * ProjectLimits.aliases
    #expect(onlyError(text) == "too-many-aliases 2:\(column)")
  }

  @Test("an alias to a missing anchor and nesting past the limit are located")
  func aliasesAndNesting() {
    #expect(onlyError("a: *nowhere\n") == "yaml-syntax 1:4")
    let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
    #expect(onlyError("a: \(deep)\n") == "too-deep 1:\(3 + ProjectLimits.nesting)")
    // Deeper than libyaml's own bound, met in its scanner before ours.
    let deeper = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
    #expect(onlyError("a: \(deeper)\n").hasPrefix("too-deep 1:"))
  }

  @Test("a key given twice is an error at the second, noting the first, in block and flow style")
  func duplicateKeys() throws {
    let block = Self.header.replacingOccurrences(of: "fps: 10,", with: "fps: 10, fps: 25,")
    #expect(onlyError(block) == "duplicate-key 2:49")
    let text = """
      version: 1
      output:
        file: out/x.mp4
        size: 64x64
        fps: 30
        duration: 1s
        fps: 25
      layers:
        - {name: f, fill: "#FF0000"}

      """
    #expect(onlyError(text) == "duplicate-key 7:3")
    let outcome = Fixtures.run(text: text, as: "hostile.yaml")
    let note = try #require(outcome.diagnostics.first?.notes.first?.location)
    #expect((note.line, note.column) == (5, 3))
    // The whole file is never printed, only the line.
    #expect(Fixtures.printed(outcome).split(separator: "\n").count == 6)
  }

  @Test("a control character is located at its line and column, and an empty file at 1:1")
  func badCharacters() {
    #expect(onlyError("version: 1\noutput:\n  file: out/x\u{1}.mp4\n") == "yaml-syntax 3:14")
    #expect(onlyError("") == "empty-project 1:1")
    #expect(onlyError("# only a comment\n") == "empty-project 1:1")
  }

  @Test("bytes that are not UTF-8 are located, and the line is quoted")
  func notUTF8() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("latin1.yaml")
    try Data("version: 1\noutput:\n  file: \"caf\u{E9}".utf8 + [0xE9, 0x22, 0x0A]).write(to: file)
    let loaded = ProjectLoader.load(path: file.path)
    let error = try #require(loaded.diagnostics.first)
    #expect(error.id == "not-utf8")
    #expect(error.location.map { ($0.line, $0.column) } ?? (0, 0) == (3, 14))
    let printed = DiagnosticPrinter(sources: loaded.sources, useColor: false).render(error)
    #expect(printed.contains(" 3 |   file: \"café\u{FFFD}\""))

    let big = folder.appendingPathComponent("big.yaml")
    try Data(repeating: UInt8(ascii: "#"), count: ProjectLimits.fileBytes + 1).write(to: big)
    #expect(ProjectLoader.load(path: big.path).diagnostics.map(\.id) == ["project-too-large"])
    #expect(
      ProjectLoader.load(path: folder.path).diagnostics.map(\.message) == [
        "project file is a folder"
      ])
  }

  @Test("thousands of placeholders substitute correctly; past the limit, one error", .tags(.slow))
  func placeholders() throws {
    let many = String(repeating: "{{v}}", count: 4_000)
    let text = Self.header + "variables: {v: a}\n"
    let ok = Fixtures.run(
      text: text.replacingOccurrences(of: "fill: \"#FF0000\"", with: "text: \"\(many)\""),
      as: "hostile.yaml")
    #expect(!ok.diagnostics.hasErrors, "\(ok.diagnostics.first?.message ?? "")")
    let plan = try #require(ok.plan)
    let json = String(decoding: try plan.canonicalJSON(), as: UTF8.self)
    #expect(json.contains("\"" + String(repeating: "a", count: 4_000) + "\""))

    let tooMany = String(repeating: "{{v}}", count: ProjectLimits.placeholders + 1)
    #expect(
      onlyError(text.replacingOccurrences(of: "fill: \"#FF0000\"", with: "text: \"\(tooMany)\""))
        == "too-many-placeholders 4:21")
  }

  @Test("thousands of unknown placeholders on one line print a bounded report")
  func unknownPlaceholders() {
    let names = (0..<2_000).map { "{{nope\($0)}}" }.joined(separator: " ")
    let text = Self.header.replacingOccurrences(
      of: "fill: \"#FF0000\"", with: "text: \"\(names)\"")
    let outcome = Fixtures.run(text: text, as: "hostile.yaml")
    #expect(outcome.diagnostics.count == 2_000)
    let printed = Fixtures.printed(outcome)
    #expect(printed.utf8.count < 20_000)
    #expect(printed.contains("1980 more errors [unknown-variable] not shown"))
    #expect(printed.hasSuffix("2000 errors\n"))
    // Each error still points at its own placeholder.
    let columns = outcome.diagnostics.prefix(3).compactMap { $0.location?.column }
    #expect(columns == [22, 32, 42])
  }

  @Test("a text longer than the limit is refused before typesetting, naming its data cell")
  func longText() {
    let text =
      Self.header.replacingOccurrences(of: "fill: \"#FF0000\"", with: "text: \"{{title}}\"")
      + "variables: {title: x}\n"
    let long = String(repeating: "a", count: ProjectLimits.textCharacters + 1)
    let loaded = ProjectLoader.load(
      text: text, path: "hostile.yaml", directory: "/tmp",
      overrides: [
        VariableOverride(
          name: "title", value: long, origin: "ads.csv row 3, column 'title'",
          source: SourceLocation(file: "ads.csv", line: 4, column: 7))
      ])
    let error = loaded.diagnostics.first
    #expect(error?.id == "text-too-long")
    #expect(error?.notes.first?.location?.file == "ads.csv")
    let fits = String(repeating: "a", count: ProjectLimits.textCharacters)
    let ok = ProjectLoader.load(
      text: text, path: "hostile.yaml", directory: "/tmp",
      overrides: [VariableOverride(name: "title", value: fits)])
    #expect(!ok.diagnostics.hasErrors)
  }

  @Test("more layers than the limit are refused at the first one too many")
  func layerCount() {
    let layers = (0...ProjectLimits.layers).map { "  - {name: l\($0), fill: \"#FF0000\"}" }
    let text =
      "version: 1\noutput: {file: out/x.mp4, size: 64x64, fps: 10, duration: 1s}\nlayers:\n"
      + layers.joined(separator: "\n") + "\n"
    #expect(onlyError(text) == "too-many-entries \(4 + ProjectLimits.layers):5")
  }

  @Test("gain 0 and -0 plan as silence, in JSON and the table; below -200 dB is an error")
  func silentGain() throws {
    for gain in ["0", "-0", "0.0"] {
      let text =
        Self.header
        + "audio:\n  - {name: music, source: media/music.m4a, gain: \(gain), loop: true}\n"
      let outcome = Fixtures.run(text: text, as: "hostile.yaml")
      #expect(!outcome.diagnostics.hasErrors, "\(Fixtures.printed(outcome))")
      let plan = try #require(outcome.plan)
      #expect(plan.audio.first?.gain == 0)
      #expect(plan.audio.first?.gainDecibels == nil)
      let json = String(decoding: try plan.canonicalJSON(), as: UTF8.self)
      #expect(!json.contains("gainDecibels"))
      #expect(PlanTable.render(plan).contains("0 (-inf dB)"))
    }
    let quiet = Self.header + "audio:\n  - {name: m, source: media/music.m4a, gain: -300dB}\n"
    #expect(onlyError(quiet) == "out-of-range 6:46")
  }

  @Test("a blank data cell used as an image path is an error that names the row and column")
  func blankCell() {
    let text =
      Self.header.replacingOccurrences(of: "fill: \"#FF0000\"", with: "image: \"{{logo}}\"")
      + "variables: {logo: logo.png}\n"
    let loaded = ProjectLoader.load(
      text: text, path: "hostile.yaml", directory: "/tmp",
      overrides: [
        VariableOverride(
          name: "logo", value: " ", origin: "ads.csv row 2, column 'logo'",
          source: SourceLocation(file: "ads.csv", line: 3, column: 9))
      ])
    let error = loaded.diagnostics.first
    #expect(error?.id == "empty-value")
    #expect(error?.notes.first?.message.contains("ads.csv row 2, column 'logo'") == true)
    #expect(error?.notes.first?.location == SourceLocation(file: "ads.csv", line: 3, column: 9))
  }

  @Test("text pictures are bounded together: many 8192-pixel boxes on a small output are refused")
  func textPictureBudget() {
    func layers(_ count: Int, side: Int) -> String {
      (0..<count).map { "  - {name: t\($0), text: hi, box: [0, 0, \(side), \(side)]}\n" }.joined()
    }
    // Each cost half a gigabyte to typeset, with no bound across layers.
    #expect(onlyError(Self.header + layers(4, side: 8192)) == "text-pictures-too-large 6:31")
    // Up to the limit together, read without error.
    let atLimit = Fixtures.run(text: Self.header + layers(4, side: 4096), as: "hostile.yaml")
    #expect(!atLimit.diagnostics.hasErrors, "\(Fixtures.printed(atLimit))")
    #expect(onlyError(Self.header + layers(5, side: 4096)) == "text-pictures-too-large 9:31")
  }
}

import Builds
import Foundation
import Session
import TestSupport
import Testing

/// The fingerprint covers the executable, the libraries and the font files, and an output's
/// build names each of them when it changes; records of the older format still read.
@Suite("render fingerprint: executable, libraries, fonts")
struct RenderFingerprintTests {
  private static let project = """
    version: 1
    output: { file: out.mp4, size: 64x48, fps: 10, duration: 0.2s }
    layers:
      - { name: title, text: "Hi 文字", font: "DejaVu Sans 20", box: [0, 0, 64, 48] }
    """

  private static let environment = RenderEnvironment(
    executable: String(repeating: "a", count: 64),
    libraries: ["libx264": "164", "Pango": "1.50.12", RenderEnvironment.glRenderer: "llvmpipe"])

  /// Plans the project in `folder`, with a stand-in output file so a record can be written.
  private func session(in folder: ScratchFolder) throws -> ProjectSession {
    try Self.project.write(
      to: folder.url.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
    try Data("movie".utf8).write(to: folder.url.appendingPathComponent("out.mp4"))
    let session = ProjectSession.open(path: folder.path("a.yaml"), overrides: [])
    try #require(session.plan != nil, "\(session.diagnostics)")
    return session
  }

  /// The reasons a build in `environment` gives, after a record was written in `recorded`.
  private func reasons(
    in folder: ScratchFolder, recorded: RenderEnvironment = environment,
    now: RenderEnvironment, editRecord: (inout [String: Any]) -> Void = { _ in }
  ) throws -> [OutOfDateReason] {
    let session = try session(in: folder)
    let plan = try #require(session.plan)
    let output = folder.path("out.mp4")
    let first = OutputBuild(output: output, chromake: "0.1.0", environment: { recorded })
    try first.writeRecord(
      try first.check(plan, of: session, force: false, cancellation: .never).state)
    let recordURL = URL(fileURLWithPath: first.recordPath)
    var record = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
    editRecord(&record)
    try JSONSerialization.data(withJSONObject: record).write(to: recordURL)
    let second = OutputBuild(output: output, chromake: "0.1.0", environment: { now })
    return try second.check(plan, of: session, force: false, cancellation: .never).reasons
  }

  @Test("the same environment and fonts: up to date")
  func unchangedIsUpToDate() throws {
    try withScratchFolder { folder in
      let found = try reasons(in: folder, now: Self.environment)
      #expect(found == [])
    }
  }

  @Test("a changed executable, library or GL renderer is its own reason")
  func environmentChanges() throws {
    try withScratchFolder { folder in
      var now = Self.environment
      now.executable = String(repeating: "b", count: 64)
      now.libraries["libx264"] = "165"
      now.libraries[RenderEnvironment.glRenderer] = "NVIDIA H100"
      now.libraries["Cairo"] = "1.18.0"
      let found = try reasons(in: folder, now: now)
      #expect(
        found.map(\.explanation) == [
          "chromake's executable changed", "libx264 changed from 164 to 165",
          "Cairo changed from nothing to 1.18.0",
          "the GL renderer changed from llvmpipe to NVIDIA H100",
        ])
    }
  }

  @Test("font files: changed, newly used and no longer used, each by path")
  func fontChanges() throws {
    try withScratchFolder { folder in
      var usedFonts: [String] = []
      let found = try reasons(in: folder, now: Self.environment) { record in
        var fonts = record["fonts"] as? [String: String] ?? [:]
        usedFonts = fonts.keys.sorted()
        fonts[usedFonts[0]] = String(repeating: "0", count: 64)
        fonts[usedFonts[1]] = nil
        fonts["/gone/Old.ttf"] = String(repeating: "1", count: 64)
        record["fonts"] = fonts
      }
      // The text has Latin and Han characters: DejaVu Sans and a fallback for the Han.
      #expect(usedFonts.count == 2)
      #expect(usedFonts.contains { $0.hasSuffix("/DejaVuSans.ttf") }, "\(usedFonts)")
      let expected: [OutOfDateReason] = [
        .fontChanged(path: usedFonts[0]), .fontAdded(path: usedFonts[1]),
        .fontRemoved(path: "/gone/Old.ttf"),
      ]
      #expect(found.count == 3 && expected.allSatisfy(found.contains), "\(found)")
      #expect(found.contains { $0.explanation == "the font file \(usedFonts[0]) changed" })
    }
  }

  @Test("a record of format 1 still reads, and is out of date with its own reason")
  func olderRecords() throws {
    try withScratchFolder { folder in
      let found = try reasons(in: folder, now: Self.environment) { record in
        record["format"] = 1
        for key in ["executable", "libraries", "fonts"] { record[key] = nil }
      }
      #expect(found == [.olderRecord(format: 1)])
      #expect(
        found[0].explanation.hasPrefix("the record is from an older chromake (record format 1)"))
      #expect(RenderRecord.load(from: folder.path(".out.mp4.chromake"))?.format == 1)
    }
  }

  @Test("the fingerprint's value changes with each of its new parts")
  func valueCoversTheNewParts() throws {
    try withScratchFolder { folder in
      let plan = try #require(try session(in: folder).plan)
      func value(_ environment: RenderEnvironment, fonts: [String: String] = [:]) throws -> String {
        try RenderFingerprint(
          plan: plan, inputHashes: [:], fontHashes: fonts, chromake: "0.1.0",
          environment: environment
        ).value
      }
      let base = try value(Self.environment)
      var executable = Self.environment
      executable.executable = "c"
      var library = Self.environment
      library.libraries["Pango"] = "1.52.0"
      #expect(try value(executable) != base)
      #expect(try value(library) != base)
      #expect(try value(Self.environment, fonts: ["/f.ttf": "1"]) != base)
      #expect(try value(Self.environment) == base)
    }
  }
}

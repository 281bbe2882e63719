import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Mistakes in still layers, reported by `chromake check` at the value that holds them.
@Suite("Render still layers: located errors", .tags(.endToEnd))
struct RenderStillErrorTests {
  static let yaml = StillProject.yaml(
    size: "64x48", duration: "1s",
    layers: """
        - name: logo
          image: media/nope.png
        - { name: band, fill: "#12345G" }
        - { name: title, text: Hi, color: "#FFF" }
      """)

  /// The `path:line:col: error: ` prefix of a diagnostic about `value`.
  static func prefix(_ value: String) throws -> String {
    let at = try #require(StillProject.position(of: value, in: yaml))
    return "project.yaml:\(at.line):\(at.column): error: "
  }

  @Test("a missing image and malformed colours are all reported, each at its value")
  func locatedErrors() throws {
    try withScratchFolder { folder in
      let run = try StillProject.run("check", Self.yaml, in: folder)
      #expect(run.status == 65)
      let lines = run.stderr.split(separator: "\n").map(String.init)
      func line(_ id: String, _ value: String) throws -> String {
        let prefix = try Self.prefix(value)
        return try #require(
          lines.first { $0.hasPrefix(prefix) && $0.hasSuffix("[\(id)]") },
          "no \(id) error starting \(prefix):\n\(run.stderr)")
      }
      #expect(try line("missing-media", "media/nope.png").contains("media/nope.png"))
      #expect(try line("bad-color", "\"#12345G\"").contains("#12345G"))
      #expect(try line("bad-color", "\"#FFF\"").contains("#FFF"))
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
    }
  }
}

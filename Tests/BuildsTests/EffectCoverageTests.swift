import Foundation
import PlanValues
import RenderPlan
import Session
import TestSupport
import Testing

@testable import Builds

/// Every effect a descriptor names reaches the places that must know of it: the plan table
/// lists it, and the frame describer tells a segment with it from one without (else a render
/// would reuse a segment drawn without the effect). A new effect without an example here
/// fails, so its author gives one and the test checks it.
@Suite("effects: every descriptor reaches the plan table and the segment digests")
struct EffectCoverageTests {
  /// A setting of each effect, as the logo layer of `SegmentDigestTests.project` writes it.
  static let examples = [
    "blur": "blur: 2",
    "corner_radius": "corner_radius: 4",
    "shadow": "shadow: { blur: 2 }",
    "lut": "lut: look.cube",
    "saturation": "saturation: 0.5",
  ]

  @Test("each effect has an example", arguments: EffectDescriptor.all.map(\.key))
  func example(key: String) {
    #expect(Self.examples[key] != nil, "give '\(key)' an example in EffectCoverageTests")
  }

  @Test(
    "listed in the plan table, and changing every segment it shows in",
    arguments: EffectDescriptor.all.map(\.key))
  func reaches(key: String) throws {
    let example = try #require(Self.examples[key])
    try SegmentDigestTests.withLogo { folder in
      // The identity table: what it changes is its content's hash, not the picture.
      let rows = (0..<8).map { "\($0 & 1) \($0 >> 1 & 1) \($0 >> 2 & 1)" }
      try (["LUT_3D_SIZE 2"] + rows).joined(separator: "\n").write(
        toFile: folder.path("look.cube"), atomically: true, encoding: .utf8)
      let base = try SegmentDigestTests.digests(SegmentDigestTests.project(), in: folder)
      let with = try SegmentDigestTests.digests(
        SegmentDigestTests.project(logoEffect: ", " + example), in: folder)
      #expect(SegmentDigestTests.changed(base, with) == [0, 1, 2])
      let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
      let plan = try #require(session.plan, "\(session.diagnostics)")
      let line = PlanTable.render(plan).split(separator: "\n").first { $0.hasPrefix("  logo: ") }
      #expect(line?.contains(key) == true, "\(line ?? "no effects line for the logo")")
    }
  }
}

import Foundation
import RenderPlan
import Session
import TestSupport
import Testing
import Timeline

@testable import Builds
@testable import Rendering

/// A segment's digest changes exactly when something that reaches one of its frames changes:
/// a keyframe late in a layer changes only the segments from there on, a layer that shows in
/// one segment only that one, a global setting all of them; names, comments and where a file
/// lies change none.
@Suite("segment digests: a segment changes when what its frames show changes")
struct SegmentDigestTests {
  /// A 6 s project with 2 s segments: a picture layer from `image`, a fill whose opacity has
  /// keyframes, and a title from 3 s to 4 s.
  static func project(
    late: String = "0.5", title: String = "Hello", name: String = "veil",
    image: String = "logo.png", crf: Int = 20, comment: String = "", logoEffect: String = ""
  ) -> String {
    """
    version: 1
    \(comment)
    output: { file: out.mp4, size: 160x90, fps: 30, duration: 6s, segment: 2s, video: { crf: \(crf) } }
    layers:
      - { name: logo, image: \(image), box: [0, 0, 32, 32]\(logoEffect) }
      - name: \(name)
        fill: "#20408080"
        opacity: [{ at: 0s, value: 1 }, { at: 4.5s, value: 1 }, { at: 5.5s, value: \(late) }]
      - { name: title, text: "\(title)", font: "DejaVu Sans 12", box: [0, 50, 160, 40], start: 3s, duration: 1s }
    """
  }

  /// The digests of `yaml`'s segments, planned in `folder` (which holds `logo.png` and, as a
  /// copy, `moved/logo.png`).
  static func digests(
    _ yaml: String, in folder: ScratchFolder, fontHash: String = "font"
  ) throws -> [SegmentDigest] {
    try yaml.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
    let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
    guard let plan = session.plan else {
      throw ToolFailure(description: "the project does not plan: \(session.diagnostics)")
    }
    var hashes: [String: String] = [:]
    for input in plan.inputs {
      let path = plan.resolvedPath(input.path)
      hashes[path] = try ContentHash.ofFile(path, cancellation: .never)
    }
    let fingerprint = try RenderFingerprint(
      plan: plan, inputHashes: [:], chromake: "test",
      environment: RenderEnvironment(executable: "x", libraries: [:]))
    // Every font file the texts use, all with one stand-in hash.
    let fonts = Dictionary(FontFiles.used(by: plan).map { ($0, fontHash) }) { a, _ in a }
    return try SegmentDigest.all(
      plan: plan, inputHashes: hashes, fonts: fonts,
      global: SegmentDigest.global(plan: plan, fingerprint: fingerprint), cancellation: .never)
  }

  static func withLogo(_ body: (ScratchFolder) throws -> Void) throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=32x32", "-frames:v", "1", folder.path("logo.png")])
      try FileManager.default.createDirectory(
        atPath: folder.path("moved"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: folder.path("logo.png"), toPath: folder.path("moved/logo.png"))
      try body(folder)
    }
  }

  /// Which of `a`'s segments differ from `b`'s.
  static func changed(_ a: [SegmentDigest], _ b: [SegmentDigest]) -> [Int] {
    #expect(a.count == b.count)
    return zip(a, b).enumerated().filter { $0.element.0.value != $0.element.1.value }.map(\.offset)
  }

  @Test("three segments of 60 frames; the same project twice gives the same digests")
  func stable() throws {
    try Self.withLogo { folder in
      let a = try Self.digests(Self.project(), in: folder)
      let b = try Self.digests(Self.project(), in: folder)
      #expect(a.map(\.frames) == [0, 60, 120].map { FrameRange(first: $0, end: $0 + 60) })
      #expect(a == b)
      #expect(Set(a.map(\.value)).count == 3)
    }
  }

  @Test("a keyframe at 5.5 s changes the last segment only; the title at 3 s the middle one")
  func localChanges() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      let late = try Self.digests(Self.project(late: "0.25"), in: folder)
      #expect(Self.changed(base, late) == [2])
      #expect(
        SegmentReason.of(late[2], file: .missing, before: base[2])
          == .layersChanged(changed: ["veil"], added: [], removed: []))
      // A file at the segment's name that is not intact is the reason, whatever changed.
      #expect(SegmentReason.of(late[2], file: .changed, before: base[2]) == .fileChanged)
      #expect(SegmentReason.of(base[2], file: .unrecorded, before: base[2]) == .fileUnrecorded)
      let title = try Self.digests(Self.project(title: "Hello!"), in: folder)
      #expect(Self.changed(base, title) == [1])
    }
  }

  @Test("another font file under the title changes the title's segment alone")
  func fontChanges() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      let other = try Self.digests(Self.project(), in: folder, fontHash: "another font")
      #expect(Self.changed(base, other) == [1])
    }
  }

  @Test("the encoder's quality changes every segment, and says it is a global setting")
  func globalChange() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      let other = try Self.digests(Self.project(crf: 24), in: folder)
      #expect(Self.changed(base, other) == [0, 1, 2])
      #expect(SegmentReason.of(other[0], file: .missing, before: base[0]) == .globalChanged)
    }
  }

  @Test("a renamed layer, a comment and the same picture in another folder change nothing")
  func nothingDrawnChanges() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      let renamed = try Self.digests(Self.project(name: "shade"), in: folder)
      #expect(Self.changed(base, renamed).isEmpty)
      let commented = try Self.digests(Self.project(comment: "# moved\n# down"), in: folder)
      #expect(Self.changed(base, commented).isEmpty)
      let moved = try Self.digests(Self.project(image: "moved/logo.png"), in: folder)
      #expect(Self.changed(base, moved).isEmpty)
    }
  }

  @Test("a saturation that moves in the last segment changes it alone; 1 changes nothing")
  func adjustmentChanges() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      let same = try Self.digests(Self.project(logoEffect: ", saturation: 1"), in: folder)
      #expect(Self.changed(base, same).isEmpty)
      let late = try Self.digests(
        Self.project(logoEffect: ", saturation: [{ at: 4.5s, value: 1 }, { at: 5.5s, value: 0 }]"),
        in: folder)
      #expect(Self.changed(base, late) == [2])
      #expect(
        SegmentReason.of(late[2], file: .missing, before: base[2])
          == .layersChanged(changed: ["logo"], added: [], removed: []))
    }
  }

  @Test("another picture's content changes the segments it shows in")
  func contentChanges() throws {
    try Self.withLogo { folder in
      let base = try Self.digests(Self.project(), in: folder)
      try FFmpegCommand.ffmpeg(
        [
          "-f", "lavfi", "-i", "color=red:size=32x32", "-frames:v", "1", "-y",
          folder.path("logo.png"),
        ])
      let other = try Self.digests(Self.project(), in: folder)
      #expect(Self.changed(base, other) == [0, 1, 2])
    }
  }
}

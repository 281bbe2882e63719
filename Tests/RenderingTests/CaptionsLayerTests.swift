import Foundation
import GPU
import Media
import PlanValues
import Session
import TestSupport
import Testing
import Timeline

@testable import Builds
@testable import Compositing
@testable import RenderPlan
@testable import Rendering

/// What a captions layer costs: one typesetting per page (a run of frames showing the same
/// cues) and one preparation on the GPU per page, whatever the number of frames, and nothing
/// held or drawn between cues.
@Suite("Captions layer: each page typeset once and prepared once")
struct CaptionsLayerTests {
  /// Plans a 3 s, 30 fps project over `srt`, in a folder of its own.
  static func plan(srt: String) throws -> RenderPlan {
    let session = try Self.session(srt: srt)
    #expect(!session.diagnostics.hasErrors, "\(session.diagnostics)")
    return try #require(session.plan)
  }

  /// Loads and plans a 3 s, 30 fps project over `srt` (with `keys` added to its captions
  /// layer), in a folder of its own.
  static func session(srt: String, keys: String = "") throws -> ProjectSession {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "captions-layer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try srt.write(to: folder.appendingPathComponent("subs.srt"), atomically: true, encoding: .utf8)
    let project = folder.appendingPathComponent("p.yaml")
    try """
    version: 1
    output: { file: out.mp4, size: 320x180, fps: 30, duration: 3s }
    layers:
      - name: subtitles
        captions: subs.srt
        font: DejaVu Sans 20
        box: [10, 120, 300, 50]
    \(keys)
    """.write(to: project, atomically: true, encoding: .utf8)
    return ProjectSession.open(path: project.path, overrides: [])
  }

  /// `count` SubRip cues, cue `i` from `start(i)` to `end(i)` milliseconds.
  static func srt(count: Int, start: (Int) -> Int, end: (Int) -> Int) -> String {
    func stamp(_ ms: Int) -> String {
      let parts = [ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60]
      return parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + ","
        + String(String(ms % 1000 + 1000).dropFirst())
    }
    return (0..<count).map { "\($0 + 1)\n\(stamp(start($0))) --> \(stamp(end($0)))\nCue \($0)\n" }
      .joined(separator: "\n")
  }

  @Test("a film's 2,000 cues on a 3 s output: one warning for those past the end, counting them")
  func oneWarningPerReason() throws {
    let session = try Self.session(
      srt: Self.srt(count: 2_000, start: { 1000 + $0 * 2000 }, end: { 2500 + $0 * 2000 }))
    let never = session.diagnostics.filter { $0.id == "cue-never-shown" }
    #expect(never.count == 1, "\(never.map(\.message))")
    // Cues 0 starts at 1 s and shows; every later one starts at 3 s or after.
    #expect(never.first?.message.hasSuffix("(nor do 1998 more cues, for the same reason)") == true)
    #expect(never.first?.location?.line == 6)
  }

  @Test(
    "20,000 cues all showing at once: one error at the ninth, in well under ten seconds",
    .tags(.slow))
  func overstack() throws {
    // Processor time, not the wall's: a loaded machine does not add to it (ThreadCPUTime).
    let (session, seconds) = try ThreadCPUTime.measure {
      try Self.session(srt: Self.srt(count: 20_000, start: { _ in 0 }, end: { 40 * ($0 + 1) }))
    }
    let errors = session.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == ["too-many-stacked-cues"])
    #expect(errors.first?.location?.line == 8 * 4 + 2)
    #expect(seconds < 10, "\(seconds) s of processor time")
  }

  @Test("captions are centred at the bottom unless align or valign say otherwise")
  func defaults() throws {
    let srt = "1\n00:00:00,000 --> 00:00:01,000\nHi\n"
    let plain = try #require(try Self.session(srt: srt).plan)
    let placed = try #require(
      try Self.session(srt: srt, keys: "    align: right\n    valign: top").plan)
    func text(_ plan: RenderPlan) -> TextPlan? {
      guard case .captions(let captions) = plan.layers.first?.content else { return nil }
      return captions.pages.first?.text
    }
    #expect(text(plain).map { [$0.align.rawValue, $0.valign.rawValue] } == ["center", "bottom"])
    #expect(text(placed).map { [$0.align.rawValue, $0.valign.rawValue] } == ["right", "top"])
  }

  @Test("a bold cue's font file is among the render's dependencies")
  func boldFontFile() throws {
    let plain = try Self.plan(srt: "1\n00:00:00,000 --> 00:00:01,000\nHi\n")
    let bold = try Self.plan(srt: "1\n00:00:00,000 --> 00:00:01,000\n<b>Hi</b>\n")
    let extra = Set(FontFiles.used(by: bold)).subtracting(FontFiles.used(by: plain))
    #expect(extra.contains { $0.contains("Bold") }, "\(FontFiles.used(by: bold))")
  }

  @Test("three cues, one overlap: four pages over 90 frames, four pictures, four preparations")
  func onePicturePerPage() throws {
    let plan = try Self.plan(
      srt: """
        1
        00:00:00,200 --> 00:00:01,000
        One

        2
        00:00:00,800 --> 00:00:01,500
        Two

        3
        00:00:02,000 --> 00:00:02,500
        Three
        """)
    let layer = try #require(plan.layers.first)
    guard case .captions(let captions) = layer.content else {
      Issue.record("not a captions layer")
      return
    }
    // One: frames 6-29; both: 24-29; Two alone: 30-44; Three: 60-74.
    #expect(
      captions.pages.map(\.frames) == [
        FrameRange(first: 6, end: 24), FrameRange(first: 24, end: 30),
        FrameRange(first: 30, end: 45), FrameRange(first: 60, end: 75),
      ])
    #expect(captions.pages[1].text.text == "One\nTwo")

    let source = try layerSource(for: layer, plan: plan)
    let context = try GPUContext(platform: .surfaceless)
    let compositor = VideoCompositor(
      context: context, width: 320, height: 180, background: .black,
      styles: plan.layerStyles)
    // Held, so that no picture is freed and another made at its address.
    var pictures: [DecodedFrame] = []
    for k in layer.frames.first..<layer.frames.end {
      let shown = try source.next(frame: k).picture
      let expected = captions.page(atFrame: k) != nil
      #expect((shown != nil) == expected, "frame \(k)")
      guard let shown else { continue }
      if pictures.last !== shown { pictures.append(shown) }
      _ = try compositor.composite([
        LayerDraw(
          layer: 0, picture: shown, matte: nil,
          state: layer.state(ofFrame: k, fps: plan.output.fps))
      ])
    }
    #expect(pictures.count == 4, "one picture per page")
    #expect(compositor.preparations == 4, "one preparation per page")
    #expect(source.warnings.isEmpty)
  }
}

import Foundation
import GPU
import Media
import PlanValues
import Testing
import Timeline

@testable import RenderPlan
@testable import Renderer

/// What a captions layer costs: one typesetting per page (a run of frames showing the same
/// cues) and one preparation on the GPU per page, whatever the number of frames, and nothing
/// held or drawn between cues.
@Suite("Captions layer: each page typeset once and prepared once")
struct CaptionsLayerTests {
  /// Plans a 3 s, 30 fps project over `srt`, in a folder of its own.
  static func plan(srt: String) throws -> RenderPlan {
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
    """.write(to: project, atomically: true, encoding: .utf8)
    let session = ProjectSession.open(path: project.path, overrides: [])
    #expect(!session.diagnostics.hasErrors, "\(session.diagnostics)")
    return try #require(session.plan)
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
      try compositor.composite([
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

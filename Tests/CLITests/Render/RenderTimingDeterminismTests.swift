import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("chromake render: the same project renders to the same frames", .tags(.endToEnd))
struct RenderTimingDeterminismTests {
  enum Scene: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case twoClocks = "two layers at 25 and 29.97 fps"
    case twentyLayers = "twenty layers in two passes, on three clocks"

    var project: TimedProject {
      switch self {
      case .twoClocks: RenderTimingStackTests.twoClocks().project
      case .twentyLayers: RenderTimingStackTests.twentyLayers()
      }
    }

    var testDescription: String { rawValue }
  }

  @Test("two renders of the same project decode to identical frames", arguments: Scene.allCases)
  func twoRendersDecodeAlike(_ scene: Scene) throws {
    try withScratchFolder { folder in
      let project = scene.project
      try project.writeFiles(in: folder)
      let first = try Self.frameHashes(TimedProject.render(in: folder, output: "first.mp4"))
      let second = try Self.frameHashes(TimedProject.render(in: folder, output: "second.mp4"))

      #expect(first.count == project.frameCount)
      #expect(second.count == first.count)
      let differing = zip(first, second).enumerated().compactMap { k, pair in
        pair.0 == pair.1 ? nil : "frame \(k): \(pair.0) vs \(pair.1)"
      }
      TimingCheck.expectNone(differing, "second render differs: ")
    }
  }

  /// One line per decoded frame, from ffmpeg's framemd5 muxer: timestamps, size and MD5.
  static func frameHashes(_ path: String) throws -> [String] {
    let hashes = path + ".framemd5"
    try FFmpegCommand.ffmpeg([
      "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "framemd5", hashes,
    ])
    let text = try String(contentsOf: URL(fileURLWithPath: hashes), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
  }
}

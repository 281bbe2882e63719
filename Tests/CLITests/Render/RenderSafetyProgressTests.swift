import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake render --progress: JSON lines a program can read, or nothing at all", .tags(.endToEnd))
struct RenderSafetyProgressTests {
  /// 3 s at 25 fps: 75 frames, enough for a few progress lines at two a second.
  static let project = SafetyProject(lines: [
    "version: 1",
    "output:",
    "  file: out.mp4",
    "  size: 320x180",
    "  fps: 25",
    "  video: { preset: ultrafast }",
    "layers:",
    "  - name: plate",
    "    source: media/clip.mp4",
  ])
  static let frames = 75

  /// The JSON object on `line`, or nil when the line is not one.
  static func object(_ line: String) -> [String: Any]? {
    guard let data = line.data(using: .utf8) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  private func prepare(_ folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try SafetyMedia.clip(folder.path("media/clip.mp4"), seconds: 3)
    try Self.project.write(in: folder)
  }

  @Test("--progress json: only JSON lines, frame rising to frames, the last one done")
  func json() throws {
    try withScratchFolder { folder in
      try prepare(folder)
      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "json"], in: folder.url)
      try #require(run.ending == .exit(0), "stderr:\n\(run.stderr)")
      #expect(run.stdout.hasSuffix("}\n"), "stdout:\n\(run.stdout)")
      let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      try #require(!lines.isEmpty)
      var objects: [[String: Any]] = []
      for line in lines {
        let object = try #require(Self.object(String(line)), "not a JSON object: '\(line)'")
        objects.append(object)
      }
      let keys: Set = ["frame", "frames", "fps", "seconds_left", "elapsed", "done"]
      var previous = -1
      for (index, object) in objects.enumerated() {
        let line = lines[lines.startIndex + index]
        #expect(keys.isSubset(of: Set(object.keys)), "\(line)")
        #expect(object["frames"] as? Int == Self.frames, "\(line)")
        let frame = try #require(object["frame"] as? Int, "\(line)")
        #expect(frame >= previous && frame <= Self.frames, "frame went back or past: \(line)")
        previous = frame
        #expect(object["fps"] is NSNumber && object["elapsed"] is NSNumber, "\(line)")
        #expect(object["seconds_left"] is NSNumber || object["seconds_left"] is NSNull, "\(line)")
        let done = try #require(object["done"] as? Bool, "\(line)")
        #expect(done == (index == objects.count - 1), "done on the last line only: \(line)")
      }
      #expect(objects.last?["frame"] as? Int == Self.frames)
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == Self.frames)
    }
  }

  @Test("--progress none: nothing on standard output, and the movie is written")
  func none() throws {
    try withScratchFolder { folder in
      try prepare(folder)
      let run = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      try #require(run.ending == .exit(0), "stderr:\n\(run.stderr)")
      #expect(run.stdout == "")
      #expect(!run.stderr.contains("frames"), "a progress bar on stderr:\n\(run.stderr)")
      #expect(try SafetyFiles.decodedFrameCount(folder.path("out.mp4")) == Self.frames)
    }
  }
}

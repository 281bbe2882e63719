import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(
  "chromake check and render: undecodable media is named at the layer's line", .tags(.endToEnd))
struct RenderSafetyDecodeTests {
  static let project = SafetyProject(lines: [
    "version: 1",
    "output:",
    "  file: out.mp4",
    "  size: 320x180",
    "  fps: 25",
    "  duration: 4s",
    "  video: { preset: ultrafast }",
    "layers:",
    "  - name: plate",
    "    source: media/flipped.mp4",
  ])

  /// A 4 s pattern with a 440 Hz tone, H.264 and AAC in MP4.
  private func makeClip(_ path: String) throws {
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "320x180", rate: 25, seconds: "4")
        + TestMedia.tone(rate: 48000, seconds: "4") + TestMedia.h264()
        + ["-c:a", "aac", "-shortest", path])
  }

  /// Flips 16 bytes at the same offset of every AAC packet from `first` to `last`, trying
  /// offsets until FFmpeg's own decoder (the `ffmpeg` command, an independent judge) fails on
  /// one with an error other than "invalid data", which a render skips as damage.
  private func flipAudio(_ path: String, from first: Int, to last: Int) throws -> Bool {
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let packets = try FFmpegCommand.ffprobe([
      "-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pos,size", "-of",
      "csv=p=0", path,
    ]).split(separator: "\n").compactMap { line -> (size: Int, position: Int)? in
      let fields = line.split(separator: ",").compactMap { Int($0) }
      return fields.count >= 2 ? (fields[0], fields[1]) : nil
    }
    guard packets.count > last else { return false }
    let scratch = path + ".try.mp4"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for offset in stride(from: 0, to: 64, by: 4) {
      var bytes = original
      for packet in packets[first...last] where offset + 16 <= packet.size {
        let start = packet.position + offset
        for k in start..<start + 16 { bytes[k] ^= 0xFF }
      }
      try bytes.write(to: URL(fileURLWithPath: scratch))
      let run = try ToolRun.run(
        tool: "ffmpeg", ["-v", "error", "-i", scratch, "-map", "0:a", "-f", "null", "-"])
      let refused = run.stderr.split(separator: "\n").contains {
        $0.contains("Error while decoding") && !$0.contains("Invalid data found")
      }
      if refused {
        try bytes.write(to: URL(fileURLWithPath: path))
        return true
      }
    }
    return false
  }

  private func prepare(_ folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
    try makeClip(folder.path("media/flipped.mp4"))
    try Self.project.write(in: folder)
  }

  @Test("bytes flipped mid-file: render names the layer, its line and the file, not the encoder")
  func flippedMidFile() throws {
    try withScratchFolder { folder in
      try prepare(folder)
      // Past the packets check decodes, so only the render can find it.
      let flipped = try flipAudio(folder.path("media/flipped.mp4"), from: 30, to: 90)
      try #require(flipped, "no flip made FFmpeg's AAC decoder fail")
      let check = try SafetyRun.run(["check", "project.yaml"], in: folder.url)
      #expect(check.ending == .exit(0), "check:\n\(check.stderr)")

      let render = try SafetyRun.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(render.ending == .exit(1), "stderr:\n\(render.stderr)")
      #expect(
        render.stderr.contains(
          "project.yaml:9:5: error: layer 'plate': decoding audio stream 0 of "
            + "'media/flipped.mp4' failed: avcodec_"),
        "stderr:\n\(render.stderr)")
      #expect(!render.stderr.contains("encoding failed"), "stderr:\n\(render.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
      #expect(SafetyFiles.partials(under: folder.url) == [])
    }
  }

  @Test("bytes flipped in the first packets: check fails at the path, naming the stream")
  func flippedAtTheStart() throws {
    try withScratchFolder { folder in
      try prepare(folder)
      let flipped = try flipAudio(folder.path("media/flipped.mp4"), from: 1, to: 7)
      try #require(flipped, "no flip made FFmpeg's AAC decoder fail")
      let check = try SafetyRun.run(["check", "project.yaml"], in: folder.url)
      #expect(check.ending == .exit(65), "check:\n\(check.stderr)")
      #expect(
        check.stderr.contains(
          "project.yaml:10:13: error: source of 'plate': 'media/flipped.mp4' cannot be decoded: "
            + "audio stream 0 (aac): avcodec_"),
        "stderr:\n\(check.stderr)")
      #expect(check.stderr.contains("[undecodable-media]"), "stderr:\n\(check.stderr)")
    }
  }

  @Test("a symbolic-link loop is said to be one, at the path's line and column")
  func symbolicLinkLoop() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("media"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("media/flipped.mp4"), withDestinationPath: "other.mp4")
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("media/other.mp4"), withDestinationPath: "flipped.mp4")
      try Self.project.write(in: folder)
      let check = try SafetyRun.run(["check", "project.yaml"], in: folder.url)
      #expect(check.ending == .exit(65), "check:\n\(check.stderr)")
      #expect(
        check.stderr.contains(
          "project.yaml:10:13: error: source of 'plate': 'media/flipped.mp4' cannot be read: "
            + "it is a symbolic-link loop [unreadable-media]"),
        "stderr:\n\(check.stderr)")
      #expect(!check.stderr.contains("no such file"), "stderr:\n\(check.stderr)")
    }
  }
}

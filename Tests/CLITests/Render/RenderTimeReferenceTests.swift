import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Times that follow other things, rendered by the real command and judged on the decoded
/// movie: the voice-over is a tone the test makes with ffmpeg, 1.2345 s long (no whole number
/// of frames at 30 fps), whose length ffprobe measures; where each layer first shows is found
/// from the decoded pictures alone.
@Suite("chromake render: times that follow other things", .tags(.endToEnd))
struct RenderTimeReferenceTests {
  /// Writes the 1.2345 s tone as `vo.wav` and returns its length as ffprobe reads it.
  static func voice(in folder: ScratchFolder) throws -> Double {
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.2345",
      "-c:a", "pcm_s16le", folder.path("vo.wav"),
    ])
    let text = try FFmpegCommand.ffprobe([
      "-v", "error", "-show_entries", "stream=duration", "-of", "csv=p=0", folder.path("vo.wav"),
    ])
    return try #require(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// The first frame a time shows on at 30 fps: the first `k` with `k / 30 ≥ t`.
  static func firstFrame(at seconds: Double) -> Int { Int((seconds * 30).rounded(.up)) }

  /// What a 64 × 64 frame's left and right halves show, by their mean Y′ and Cb: white, red,
  /// blue or black (the output's limited-range BT.709 codes of those colours are far apart).
  static func halves(_ frame: YUVFrame) -> (left: String, right: String) {
    func name(_ codes: SIMD3<Double>) -> String {
      if codes.x > 200 { return "white" }
      if codes.z > 200 { return "red" }
      if codes.y > 200 { return "blue" }
      return codes.x < 24 ? "black" : "other \(codes)"
    }
    return (
      name(frame.mean(in: PixelRect(x: 4, y: 4, width: 24, height: 56))),
      name(frame.mean(in: PixelRect(x: 36, y: 4, width: 24, height: 56)))
    )
  }

  @Test(
    "a card at voice.end + 300ms first shows on its frame, and an item of vo.length + 0.5s ends on its own"
  )
  func followsTheVoice() throws {
    try withScratchFolder { folder in
      let length = try Self.voice(in: folder)
      #expect(abs(length - 1.2345) < 1e-6, "the tone is \(length) s")
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output:
          file: times.mp4
          size: 64x64
          fps: 30
          duration: "card.end"
          video: { crf: 0, preset: ultrafast }
        layers:
          - name: story
            sequence:
              - { name: scene1, fill: "#FF0000", box: [32, 0, 32, 64], duration: "vo.length + 0.5s" }
              - { name: scene2, fill: "#0000FF", box: [32, 0, 32, 64], duration: 1s }
          - name: card
            fill: "#FFFFFF"
            box: [0, 0, 32, 64]
            start: "vo.end + 300ms"
            duration: 0.5s
        audio:
          - name: vo
            source: vo.wav
        """, name: "times", in: folder)
      let frames = try RenderedMovie.frames(movie, in: folder).map(Self.halves)
      let cardFrame = Self.firstFrame(at: length + 0.3)
      let sceneFrame = Self.firstFrame(at: length + 0.5)
      #expect(cardFrame == 47 && sceneFrame == 53, "the test's own arithmetic")
      // The output ends with the card: round((1.2345 + 0.3 + 0.5) × 30) = 61 frames.
      #expect(frames.count == Int(((length + 0.8) * 30).rounded()))
      #expect(frames.firstIndex { $0.left == "white" } == cardFrame)
      #expect(frames[..<cardFrame].allSatisfy { $0.left == "black" })
      #expect(frames[cardFrame...].allSatisfy { $0.left == "white" })
      #expect(frames.firstIndex { $0.right == "blue" } == sceneFrame)
      #expect(frames[..<sceneFrame].allSatisfy { $0.right == "red" })
      #expect(frames[sceneFrame...].allSatisfy { $0.right == "blue" })
    }
  }

  @Test("a child project's references name its own layers and tracks")
  func inAChild() throws {
    try withScratchFolder { folder in
      let length = try Self.voice(in: folder)
      try """
      version: 1
      output: { file: child.mp4, size: 64x64, fps: 30, duration: 3s }
      layers:
        - name: card
          fill: "#FFFFFF"
          box: [0, 0, 32, 64]
          start: "vo.end + 300ms"
      audio:
        - name: vo
          source: vo.wav
      """.write(toFile: folder.path("child.yaml"), atomically: true, encoding: .utf8)
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output:
          file: parent.mp4
          size: 64x64
          fps: 30
          duration: 2s
          video: { crf: 0, preset: ultrafast }
        layers:
          - { name: inner, project: child.yaml }
          - { name: card, fill: "#0000FF", box: [32, 0, 32, 64], start: "inner.start + 10f" }
        """, name: "parent", in: folder)
      let frames = try RenderedMovie.frames(movie, in: folder).map(Self.halves)
      #expect(frames.firstIndex { $0.left == "white" } == Self.firstFrame(at: length + 0.3))
      #expect(frames.firstIndex { $0.right == "blue" } == 10)
    }
  }

  @Test("each batch row's data cell may hold a reference, and each movie follows its own")
  func batchRows() throws {
    try withScratchFolder { folder in
      let length = try Self.voice(in: folder)
      try """
      version: 1
      variables: { label: a, when: 0s }
      output:
        file: "out/{{label}}.mp4"
        size: 64x64
        fps: 30
        duration: 3s
        video: { crf: 0, preset: ultrafast }
      layers:
        - { name: card, fill: "#FFFFFF", box: [0, 0, 32, 64], start: "{{when}}" }
      audio:
        - { name: vo, source: vo.wav }
      """.write(toFile: folder.path("ad.yaml"), atomically: true, encoding: .utf8)
      try "label,when\nsoon,vo.end + 300ms\nlater,vo.end + 1s - 2f\nplain,0.5s\n".write(
        toFile: folder.path("rows.csv"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["batch", "ad.yaml", "--data", "rows.csv"], in: folder.url)
      #expect(run.status == 0, "\(run.stderr)")
      let expected = [
        "soon": Self.firstFrame(at: length + 0.3),
        "later": Self.firstFrame(at: length + 1 - 2.0 / 30),
        "plain": 15,
      ]
      #expect(expected == ["soon": 47, "later": 66, "plain": 15], "the test's own arithmetic")
      for (label, frame) in expected {
        let frames = try RenderedMovie.frames(folder.path("out/\(label).mp4"), in: folder)
        #expect(frames.map(Self.halves).firstIndex { $0.left == "white" } == frame, "\(label)")
      }
    }
  }

  @Test("a cycle is refused with its chain, located, and nothing is written")
  func cycle() throws {
    try withScratchFolder { folder in
      try """
      version: 1
      output: { file: cycle.mp4, size: 64x64, fps: 30, duration: 2s }
      layers:
        - { name: a, fill: "#FFFFFF", start: "b.end", duration: 1s }
        - { name: b, fill: "#FFFFFF", start: "a.start + 1s", duration: 1s }
      """.write(toFile: folder.path("cycle.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["render", "cycle.yaml", "--progress", "none"], in: folder.url)
      #expect(run.status != 0)
      #expect(
        run.stderr.contains(
          "cycle.yaml:5:40: error: layer 'b' start cannot be resolved: 'a.start' needs 'b.end' needs 'a.start'"
        ), "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("cycle.mp4")))
    }
  }

  @Test("plan shows each resolved time beside what was written; plan --json carries both")
  func plan() throws {
    try withScratchFolder { folder in
      _ = try Self.voice(in: folder)
      try """
      version: 1
      output: { file: out.mp4, size: 64x64, fps: 30, duration: 3s }
      layers:
        - { name: card, fill: "#FFFFFF", start: "vo.end + 300ms" }
      audio:
        - { name: vo, source: vo.wav }
      """.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
      let table = try ChromakeBinary.run(["plan", "p.yaml"], in: folder.url)
      #expect(table.status == 0, "\(table.stderr)")
      #expect(
        table.stdout.contains("layer 'card' start  4     vo.end + 300ms  1.534500 s"),
        "\(table.stdout)")
      let json = try ChromakeBinary.run(["plan", "p.yaml", "--json"], in: folder.url)
      let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
      let written = try #require(object?["writtenTimes"] as? [[String: Any]])
      #expect(written.first?["written"] as? String == "vo.end + 300ms")
      #expect(written.first?["seconds"] as? String == "3069/2000")
    }
  }
}

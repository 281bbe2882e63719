import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Projects drawn inside projects, rendered by the real command and judged on decoded output:
/// the picture against the same layers written inline (lossless), the sound's level with a
/// numpy lock-in meter, the frames a child at another rate shows (barcodes), placement and
/// opacity, and the parent's rebuilds when a child's file or media change.
@Suite("chromake render: projects inside projects", .tags(.endToEnd))
struct RenderNestedProjectTests {
  /// A clip with a moving picture and a 440 Hz tone at −12 dBFS, and a 1 kHz tone file, in
  /// `parts/`, beside which the child projects live.
  static func makeMedia(_ folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("parts"), withIntermediateDirectories: true)
    try FFmpegCommand.ffmpeg(
      TestMedia.pattern(size: "160x96", rate: 30, seconds: "2")
        + ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2,volume=-6dB"]
        + TestMedia.h264() + ["-c:a", "pcm_s16le", folder.path("parts/clip.mov")])
    try FFmpegCommand.ffmpeg(
      ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=2,volume=-6dB"]
        + ["-c:a", "pcm_s16le", folder.path("parts/tone.wav")])
  }

  /// The child's layers: the clip in a box, a half-transparent fill over part of it, and an
  /// audio track; `prefix` is where its media are seen from.
  static func childLayers(prefix: String) -> String {
    """
    layers:
      - name: plate
        source: \(prefix)clip.mov
        box: [16, 8, 128, 80]
        fit: stretch
      - name: veil
        fill: "#FF800080"
        box: [0, 48, 96, 48]
    audio:
      - name: bed
        source: \(prefix)tone.wav
    """
  }

  static func child(background: String) -> String {
    """
    version: 1
    output: { file: child.mp4, size: 160x96, fps: 30, duration: 2s, background: "\(background)" }
    \(childLayers(prefix: ""))
    """
  }

  static let lossless = "video: { crf: 0, preset: ultrafast }"

  @Test(
    "a child at its own size gives the inline layers' picture within 2 codes and their sound level, opaque or transparent"
  )
  func childMatchesInline() throws {
    try withScratchFolder { folder in
      try Self.makeMedia(folder)
      for background in ["#103050", "transparent"] {
        try Self.child(background: background).write(
          toFile: folder.path("parts/child.yaml"), atomically: true, encoding: .utf8)
        // Under a transparent child the parent's own layer shows.
        let under = background == "transparent" ? "#20A040" : background
        let nested = try ChromakeBinary.render(
          """
          version: 1
          output: { file: nested.mp4, size: 160x96, fps: 30, \(Self.lossless) }
          layers:
            - { name: under, fill: "\(under)", duration: 2s }
            - { name: part, project: parts/child.yaml }
          """, name: "nested", in: folder)
        let inline = try ChromakeBinary.render(
          """
          version: 1
          output: { file: inline.mp4, size: 160x96, fps: 30, duration: 2s, background: "\(under)", \(Self.lossless) }
          \(Self.childLayers(prefix: "parts/"))
          """, name: "inline", in: folder)
        let a = try RenderedMovie.frames(nested, in: folder)
        let b = try RenderedMovie.frames(inline, in: folder)
        #expect(a.count == 60 && b.count == 60)
        var worst = 0
        for (x, y) in zip(a, b) {
          for (p, q) in zip(x.luma + x.cb + x.cr, y.luma + y.cb + y.cr) {
            worst = max(worst, abs(Int(p) - Int(q)))
          }
        }
        #expect(worst <= 2, "background \(background): worst difference \(worst) codes")
        let spans = [(0.25, 1.75)]
        let nestedLevels = try SoundJudge.toneLevels(nested, hertz: [440, 1000], spans: spans)
        let inlineLevels = try SoundJudge.toneLevels(inline, hertz: [440, 1000], spans: spans)
        for hertz in [440, 1000] {
          let level = try #require(nestedLevels[0][hertz])
          let reference = try #require(inlineLevels[0][hertz])
          // Both tones really sound (ffmpeg's sine is −18 dBFS, less 6 dB), at the same level.
          #expect(level > -30, "\(hertz) Hz at \(level) dBFS")
          #expect(abs(level - reference) <= 0.5, "\(hertz) Hz: \(level) vs \(reference) dBFS")
        }
      }
    }
  }

  @Test("the layer's audio gain and fades apply to the child's whole mix")
  func gainAppliesToTheWholeMix() throws {
    try withScratchFolder { folder in
      try Self.makeMedia(folder)
      try Self.child(background: "#000000").write(
        toFile: folder.path("parts/child.yaml"), atomically: true, encoding: .utf8)
      let plain = try ChromakeBinary.render(
        """
        version: 1
        output: { file: plain.mp4, size: 160x96, fps: 30 }
        layers:
          - { name: part, project: parts/child.yaml }
        """, name: "plain", in: folder)
      let quiet = try ChromakeBinary.render(
        """
        version: 1
        output: { file: quiet.mp4, size: 160x96, fps: 30 }
        layers:
          - { name: part, project: parts/child.yaml, audio: { gain: -9dB } }
        """, name: "quiet", in: folder)
      let spans = [(0.25, 1.75)]
      let loud = try SoundJudge.toneLevels(plain, hertz: [440, 1000], spans: spans)[0]
      let soft = try SoundJudge.toneLevels(quiet, hertz: [440, 1000], spans: spans)[0]
      for hertz in [440, 1000] {
        let drop = try #require(loud[hertz]) - #require(soft[hertz])
        #expect(abs(drop - 9) <= 0.5, "\(hertz) Hz dropped \(drop) dB")
      }
    }
  }

  @Test(
    "a child at 25 fps in a 30 fps parent, with start and in, shows the source frames the parent's clock asks for"
  )
  func childClockMapsExactly() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("parts"), withIntermediateDirectories: true)
      try BarcodeVideo.make(folder.path("parts/codes.mp4"), frames: 100, rate: "25")
      try """
      version: 1
      output: { file: child.mp4, size: 96x16, fps: 25 }
      layers:
        - { name: codes, source: codes.mp4 }
      """.write(toFile: folder.path("parts/child.yaml"), atomically: true, encoding: .utf8)
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: clock.mp4, size: 96x16, fps: 30, duration: 3s, \(Self.lossless) }
        layers:
          - { name: part, project: parts/child.yaml, start: 250ms, in: 1.37s }
        """, name: "clock", in: folder)
      let decoded = try BarcodeVideo.DecodedMovie(decoding: movie, width: 96, height: 16)
      #expect(decoded.count == 90)
      var checked = 0
      for k in 0..<90 {
        let t = Double(k) / 30
        // The child lasts its 4 s source; from 1.37 s on it plays 2.63 s, to 2.88 s.
        guard t >= 0.25, t < 2.88 else {
          #expect(decoded.number(k, x: 0, y: 0) == nil, "frame \(k) outside the layer")
          continue
        }
        // The child runs at the parent's 30 fps: its frame j is the latest at or before
        // in + (t − start) + 1 ms, and shows the source frame at or before j / 30 + 1 ms.
        let j = ((1.37 + t - 0.25 + 0.001) * 30).rounded(.down)
        let source = Int(((j / 30 + 0.001) * 25).rounded(.down))
        #expect(decoded.number(k, x: 0, y: 0) == source, "frame \(k)")
        checked += 1
      }
      #expect(checked == 79)
    }
  }

  @Test(
    "a child in a smaller box with keyframed opacity blends over the parent, its empty half showing the parent or its own background",
    arguments: ["transparent", "#00FF00"])
  func placedAndFaded(background: String) throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("parts"), withIntermediateDirectories: true)
      // The child's left half is red; its right half shows its background.
      try """
      version: 1
      output: { file: child.mp4, size: 160x96, fps: 30, duration: 2s, background: "\(background)" }
      layers:
        - { name: red, fill: "#FF0000", box: [0, 0, 80, 96] }
      """.write(toFile: folder.path("parts/child.yaml"), atomically: true, encoding: .utf8)
      let movie = try ChromakeBinary.render(
        """
        version: 1
        output: { file: placed.mp4, size: 320x192, fps: 30, background: "#0000FF", \(Self.lossless) }
        layers:
          - name: part
            project: parts/child.yaml
            box: [80, 48, 160, 96]
            opacity: [{ at: 0s, value: 0 }, { at: 1s, value: 1 }]
        """, name: "placed", in: folder)
      let frames = try RenderedMovie.frames(movie, in: folder)
      #expect(frames.count == 60)
      let probe = YCbCrCoding.output
      let blue = probe.codes(rgb8(0, 0, 255))
      let red = probe.codes(rgb8(255, 0, 0))
      // An opaque child's empty half is its own green; a transparent one's, the parent's blue.
      let empty = background == "transparent" ? blue : probe.codes(rgb8(0, 255, 0))
      for k in [0, 15, 30, 45] {
        let opacity = min(Double(k) / 30, 1)
        // Inside the child's red half, inside its empty half, and outside its box.
        let redPart = PixelRect(x: 84, y: 52, width: 72, height: 88)
        let emptyPart = PixelRect(x: 164, y: 52, width: 72, height: 88)
        let outside = PixelRect(x: 4, y: 4, width: 60, height: 40)
        let expectedRed = red * opacity + blue * (1 - opacity)
        let expectedEmpty = empty * opacity + blue * (1 - opacity)
        #expect(
          frames[k].worstDeviation(in: redPart, from: expectedRed) <= 2.5,
          "frame \(k): red half \(frames[k].mean(in: redPart)) vs \(expectedRed)")
        #expect(
          frames[k].worstDeviation(in: emptyPart, from: expectedEmpty) <= 2.5,
          "frame \(k): empty half \(frames[k].mean(in: emptyPart)) vs \(expectedEmpty)")
        #expect(frames[k].worstDeviation(in: outside, from: blue) <= 2, "frame \(k)")
      }
    }
  }

  @Test(
    "children as sequence items: one file and values is one composition however often drawn, each item on its own clock"
  )
  func childrenInASequence() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("parts"), withIntermediateDirectories: true)
      try BarcodeVideo.make(folder.path("parts/a.mp4"), frames: 30, rate: "30", first: 100)
      try BarcodeVideo.make(folder.path("parts/b.mp4"), frames: 30, rate: "30", first: 500)
      try """
      version: 1
      variables: { clip: a.mp4 }
      output: { file: child.mp4, size: 96x16, fps: 30 }
      layers:
        - { name: codes, source: "{{clip}}" }
      """.write(toFile: folder.path("parts/child.yaml"), atomically: true, encoding: .utf8)
      let project = """
        version: 1
        output: { file: story.mp4, size: 96x16, fps: 30, \(Self.lossless) }
        layers:
          - name: story
            sequence:
              - { project: parts/child.yaml, duration: 10f }
              - { project: parts/child.yaml, in: 5f, duration: 10f }
              - { project: parts/child.yaml, variables: { clip: b.mp4 }, duration: 10f }
        """
      let movie = try ChromakeBinary.render(project, name: "story", in: folder)
      let plan = try ChromakeBinary.run(["plan", folder.path("story.yaml"), "--json"])
      let json = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
      #expect((json?["compositions"] as? [Any])?.count == 2, "\(plan.stdout.prefix(400))")
      let decoded = try BarcodeVideo.DecodedMovie(decoding: movie, width: 96, height: 16)
      #expect(decoded.count == 30)
      for k in 0..<30 {
        let expected = k < 10 ? 100 + k : k < 20 ? 100 + 5 + (k - 10) : 500 + (k - 20)
        #expect(decoded.number(k, x: 0, y: 0) == expected, "frame \(k)")
      }
    }
  }
}

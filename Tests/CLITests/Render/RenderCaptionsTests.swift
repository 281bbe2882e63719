import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `captions` layers, judged on the decoded frames of the rendered movie: each cue on exactly
/// the frames `a ≤ k / fps − start < b` gives, overlapping cues stacked with the later one
/// below, any script, tags styled, markup characters shown as written, `chromake frame`, and
/// the subtitle file as an input of the render.
@Suite("Render captions layers", .tags(.endToEnd))
struct RenderCaptionsTests {
  /// One timing case: a frame rate, the layer's `start` and the cues' times in milliseconds.
  struct Timing: CustomTestStringConvertible, Sendable {
    var rate: TestFrameRate
    var startMs = 0
    var cues: [(start: Int, end: Int)]

    var testDescription: String {
      rate.testDescription + (startMs == 0 ? "" : ", start \(startMs) ms")
    }
  }

  /// Cues starting and ending just before, exactly on and just after frame boundaries, some
  /// back to back, one on a single frame and one falling between two frames.
  static let thirty = Timing(
    rate: TestFrameRate(numerator: 30, denominator: 1),
    cues: [
      (0, 500),  // on frame 0, ends exactly on frame 15
      (533, 600),  // just before frame 16 (533.3 ms), ends exactly on frame 18
      (634, 700),  // just after frame 19 (633.3 ms): starts on 20; frame 21 is at 700 ms
      (700, 1033),  // back to back with the last; ends just before frame 31 (1033.3 ms)
      (1066, 1067),  // 1 ms around frame 32 (1066.7 ms): that frame only
      (1140, 1160),  // between frames 34 and 35: never shows
      (1999, 2500),  // just before frame 60, ends exactly on frame 75
      (2500, 9000),  // back to back, past the output's end
    ])
  static let twentyFive = Timing(
    rate: TestFrameRate(numerator: 25, denominator: 1),
    cues: [
      (0, 400),  // frames 0-9
      (439, 521),  // just before frame 11 (440 ms), just after frame 13 (520 ms)
      (561, 641),  // just after frame 14 (560 ms)
      (641, 1000),  // back to back; ends exactly on frame 25
      (1020, 1030),  // between frames 25 and 26: never shows
      (1039, 1041),  // around frame 26 (1040 ms): that frame only
      (1960, 2400),  // exactly on frame 49 and 60
      (2400, 9000),  // back to back, past the output's end
    ])
  static let ntsc = Timing(
    rate: TestFrameRate(numerator: 30000, denominator: 1001),
    cues: [
      (0, 967),  // ends just before frame 29 (967.6 ms)
      (1000, 1001),  // just before frame 30 (1001 ms) and ending exactly on it: never shows
      (1001, 1035),  // exactly on frame 30; 1035 ms is just after frame 31 (1034.4 ms)
      (1035, 1101),  // back to back: frame 32 only (frame 33 is at 1101.1 ms)
      (1102, 1501),  // just after frame 33: starts on 34
      (2002, 2502),  // exactly on frame 60, ends just before frame 75 (2502.5 ms)
      (2503, 9000),  // just after frame 75: starts on 76, past the output's end
    ])

  static let captionBox = PixelRect(x: 8, y: 50, width: 144, height: 32)

  /// Renders `timing` (3 s at 160×90, cue `i`'s words `i + 1` letters H, so each cue's ink has
  /// a width of its own) and checks every frame: ink in the box exactly on the frames where
  /// some cue satisfies `a ≤ k / fps − start < b` (in exact integer arithmetic), the same ink
  /// while the same cue shows, and other ink where the cue changes.
  static func checkCueFrames(_ timing: Timing) throws {
    try withScratchFolder { folder in
      let cues = timing.cues.enumerated().map {
        TestCue($1.start, $1.end, String(repeating: "H", count: $0 + 1))
      }
      let start = timing.startMs == 0 ? "" : ", start: \(Double(timing.startMs) / 1000)s"
      let yaml = CaptionsProject.yaml(
        size: "160x90", fps: timing.rate.yaml, duration: "3s",
        layers: """
            - { name: subs, captions: subs.srt, box: [8, 50, 144, 32], \
          font: "DejaVu Sans Bold 14", align: center, valign: middle\(start) }
          """)
      let (_, frames) = try CaptionsProject.frames(
        yaml, files: ["subs.srt": TestCue.subRip(cues)], in: folder)
      try #require(frames.count == timing.rate.frames(in: 3000))

      // The cue shown on each frame, from the contract's inequality alone.
      let expected: [Int?] = try frames.indices.map { k in
        let showing = cues.indices.filter {
          timing.rate.frame(k, isAtOrAfter: cues[$0].start + timing.startMs)
            && !timing.rate.frame(k, isAtOrAfter: cues[$0].end + timing.startMs)
        }
        try #require(showing.count <= 1, "the test's cues overlap on frame \(k)")
        return showing.first
      }
      #expect(expected.contains(nil) && expected.contains { $0 != nil }, "a useful case")

      let inks = frames.map(CaptionsProject.ink)
      var wrong: [String] = []
      for (k, ink) in inks.enumerated() {
        if let cue = expected[k] {
          if ink.count < 20 {
            wrong.append("frame \(k): no ink, expected cue \(cue + 1) \(timing.cues[cue])")
          }
        } else if ink.count > 0 {
          wrong.append("frame \(k): \(ink), expected none")
        }
      }
      #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
      for (k, ink) in inks.enumerated() {
        #expect(ink.isInside(captionBox), "frame \(k): \(ink)")
      }
      // While one cue shows, its picture stands still; from one cue to the next, it changes.
      for k in frames.indices.dropFirst() {
        guard let now = expected[k], let before = expected[k - 1] else { continue }
        let (a, b) = (inks[k - 1], inks[k])
        if now == before {
          let same = frames[k].isIdentical(to: frames[k - 1])
          #expect(same, "frame \(k) is frame \(k - 1) again")
        } else {
          #expect(
            a.bounds?.width != b.bounds?.width,
            "frames \(k - 1) and \(k) show cues \(before + 1) and \(now + 1): \(a) / \(b)")
        }
      }
    }
  }

  @Test(
    "each cue shows on exactly the frames a ≤ k/fps < b gives",
    arguments: [thirty, twentyFive, ntsc])
  func cueFrames(_ timing: Timing) throws {
    try Self.checkCueFrames(timing)
  }

  @Test(
    "start: 0.5s shifts every cue by half a second, still frame-exact",
    arguments: [thirty, twentyFive, ntsc].map {
      var shifted = $0
      shifted.startMs = 500
      return shifted
    })
  func startShiftsCues(_ timing: Timing) throws {
    try Self.checkCueFrames(timing)
  }

  /// The runs of inked rows of `ink`, top first.
  static func bands(_ ink: Ink) -> [ClosedRange<Int>] {
    var bands: [ClosedRange<Int>] = []
    for row in ink.rows {
      if let last = bands.last, last.upperBound + 1 == row {
        bands[bands.count - 1] = last.lowerBound...row
      } else {
        bands.append(row...row)
      }
    }
    return bands
  }

  @Test(
    "overlapping cues stack, the later-starting one below, whatever the file's order",
    arguments: [false, true])
  func overlappingCuesStack(laterFirstInFile: Bool) throws {
    try withScratchFolder { folder in
      // A narrow cue for 0-2 s and a wide one for 1-3 s, at 10 fps: frames 0-9 show A,
      // 10-19 both, 20-29 B.
      let a = TestCue(0, 2000, "I")
      let b = TestCue(1000, 3000, "WWWWWW")
      let yaml = CaptionsProject.yaml(
        size: "320x180", duration: "3s",
        layers: """
            - { name: subs, captions: subs.srt, box: [16, 80, 288, 96], \
          font: "DejaVu Sans Bold 24", align: center, valign: bottom }
          """)
      let (_, frames) = try CaptionsProject.frames(
        yaml, files: ["subs.srt": TestCue.subRip(laterFirstInFile ? [b, a] : [a, b])],
        in: folder)
      try #require(frames.count == 30)
      let plate = CaptionsProject.plateLuma
      func single(_ k: Int) throws -> (band: ClosedRange<Int>, columns: ClosedRange<Int>) {
        let bands = Self.bands(CaptionsProject.ink(frames[k]))
        try #require(bands.count == 1, "frame \(k) shows one line: \(bands)")
        return (bands[0], try #require(frames[k].inkColumns(rows: bands[0], plateLuma: plate)))
      }
      let alone = (a: try single(5), b: try single(25))
      #expect(alone.a.columns.count * 3 < alone.b.columns.count, "A is narrow, B wide: \(alone)")
      for k in 10..<20 {
        let ink = CaptionsProject.ink(frames[k])
        let bands = Self.bands(ink)
        try #require(bands.count == 2, "frame \(k): two lines while both cues show: \(ink)")
        let upper = try #require(frames[k].inkColumns(rows: bands[0], plateLuma: plate))
        let lower = try #require(frames[k].inkColumns(rows: bands[1], plateLuma: plate))
        func near(_ x: ClosedRange<Int>, _ y: ClosedRange<Int>) -> Bool {
          abs(x.lowerBound - y.lowerBound) <= 1 && abs(x.upperBound - y.upperBound) <= 1
        }
        #expect(near(upper, alone.a.columns), "frame \(k): A on top: \(upper), \(alone.a)")
        #expect(near(lower, alone.b.columns), "frame \(k): B below: \(lower), \(alone.b)")
        let height = try #require(ink.bounds).height
        #expect(
          height >= alone.a.band.count + alone.b.band.count,
          "frame \(k): the block is two lines tall: \(ink)")
      }
      // The lines move only when a cue starts or ends.
      for k in [1, 11, 21] {
        let same = frames[k].isIdentical(to: frames[k + 7])
        #expect(same, "frames \(k)-\(k + 7) stand still")
      }
    }
  }

  @Test("Hebrew, Arabic and Chinese cues render with no missing glyph, hugging the aligned edge")
  func rightToLeftAndCJK() throws {
    try withScratchFolder { folder in
      let cues = [
        TestCue(0, 100, "שלום עולם"),
        TestCue(100, 200, "مرحبا بالعالم"),
        TestCue(200, 300, "你好，世界"),
      ]
      // The same file twice: aligned left in the upper box, right in the lower one.
      let yaml = CaptionsProject.yaml(
        size: "320x180", duration: "0.3s",
        layers: """
            - { name: left, captions: subs.srt, box: [16, 16, 288, 64], \
          font: "DejaVu Sans 24", align: left, valign: middle }
            - { name: right, captions: subs.srt, box: [16, 100, 288, 64], \
          font: "DejaVu Sans 24", align: right, valign: middle }
          """)
      let (run, frames) = try CaptionsProject.frames(
        yaml, files: ["subs.srt": TestCue.subRip(cues)], in: folder)
      #expect(!run.stderr.contains("no glyph"), "\(run.stderr)")
      try #require(frames.count == 3)
      let plate = CaptionsProject.plateLuma
      for (k, frame) in frames.enumerated() {
        let ink = CaptionsProject.ink(frame)
        #expect(ink.isInside(PixelRect(x: 16, y: 16, width: 288, height: 148)), "\(ink)")
        let left = try #require(frame.inkColumns(rows: 16...79, plateLuma: plate), "frame \(k)")
        let right = try #require(
          frame.inkColumns(rows: 100...163, plateLuma: plate), "frame \(k)")
        #expect(left.lowerBound - 16 <= 4 && 303 - left.upperBound >= 60, "\(k): \(left)")
        #expect(303 - right.upperBound <= 4 && right.lowerBound - 16 >= 60, "\(k): \(right)")
        #expect(abs(left.count - right.count) <= 2, "the same words: \(left), \(right)")
        #expect(ink.count > 300, "frame \(k): \(ink)")
      }
      let changes = !frames[0].isIdentical(to: frames[1]) && !frames[1].isIdentical(to: frames[2])
      #expect(changes, "each cue shows its own words")

      // The judge can fail: a character no font has is reported.
      let missing = try CaptionsProject.render(
        CaptionsProject.yaml(
          size: "64x36", duration: "0.1s",
          layers: "  - { name: subs, captions: missing.srt, font: \"DejaVu Sans 12\" }"),
        files: ["missing.srt": TestCue.subRip([TestCue(0, 100, "a \u{F0000} b")])], in: folder)
      #expect(missing.status == 0, "\(missing.stderr)")
      #expect(missing.stderr.contains("no glyph"), "\(missing.stderr)")
    }
  }

  @Test("<i> leans, <b> inks more, <u> underlines, <font> is dropped")
  func tagsStyle() throws {
    try withScratchFolder { folder in
      let words = "IIII"
      let cues = [
        words, "<i>\(words)</i>", "<b>\(words)</b>", "<u>\(words)</u>",
        "<font color=\"#FF0000\">\(words)</font>",
      ].enumerated().map { TestCue(100 * $0, 100 * ($0 + 1), $1) }
      let yaml = CaptionsProject.yaml(
        size: "320x180", duration: "0.5s",
        layers: """
            - { name: subs, captions: subs.srt, box: [20, 20, 280, 140], \
          font: "DejaVu Sans 48", align: center, valign: middle }
          """)
      let (_, frames) = try CaptionsProject.frames(
        yaml, files: ["subs.srt": TestCue.subRip(cues)], in: folder)
      try #require(frames.count == 5)
      let plate = CaptionsProject.plateLuma
      let inks = frames.map(CaptionsProject.ink)
      let (plain, bold, underline) = (inks[0], inks[2], inks[3])
      let plainBounds = try #require(plain.bounds)
      #expect(plain.count > 500, "\(plain)")

      let (upright, leaning) = (
        frames[0].inkLean(plateLuma: plate), frames[1].inkLean(plateLuma: plate)
      )
      #expect(abs(upright) < 0.03, "plain strokes stand upright: \(upright)")
      #expect(leaning < -0.1, "italic strokes lean right: \(leaning)")
      let italicDiffers = !frames[1].isIdentical(to: frames[0])
      #expect(italicDiffers, "italic is not the plain picture")

      #expect(Double(bold.count) > 1.3 * Double(plain.count), "bold \(bold), plain \(plain)")

      let underBounds = try #require(underline.bounds)
      let bottom = underBounds.y + underBounds.height - 1
      #expect(bottom >= plainBounds.y + plainBounds.height + 1, "\(underline) under \(plain)")
      // The bottom row is one unbroken rule under the words, not the feet of letters.
      let rule = (0..<320).filter { frames[3].isInk(x: $0, y: bottom, plateLuma: plate) }
      #expect(
        Double(rule.count) >= 0.8 * Double(plainBounds.width),
        "the underline runs under the words: \(rule.count) px in row \(bottom), \(plain)")

      let fontDropped = frames[4].isIdentical(to: frames[0])
      #expect(fontDropped, "<font> is dropped: \(inks[4]) / \(plain)")
    }
  }

  @Test("markup characters show as written: each cue is the same pixels as a text layer")
  func markupCharactersAreLiteral() throws {
    try withScratchFolder { folder in
      // (what the cue file holds, what a text layer must say to look the same)
      let subRip = [
        ("<3 & x > y", "<3 & x > y"),
        ("a < b && c > d", "a < b && c > d"),
        ("Tom &amp; Jerry", "Tom &amp; Jerry"),
      ]
      let webVTT = [
        ("&lt;b&gt; &amp; &lt;i&gt;", "<b> & <i>"),
        ("<v Bob>Hi &amp; bye</v>", "Hi & bye"),
      ]
      // Frame 2i shows text layer i, frame 2i + 1 the same words as a cue, in the same box.
      let keys = """
        box: [16, 40, 288, 100], font: "DejaVu Sans 28", align: center, valign: middle
        """
      var layers: [String] = []
      var srt: [TestCue] = []
      var vtt: [TestCue] = []
      for (i, (cue, text)) in (subRip + webVTT).enumerated() {
        let escaped = text.replacingOccurrences(of: "\"", with: "\\\"")
        layers.append(
          "  - { name: text\(i), text: \"\(escaped)\", start: \(Double(2 * i) / 10)s, "
            + "duration: 0.1s, \(keys) }")
        let timed = TestCue(200 * i + 100, 200 * i + 200, cue)
        if i < subRip.count { srt.append(timed) } else { vtt.append(timed) }
      }
      layers.append("  - { name: srt, captions: subs.srt, \(keys) }")
      layers.append("  - { name: vtt, captions: subs.vtt, \(keys) }")
      let yaml = CaptionsProject.yaml(
        size: "320x180", duration: "1s", layers: layers.joined(separator: "\n"))
      let (_, frames) = try CaptionsProject.frames(
        yaml, files: ["subs.srt": TestCue.subRip(srt), "subs.vtt": TestCue.webVTT(vtt)],
        in: folder)
      try #require(frames.count == 10)
      for (i, (cue, text)) in (subRip + webVTT).enumerated() {
        let (asText, asCue) = (frames[2 * i], frames[2 * i + 1])
        #expect(CaptionsProject.ink(asText).count > 300, "\(text) is drawn")
        let inks = (cue: CaptionsProject.ink(asCue), text: CaptionsProject.ink(asText))
        let same = asCue.isIdentical(to: asText)
        #expect(same, "cue \(cue) looks like text \(text): \(inks)")
      }
      let differ = !frames[0].isIdentical(to: frames[2])
      #expect(differ, "the strings differ")
    }
  }

  /// The pixels of a PNG as R′G′B′ bytes that are clearly brighter than the #202020 plate.
  static func brightPixels(_ png: String, in folder: ScratchFolder) throws -> [Int] {
    let bytes = try RenderedMovie.rgb24(png, in: folder)
    return stride(from: 0, to: bytes.count - 2, by: 3).filter { bytes[$0 + 1] > 0x20 + 60 }
      .map { $0 / 3 }
  }

  @Test("chromake frame shows a cue's words at a time inside it and nothing between cues")
  func frameCommand() throws {
    try withScratchFolder { folder in
      let cues = [TestCue(200, 600, "HELLO"), TestCue(1200, 1600, "WORLD")]
      let yaml = CaptionsProject.yaml(
        size: "320x180", duration: "2s",
        layers: """
            - { name: subs, captions: subs.srt, box: [16, 100, 288, 60], \
          font: "DejaVu Sans Bold 32", align: center, valign: middle }
          """)
      try yaml.write(
        to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
      try TestCue.subRip(cues).write(
        to: folder.url.appendingPathComponent("subs.srt"), atomically: true, encoding: .utf8)
      var bright: [String: [Int]] = [:]
      for at in ["0.4s", "0.9s", "1.4s"] {
        let run = try ChromakeBinary.run(
          ["frame", "project.yaml", "--at", at, "-o", "f\(at).png"], in: folder.url)
        try #require(run.status == 0, "\(run.stderr)")
        bright[at] = try Self.brightPixels(folder.path("f\(at).png"), in: folder)
      }
      let (hello, between, world) = (bright["0.4s"]!, bright["0.9s"]!, bright["1.4s"]!)
      #expect(hello.count > 200, "a cue's words at 0.4 s")
      #expect(world.count > 200, "a cue's words at 1.4 s")
      #expect(between.isEmpty, "nothing at 0.9 s, between the cues: \(between.count) pixels")
      #expect(hello != world, "each time shows its own cue")
      let box = PixelRect(x: 16, y: 100, width: 288, height: 60)
      for pixel in hello + world {
        #expect(box.contains(x: pixel % 320, y: pixel / 320), "ink at \(pixel) in the box")
      }
    }
  }

  @Test("an edited subtitle file renders again, and the depfile names it")
  func subtitleFileIsAnInput() throws {
    try withScratchFolder { folder in
      let yaml = CaptionsProject.yaml(
        size: "160x90", duration: "0.5s", variables: "{ lang: en }",
        layers: """
            - { name: subs, captions: "media/{{lang}}.srt", box: [8, 30, 144, 40], \
          font: "DejaVu Sans Bold 20", align: center, valign: middle }
          """)
      let name = "media/en.srt"
      let first = try CaptionsProject.render(
        yaml, files: [name: TestCue.subRip([TestCue(0, 500, "HELLO")])], in: folder,
        extra: ["--depfile", "out.d"])
      try #require(first.status == 0, "\(first.stderr)")
      let before = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).last)

      // The depfile's rule: the output, then every prerequisite.
      let depfile = try String(contentsOfFile: folder.path("out.d"), encoding: .utf8)
      let rule = depfile.components(separatedBy: "\n\n")[0]
        .replacingOccurrences(of: "\\\n", with: " ")
        .split(whereSeparator: \.isWhitespace).map(String.init)
      #expect(rule.first == "out.mp4:", "\(depfile)")
      #expect(rule.contains(name) && rule.contains("project.yaml"), "\(depfile)")

      // Same size, other words, and the old modification time put back.
      let path = folder.path(name)
      let stamp = try #require(
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
      try TestCue.subRip([TestCue(0, 500, "WORLD")]).write(
        toFile: path, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
      let second = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none", "--explain", "--depfile", "out.d"],
        in: folder.url)
      try #require(second.status == 0, "\(second.stderr)")
      #expect(!second.stderr.contains("up to date"), "\(second.stderr)")
      #expect(second.stderr.contains(name), "the reason names the file: \(second.stderr)")
      let after = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).last)
      #expect(CaptionsProject.ink(after).count > 100)
      let redrawn = !after.isIdentical(to: before)
      #expect(redrawn, "the new words are drawn")

      let third = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      #expect(third.stderr.contains("up to date"), "nothing changed since: \(third.stderr)")
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `captions` layers with `words:`, judged on the decoded frames of the rendered movie by
/// `Tests/Measurements/word_states.py`: for every input format, every word's state on every
/// frame against the frame rule written afresh in Python, zero frames off; nothing drawn
/// between pages; pages never outside the box.
@Suite("Render word captions", .tags(.endToEnd))
struct RenderWordCaptionsTests {
  /// Words around frame boundaries at 30 fps (a frame every 33.3 ms): one just before a
  /// frame, one just after, one a single frame long, one between two frames, in three cues.
  static let cues: [[TestWord]] = [
    [
      TestWord("One", 0, 333), TestWord("two", 333, 434), TestWord("three", 434, 600),
      TestWord("four", 600, 700), TestWord("five.", 700, 1033),
    ],
    [TestWord("Six", 1066, 1067), TestWord("seven", 1067, 1500), TestWord("eight", 1500, 2000)],
    [TestWord("nine", 2500, 2520), TestWord("ten", 2520, 3000)],
  ]
  static let words = cues.flatMap { $0 }
  /// per_page 3, the cues' ends and "five." cut them so.
  static let pages = [[0, 1, 2], [3, 4], [5, 6, 7], [8, 9]]
  /// Pure hues, told apart in decoded frames whatever chroma subsampling does to edges.
  static let looks = [
    "upcoming: { color: \"#0000FF\" }", "active: { color: \"#FF0000\" }",
    "spoken: { color: \"#00FF00\" }",
  ]

  /// Renders `file` as a word-captions layer with `words` keys, and judges every frame.
  static func judge(
    file: String, contents: String, startMs: Int = 0, leadMs: Int = 0, lingerMs: Int = 0,
    words: [TestWord] = words, pages: [[Int]] = pages, warning: String? = nil
  ) throws {
    try withScratchFolder { folder in
      let keys =
        ["per_page: 3"] + (leadMs == 0 ? [] : ["lead: \(leadMs)ms"])
        + (lingerMs == 0 ? [] : ["linger: \(lingerMs)ms"]) + looks
      let yaml = CaptionsProject.yaml(
        size: "480x270", fps: "30", duration: "3.5s",
        layers: """
            - name: words
              captions: \(file)
              box: [10, 150, 460, 100]
              font: DejaVu Sans Bold 30
              align: center
              valign: middle\(startMs == 0 ? "" : "\n    start: \(Double(startMs) / 1000)s")
              words:
          """ + keys.map { "\n        \($0)" }.joined())
      let run = try CaptionsProject.render(yaml, files: [file: contents], in: folder)
      try #require(run.status == 0, "\(run.stderr)\n\(yaml)")
      if let warning {
        #expect(run.stderr.contains("[\(warning)]"), "\(run.stderr)")
      } else {
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
      }
      let plan = try ChromakeBinary.run(["plan", "project.yaml", "--json"], in: folder.url)
      try #require(plan.status == 0, "\(plan.stderr)")
      let layout = try WordLayout(planJSON: plan.stdout, layer: 0)
      #expect(layout.pages == pages, "pages as per_page, the cues and the full stop cut them")
      let spec: [String: Any] = [
        "movie": folder.path("out.mp4"), "width": 480, "height": 270, "fps": [30, 1],
        "frames": 105, "start_ms": startMs, "lead_ms": leadMs, "linger_ms": lingerMs,
        "words": words.map { [$0.start, $0.end] }, "pages": layout.pages,
        "boxes": layout.boxes.map { $0.map { [$0.x, $0.y, $0.width, $0.height] } },
        "area": [10, 150, 460, 100],
      ]
      let specURL = folder.url.appendingPathComponent("judge.json")
      try JSONSerialization.data(withJSONObject: spec).write(to: specURL)
      let judged = try ToolRun.run(
        tool: "python3", [WordLayout.judge.path, specURL.path], in: folder.url)
      try #require(judged.status == 0, "\(judged.stderr)")
      let summary = try #require(judged.stdout.split(separator: "\n").last)
      let result = try #require(
        try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
      #expect(result["wrong"] as? Int == 0, "\(judged.stdout.prefix(3000))")
      let seen = try #require(result["seen"] as? [String: Int])
      for state in ["upcoming", "active", "spoken"] {
        #expect((seen[state] ?? 0) > 20, "\(state) seen on \(seen[state] ?? 0) word-frames")
      }
    }
  }

  @Test(
    "every word's state on every frame follows the frame rule", arguments: WordTranscripts.formats)
  func frameRule(format: String) throws {
    try Self.judge(file: "words-\(format)", contents: WordTranscripts.write(Self.cues, as: format))
  }

  @Test(
    "SubRip and WebVTT without word times: each cue's words share it by their characters",
    arguments: ["srt", "vtt"])
  func estimated(format: String) throws {
    // Words of equal length share their cue equally: 300 ms, 500 ms and 300 ms each, so the
    // frame rule's times are exact whatever rounding the estimate uses.
    let cues = [
      TestCue(0, 900, "one two six"), TestCue(1000, 2000, "seven eight"),
      TestCue(2500, 3100, "aaaa bbbb"),
    ]
    let words = [
      TestWord("one", 0, 300), TestWord("two", 300, 600), TestWord("six", 600, 900),
      TestWord("seven", 1000, 1500), TestWord("eight", 1500, 2000),
      TestWord("aaaa", 2500, 2800), TestWord("bbbb", 2800, 3100),
    ]
    try Self.judge(
      file: "words.\(format)",
      contents: format == "srt" ? TestCue.subRip(cues) : TestCue.webVTT(cues),
      words: words, pages: [[0, 1, 2], [3, 4], [5, 6]], warning: "estimated-word-times")
  }

  @Test("lead, linger and the layer's start shift the rule exactly")
  func leadLingerStart() throws {
    try Self.judge(
      file: "words.json", contents: WordTranscripts.write(Self.cues, as: "whisperx.json"),
      startMs: 100, leadMs: 67, lingerMs: 200,
      // "Six" (1066 to 1067 ms) turns active at 1.099 s and hands over at 1.100 s: both on
      // frame 33, so it never shows, and check says so.
      warning: "word-never-shows")
  }
}

extension RenderWordCaptionsTests {
  /// Renders `transcript` (WhisperX) as `project-NAME`'s word captions with `words` keys at
  /// 480×270, 30 fps, and returns the plan's layout.
  static func render(
    _ name: String, transcript: String, keys: [String], font: String = "DejaVu Sans Bold 30",
    in folder: ScratchFolder
  ) throws -> WordLayout {
    let yaml = CaptionsProject.yaml(
      size: "480x270", fps: "30", duration: "3.5s",
      layers: """
          - name: words
            captions: words.json
            box: [10, 150, 460, 100]
            font: \(font)
            align: center
            valign: middle
            words:
        """ + keys.map { "\n        \($0)" }.joined()
    )
    .replacingOccurrences(of: "file: out.mp4", with: "file: \(name).mp4")
    try transcript.write(
      to: folder.url.appendingPathComponent("words.json"), atomically: true, encoding: .utf8)
    try yaml.write(
      to: folder.url.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
    let run = try ChromakeBinary.run(
      ["render", "\(name).yaml", "--progress", "none"], in: folder.url)
    try #require(run.status == 0, "\(run.stderr)\n\(yaml)")
    let plan = try ChromakeBinary.run(["plan", "\(name).yaml", "--json"], in: folder.url)
    try #require(plan.status == 0, "\(plan.stderr)")
    return try WordLayout(planJSON: plan.stdout, layer: 0)
  }

  @Test("an active word scaled and popping never moves the page's layout, and does grow")
  func scaleKeepsLayout() throws {
    try withScratchFolder { folder in
      let transcript = WordTranscripts.write(Self.cues, as: "whisperx.json")
      let plain = try Self.render(
        "plain", transcript: transcript, keys: ["per_page: 3"] + Self.looks, in: folder)
      let scaledLooks = Self.looks.map {
        $0.hasPrefix("active") ? "active: { color: \"#FF0000\", scale: 1.4 }" : $0
      }
      let scaled = try Self.render(
        "scaled", transcript: transcript,
        keys: ["per_page: 3", "pop: { scale: 2, duration: 200ms, ease: out }"] + scaledLooks,
        in: folder)
      #expect(plain.pages == scaled.pages && plain.activeFrames == scaled.activeFrames)
      let answer = try WordLayout.measure(
        [
          "mode": "stability", "width": 480, "height": 270, "movie": folder.path("plain.mp4"),
          "scaled": folder.path("scaled.mp4"), "pages": plain.pages,
          "boxes": plain.boxes.map { [$0[0].x, $0[0].y, $0[0].width, $0[0].height] },
          "active": plain.active(frames: 105).map { $0 as Any? ?? NSNull() }, "scale": 1.4,
          "largest": 2,
        ], in: folder)
      #expect((answer["moved"] as? [Int])?.isEmpty == true, "frames where words moved: \(answer)")
      #expect((answer["checked"] as? Int ?? 0) > 50, "\(answer)")
      #expect((answer["grown"] as? Int ?? 0) > 40, "the active word grew: \(answer)")
    }
  }

  @Test("Arabic and Hebrew are highlighted right to left, English left to right")
  func readingOrder() throws {
    try withScratchFolder { folder in
      let cues = [
        [TestWord("مرحبا", 0, 500), TestWord("بكم", 500, 1000), TestWord("جميعا", 1000, 1500)],
        [TestWord("שלום", 1500, 2000), TestWord("לכולם", 2000, 2500), TestWord("כאן", 2500, 2900)],
        [TestWord("Hello", 2900, 3100), TestWord("to", 3100, 3300), TestWord("all", 3300, 3500)],
      ]
      let layout = try Self.render(
        "order", transcript: WordTranscripts.write(cues, as: "whisperx.json"),
        keys: ["per_page: 3"] + Self.looks, in: folder)
      try #require(layout.pages == [[0, 1, 2], [3, 4, 5], [6, 7, 8]])
      let answer = try WordLayout.measure(
        [
          "mode": "order", "width": 480, "height": 270, "movie": folder.path("order.mp4"),
          "area": [10, 150, 460, 100],
        ], in: folder)
      let centres = try #require(answer["centres"] as? [Any])
      let active = layout.active(frames: 105)
      // The mean centre of the red ink while each word is active.
      var centreOf: [Int: Double] = [:]
      for word in 0..<9 {
        let xs = active.indices.filter { active[$0] == word }.compactMap { centres[$0] as? Double }
        try #require(!xs.isEmpty, "word \(word + 1) was never seen active")
        centreOf[word] = xs.reduce(0, +) / Double(xs.count)
      }
      for page in 0..<3 {
        let (a, b, c) = (centreOf[3 * page]!, centreOf[3 * page + 1]!, centreOf[3 * page + 2]!)
        if page < 2 {
          #expect(a > b && b > c, "page \(page + 1) right to left: \(a), \(b), \(c)")
        } else {
          #expect(a < b && b < c, "English left to right: \(a), \(b), \(c)")
        }
      }
    }
  }

  @Test("an emoji word is drawn in colour")
  func emojiInColour() throws {
    try withScratchFolder { folder in
      let cues = [
        [TestWord("Party", 0, 1000), TestWord("🎉", 1000, 2000), TestWord("time", 2000, 3000)]
      ]
      let layout = try Self.render(
        "emoji", transcript: WordTranscripts.write(cues, as: "whisperx.json"),
        keys: ["per_page: 3"] + Self.looks, font: "DejaVu Sans Bold 60", in: folder)
      let box = try #require(layout.boxes[1].first)
      let answer = try WordLayout.measure(
        [
          "mode": "colours", "width": 480, "height": 270, "movie": folder.path("emoji.mp4"),
          "frame": 75, "box": [box.x, box.y, box.width, box.height],
        ], in: folder)
      #expect((answer["hues"] as? Int ?? 0) >= 3, "hues inside the emoji's box: \(answer)")
    }
  }
}

/// The pages and word boxes a plan gives a word-captions layer, in output pixels.
struct WordLayout {
  static let judge = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Measurements/word_states.py")

  struct Box {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// Word indices by page, in order.
  var pages: [[Int]] = []
  /// Each word's active frames, `first..<end`.
  var activeFrames: [Range<Int>] = []
  /// Each word's boxes, placed in the layer's box as the compositor fits the picture.
  var boxes: [[Box]] = []

  /// The word active on each of `frames` frames, if any.
  func active(frames: Int) -> [Int?] {
    (0..<frames).map { k in activeFrames.firstIndex { $0.contains(k) } }
  }

  /// Runs `Tests/Measurements/word_layout.py` with `spec` and returns its JSON answer.
  static func measure(_ spec: [String: Any], in folder: ScratchFolder) throws -> [String: Any] {
    let url = folder.url.appendingPathComponent("layout-\(spec["mode"] ?? "").json")
    try JSONSerialization.data(withJSONObject: spec).write(to: url)
    let script = judge.deletingLastPathComponent().appendingPathComponent("word_layout.py")
    let run = try ToolRun.run(tool: "python3", [script.path, url.path], in: folder.url)
    try #require(run.status == 0, "\(run.stderr)")
    let last = try #require(run.stdout.split(separator: "\n").last)
    return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
  }

  /// From `chromake plan --json`: the `layer`-th captions layer.
  init(planJSON: String, layer: Int) throws {
    let plan = try #require(
      try JSONSerialization.jsonObject(with: Data(planJSON.utf8)) as? [String: Any])
    let layers = try #require(plan["layers"] as? [[String: Any]])
    let captionsLayers = layers.filter { $0["captions"] != nil }
    let chosen = captionsLayers[layer]
    let captions = try #require(chosen["captions"] as? [String: Any])
    let words = try #require(captions["words"] as? [String: Any])
    let planned = try #require(words["pages"] as? [[String: Any]])
    let boxKeyframes = try #require(chosen["box"] as? [[String: Any]])
    let box = try #require(boxKeyframes.first?["value"] as? [String: Double])
    var next = 0
    for page in planned {
      let text = try #require(page["text"] as? [String: Any])
      let (pw, ph) = (
        try #require(text["pictureWidth"] as? Double),
        try #require(text["pictureHeight"] as? Double)
      )
      // `fit: contain`, centred: the picture is the box's size rounded, so nearly 1.
      let scale = min(box["width"]! / pw, box["height"]! / ph)
      let (ox, oy) = (
        box["x"]! + (box["width"]! - pw * scale) / 2, box["y"]! + (box["height"]! - ph * scale) / 2
      )
      let pageWords = try #require(page["words"] as? [[String: Any]])
      pages.append(Array(next..<(next + pageWords.count)))
      next += pageWords.count
      for word in pageWords {
        let active = try #require(word["activeFrames"] as? [String: Int])
        activeFrames.append(active["first"]!..<max(active["first"]!, active["end"]!))
        let raw = try #require(word["boxes"] as? [[String: Double]])
        boxes.append(
          raw.map {
            Box(
              x: ox + $0["x"]! * scale, y: oy + $0["y"]! * scale, width: $0["width"]! * scale,
              height: $0["height"]! * scale)
          })
      }
    }
  }
}

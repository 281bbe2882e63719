import Diagnostics
import Foundation
import ProjectFixtures
import RenderPlan
import TestSupport
import Testing
import Timeline

/// Times that follow other things, judged from the plan: each field that takes a reference,
/// the exact value it resolves to, and the frames and samples the planner then gives it. The
/// voice-over is the fixtures' `media/voice_1_2345.wav`: 1.2345 s, no whole number of frames.
@Suite("Times that follow other things, planned")
struct TimeReferencePlanningTests {
  /// 1.2345 s.
  static let voice = Rational(2469, 2000)
  static let fps = Rational(30)

  /// A 30 fps project of `layers` (YAML list items) over the voice-over, with `audio` (more
  /// track items) after it and `output` lines added to `output:`.
  static func project(layers: String, audio: String = "", output: String = "") -> String {
    """
    version: 1
    output:
      file: out/times.mp4
      size: 640x360
      fps: 30
    \(output)
    layers:
    \(layers)
    audio:
      - name: voice
        source: media/voice_1_2345.wav
    \(audio)
    """
  }

  static func plan(_ text: String) throws -> RenderPlan {
    let outcome = Fixtures.run(text: text, as: "valid/times.yaml")
    #expect(!outcome.diagnostics.hasErrors, "\(Fixtures.printed(outcome))")
    return try #require(outcome.plan)
  }

  static func layer(_ name: String, in plan: RenderPlan) throws -> LayerPlan {
    try #require(plan.layers.first { $0.name == name })
  }

  @Test("a layer's start: voice.end + 300ms is 1.5345 s exactly, first shown on frame 47")
  func layerStart() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF", start: "voice.end + 300ms" }
          """, output: "  duration: 3s"))
    let card = try Self.layer("card", in: plan)
    #expect(card.start == Self.voice + Rational(3, 10))
    // 1.5345 × 30 = 46.035: frame 46 is at 1.5333 s, before it; 47 is the first at or after.
    #expect(card.frames.first == 47)
    #expect(plan.writtenTimes?.map(\.written) == ["voice.end + 300ms"])
    #expect(plan.writtenTimes?.first?.field == "layer 'card' start")
    #expect(plan.writtenTimes?.first?.seconds == Rational(15345, 10000))
  }

  @Test("a layer's duration: voice.length ends it where a typed 1.2345s would")
  func layerDuration() throws {
    let followed = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF", start: 1f, duration: "voice.length" }
          """, output: "  duration: 3s"))
    let typed = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF", start: 1f, duration: 1.2345s }
          """, output: "  duration: 3s"))
    let card = try Self.layer("card", in: followed)
    #expect(card.frames == (try Self.layer("card", in: typed)).frames)
    // (1/30 + 1.2345) × 30 = 38.035 → the layer shows frames 1 to 38.
    #expect(card.frames == FrameRange(first: 1, end: 39))
  }

  @Test("an audio track's start and duration follow the voice, to the sample")
  func trackStartAndDuration() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: plate, fill: "#000000", duration: 4s }
          """,
        audio: """
            - { name: music, source: media/music.m4a, start: "voice.end", duration: "voice.length - 0.5s" }
          """))
    let music = try #require(plan.audio.first { $0.owner == "music" })
    // 1.2345 s × 48000 = 59256 samples exactly; 0.7345 s = 35256.
    #expect(music.firstSample == 59256)
    #expect(music.endSample == 59256 + 35256)
  }

  @Test("a keyframe's at: voice.length on the layer's clock")
  func keyframeAt() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - name: card
              fill: "#FFFFFF"
              duration: 3s
              opacity: [{ at: 0, value: 0 }, { at: "voice.length - 1f", value: 1 }]
          """))
    let card = try Self.layer("card", in: plan)
    #expect(card.opacity.keyframes.map(\.at) == [.zero, Self.voice - Rational(1, 30)])
  }

  @Test("a sequence's start, and an item's duration of vo.length + 0.5s")
  func sequence() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - name: story
              start: "voice.start + 2f"
              sequence:
                - { name: scene1, fill: "#FF0000", duration: "voice.length + 0.5s" }
                - { name: scene2, fill: "#0000FF", duration: 1s }
          """))
    let story = try #require(plan.sequences.first)
    #expect(story.start == Rational(1, 15))
    let scene2 = try Self.layer("scene2", in: plan)
    // 1/15 + 1.7345 = 1.80117 s; × 30 = 54.035 → frame 55.
    #expect(scene2.start == Rational(1, 15) + Self.voice + Rational(1, 2))
    #expect(scene2.frames.first == 55)
    #expect(story.end == scene2.start + Rational(1))
  }

  @Test("output.poster.at: the frame showing at voice.end + 300ms is 46, the last before it")
  func posterAt() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF" }
          """,
        output: """
            duration: 3s
            poster: { file: out/poster.png, at: "voice.end + 300ms" }
          """))
    // 1.5345 s lies between frame 46 (1.5333 s) and 47 (1.5667 s): 46 is showing then.
    #expect(plan.output.poster?.frame == 46)
  }

  @Test("output.duration: voice.end gives round(1.2345 × 30) = 37 frames")
  func outputDuration() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF" }
          """, output: "  duration: \"voice.end\""))
    #expect(plan.output.frameCount == 37)
    #expect(plan.output.audio.sampleCount == 37 * 1600)
  }

  @Test("start, end and length of every kind of thing are the times the plan then gives it")
  func sameAsPlanned() throws {
    let things = ["plate", "story", "scene1", "scene2", "voice", "music"]
    let followers = things.flatMap { thing in
      [
        "  - { name: \(thing)_start, fill: \"#FFFFFF\", start: \"\(thing).start\", duration: 1f }",
        "  - { name: \(thing)_end, fill: \"#FFFFFF\", start: \"\(thing).end\", duration: 1f }",
        "  - { name: \(thing)_length, fill: \"#FFFFFF\", start: \"\(thing).length\", duration: 1f }",
      ]
    }
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: plate, source: media/plate_30.mp4, start: 0.5s, in: 1s, out: 3.2s }
            - name: story
              start: 1f
              sequence:
                - { name: scene1, source: media/green_3s.mp4, in: 0.5s }
                - { transition: crossfade, duration: 7f }
                - { name: scene2, fill: "#0000FF", duration: "voice.length" }
          """ + "\n" + followers.joined(separator: "\n"),
        audio: """
            - { name: music, source: media/music.m4a, start: 2.25s, in: 1s }
          """, output: "  duration: 9s"))
    func start(_ name: String) throws -> Rational { try Self.layer(name, in: plan).start }
    let story = try #require(plan.sequences.first)
    let music = try #require(plan.audio.first { $0.owner == "music" })
    let voice = try #require(plan.audio.first { $0.owner == "voice" })
    // What each thing is planned as, found from the plan alone.
    let planned: [String: (start: Rational, end: Rational)] = [
      "plate": (try start("plate"), try start("plate") + Rational(11, 5)),
      "story": (story.start, story.end),
      "scene1": (try start("scene1"), try start("scene2") + Rational(7, 30)),
      "scene2": (try start("scene2"), story.end),
      "voice": (Rational(voice.firstSample, 48000), Rational(voice.endSample, 48000)),
      "music": (Rational(music.firstSample, 48000), Rational(music.endSample, 48000)),
    ]
    for thing in things {
      let times = try #require(planned[thing])
      #expect(try start("\(thing)_start") == times.start, "\(thing).start")
      #expect(try start("\(thing)_end") == times.end, "\(thing).end")
      #expect(try start("\(thing)_length") == times.end - times.start, "\(thing).length")
    }
  }

  @Test("keyframes whose times are known only once resolved are checked for order then")
  func keyframeOrder() throws {
    let outcome = Fixtures.run(
      text: Self.project(
        layers: """
            - name: card
              fill: "#FFFFFF"
              duration: 3s
              opacity: [{ at: 0, value: 0 }, { at: "voice.length", value: 1 }, { at: 1s, value: 0 }]
          """), as: "valid/times.yaml")
    #expect(outcome.plan == nil)
    let problem = try #require(outcome.diagnostics.first { $0.severity == .error })
    #expect(problem.id == "keyframes-out-of-order")
    #expect(problem.message.contains("at 1.000 s must come after the one before it, at 1.235 s"))
  }

  @Test("a data cell may hold a reference, as any time")
  func fromData() throws {
    let project = Self.project(
      layers: """
          - { name: card, fill: "#FFFFFF", start: "{{when}}" }
        """, output: "  duration: 3s")
    let plan = try Self.plan(
      "# set: when=voice.end + 2f\n"
        + project.replacingOccurrences(
          of: "version: 1\n", with: "version: 1\nvariables:\n  when: 0s\n"))
    #expect(try Self.layer("card", in: plan).start == Self.voice + Rational(1, 15))
    #expect(plan.writtenTimes?.first?.written == "voice.end + 2f")
  }

  @Test("plain times keep their meaning, and a plan without references has no written times")
  func plainUnchanged() throws {
    let plan = try Self.plan(
      Self.project(
        layers: """
            - { name: card, fill: "#FFFFFF", start: 1.5s, duration: 45f }
          """))
    let card = try Self.layer("card", in: plan)
    #expect(card.start == Rational(3, 2))
    #expect(card.frames == FrameRange(first: 45, end: 90))
    #expect(plan.writtenTimes == nil)
    let json = String(decoding: try plan.canonicalJSON(), as: UTF8.self)
    #expect(!json.contains("writtenTimes"))
  }

  @Test(
    "about 3,000 references in chains resolve in linear work: each field once", .tags(.slow))
  func longChain() throws {
    // The most layers a project holds, each a frame after the one before, and nearly as many
    // audio tracks, each starting where the one before ends: 2,997 references.
    let count = 1000
    var layers = ["  - { name: l0, fill: \"#FFFFFF\", duration: 1f }"]
    var tracks = ["  - { name: t0, source: media/music.m4a, start: \"voice.end\", duration: 1f }"]
    for index in 1..<count {
      layers.append(
        "  - { name: l\(index), fill: \"#FFFFFF\", start: \"l\(index - 1).end + 1f\", duration: \"l\(index - 1).length\" }"
      )
    }
    // As many tracks as the limit leaves beside the voice.
    for index in 1..<(count - 1) {
      tracks.append(
        "  - { name: t\(index), source: media/music.m4a, start: \"t\(index - 1).end\", duration: 1f }"
      )
    }
    // Written last first, so the walk meets the end of each chain before its start.
    let text = Self.project(
      layers: layers.reversed().joined(separator: "\n"),
      audio: tracks.reversed().joined(separator: "\n"), output: "  duration: 80s")
    let (outcome, seconds) = ThreadCPUTime.measure {
      Fixtures.run(text: text, as: "valid/times.yaml")
    }
    #expect(!outcome.diagnostics.hasErrors, "\(Fixtures.printed(outcome).prefix(2000))")
    let plan = try #require(outcome.plan)
    // Each layer after the first: its start and duration; each track: its start.
    #expect(plan.writtenTimes?.count == 2 * (count - 1) + (count - 1))
    let last = try Self.layer("l\(count - 1)", in: plan)
    #expect(last.frames.first == Int64(2 * (count - 1)))
    let lastTrack = try #require(plan.audio.first { $0.owner == "t\(count - 2)" })
    #expect(lastTrack.firstSample == 59256 + Int64(count - 2) * 1600)
    // Loading, checking and planning 2,000 entries takes well under a second of processor
    // time on a slow machine; re-walking each chain from its start would take minutes.
    #expect(seconds < 20, "\(seconds) s of processor time")
  }
}

import Diagnostics
import Foundation
import ProjectFixtures
import RenderPlan
import Testing
import Timeline

@Suite("Golden plans for valid projects")
struct GoldenPlanTests {
  @Test(
    "each valid project plans to its golden table and JSON",
    arguments: Fixtures.projects(in: "valid"))
  func plan(project: String) throws {
    let outcome = try Fixtures.run(project)
    #expect(!outcome.diagnostics.hasErrors, "\(Fixtures.printed(outcome))")
    let plan = try #require(outcome.plan)
    GoldenFile.check(PlanTable.render(plan), against: Fixtures.golden(project, ".plan.txt"))
    let json = String(decoding: try plan.canonicalJSON(), as: UTF8.self)
    GoldenFile.check(json, against: Fixtures.golden(project, ".plan.json"))
    let warnings = Fixtures.printed(outcome)
    if !warnings.isEmpty
      || FileManager.default.fileExists(atPath: Fixtures.golden(project, ".diagnostics.txt").path)
    {
      GoldenFile.check(warnings, against: Fixtures.golden(project, ".diagnostics.txt"))
    }
  }

  @Test("the same inputs give byte-identical JSON")
  func deterministic() throws {
    for project in Fixtures.projects(in: "valid") {
      let a = try #require(try Fixtures.run(project).plan).canonicalJSON()
      let b = try #require(try Fixtures.run(project).plan).canonicalJSON()
      #expect(a == b, "\(project)")
    }
  }

  @Test("the plan's JSON decodes back to the same plan: keyframes, easings and fits exactly")
  func roundTrip() throws {
    for project in Fixtures.projects(in: "valid") {
      let plan = try #require(try Fixtures.run(project).plan)
      var decoded = try JSONDecoder().decode(RenderPlan.self, from: try plan.canonicalJSON())
      decoded.directory = plan.directory
      #expect(decoded == plan, "\(project)")
    }
  }

  @Test("offsets and trims: frames 30..<90 show source 0.5 s onwards, audio from sample 48000")
  func offsets() throws {
    let plan = try #require(try Fixtures.run("valid/offsets_and_trims.yaml").plan)
    #expect(plan.output.frameCount == 120)
    #expect(plan.output.audio.sampleCount == 192_000)
    let presenter = plan.layers[1]
    #expect(presenter.frames == FrameRange(first: 30, end: 90))
    #expect(
      presenter.video?.sourceTime(ofFrame: 30, start: presenter.start, fps: plan.output.fps)
        == Rational(1, 2))
    #expect(
      presenter.video?.sourceTime(ofFrame: 89, start: presenter.start, fps: plan.output.fps)
        == Rational(1, 2) + Rational(59, 30))
    let voice = try #require(plan.audio.first { $0.owner == "presenter" })
    #expect(voice.firstSample == 48000 && voice.endSample == 144_000)
    #expect(voice.fadeInSamples == 12000 && voice.fadeOutSamples == 24000)
    let plate = try #require(plan.audio.first { $0.owner == "plate" })
    #expect(abs(plate.gain - 0.70794578) < 1e-6)
  }

  @Test("mixed rates: a 25 fps source in 29.97 fps output picks by time, not by index")
  func mixedRates() throws {
    let plan = try #require(try Fixtures.run("valid/mixed_rates.yaml").plan)
    #expect(plan.output.fps == Rational(30000, 1001))
    // The longest layer is 6 s: round(6 × 29.97…) = 180 frames.
    #expect(plan.output.frameCount == 180)
    let pal = plan.layers[0]
    // The 25 fps layer ends at 4 s: frames k with k·1001/30000 < 4, so 0..<120.
    #expect(pal.frames == FrameRange(first: 0, end: 120))
    #expect(
      pal.video?.sourceTime(ofFrame: 100, start: pal.start, fps: plan.output.fps)
        == Rational(100 * 1001, 30000))
  }

  @Test("loops wrap source time; a held layer is drawn to its end; frames count output frames")
  func loops() throws {
    let plan = try #require(try Fixtures.run("valid/loops_and_hold.yaml").plan)
    #expect(plan.output.frameCount == 250)
    let plate = plan.layers[0]
    #expect(plate.frames == FrameRange(first: 0, end: 250))
    // 5 s wraps to 1 s in the 4 s loop.
    #expect(
      plate.video?.sourceTime(ofFrame: 125, start: plate.start, fps: plan.output.fps) == Rational(1)
    )
    let short = plan.layers[1]
    #expect(short.frames == FrameRange(first: 50, end: 175) && short.video?.afterEnd == .hold)
    let repeating = plan.layers[2]
    // start 0.04 s = frame 1; duration 75f = 3 s → ends at 3.04 s = frame 76.
    #expect(repeating.frames == FrameRange(first: 1, end: 76))
    #expect(
      repeating.video?.sourceTime(ofFrame: 26, start: repeating.start, fps: plan.output.fps)
        == Rational(1))
    #expect(plan.audio.map(\.owner).sorted() == ["music", "plate", "repeat"])
    let music = try #require(plan.audio.first { $0.owner == "music" })
    #expect(music.loop && music.endSample == plan.output.audio.sampleCount)
  }

  @Test("shortest and explicit durations")
  func durations() throws {
    #expect(try Fixtures.run("valid/duration_shortest.yaml").plan?.output.frameCount == 90)
    let explicit = try #require(try Fixtures.run("valid/duration_explicit_frames.yaml").plan)
    #expect(explicit.output.frameCount == 150)
    // The plate starts at 0.5 s and is 4 s long: it hides after 4.5 s.
    let plate = explicit.layers[0]
    #expect(plate.frames.first == 15)  // 0.5 × 29.97… = 14.985 → frame 15
    #expect(plate.frames.end == 135)  // 4.5 × 29.97… = 134.87 → frame 135
  }

  @Test("--set overrides variables, and substituted values are typed")
  func templated() throws {
    let plan = try #require(try Fixtures.run("valid/templated.yaml").plan)
    #expect(plan.output.file == "out/variant_b.mp4")
    #expect(plan.layers[0].start == Rational(1, 2))
    #expect(abs((plan.audio[0].gainDecibels ?? 0) - -9) < 1e-9)
  }
}

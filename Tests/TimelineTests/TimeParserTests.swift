import Testing
import Timeline

@Suite("Time values in every written form")
struct TimeParserTests {
  @Test(
    "seconds, milliseconds, clock times and frames",
    arguments: [
      ("2.5", TimeValue.seconds(Rational(5, 2))),
      ("2.5s", .seconds(Rational(5, 2))),
      ("2.5 s", .seconds(Rational(5, 2))),
      ("0", .seconds(.zero)),
      ("3", .seconds(Rational(3))),
      (".5", .seconds(Rational(1, 2))),
      ("250ms", .seconds(Rational(1, 4))),
      ("1 ms", .seconds(Rational(1, 1000))),
      ("00:01:02.500", .seconds(Rational(125, 2))),
      ("00:01:02.5", .seconds(Rational(125, 2))),
      ("01:02.5", .seconds(Rational(125, 2))),
      ("1:00:00", .seconds(Rational(3600))),
      ("45f", .frames(45)),
      ("0f", .frames(0)),
      ("  1.25s  ", .seconds(Rational(5, 4))),
      ("0.333333", .seconds(Rational(333_333, 1_000_000))),
      ("27:46:40", .seconds(Rational(100_000))),
    ])
  func parses(text: String, expected: TimeValue) throws {
    #expect(try TimeParser.parse(text).get() == expected)
  }

  @Test(
    "rejects what is not a time, naming why",
    arguments: [
      ("-1s", "negative"),
      ("-0.5", "negative"),
      ("abc", "not a time"),
      ("", "not a time"),
      ("2.5 sec", "unknown time unit"),
      ("1.5f", "whole number"),
      ("1e3", "unknown time unit"),
      ("00:61:00", "under 60"),
      ("00:00:60", "under 60"),
      ("1:2:3:4", "not a time"),
      ("0.1234567", "not a time"),
      ("99999999999", "not a time"),
      ("100000.5s", "under 100000"),
    ])
  func rejects(text: String, reason: String) {
    switch TimeParser.parse(text) {
    case .success(let value): Issue.record("'\(text)' parsed as \(value)")
    case .failure(let error): #expect(error.message.contains(reason), "\(error.message)")
    }
  }

  @Test("frames become seconds at the output rate")
  func framesToSeconds() {
    #expect(TimeValue.frames(45).seconds(fps: Rational(30)) == Rational(3, 2))
    #expect(
      TimeValue.frames(1001).seconds(fps: Rational(30000, 1001)) == Rational(1001 * 1001, 30000))
  }
}

@Suite("Frame rates")
struct FrameRateTests {
  @Test(
    "integers, decimals, ratios and the NTSC family",
    arguments: [
      ("30", Rational(30)),
      ("25", Rational(25)),
      ("12.5", Rational(25, 2)),
      ("29.97", Rational(30000, 1001)),
      ("23.976", Rational(24000, 1001)),
      ("59.94", Rational(60000, 1001)),
      ("30000/1001", Rational(30000, 1001)),
      (" 24 / 1 ", Rational(24)),
    ])
  func parses(text: String, expected: Rational) {
    #expect(FrameRate.parse(text) == expected)
  }

  @Test("rejects zero, negatives and junk", arguments: ["0", "-30", "30/0", "abc", "1/", "1e2"])
  func rejects(text: String) {
    #expect(FrameRate.parse(text) == nil)
  }
}

@Suite("Exact arithmetic and the output grid")
struct RationalTests {
  @Test("lowest terms with a positive denominator")
  func normalises() {
    let r = Rational(6, -4)
    #expect(r.numerator == -3 && r.denominator == 2)
    #expect(Rational(1, 3) + Rational(1, 6) == Rational(1, 2))
    #expect(Rational(2, 3) * Rational(3, 4) == Rational(1, 2))
    #expect(Rational(1, 2) / Rational(1, 4) == Rational(2))
    #expect(Rational(1, 3) < Rational(1, 2))
  }

  @Test("floor, ceiling and round half away from zero")
  func rounding() {
    #expect(Rational(5, 2).rounded == 3)
    #expect(Rational(-5, 2).rounded == -3)
    #expect(Rational(7, 3).rounded == 2)
    #expect(Rational(-7, 3).floor == -3)
    #expect(Rational(-7, 3).ceiling == -2)
    #expect(Rational(6, 3).ceiling == 2)
  }

  @Test("looped time wraps into the loop")
  func remainder() {
    #expect(Rational.positiveRemainder(Rational(7, 2), Rational(2)) == Rational(3, 2))
    #expect(Rational.positiveRemainder(Rational(-1, 2), Rational(2)) == Rational(3, 2))
  }

  @Test("frame and sample indices")
  func grid() {
    // A layer starting at 1 s shows from frame 30 at 30 fps; at 29.97 fps from frame 30 too
    // (frame 29 is at 0.9676 s), and 0.5 s at 25 fps lands exactly on frame 12.5 → 13.
    #expect(TimeGrid.firstFrame(atOrAfter: Rational(1), fps: Rational(30)) == 30)
    #expect(TimeGrid.firstFrame(atOrAfter: Rational(1), fps: Rational(30000, 1001)) == 30)
    #expect(TimeGrid.firstFrame(atOrAfter: Rational(1, 2), fps: Rational(25)) == 13)
    #expect(TimeGrid.frameCount(Rational(10), fps: Rational(30000, 1001)) == 300)
    #expect(TimeGrid.sample(at: Rational(120) / Rational(30), rate: 48000) == 192_000)
    #expect(TimeGrid.sample(at: Rational(1, 3), rate: 44100) == 14700)
  }

  @Test("the largest, finest times stay exact at NTSC and 192 kHz rates (no overflow)")
  func extremes() throws {
    // 199999.999998 s: ×30000/1001 = 5994005.994 → frame 5994006; ×192000 = 38399999999.616.
    let t = try #require(try? TimeParser.parse("99999.999999s").get()).seconds(fps: Rational(30))
    let fps = Rational(30000, 1001)
    let end = t + Rational(99_999_999_999, 1_000_000)
    #expect(TimeGrid.firstFrame(atOrAfter: end, fps: fps) == 5_994_006)
    #expect(TimeGrid.sample(at: end, rate: 192_000) == 38_400_000_000)
  }

  @Test("JSON form round-trips exactly")
  func text() {
    #expect(Rational(30000, 1001).description == "30000/1001")
    #expect(Rational(exactly: "30000/1001") == Rational(30000, 1001))
    #expect(Rational(exactly: "-3") == Rational(-3))
    #expect(Rational(exactly: "1/0") == nil)
    #expect(TimeFormat.seconds(Rational(2, 3)) == "0.667")
    #expect(TimeFormat.seconds(Rational(-1, 2000)) == "-0.001")
  }
}

import Testing
import Timeline

/// A text a test expected to be refused was read.
private struct ParsedAnyway: Error {
  var text: String
}

@Suite("Times that follow other things: NAME.start, NAME.end, NAME.length plus or minus times")
struct TimeExpressionParserTests {
  private func parsed(_ text: String) throws -> ParsedTimeExpression {
    let result = try #require(TimeExpressionParser.parse(text), "'\(text)' is no reference")
    return try result.get()
  }

  private func problem(_ text: String) throws -> TimeExpressionError {
    let result = try #require(TimeExpressionParser.parse(text), "'\(text)' is no reference")
    guard case .failure(let problem) = result else {
      throw ParsedAnyway(text: text)
    }
    return problem
  }

  @Test("the forms the issue names, with their terms in order")
  func forms() throws {
    let voice = try parsed("voice.end + 300ms")
    #expect(voice.expression.name == "voice")
    #expect(voice.expression.part == .end)
    #expect(voice.expression.terms == [.init(subtracts: false, time: .seconds(Rational(3, 10)))])
    #expect(voice.nameRange == 0..<5)

    let scene = try parsed("vo2.length + 0.5s")
    #expect(scene.expression.part == .length)
    #expect(scene.expression.terms == [.init(subtracts: false, time: .seconds(Rational(1, 2)))])

    let intro = try parsed("intro.end - 1s + 2f")
    #expect(
      intro.expression.terms == [
        .init(subtracts: true, time: .seconds(Rational(1))),
        .init(subtracts: false, time: .frames(2)),
      ])
    #expect(try parsed("logo.start").expression.terms.isEmpty)
    #expect(try parsed("a.end+1s-250ms").expression.terms.count == 2)
  }

  @Test("names may hold dots, hyphens, spaces and any letters; the last .part ends the name")
  func names() throws {
    #expect(try parsed("end-card.v2.start + 1s").expression.name == "end-card.v2")
    #expect(try parsed("voice-over.end - 1s").expression.name == "voice-over")
    #expect(try parsed("Stimme 2.end").expression.name == "Stimme 2")
    #expect(try parsed("  voix-é.length").expression.name == "voix-é")
    #expect(try parsed("  voix-é.length").nameRange == 2..<8)
  }

  @Test("a plain time or a text without NAME.part is no reference")
  func plain() {
    for text in ["2.5", "2.5s", "250ms", "00:01:02.5", "45f", "2.5x", "1.5sec", "voice", ""] {
      #expect(TimeExpressionParser.parse(text) == nil, "\(text)")
    }
  }

  @Test("a word after the dot other than start, end or length is named, for a did-you-mean")
  func wrongPart() throws {
    let wrong = try problem("voice.ned + 1s")
    #expect(wrong.unknownPart == "ned")
    #expect(wrong.range == 6..<9)
    #expect(wrong.message.contains(".start, .end or .length"))
  }

  @Test("bad terms are located at themselves")
  func badTerms() throws {
    let unit = try problem("voice.end + 1x")
    #expect(unit.range == 12..<14)
    #expect(unit.message.contains("unknown time unit 'x'"))
    let missing = try problem("voice.end +")
    #expect(missing.range == 10..<11)
    let noOperator = try problem("voice.end 1s")
    #expect(noOperator.range == 10..<12)
    let noName = try problem(".end + 1s")
    #expect(noName.range == 0..<4)
  }

  @Test("at most maxTerms times follow the reference")
  func termLimit() throws {
    let many = Array(repeating: "+ 1f", count: TimeExpressionParser.maxTerms)
    #expect(try parsed("a.end " + many.joined(separator: " ")).expression.terms.count == 16)
    let tooMany = try problem("a.end " + (many + ["+ 1f"]).joined(separator: " "))
    #expect(tooMany.message.contains("at most \(TimeExpressionParser.maxTerms)"))
  }

  @Test("a hostile text is read in one pass: a million dots and letters")
  func hostile() {
    let text = String(repeating: ".a1", count: 300_000) + String(repeating: "+", count: 1000)
    // Refused or read, never a crash or a quadratic walk (the test's own limit would say).
    _ = TimeExpressionParser.parse(text)
    let long = "x." + String(repeating: "a", count: 100_000)
    if case .failure(let problem) = TimeExpressionParser.parse(long) {
      #expect(problem.unknownPart?.count == 100_000)
    } else {
      Issue.record("a long unknown part should be refused")
    }
  }

  @Test("the value: the named time plus and minus the terms, frames at the rate, exactly")
  func value() throws {
    let expression = try parsed("intro.end - 1s + 2f").expression
    let fps = Rational(30000, 1001)
    let value = expression.seconds(from: Rational(24_691, 20_000), fps: fps)
    #expect(value == Rational(24_691, 20_000) - Rational(1) + Rational(2002, 30000))
    let seconds = expression.framesAsSeconds(fps: fps)
    #expect(seconds.terms[1].time == .seconds(Rational(2002, 30000)))
    #expect(
      seconds.seconds(from: .zero, fps: Rational(25)) == expression.seconds(from: .zero, fps: fps))
  }
}

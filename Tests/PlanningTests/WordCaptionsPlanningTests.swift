import Diagnostics
import Foundation
import ProjectFixtures
import RenderPlan
import Testing
import Timeline

/// How a word-timed transcript is cut into pages and timed, planned with the font-free
/// measurer (each character half the size wide, lines 1.2 times the size): the breaks the
/// `words:` keys ask for, the layout's own breaks, and the frame rule in exact arithmetic.
@Suite("Word captions planning")
struct WordCaptionsPlanningTests {
  /// A 30 fps project showing `valid/words.whisperx.json` (two segments: "Like a big pizza.
  /// Hot" and "and fresh every single day", with a 0.6 s silence before "every") in `box`.
  static func plan(
    words: String, transcript: String = "valid/words.whisperx.json",
    box: String = "[40, 500, 1000, 300]", font: String = "Sans 40",
    fps: String = "30", layer: String = ""
  ) -> Fixtures.Outcome {
    Fixtures.run(
      text: """
        version: 1
        output: { file: out/words.mp4, size: 1080x1920, fps: \(fps), duration: 5s }
        layers:
          - name: words
            captions: \(transcript)
            box: \(box)
            font: \(font)
            words: \(words)\(layer)
        """, as: "valid/words_test.yaml")
  }

  static func pages(_ outcome: Fixtures.Outcome) throws -> [[String]] {
    let plan = try #require(outcome.plan, "\(Fixtures.printed(outcome))")
    guard case .captions(let captions) = plan.layers[0].content, let words = captions.words
    else {
      Issue.record("not word captions")
      return []
    }
    return words.pages.map { $0.words.map(\.text) }
  }

  @Test("per_page, a sentence's end and a segment's end cut pages")
  func perPageAndPunctuation() throws {
    let pages = try Self.pages(Self.plan(words: "{ per_page: 3 }"))
    #expect(
      pages == [
        ["Like", "a", "big"], ["pizza."], ["Hot"], ["and", "fresh", "every"], ["single", "day"],
      ])
  }

  @Test("break_on_punctuation false keeps a sentence's end on its page; a silence cuts one")
  func silenceAndNoPunctuation() throws {
    let pages = try Self.pages(
      Self.plan(words: "{ per_page: 4, break_on_punctuation: false, break_on_silence: 0.5s }"))
    #expect(
      pages == [
        ["Like", "a", "big", "pizza."], ["Hot"], ["and", "fresh"], ["every", "single", "day"],
      ])
  }

  @Test("the layout cuts a page where the next word would need another line, never mid-line")
  func layoutBreaks() throws {
    // At 20 px a character is 10 px wide: 10 characters to a 100 px line.
    let outcome = Self.plan(
      words: "{ per_page: 10, max_lines: 1, break_on_punctuation: false }",
      box: "[40, 500, 100, 200]", font: "Sans 20")
    let pages = try Self.pages(outcome)
    #expect(
      pages == [
        ["Like", "a", "big"], ["pizza.", "Hot"], ["and", "fresh"], ["every"], ["single", "day"],
      ])
    let plan = try #require(outcome.plan)
    guard case .captions(let captions) = plan.layers[0].content, let words = captions.words
    else { return }
    for page in words.pages {
      #expect(page.text.fit.lineCount <= 1 && page.text.fit.fits, "\(page.text.text)")
    }
  }

  @Test("a lone word too wide shrinks to size_min; below it, a warning at the word")
  func wordTooWide() throws {
    let shrunk = Self.plan(
      words: "{ per_page: 1 }", box: "[40, 500, 50, 200]", font: "Sans 20",
      layer: "\n    size_min: 10")
    #expect(!shrunk.diagnostics.contains { $0.id == "word-does-not-fit" })
    let plan = try #require(shrunk.plan)
    guard case .captions(let captions) = plan.layers[0].content, let words = captions.words
    else { return }
    let pizza = try #require(words.pages.first { $0.words[0].text == "pizza." })
    #expect(pizza.text.fit.size < 20 && pizza.text.fit.fits)

    let reported = Self.plan(
      words: "{ per_page: 1 }", box: "[40, 500, 20, 200]", font: "Sans 20",
      layer: "\n    size_min: 10")
    let warning = try #require(reported.diagnostics.first { $0.id == "word-does-not-fit" })
    #expect(warning.severity == .warning)
    #expect(warning.location?.file.hasSuffix("words.whisperx.json") == true)
  }

  @Test("the frame rule: pages and active words on exact frames at 30000/1001 fps")
  func frameRule() throws {
    let outcome = Self.plan(
      words: "{ per_page: 3, lead: 2f, linger: 0.2s }", fps: "30000/1001",
      layer: "\n    start: 0.25s")
    let plan = try #require(outcome.plan, "\(Fixtures.printed(outcome))")
    guard case .captions(let captions) = plan.layers[0].content, let words = captions.words
    else { return }
    let fps = Rational(30000, 1001)
    let lead = Rational(2) / fps
    let start = Rational(1, 4)
    // The first frame k with k / fps ≥ t, written out: ceil(t · fps).
    func frame(_ t: Rational) -> Int64 { max(8, (t * fps).ceiling) }
    for (number, page) in words.pages.enumerated() {
      let first = page.words[0].start - lead
      var end = page.words[page.words.count - 1].end + Rational(1, 5)
      if number + 1 < words.pages.count {
        end = min(end, words.pages[number + 1].words[0].start - lead)
      }
      #expect(page.frames.first == frame(start + first), "page \(number + 1)")
      #expect(page.frames.end == frame(start + end), "page \(number + 1)")
      for (index, word) in page.words.enumerated() {
        let to =
          index + 1 < page.words.count ? page.words[index + 1].start - lead : end
        #expect(word.activeFrames.first == frame(start + word.start - lead), "\(word.text)")
        #expect(
          word.activeFrames.end == max(word.activeFrames.first, frame(start + to)), "\(word.text)")
      }
    }
  }

  @Test("words: keys out of range or unknown are errors at their place")
  func keyErrors() throws {
    let outcome = Self.plan(
      words: "{ per_page: 0, lead: -1s, active: { colour: red }, pop: { scale: 0 } }")
    let codes = outcome.diagnostics.filter { $0.severity == .error }.map(\.id)
    #expect(codes.contains("out-of-range"))
    #expect(codes.contains("unknown-key"))
    #expect(codes.filter { $0 == "out-of-range" }.count == 2, "per_page and pop scale")
    #expect(codes.contains("bad-time"), "a negative lead")
    let unknown = try #require(outcome.diagnostics.first { $0.id == "unknown-key" })
    #expect(unknown.help?.contains("color") == true)
    #expect(unknown.location?.line == 8)
  }

  @Test("a character no font draws is one warning, at the first word that has it")
  func missingGlyphs() throws {
    let outcome = Self.plan(words: "{}", transcript: "valid/words_missing.whisperx.json")
    let warnings = outcome.diagnostics.filter { $0.id == "missing-glyphs" }
    try #require(warnings.count == 1, "\(Fixtures.printed(outcome))")
    #expect(warnings[0].message.contains("U+E000"))
    #expect(warnings[0].location?.file.hasSuffix("words_missing.whisperx.json") == true)
  }

  @Test("word captions count four pictures of their box against the text pictures' budget")
  func pictureBudget() throws {
    // 5000×4000 is 20 million pixels: once is within the 67 million, four times is not.
    let words = Self.plan(words: "{}", box: "[0, 0, 5000, 4000]")
    let error = try #require(words.diagnostics.first { $0.id == "text-pictures-too-large" })
    #expect(error.message.contains("4 pictures of it for word captions"))
    let plain = Fixtures.run(
      text: """
        version: 1
        output: { file: out/words.mp4, size: 1080x1920, fps: 30, duration: 5s }
        layers:
          - name: words
            captions: valid/captions_ntsc.vtt
            box: [0, 0, 5000, 4000]
        """, as: "valid/words_test.yaml")
    #expect(!plain.diagnostics.contains { $0.id == "text-pictures-too-large" })
  }
}

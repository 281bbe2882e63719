import Testing

@testable import Speech

/// Word events turned into the words of the text as written, on made-up events and samples, so
/// each rule is seen on its own.
@Suite struct WordAlignmentTests {
  typealias Event = WordAlignment.Event

  /// 1,000 samples: sound (1,000) everywhere but silence (0) in 300..<500 and from 900 on.
  static let samples: [Int16] = (0..<1_000).map {
    (300..<500).contains($0) || $0 >= 900 ? 0 : 1_000
  }

  @Test func eventsBecomeTheRunsTheyFallIn() {
    // "Hi, there. 3.5 go": espeak-ng reads "3.5" as three words (positions 12, 13, 14).
    let events = [
      Event(characterPosition: 1, sample: 0), Event(characterPosition: 5, sample: 100),
      Event(characterPosition: 12, sample: 500), Event(characterPosition: 13, sample: 600),
      Event(characterPosition: 14, sample: 650), Event(characterPosition: 16, sample: 700),
    ]
    let words = WordAlignment.words(
      text: "Hi, there. 3.5 go", events: events, samples: Self.samples)
    #expect(
      words == [
        SpokenWord(text: "Hi,", startSample: 0, endSample: 100),
        // Ends where the silence before the next word starts, not where the next word does.
        SpokenWord(text: "there.", startSample: 100, endSample: 300),
        SpokenWord(text: "3.5", startSample: 500, endSample: 700),
        // The last word ends where its sound does.
        SpokenWord(text: "go", startSample: 700, endSample: 900),
      ])
  }

  @Test func aWordOnTheSameSampleJoinsTheOneBefore() {
    let events = [
      Event(characterPosition: 1, sample: 10), Event(characterPosition: 3, sample: 10),
      Event(characterPosition: 5, sample: 5), Event(characterPosition: 7, sample: 200),
    ]
    let words = WordAlignment.words(text: "a b c d", events: events, samples: Self.samples)
    #expect(words.map(\.text) == ["a b c", "d"])
    #expect(words.map(\.startSample) == [10, 200])
  }

  @Test func runsWithoutAnEventJoinAWord() {
    let events = [
      Event(characterPosition: 3, sample: 0), Event(characterPosition: 9, sample: 100),
      Event(characterPosition: 17, sample: 500),
    ]
    let words = WordAlignment.words(
      text: "— hello there — friend", events: events, samples: Self.samples)
    #expect(words.map(\.text) == ["— hello", "there —", "friend"])
    #expect(words.map(\.startSample) == [0, 100, 500])
  }

  @Test func eventsOutsideTheTextOrTheSoundAreHarmless() {
    let events = [
      Event(characterPosition: -4, sample: -50), Event(characterPosition: 5, sample: 2_000),
      Event(characterPosition: 99, sample: 5),
    ]
    // A position before the text is the first word; a sample past the end joins the word
    // before; a position past the text is no word.
    let words = WordAlignment.words(text: "one two", events: events, samples: Self.samples)
    #expect(words == [SpokenWord(text: "one two", startSample: 0, endSample: 900)])
    #expect(WordAlignment.words(text: "", events: events, samples: []) == [])
    #expect(WordAlignment.words(text: "x", events: events, samples: []) == [])
  }

  @Test func runsAreCountedInUnicodeScalars() {
    let runs = WordAlignment.runs(of: " é\u{301} 👩‍👩‍👧\tz ")
    #expect(runs.map(\.text) == ["é\u{301}", "👩‍👩‍👧", "z"])
    #expect(runs.map(\.start) == [1, 4, 10])
    #expect(runs.map(\.end) == [3, 9, 11])
  }
}

/// Turns espeak-ng's word events into the words of the text as written, each with its span of
/// samples.
///
/// An event says where a word starts in the text (in characters, Unicode scalars, 1-based) and
/// in the audio, and how many characters espeak-ng read, without punctuation. A caption wants
/// the word as written, so each event is widened to the run of non-white-space characters it
/// falls in ("pizza." rather than "pizza"); events inside one run ("3.5" is read as three
/// words) become one word, and a run whose sound starts on the same sample as the word before
/// (a word espeak-ng does not voice) joins that word, so starts strictly increase. A run with
/// no event of its own (a dash espeak-ng does not read, "la" in "à la", which it reads with
/// "à") joins the word before it (the first word, if it comes before any), so every character
/// of the text is in exactly one word, in order.
///
/// A word ends where the next one starts, pulled back over the silence before it (espeak-ng
/// writes exact zeros between sentences and at the end), so the pauses are between words and
/// the last word ends where its sound does, not at the end of the file's closing pause.
enum WordAlignment {
  /// One word event: where the word starts in the text and in the samples.
  struct Event: Equatable {
    /// The character (Unicode scalar) the word starts at, 1-based as espeak-ng counts.
    var characterPosition: Int
    /// The sample it starts at.
    var sample: Int
  }

  /// Samples whose magnitude is at most this are silence (-66 dBFS): espeak-ng's pauses are
  /// zeros, and a little margin keeps a tail of a fade from counting as sound.
  static let silence: Int16 = 16

  /// The words of `text` that `events` start, timed in `samples`.
  static func words(text: String, events: [Event], samples: [Int16]) -> [SpokenWord] {
    let runs = Self.runs(of: text)
    var words: [SpokenWord] = []
    // Where each word's runs start in `runs`, parallel to `words`.
    var firstRuns: [Int] = []
    var lastRun = -1
    var runIndex = 0
    for event in events {
      let position = event.characterPosition - 1
      // Events come in text order: the run holding the position, or the first after it.
      while runIndex < runs.count, runs[runIndex].end <= position { runIndex += 1 }
      guard runIndex < runs.count, runIndex > lastRun else { continue }
      lastRun = runIndex
      let sample = min(max(event.sample, 0), samples.count)
      if let previous = words.last, sample <= previous.startSample || sample >= samples.count {
        continue
      }
      words.append(SpokenWord(text: "", startSample: sample, endSample: 0))
      firstRuns.append(runIndex)
    }
    // Each word's text: its own run and every run up to the next word's; runs before the
    // first word's start it.
    for index in words.indices {
      let first = index == 0 ? 0 : firstRuns[index]
      let end = index + 1 < words.count ? firstRuns[index + 1] : runs.count
      words[index].text = runs[first..<end].map(\.text).joined(separator: " ")
    }
    for index in words.indices {
      let next = index + 1 < words.count ? words[index + 1].startSample : samples.count
      words[index].endSample = endOfSound(samples, from: words[index].startSample, before: next)
    }
    // A word starting at the very end of the audio has no sound to show; it was joined above
    // unless it is the first, and a first word at the end means there is no speech.
    return words.filter { $0.startSample < samples.count }
  }

  /// The sample after the last sound in `start..<end`, or `start + 1` if there is none.
  static func endOfSound(_ samples: [Int16], from start: Int, before end: Int) -> Int {
    var last = end
    while last > start + 1, abs(Int(samples[last - 1])) <= Int(silence) { last -= 1 }
    return last
  }

  /// The runs of non-white-space characters of `text`: their text and their span in Unicode
  /// scalars, which is how espeak-ng counts positions.
  static func runs(of text: String) -> [(text: String, start: Int, end: Int)] {
    var runs: [(text: String, start: Int, end: Int)] = []
    var current = String.UnicodeScalarView()
    var start = 0
    var offset = 0
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if !current.isEmpty { runs.append((String(current), start, offset)) }
        current = String.UnicodeScalarView()
      } else {
        if current.isEmpty { start = offset }
        current.append(scalar)
      }
      offset += 1
    }
    if !current.isEmpty { runs.append((String(current), start, offset)) }
    return runs
  }
}

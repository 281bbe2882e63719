extension SynthesizedSpeech {
  /// The level below which a sample is silence: -60 dBFS.
  static let silenceLevel: Int16 = 33

  /// The speech without the pause espeak-ng ends every text with: cut 10 ms after its last
  /// sample above -60 dBFS (never before its last word's end), so that a `speak` track ends
  /// when its voice does and `voice.end + 300ms` means 0.3 s after the last word is heard.
  /// Speech that is all silence keeps none.
  public func trimmingTrailingSilence() -> SynthesizedSpeech {
    let margin = sampleRate / 100
    let wordsEnd = words.map(\.endSample).max() ?? 0
    let end: Int
    if let last = samples.lastIndex(where: { $0 > Self.silenceLevel || $0 < -Self.silenceLevel }) {
      end = min(samples.count, max(last + 1 + margin, wordsEnd))
    } else {
      end = min(samples.count, wordsEnd)
    }
    guard end < samples.count else { return self }
    return SynthesizedSpeech(
      sampleRate: sampleRate, samples: Array(samples[..<end]), words: words)
  }
}

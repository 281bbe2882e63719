/// What a synthesis made: mono 16-bit samples and the words heard in them, on one clock.
public struct SynthesizedSpeech: Sendable, Equatable {
  /// Samples per second: espeak-ng's own rate, 22,050 Hz.
  public var sampleRate: Int
  /// Mono signed 16-bit samples, espeak-ng's end-of-text pause included (as the `espeak-ng`
  /// command writes it), so the speech's length is `samples.count / sampleRate` exactly.
  public var samples: [Int16]
  /// The words in order, starts strictly increasing, each inside the samples.
  public var words: [SpokenWord]

  /// Speech.
  public init(sampleRate: Int, samples: [Int16], words: [SpokenWord]) {
    self.sampleRate = sampleRate
    self.samples = samples
    self.words = words
  }
}

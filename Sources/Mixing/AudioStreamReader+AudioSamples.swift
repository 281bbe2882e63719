import Media

/// A decoded, resampled stream is what the mixer reads.
extension AudioStreamReader: AudioSamples {}

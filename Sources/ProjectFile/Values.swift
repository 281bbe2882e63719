import Foundation
public import Timeline

/// A gain as a linear factor, converted once from what the user wrote.
public struct Gain: Hashable, Sendable, Codable {
  /// The factor samples are multiplied by; ≥ 0.
  public var linear: Double
  /// The level in decibels when it was written that way, kept for display.
  public var decibels: Double?

  /// Unity gain (0 dB).
  public static let unity = Gain(linear: 1, decibels: 0)

  /// Creates a gain.
  public init(linear: Double, decibels: Double? = nil) {
    self.linear = linear
    self.decibels = decibels
  }

  /// A gain from decibels: `10^(dB/20)`.
  public static func decibels(_ db: Double) -> Gain {
    Gain(linear: pow(10, db / 20), decibels: db)
  }
}

/// Which of a source's audio streams join the mix.
public enum StreamSelection: Hashable, Sendable {
  /// Every audio stream.
  case all
  /// These indices, counted among the audio streams (0 is the first audio stream).
  case indices([Located<Int>])
}

/// How the output's duration is chosen.
public enum DurationRule: Hashable, Sendable {
  /// The latest end of any layer with a video source.
  case longest
  /// The earliest such end.
  case shortest
  /// An explicit time.
  case exactly(TimeValue)
}

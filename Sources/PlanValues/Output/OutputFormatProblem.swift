/// Why a format cannot be made: which setting is at fault (so the reader can point at its
/// line), what is wrong, and what would do.
public struct OutputFormatProblem: Error, Sendable, Equatable {
  /// The setting at fault.
  public enum Field: Sendable, Equatable {
    case file, videoCodec, crf, preset, speed, alpha, audioCodec, bitrate, sampleRate
  }

  public var field: Field
  public var message: String
  public var help: String?

  public init(_ field: Field, _ message: String, help: String? = nil) {
    self.field = field
    self.message = message
    self.help = help
  }
}

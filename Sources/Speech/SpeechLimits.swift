/// The bounds on what one synthesis takes and makes (docs/ARCHITECTURE.md, "Voice and words"):
/// text from a data cell or a file can be anything, so its size and the sound it becomes are
/// both capped, each with its own error.
public enum SpeechLimits {
  /// The longest text spoken at once, in bytes of UTF-8: about 3,000 words, some 18 minutes at
  /// the default rate, far beyond a voice-over, and checked before espeak-ng sees the text.
  public static let maximumTextBytes = 20_000
  /// The longest speech made, in seconds: text that reads out far longer than its size
  /// suggests (20,000 digits are read one by one) is stopped here, which bounds the samples
  /// kept to 80 MB.
  public static let maximumSeconds = 1_800
  /// The longest voice name, in bytes (espeak-ng's own are under 20).
  public static let maximumVoiceNameBytes = 64
}

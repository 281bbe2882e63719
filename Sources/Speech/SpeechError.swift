/// Why speech could not be made from a text: an argument the engine refuses, said before any
/// synthesis, or a failing call of espeak-ng's library, named.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is longer than `SpeechLimits.maximumTextBytes` bytes of UTF-8.
  case textTooLong(bytes: Int, limit: Int)
  /// The text holds a control character (a NUL byte, an escape) at `offset`, counted in
  /// characters (Unicode scalars) from 0; tab, line feed and carriage return are allowed.
  case controlCharacter(scalar: UInt32, offset: Int)
  /// The speech would be longer than `SpeechLimits.maximumSeconds`; synthesis was stopped.
  case speechTooLong(limitSeconds: Int)
  /// The rate is not a finite number from 0.5 to 2.
  case invalidRate(Double)
  /// The voice name is empty, too long, or has characters no voice name has.
  case invalidVoiceName(String)
  /// No installed voice has this name; `known` are some that do (the closest first), out of
  /// `installed` in all.
  case unknownVoice(String, known: [String], installed: Int)
  /// A call into espeak-ng's library failed: the function and why.
  case libraryFailed(function: String, reason: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .textTooLong(let bytes, let limit):
      return "the text to speak is \(bytes) bytes long; the limit is \(limit) bytes"
    case .controlCharacter(let scalar, let offset):
      let hex = String(scalar, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return "the text to speak has the control character \(code) at character \(offset + 1); "
        + "only tab, line feed and carriage return are allowed"
    case .speechTooLong(let limit):
      return "the speech would be longer than \(limit) seconds, the limit"
    case .invalidRate(let rate):
      return "the speech rate \(rate) is not a number from 0.5 to 2"
    case .invalidVoiceName(let name):
      return "'\(name.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())' is not a voice "
        + "name: 1 to \(SpeechLimits.maximumVoiceNameBytes) letters, digits, '-', '_' or '+'"
    case .unknownVoice(let name, let known, let installed):
      return "espeak-ng has no voice '\(name)'; \(installed) voices are installed, such as "
        + known.joined(separator: ", ")
    case .libraryFailed(let function, let reason):
      return "\(function) failed: \(reason)"
    }
  }
}

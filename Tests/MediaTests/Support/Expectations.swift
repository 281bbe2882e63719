import Media
import Timeline

/// True when `value` is known and no further than `tolerance` from `target`.
func isClose(_ value: Rational?, to target: Rational, within tolerance: Rational) -> Bool {
  guard let value else { return false }
  return value >= target - tolerance && value <= target + tolerance
}

extension MediaError {
  /// The case's name, for tests that care which kind of error, not its exact text.
  var caseName: String {
    switch self {
    case .fileNotFound: "fileNotFound"
    case .unreadable: "unreadable"
    case .notMedia: "notMedia"
    case .undecodable: "undecodable"
    case .ffmpeg: "ffmpeg"
    }
  }
}

/// A PNG sequence's file name with its frame number (`out/frames/%05d.png`): `%d`, or `%0Nd`
/// for numbers padded to N digits, once, in the file's own name. Frame k is file number k.
public struct FramePattern: Sendable, Equatable {
  /// The path before the number, and after it.
  public let prefix: String
  public let suffix: String
  /// The digits the number is padded to (1: not padded).
  public let width: Int

  /// The pattern in `path`, or nil when its file name holds none, or more than one, or a
  /// `%` that is not one, or its folder holds a `%` (FFmpeg would number the folder too).
  public init?(_ path: String) {
    guard path.filter({ $0 == "%" }).count == 1, let percent = path.lastIndex(of: "%"),
      !path[percent...].contains("/")
    else { return nil }
    var cursor = path.index(after: percent)
    var digits = ""
    while cursor < path.endIndex, path[cursor].isASCII, path[cursor].isNumber {
      digits.append(path[cursor])
      cursor = path.index(after: cursor)
    }
    guard cursor < path.endIndex, path[cursor] == "d" else { return nil }
    if digits.isEmpty {
      width = 1
    } else {
      guard digits.hasPrefix("0"), digits.count >= 2, let n = Int(digits.dropFirst()),
        (1...9).contains(n)
      else { return nil }
      width = n
    }
    prefix = String(path[..<percent])
    suffix = String(path[path.index(after: cursor)...])
  }

  /// The path of frame `k`.
  public func path(frame k: Int64) -> String {
    let digits = String(k)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return prefix + padding + digits + suffix
  }

  /// The frame number of `path` when it is one of the pattern's files, else nil.
  public func frame(of path: String) -> Int64? {
    guard path.count > prefix.count + suffix.count, path.hasPrefix(prefix),
      path.hasSuffix(suffix)
    else { return nil }
    let digits = path.dropFirst(prefix.count).dropLast(suffix.count)
    guard digits.count >= width, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      digits.count == width || digits.first != "0"
    else { return nil }
    return Int64(digits)
  }
}

/// Why an output path cannot be written within the file system's limits, found before anything
/// renders: a name that is too long would otherwise fail only after the whole render, at the
/// record or at the final rename.
public enum OutputNameProblem: Equatable, Sendable {
  /// The path holds a NUL character, which no file name can: the C library would cut the path
  /// there and write another file.
  case nul
  /// A folder on the way has a name of `bytes` bytes, over `OutputNames.nameLimit`.
  case folderNameTooLong(bytes: Int)
  /// The output's own name is `bytes` bytes, so `derived` (the longest name made from it) would
  /// be `derivedBytes`, over `OutputNames.nameLimit`.
  case nameTooLong(bytes: Int, derived: String, derivedBytes: Int)
  /// The path of the longest file written beside the output would be `bytes` bytes, over
  /// `OutputNames.pathLimit`.
  case pathTooLong(bytes: Int)

  /// The first problem of the output at `path` (absolute, as the render will use it), or `nil`
  /// when the output and every file derived from it fit.
  public static func of(_ path: String) -> OutputNameProblem? {
    if path.utf8.contains(0) { return .nul }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    guard let name = parts.last.map(String.init) else { return nil }
    if let folder = parts.dropLast().first(where: { $0.utf8.count > OutputNames.nameLimit }) {
      return .folderNameTooLong(bytes: folder.utf8.count)
    }
    let longest = OutputNames.longestDerived(from: name)
    if longest.name.utf8.count > OutputNames.nameLimit || name.utf8.count > OutputNames.nameLimit {
      return .nameTooLong(
        bytes: name.utf8.count, derived: longest.what, derivedBytes: longest.name.utf8.count)
    }
    let longestPath = path.utf8.count - name.utf8.count + longest.name.utf8.count
    if longestPath > OutputNames.pathLimit { return .pathTooLong(bytes: longestPath) }
    return nil
  }

  /// The diagnostic's stable id.
  public var id: String {
    switch self {
    case .nul: "nul-in-path"
    case .folderNameTooLong, .nameTooLong: "output-name-too-long"
    case .pathTooLong: "output-path-too-long"
    }
  }

  /// One sentence about the output written as `subject` (`output.file`, `-o FILE`).
  public func message(subject: String) -> String {
    "\(subject): \(reason)"
  }

  /// What is wrong, without saying which path.
  public var reason: String {
    let perName = "the file system's limit of \(OutputNames.nameLimit) bytes per name"
    switch self {
    case .nul:
      return "it contains a NUL character, which no file name can hold"
    case .folderNameTooLong(let bytes):
      return "a folder's name is \(bytes) bytes, over \(perName)"
    case .nameTooLong(let bytes, let derived, let derivedBytes):
      if bytes > OutputNames.nameLimit {
        return "the file name is \(bytes) bytes, over \(perName)"
      }
      return "the file name is \(bytes) bytes, too long for \(derived) chromake writes beside "
        + "it (\(derivedBytes) bytes, over \(perName))"
    case .pathTooLong(let bytes):
      return "the temporary file beside the output would have a path of \(bytes) bytes, over "
        + "the limit of \(OutputNames.pathLimit) bytes per path"
    }
  }

  /// What to do about it.
  public var help: String {
    switch self {
    case .nul:
      return "remove the NUL (written \\0 in a double-quoted YAML string, or brought by a value)"
    case .folderNameTooLong:
      return "shorten the folder's name to at most \(OutputNames.nameLimit) bytes"
    case .nameTooLong:
      return "shorten the file's name to at most \(OutputNames.longestName) bytes "
        + "(in UTF-8: an accented letter takes 2)"
    case .pathTooLong:
      return "write the output into a folder with a shorter path"
    }
  }
}

/// Why the output file could not be prepared or put in place.
///
/// Every case names the path it failed on, so the user can tell a missing permission on a
/// parent folder from a folder sitting where the movie should go.
public enum OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The output path itself cannot name a file (empty, ending in `/`, or an existing folder).
  case invalidTarget(path: String, reason: String)
  /// The folder at `path`, a parent of the output, is missing and could not be made.
  case cannotCreateFolder(path: String, reason: String)
  /// The temporary file beside the output could not be created.
  case cannotCreateFile(path: String, reason: String)
  /// The finished temporary file could not be moved over the output.
  case cannotCommit(temporary: String, target: String, reason: String)
  /// The render record beside the output could not be written.
  case cannotWriteRecord(path: String, reason: String)
  /// `commit()` was called after the output was already committed or discarded.
  case alreadyFinished(target: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .invalidTarget(let path, let reason):
      return "output '\(path)' cannot be written: \(reason)"
    case .cannotCreateFolder(let path, let reason):
      return "cannot create folder '\(path)': \(reason)"
    case .cannotCreateFile(let path, let reason):
      return "cannot create temporary file '\(path)': \(reason)"
    case .cannotCommit(let temporary, let target, let reason):
      return "cannot rename '\(temporary)' to '\(target)': \(reason)"
    case .cannotWriteRecord(let path, let reason):
      return "cannot write the render record '\(path)': \(reason)"
    case .alreadyFinished(let target):
      return "output '\(target)' was already committed or discarded"
    }
  }
}

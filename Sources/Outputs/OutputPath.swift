import Foundation

/// Path arithmetic and folder creation for `StagedOutput`, on plain strings so that relative
/// output paths stay relative in every message.
public enum OutputPath {
  /// The folder part of `path` (`.` when there is none) and the file name.
  public static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// `name` inside `folder`, as `split` gives them back.
  public static func join(_ folder: String, _ name: String) -> String {
    folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Creates `folder` and any missing parents, like `mkdir -p`, naming the first one that
  /// cannot be made.
  public static func createFolders(_ folder: String) throws(OutputFileError) {
    if isFolder(folder) { return }
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for part in folder.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
      if mkdir(prefix, 0o777) == 0 { continue }
      let code = errno
      // EEXIST is fine only for a folder; a file of that name would fail later with the less
      // helpful ENOTDIR on some deeper path.
      guard code == EEXIST else {
        throw .cannotCreateFolder(path: prefix, reason: errorText(code))
      }
      guard isFolder(prefix) else {
        throw .cannotCreateFolder(path: prefix, reason: "a file of that name is in the way")
      }
    }
  }

  /// Whether `path` is a folder (following symbolic links, as `mkdir -p` does).
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The C library's text for an `errno` value.
  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

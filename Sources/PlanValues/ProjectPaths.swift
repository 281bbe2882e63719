import Foundation

/// Resolves the paths written in a project.
public enum ProjectPaths {
  /// `path` made absolute against `directory` when relative, with `.` and `..` removed.
  public static func resolve(_ path: String, in directory: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory).appendingPathComponent(path)
    return url.standardizedFileURL.path
  }
}

extension ProjectPaths {
  /// Whether two absolute paths name the same file, seen through symbolic links: the same
  /// device and inode when both exist, otherwise the same path once the links in its deepest
  /// existing folder are resolved. Text alone is not enough: `alias/clip.mp4` may be
  /// `media/clip.mp4` through a link, and rendering over it would destroy an input.
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    if let first = identity(a), let second = identity(b) { return first == second }
    return canonical(a) == canonical(b)
  }

  private static func identity(_ path: String) -> [Int]? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let device = (attributes[.systemNumber] as? NSNumber)?.intValue,
      let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue
    else { return nil }
    return [device, inode]
  }

  /// The path with every symbolic link in its existing part resolved.
  private static func canonical(_ path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: folder.path) {
      return folder.resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }
    if folder.path == path || folder.path == "/" { return path }
    return URL(fileURLWithPath: canonical(folder.path)).appendingPathComponent(
      url.lastPathComponent
    ).path
  }

  /// A path as written, tidied for plans and messages: `./a/../b.mp4` becomes `b.mp4`.
  public static func display(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}

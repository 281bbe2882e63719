internal import Foundation

/// The shared libraries mapped into this process, as Linux lists them in `/proc/self/maps`.
///
/// The version a library reports at compile time (a header's macro) can differ from the one
/// the dynamic linker loaded; the loaded file is the one that encodes the pictures, so
/// fingerprints and the encoder tag ask the process itself.
public enum LoadedLibraries {
  /// The real path of every file mapped executable into this process, in load order, each once.
  public static func paths() -> [String] {
    // Read to the end rather than by the file's size: files in /proc report a size of 0.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return [] }
    defer { try? file.close() }
    let maps = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
    var seen: Set<String> = []
    var paths: [String] = []
    for line in maps.split(separator: "\n") {
      // address perms offset device inode path: only mapped files have a sixth field.
      let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count == 6, fields[1].contains("x") else { continue }
      let path = fields[5].trimmingCharacters(in: .whitespaces)
      guard path.hasPrefix("/"), seen.insert(path).inserted else { continue }
      paths.append(path)
    }
    return paths
  }

  /// The loaded file whose name starts with `prefix` (such as `libx264.so.`), if any.
  public static func path(named prefix: String) -> String? {
    paths().first { ($0.split(separator: "/").last ?? "").hasPrefix(prefix) }
  }
}

internal import Foundation

/// Checks a path with the file system before FFmpeg sees it, so that a missing file, a
/// directory and an unreadable file each get their own error rather than one FFmpeg code.
enum LocalFile {
  /// Throws unless `path` names a readable, non-empty regular file (symbolic links followed).
  static func requireReadableFile(_ path: String) throws(MediaError) {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: path)
    }
    if isDirectory.boolValue {
      throw .unreadable(path: path, reason: "it is a directory")
    }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let attributes = (try? files.attributesOfItem(atPath: resolved)) ?? [:]
    // A FIFO or a device may never end, and FFmpeg would wait on it forever.
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw .unreadable(path: path, reason: "not a regular file")
    }
    guard files.isReadableFile(atPath: path) else {
      throw .unreadable(path: path, reason: "permission denied")
    }
    if (attributes[.size] as? NSNumber)?.uint64Value == 0 {
      throw .notMedia(path: path, reason: "the file is empty")
    }
  }
}

import Foundation

/// Reads a project file's bytes, saying in words why it cannot be, and refusing one larger
/// than `ProjectLimits.fileBytes` before reading it.
enum ProjectFileBytes {
  /// Why a project file could not be read: a stable id and one sentence.
  struct Problem: Error {
    var id: String
    var message: String
  }

  static func contents(of path: String) -> Result<[UInt8], Problem> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(problem(errno)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(problem(errno)) }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      return .failure(Problem(id: "unreadable-project", message: "project file is a folder"))
    }
    if status.st_size > off_t(ProjectLimits.fileBytes) {
      return .failure(
        Problem(
          id: "project-too-large",
          message: "project file is larger than \(ProjectLimits.fileBytes >> 20) MiB"))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(problem(errno))
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      // A file that grows while it is read (a pipe, a device) is held to the same bound.
      if bytes.count > ProjectLimits.fileBytes {
        return .failure(
          Problem(
            id: "project-too-large",
            message: "project file is larger than \(ProjectLimits.fileBytes >> 20) MiB"))
      }
    }
  }

  private static func problem(_ code: Int32) -> Problem {
    let message =
      switch code {
      case ENOENT: "project file does not exist"
      case ELOOP: "project file's path is a loop of symbolic links"
      case EACCES: "project file cannot be read: permission denied"
      case ENOTDIR: "project file's path goes through something that is not a folder"
      case ENAMETOOLONG: "project file's path is too long"
      default: "project file cannot be read: \(String(cString: strerror(code)))"
      }
    return Problem(id: "unreadable-project", message: message)
  }
}

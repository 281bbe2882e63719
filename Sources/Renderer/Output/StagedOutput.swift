import Foundation

/// An output file written under a temporary name beside its target and renamed over the target
/// only when complete, so that a failed or interrupted render never leaves a short file that
/// looks finished, and any earlier output stays as it was until the new one is whole.
///
/// Write to `temporaryPath`, then call `commit()`; on failure call `discard()`, or just let go
/// of the value: releasing a staged output that was neither committed nor discarded deletes
/// its temporary file. Every pending temporary file is also listed process-wide, so that a
/// forced exit (a second Ctrl-C) can delete them with `discardAllPending()`.
public final class StagedOutput: @unchecked Sendable {
  /// The file the finished output replaces.
  public let target: String
  /// Where to write: a hidden file in the target's folder, so the final rename never crosses
  /// file systems and is atomic.
  public let temporaryPath: String

  private enum State {
    case pending
    case committed
    case discarded
  }

  // A lock makes the class Sendable: a render may commit on one thread while a signal handler
  // thread discards.
  private let lock = NSLock()
  private var state = State.pending
  private let registry: PendingOutputs

  /// Creates the target's missing folders and an empty temporary file beside the target.
  ///
  /// Creating the file now, rather than leaving it to the muxer, finds a read-only folder
  /// before the render starts instead of after it ends.
  public convenience init(target: String) throws(OutputFileError) {
    try self.init(target: target, registry: .shared)
  }

  init(target: String, registry: PendingOutputs) throws(OutputFileError) {
    let (folder, name) = OutputPath.split(target)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw .invalidTarget(path: target, reason: "the path names no file")
    }
    if OutputPath.isFolder(target) {
      throw .invalidTarget(path: target, reason: "it is a folder")
    }
    try OutputPath.createFolders(folder)
    self.target = target
    self.registry = registry
    temporaryPath = try Self.createTemporaryFile(folder: folder, name: name)
    registry.add(temporaryPath)
  }

  deinit {
    discard()
  }

  /// Moves the finished temporary file over the target in one `rename`, so a reader sees
  /// either the old file or the whole new one.
  ///
  /// The file's data is flushed to disk first: after a crash the target is then either the
  /// old file or the complete new one, never a renamed but empty one.
  public func commit() throws(OutputFileError) {
    // NSLock.withLock rethrows untyped errors, so this locks by hand to keep the typed throw.
    lock.lock()
    defer { lock.unlock() }
    guard state == .pending else { throw .alreadyFinished(target: target) }
    try flush(temporaryPath)
    guard rename(temporaryPath, target) == 0 else {
      throw .cannotCommit(
        temporary: temporaryPath, target: target, reason: OutputPath.errorText(errno))
    }
    state = .committed
    registry.remove(temporaryPath)
    flushFolder()
  }

  /// Deletes the temporary file, leaving the target untouched. Does nothing after `commit()`
  /// or a previous `discard()`, and ignores a temporary file that is already gone.
  public func discard() {
    lock.withLock {
      guard state == .pending else { return }
      state = .discarded
      // unlink, unlike FileManager.removeItem, never deletes a folder that took the name.
      unlink(temporaryPath)
      registry.remove(temporaryPath)
    }
  }

  /// Deletes the temporary files of all outputs in this process that are neither committed nor
  /// discarded; returns how many there were. Meant for a forced exit, where no `deinit` runs.
  @discardableResult
  public static func discardAllPending() -> Int {
    PendingOutputs.shared.discardAll()
  }

  /// The temporary files `discardAllPending()` would delete now, sorted.
  public static var pendingPaths: [String] {
    PendingOutputs.shared.all
  }

  /// Creates a new, empty temporary file, trying another random name if one is taken (by a
  /// run that crashed with the same pid, say).
  private static func createTemporaryFile(folder: String, name: String) throws(OutputFileError)
    -> String
  {
    var attempt = 0
    while true {
      let file = temporaryName(folder: folder, name: name)
      let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        close(descriptor)
        return file
      }
      let code = errno
      attempt += 1
      guard code == EEXIST, attempt < 16 else {
        throw .cannotCreateFile(path: file, reason: OutputPath.errorText(code))
      }
    }
  }

  private static func temporaryName(folder: String, name: String) -> String {
    let file = OutputPath.temporaryName(
      for: name, pid: getpid(), token: UInt32.random(in: 0...UInt32.max))
    return folder == "." ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
  }

  private func flush(_ path: String) throws(OutputFileError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotCommit(
        temporary: temporaryPath, target: target, reason: OutputPath.errorText(errno))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw .cannotCommit(
        temporary: temporaryPath, target: target, reason: "fsync: \(OutputPath.errorText(errno))")
    }
  }

  /// Makes the rename itself durable. Best effort: some file systems refuse fsync on a folder,
  /// and the file is in place either way.
  private func flushFolder() {
    let descriptor = open(OutputPath.split(target).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

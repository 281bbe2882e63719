import Foundation
import PlanValues

/// An output file written under a temporary name beside its target and renamed over the target
/// only when complete, so that a failed or interrupted render never leaves a short file that
/// looks finished, and any earlier output stays as it was until the new one is whole.
///
/// Write to `temporaryPath`, then call `commit()`; on failure call `discard()`, or just let go
/// of the value: releasing a staged output that was neither committed nor discarded deletes
/// its temporary file. Every pending temporary file is also listed process-wide, so that a
/// forced exit (a second Ctrl-C) can delete them with `discardAllPending()`.
///
/// A process killed outright (SIGKILL) deletes nothing: its temporary file stays until the
/// next staged output of the same target removes it (see `StalePartials`). To tell a dead
/// writer's file from a live one, each staged output holds a lock on its file while it lives.
public final class StagedOutput: @unchecked Sendable {
  /// The file the finished output replaces.
  public let target: String
  /// Where to write: a hidden file in the target's folder, so the final rename never crosses
  /// file systems and is atomic.
  public let temporaryPath: String
  /// The temporary files of killed renders of the same target that this one removed.
  public let removedStale: [String]

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
  // Open for as long as the output is pending: it holds the lock that marks the temporary file
  // as alive. -1 once closed.
  private var descriptor: Int32

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
    // `check` refuses such names with a location; this keeps any other caller from rendering
    // a whole movie that could not be put in place.
    if let problem = OutputNameProblem.of(target) {
      throw .invalidTarget(path: target, reason: problem.reason)
    }
    if OutputPath.isFolder(target) {
      throw .invalidTarget(path: target, reason: "it is a folder")
    }
    try OutputPath.createFolders(folder)
    self.target = target
    self.registry = registry
    removedStale = StalePartials.remove(folder: folder, name: name)
    (temporaryPath, descriptor) = try Self.createTemporaryFile(folder: folder, name: name)
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
    closeFile()
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
      closeFile()
    }
  }

  /// Deletes the temporary files of all outputs in this process that are neither committed nor
  /// discarded; returns how many there were. Meant for a forced exit, where no `deinit` runs.
  @discardableResult
  public static func discardAllPending() -> Int {
    PendingOutputs.shared.discardAll()
  }

  /// Removes the temporary files that killed renders of `target` left beside it (those whose
  /// lock no process holds); returns their paths. A new staged output does this itself; a run
  /// that finds the output up to date calls it, so leftovers need not wait for a real render.
  @discardableResult
  public static func removeStale(target: String) -> [String] {
    let (folder, name) = OutputPath.split(target)
    guard !name.isEmpty, OutputNameProblem.of(target) == nil else { return [] }
    return StalePartials.remove(folder: folder, name: name)
  }

  /// The temporary files `discardAllPending()` would delete now, sorted.
  public static var pendingPaths: [String] {
    PendingOutputs.shared.all
  }

  /// Creates a new, empty temporary file and locks it, trying another random name if one is
  /// taken (by a killed run with the same pid, say); returns its path and the open file.
  private static func createTemporaryFile(folder: String, name: String) throws(OutputFileError)
    -> (String, Int32)
  {
    var attempt = 0
    while true {
      attempt += 1
      let file = OutputPath.join(
        folder,
        OutputNames.temporary(for: name, pid: getpid(), token: UInt32.random(in: 0...UInt32.max)))
      let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else {
        let code = errno
        guard code == EEXIST, attempt < 16 else {
          throw .cannotCreateFile(path: file, reason: OutputPath.errorText(code))
        }
        continue
      }
      // Between the create and the lock another run's cleaner may find the file unlocked and
      // delete it; then the name no longer leads to this file, and a fresh name is tried. A
      // file system without locks still renders: its partials are just never judged stale.
      if StalePartials.lockForWriting(descriptor), !StalePartials.isStill(descriptor, at: file) {
        close(descriptor)
        guard attempt < 16 else {
          throw .cannotCreateFile(path: file, reason: "it was deleted as soon as it was made")
        }
        continue
      }
      return (file, descriptor)
    }
  }

  /// Closes the temporary file, which drops its lock. Called with `lock` held.
  private func closeFile() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
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

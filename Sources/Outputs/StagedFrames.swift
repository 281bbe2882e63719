import Foundation
import PlanValues

/// A PNG sequence written into a hidden folder beside its files and moved into place only
/// when every frame is written, so a failed or interrupted render leaves the earlier sequence
/// as it was. Frames are renamed one by one (each rename atomic), the first frame last: its
/// presence marks a whole sequence, and the build's stamp is its stamp (`OutputBuild`).
/// Files of an earlier, longer sequence past the new last frame are removed.
public final class StagedFrames {
  let pattern: FramePattern
  /// The pattern's path inside the hidden folder, for the writer.
  public let temporaryPath: String
  private let folder: String
  private let staging: String
  private var finished = false

  public init(target: String) throws {
    guard let pattern = FramePattern(target) else {
      throw OutputFileError.invalidTarget(path: target, reason: "it has no frame-number pattern")
    }
    self.pattern = pattern
    let (folder, name) = OutputPath.split(target)
    try OutputPath.createFolders(folder)
    self.folder = folder
    staging =
      (folder as NSString).appendingPathComponent(
        ".chromake-frames-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    } catch {
      throw OutputFileError.invalidTarget(
        path: target, reason: "cannot make a folder beside it: \(error.localizedDescription)")
    }
    temporaryPath = (staging as NSString).appendingPathComponent(name)
  }

  deinit {
    discard()
  }

  /// Moves frames 0 to `count` − 1 into place (the first last) and removes any later frame
  /// of the pattern that an earlier render left.
  public func commit(frames count: Int64) throws {
    guard let staged = FramePattern(temporaryPath) else { return }
    for k in stride(from: count - 1, through: 0, by: -1) {
      guard rename(staged.path(frame: k), pattern.path(frame: k)) == 0 else {
        throw OutputFileError.cannotCommit(
          temporary: staged.path(frame: k), target: pattern.path(frame: k),
          reason: OutputPath.errorText(errno))
      }
    }
    finished = true
    try? FileManager.default.removeItem(atPath: staging)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      if let k = pattern.frame(of: path), k >= count { unlink(path) }
    }
  }

  /// Deletes the hidden folder and what it holds, leaving the earlier sequence untouched.
  public func discard() {
    guard !finished else { return }
    finished = true
    try? FileManager.default.removeItem(atPath: staging)
  }
}

import Foundation
import PlanValues

/// The folder beside a segmented output that keeps its encoded segments: `.NAME.segments/`,
/// holding `000012-<digest>.mp4` for segment 12 (each named by the digest of what it shows,
/// so a file of the right name is a segment that need not be encoded again), a lock per
/// index, and the manifest of the last join.
///
/// Only this output's files are in it; a join removes the segments the output no longer
/// uses.
public struct SegmentFolder: Sendable {
  /// The folder.
  public let path: String
  /// The output it is the segment folder of.
  public let output: String

  /// The segment folder of the output at `output`.
  public init(output: String) {
    self.output = output
    let (folder, name) = OutputPath.split(output)
    path = OutputPath.join(folder, OutputNames.segments(for: name))
  }

  /// Creates the folder if it is missing.
  func create() throws(RenderFailure) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw RenderFailure(
        "cannot create the segment folder '\(path)': \(ErrorReason.of(error, besides: path))")
    }
  }

  /// The file of segment `index` whose digest is `digest`.
  func file(_ index: Int, digest: String) -> String {
    OutputPath.join(path, "\(Self.number(index))-\(digest).mp4")
  }

  /// Whether segment `index` with `digest` is encoded.
  func has(_ index: Int, digest: String) -> Bool {
    var status = stat()
    return stat(file(index, digest: digest), &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      && status.st_size > 0
  }

  /// The lock file of segment `index`.
  func lock(_ index: Int) -> String {
    OutputPath.join(path, ".\(Self.number(index)).lock")
  }

  /// The whole timeline's sound, encoded, whose digest is `digest`.
  func soundFile(digest: String) -> String {
    OutputPath.join(path, "sound-\(digest).m4a")
  }

  /// What encoding that sound found.
  func soundReport(digest: String) -> String {
    OutputPath.join(path, "sound-\(digest).json")
  }

  /// The manifest the last join wrote.
  var manifestPath: String { OutputPath.join(path, "segments.json") }

  /// Removes every segment file that is not one of `digests` (by index), and every lock no
  /// process holds: what a join leaves is the segments and the manifest. Another process's
  /// temporary files are left alone while it holds their locks.
  ///
  /// A lock removed just as another process opens it costs nothing worse than one segment
  /// encoded twice at once, to the same bytes, each renamed into place whole.
  func removeStale(keeping digests: [SegmentDigest], sound: String?) {
    var wanted = Set(digests.indices.map { file($0, digest: digests[$0].value) })
    if let sound {
      wanted.insert(soundFile(digest: sound))
      wanted.insert(soundReport(digest: sound))
    }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for name in names {
      let full = OutputPath.join(path, name)
      if Self.segmentIndex(name) != nil || Self.isSound(name) {
        if !wanted.contains(full) { unlink(full) }
      } else if Self.lockIndex(name) != nil, let claim = try? SegmentClaim.take(full) {
        unlink(full)
        claim.release()
      }
    }
    // Temporary files of killed encoders, for every segment name and the sound.
    for index in digests.indices {
      StagedOutput.removeStale(target: file(index, digest: digests[index].value))
    }
    if let sound { StagedOutput.removeStale(target: soundFile(digest: sound)) }
  }

  /// `000012`: six digits at least, so names sort in order.
  static func number(_ index: Int) -> String {
    let digits = String(index)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// The index of a segment file's name (`000012-<64 hex>.mp4`), nil for any other name.
  static func segmentIndex(_ name: String) -> Int? {
    guard name.hasSuffix(".mp4") else { return nil }
    let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count >= 6, parts[0].allSatisfy(\.isASCIIDigit),
      parts[1].count == 64, parts[1].allSatisfy(\.isLowerHexDigit)
    else { return nil }
    return Int(parts[0])
  }

  /// Whether `name` is a sound's file or report (`sound-<64 hex>.m4a` or `.json`).
  static func isSound(_ name: String) -> Bool {
    guard name.hasPrefix("sound-") else { return false }
    let rest = name.dropFirst(6)
    let digest: Substring
    if rest.hasSuffix(".m4a") || rest.hasSuffix(".json") {
      digest = rest.prefix { $0 != "." }
    } else {
      return false
    }
    return digest.count == 64 && digest.allSatisfy(\.isLowerHexDigit)
  }

  /// The index of a lock file's name (`.000012.lock`), nil for any other name.
  static func lockIndex(_ name: String) -> Int? {
    guard name.hasPrefix("."), name.hasSuffix(".lock") else { return nil }
    let digits = name.dropFirst().dropLast(5)
    guard digits.count >= 6, digits.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(digits)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
  fileprivate var isLowerHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) }
}

import Builds
import Foundation
import Outputs
import PlanValues
import RenderPlan

/// The folder beside a segmented output that keeps its encoded segments: `.NAME.segments/`,
/// holding `000012-<digest>.mp4` for segment 12 (each named by the digest of what it shows,
/// so a file of the right name holds what a segment of those frames shows), beside it the
/// SHA-256 of the bytes it was written with (`000012-<digest>.sha256`: a segment is reused
/// only when its bytes are still those), a lock per index, and the manifest of the last join.
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

  /// Creates the folder if it is missing; throws when what is at its name is not a folder
  /// (a symbolic link included: the folder is written, cleaned and trusted as chromake's own,
  /// so it must not lead anywhere else).
  func create() throws(RenderFailure) {
    try checkReal()
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw RenderFailure(
        "cannot create the segment folder '\(path)': \(ErrorReason.of(error, besides: path))")
    }
    try checkReal()
  }

  /// Throws unless the folder is missing or a real folder: never a symbolic link, which
  /// would have chromake write, and remove files, wherever it points.
  func checkReal() throws(RenderFailure) {
    switch FolderEntry.at(path) {
    case .missing, .folder: return
    case .link:
      throw RenderFailure(
        "the segment folder '\(path)' is a symbolic link; chromake keeps segments only in a "
          + "real folder of its own, and neither writes nor removes files through a link: "
          + "remove the link (the segments are then encoded again there)")
    case let entry:
      throw RenderFailure(
        "the segment folder '\(path)' is \(entry.kind), not a folder; remove it")
    }
  }

  /// The file of segment `index` whose digest is `digest`.
  func file(_ index: Int, digest: String) -> String {
    OutputPath.join(path, "\(Self.number(index))-\(digest).mp4")
  }

  /// The record of the bytes segment `index` with `digest` was written with
  /// (`000012-<digest>.sha256`, as `sha256sum` writes it), put in place before the segment.
  func record(_ index: Int, digest: String) -> String {
    OutputPath.join(path, "\(Self.number(index))-\(digest).sha256")
  }

  /// Whether segment `index` with `digest` is there: a regular file, not empty (a join's last
  /// look, after `state` decided what to reuse).
  func has(_ index: Int, digest: String) -> Bool {
    guard case .file(let size) = FolderEntry.at(file(index, digest: digest)) else { return false }
    return size > 0
  }

  /// What is at segment `index`'s name, its bytes hashed against its record: only an intact
  /// file is reused. Hashing stops once `cancellation` is requested.
  func state(_ index: Int, digest: String, cancellation: Cancellation) throws
    -> SegmentFileState
  {
    let path = file(index, digest: digest)
    switch FolderEntry.at(path) {
    case .missing: return .missing
    case .file(let size) where size > 0: break
    case .file: return .changed
    case let entry: return .inTheWay(entry.kind)
    }
    let name = OutputPath.split(path).name
    guard let text = FolderEntry.contents(record(index, digest: digest), limit: 4096),
      let recorded = SegmentFileState.recordedHash(String(decoding: text, as: UTF8.self), of: name)
    else { return .unrecorded }
    return try FolderEntry.sha256(path, cancellation: cancellation) == recorded ? .intact : .changed
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
    wanted.formUnion(digests.indices.map { record($0, digest: digests[$0].value) })
    if let sound {
      wanted.insert(soundFile(digest: sound))
      wanted.insert(soundReport(digest: sound))
    }
    guard (try? checkReal()) != nil,
      let names = try? FileManager.default.contentsOfDirectory(atPath: path)
    else { return }
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

  /// The index of a segment file's or its record's name (`000012-<64 hex>.mp4` or
  /// `.sha256`), nil for any other name.
  static func segmentIndex(_ name: String) -> Int? {
    let stem: Substring
    if name.hasSuffix(".mp4") {
      stem = name.dropLast(4)
    } else if name.hasSuffix(".sha256") {
      stem = name.dropLast(7)
    } else {
      return nil
    }
    let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
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

import Builds
import Foundation

/// What the last join of a segmented output joined, kept in its segment folder as
/// `segments.json`, so that the next render can say why a segment is encoded again: which
/// layers changed on its frames, or that a setting every segment shares did.
public struct SegmentManifest: Codable, Sendable, Equatable {
  /// This layout's version.
  public static let currentFormat = 1

  /// The layout's version.
  public var format: Int
  /// Every segment's digest, in order.
  public var segments: [SegmentDigest]

  /// The largest manifest read: far more than 100,000 segments of a dozen layers each take.
  static let maximumBytes = 256 << 20

  /// The manifest in `folder`, nil when there is none or it cannot be read (a regular file
  /// only: a pipe in its place would hold the read for ever).
  static func load(from folder: SegmentFolder) -> SegmentManifest? {
    guard let data = FolderEntry.contents(folder.manifestPath, limit: maximumBytes),
      let manifest = try? JSONDecoder().decode(SegmentManifest.self, from: data),
      manifest.format == currentFormat
    else { return nil }
    return manifest
  }

  /// Writes the manifest in one step.
  func write(to folder: SegmentFolder) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    try FolderEntry.writeStaged(try encoder.encode(self), to: folder.manifestPath)
  }
}

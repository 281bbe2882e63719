import Foundation
import Outputs
import RenderPlan

/// What one segment of a segmented output is a function of, hashed: its frames' descriptions
/// (`FrameDescriber`: what each layer shows, the font files of its texts included) and the
/// global part every segment shares (the encoder's settings, the picture's size and rate,
/// chromake, its libraries and shaders). Equal digests
/// mean equal encoded bytes, so a segment whose digest names an existing file is reused.
public struct SegmentDigest: Codable, Sendable, Equatable {
  /// The segment's frames.
  public var frames: FrameRange
  /// The hash of it all: the segment's file is named by it.
  public var value: String
  /// The hash of the global part.
  public var global: String
  /// Each layer drawn in the segment, by name: the hash of what it shows there.
  public var layers: [String: String]

  /// The digest of each of `plan`'s segments, given the content hash of every input (by
  /// resolved path) and font file (by path), and `global`; stops with `RenderInterrupted`
  /// between segments once `cancellation` is requested.
  public static func all(
    plan: RenderPlan, inputHashes: [String: String], fonts: [String: String], global: String,
    cancellation: Cancellation
  ) throws -> [SegmentDigest] {
    let hashes = Dictionary(inputHashes.map { (FrameDescriber.key($0.key), $0.value) }) { a, _ in
      a
    }
    var describer = FrameDescriber(plan: plan, hashes: hashes, fonts: fonts)
    return try plan.output.segments.map { range in
      try cancellation.throwIfRequested()
      let (structure, parts) = try describer.describe(range)
      var layers: [String: String] = [:]
      var text = "\(global)\n\(structure)\n"
      for part in parts {
        // Two layers of one name (allowed between sequence items and plain layers) are told
        // apart by their order.
        var name = part.name
        var copy = 2
        while layers[name] != nil {
          name = "\(part.name) (\(copy))"
          copy += 1
        }
        layers[name] = part.digest
        text += "\(part.digest)\n"
      }
      return SegmentDigest(
        frames: range, value: ContentHash.of(Data(text.utf8)), global: global, layers: layers)
    }
  }

  /// The global part of `plan`'s segments under `fingerprint`'s programs (the fonts are each
  /// text's own).
  public static func global(plan: RenderPlan, fingerprint: RenderFingerprint) -> String {
    let output = plan.output
    let libraries = fingerprint.environment.libraries.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value)" }
    let lines =
      [
        "chromake segment 1",
        "\(output.width)x\(output.height) @\(output.fps) \(output.background)",
        "\(output.format.container) \(output.format.video) crf \(output.format.crf.map(String.init) ?? "-") "
          + "preset \(output.format.preset ?? "-") speed \(output.format.speed.map(String.init) ?? "-") "
          + "alpha \(output.format.alpha) "
          + "threads \(SegmentEncoding.encoderThreads) on \(SegmentEncoding.machineClass)",
        "\(output.format.pixelFormat) bt709 limited",
        "chromake \(fingerprint.chromake) \(fingerprint.environment.executable)",
        "ffmpeg \(fingerprint.ffmpeg)", "shaders \(fingerprint.shaders)",
      ] + libraries
    return ContentHash.of(Data(lines.joined(separator: "\n").utf8))
  }
}

import Foundation
public import RenderPlan

/// Make's question for a segmented output, segment by segment: every input hashed, each
/// segment's digest, and which segments are missing from the segment folder and why.
public struct SegmentedBuild: Sendable {
  /// The build's state with every input hashed, for the record written after the join.
  public let state: BuildState
  /// Each segment's digest, in order.
  public let digests: [SegmentDigest]
  /// Where the segments are kept.
  public let folder: SegmentFolder
  /// What the last join recorded, if anything.
  private let manifest: SegmentManifest?

  /// The segments of `plan`, rendered to `build`'s output, as `state` (a check's) finds its
  /// inputs: those the check did not hash are hashed now, since every digest needs them.
  public init(plan: RenderPlan, state: BuildState, build: OutputBuild) throws {
    self.state = try build.hashUnhashed(state)
    let fingerprint = try build.fingerprint(of: self.state)
    var hashes: [String: String] = [:]
    for input in self.state.inputs {
      if let hash = input.sha256 { hashes[input.resolved] = hash }
    }
    digests = try SegmentDigest.all(
      plan: plan, inputHashes: hashes,
      global: SegmentDigest.global(plan: plan, fingerprint: fingerprint))
    folder = SegmentFolder(output: build.output)
    manifest = SegmentManifest.load(from: folder)
  }

  /// The segments of `indices` that are missing, each with why.
  public func work(among indices: Range<Int>? = nil) -> [SegmentWork] {
    (indices ?? digests.indices).compactMap { index in
      let digest = digests[index]
      guard !folder.has(index, digest: digest.value) else { return nil }
      let before = manifest.flatMap { index < $0.segments.count ? $0.segments[index] : nil }
      return SegmentWork(
        index: index, frames: digest.frames, reason: SegmentReason.of(digest, before: before))
    }
  }

  /// Records what was joined, for the next render's reasons, and removes the segments the
  /// output no longer uses. Best effort: a failure costs the next render its reasons, or
  /// leaves old files for the next join.
  public func recordJoin() {
    try? SegmentManifest(format: SegmentManifest.currentFormat, segments: digests).write(
      to: folder)
    folder.removeStale(keeping: digests)
  }
}

import Builds
import Foundation
import Outputs
public import RenderPlan
import Timeline

/// Make's question for a segmented output, segment by segment: every input hashed, each
/// segment's digest, and which segments are missing from the segment folder and why.
public struct SegmentedBuild: Sendable {
  /// The build's state with every input hashed, for the record written after the join.
  public let state: BuildState
  /// Each segment's digest, in order.
  public let digests: [SegmentDigest]
  /// Where the segments are kept.
  public let folder: SegmentFolder
  /// The digest of the whole timeline's sound; nil when the output has none.
  public let soundDigest: String?
  /// What the last join recorded, if anything.
  private let manifest: SegmentManifest?
  private let plan: RenderPlan
  /// Stops the hashing of inputs, segments and the sound.
  private let cancellation: Cancellation

  /// The segments of `plan`, rendered to `build`'s output, as `state` (a check's) finds its
  /// inputs: those the check did not hash are hashed now, since every digest needs them.
  /// Hashing, here and in `work`, stops once `cancellation` is requested.
  public init(
    plan: RenderPlan, state: BuildState, build: OutputBuild, cancellation: Cancellation
  ) throws {
    self.plan = plan
    self.cancellation = cancellation
    self.state = try build.hashUnhashed(state, cancellation: cancellation)
    let fingerprint = try build.fingerprint(of: self.state)
    var hashes: [String: String] = [:]
    for input in self.state.inputs {
      if let hash = input.sha256 { hashes[input.resolved] = hash }
    }
    digests = try SegmentDigest.all(
      plan: plan, inputHashes: hashes, fonts: self.state.fonts,
      global: SegmentDigest.global(plan: plan, fingerprint: fingerprint),
      cancellation: cancellation)
    folder = SegmentFolder(output: build.output)
    try folder.checkReal()
    manifest = SegmentManifest.load(from: folder)
    soundDigest =
      plan.audio.isEmpty
      ? nil : try Self.soundDigest(plan: plan, state: self.state, fingerprint: fingerprint)
  }

  /// The segments of `indices` that are not intact in the folder, each with why. Every
  /// segment file found is hashed against its record: a render promises a cold render's
  /// bytes, so a file is reused only when its bytes are still those it was written with.
  public func work(among indices: Range<Int>? = nil) throws -> [SegmentWork] {
    try (indices ?? digests.indices).compactMap { index in
      let digest = digests[index]
      let file = try folder.state(index, digest: digest.value, cancellation: cancellation)
      guard file != .intact else { return nil }
      let before = manifest.flatMap { index < $0.segments.count ? $0.segments[index] : nil }
      return SegmentWork(
        index: index, frames: digest.frames,
        reason: SegmentReason.of(digest, file: file, before: before))
    }
  }

  /// Records what was joined, for the next render's reasons, and removes the segments the
  /// output no longer uses. Best effort: a failure costs the next render its reasons, or
  /// leaves old files for the next join.
  public func recordJoin() {
    guard (try? folder.checkReal()) != nil else { return }
    try? SegmentManifest(format: SegmentManifest.currentFormat, segments: digests).write(
      to: folder)
    folder.removeStale(keeping: digests, sound: soundDigest)
  }

  /// Deletes this output's segment files and sound, so that all are made again (`--force`).
  public func forget() {
    for index in digests.indices {
      unlink(folder.file(index, digest: digests[index].value))
      unlink(folder.record(index, digest: digests[index].value))
    }
    if let soundDigest {
      unlink(folder.soundReport(digest: soundDigest))
      unlink(folder.soundFile(digest: soundDigest))
    }
  }

  /// Why the output's sound is mixed and encoded again though a file of its name is in the
  /// folder (its bytes are not those its report records, or it is no file); nil when it is
  /// reused, missing, or the output has none.
  public func soundRemade() throws -> String? {
    guard let sound, try sound.existing(cancellation: cancellation) == nil else { return nil }
    return sound.reasonToRemake()
  }

  /// The output's sound, when it has one.
  var sound: SegmentSound? {
    soundDigest.map { SegmentSound(plan: plan, folder: folder, digest: $0) }
  }

  /// What the sound is a function of, hashed: the plan's sound (streams, gains, fades,
  /// ducking, the mix's format, limiter and loudness target, the frame count) and the child
  /// projects it hears, without the project's lines; the content of every file it reads (by
  /// its path), and of every child project's files; and chromake and FFmpeg, which mix and
  /// encode it. Pictures, captions and the video's settings are not in it: a caption fixed
  /// joins the sound made before.
  static func soundDigest(plan: RenderPlan, state: BuildState, fingerprint: RenderFingerprint)
    throws -> String
  {
    let bare = RenderFingerprint.withoutLocations(plan)
    // The files the mix reads: its streams' own (a child project's files, and what its
    // children read, all count, as a child's mix may hear any of them).
    let heard = Set(plan.audio.map(\.source))
    let parts = SoundParts(
      audio: bare.audio, ducking: bare.ducking, format: bare.output.audio, fps: bare.output.fps,
      frames: bare.output.frameCount, compositions: bare.compositions,
      inputs: Dictionary(
        state.inputs.filter { heard.contains($0.path) || $0.readBy != nil || $0.isProject }
          .map { ($0.path, $0.sha256 ?? "") }
      ) { a, _ in a },
      chromake: "\(fingerprint.chromake) \(fingerprint.environment.executable)",
      ffmpeg: fingerprint.ffmpeg)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return ContentHash.of(try encoder.encode(parts))
  }

  private struct SoundParts: Encodable {
    var audio: [AudioStreamPlan]
    var ducking: [DuckPlan]
    var format: AudioEncodingPlan
    var fps: Rational
    var frames: Int64
    var compositions: [CompositionPlan]
    var inputs: [String: String]
    var chromake: String
    var ffmpeg: String
  }
}

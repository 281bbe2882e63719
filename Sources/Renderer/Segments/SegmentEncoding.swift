import Foundation

/// How segments are encoded, fixed so that the bytes of a segment depend on nothing but its
/// frames and settings (docs/ARCHITECTURE.md, "Structure in time").
public enum SegmentEncoding {
  /// libx264's threads per segment. Its output depends on its thread count, so the count is
  /// not the machine's: speed comes from encoding several segments at once instead. One
  /// thread is also libx264's most efficient use of a core.
  static let encoderThreads = 1

  /// How many segments a render encodes at once when not told: one per core, each lane with
  /// its own compositor, decoders and encoder.
  public static var defaultLanes: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

import Foundation

/// How segments are encoded, fixed so that the bytes of a segment depend on nothing but its
/// frames and settings (docs/ARCHITECTURE.md, "Structure in time").
public enum SegmentEncoding {
  /// libx264's threads per segment. Its output depends on its thread count, so the count is
  /// not the machine's: speed comes from encoding several segments at once instead. One
  /// thread is also libx264's most efficient use of a core.
  public static let encoderThreads = 1

  /// What of the machine libx264's bytes depend on besides its settings: its assembly on
  /// x86-64 gives the same bytes from SSSE3 to AVX-512 (measured: 720p, preset medium, one
  /// thread, `asm=SSSE3` to the full AVX-512 set alike) but other bytes with SSE2 alone, and
  /// other processors have other assembly. Part of every segment's digest, so a segment
  /// encoded on a machine of another class is encoded again rather than joined to these.
  static let machineClass: String = {
    var name = utsname()
    uname(&name)
    let machine = withUnsafeBytes(of: &name.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard machine == "x86_64" else { return machine }
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let flags = info.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
    return flags.split(separator: " ").contains("ssse3") ? "x86_64 ssse3" : "x86_64 sse2"
  }()

  /// How many segments a render encodes at once when not told: one per core, each lane with
  /// its own compositor, decoders and encoder.
  public static var defaultLanes: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

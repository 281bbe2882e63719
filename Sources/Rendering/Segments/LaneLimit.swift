import Foundation

/// How many lanes a segmented render runs at once: the count asked for (`--jobs`, else one per
/// core), lowered to the machine's cores and to what its available memory holds, with the
/// reason when it was lowered, for the user.
///
/// More lanes than cores gain nothing (each lane keeps a core busy with its single-threaded
/// encoder and its compositor), and each lane is a process with its own GPU context, decoders
/// and encoder: `--jobs 32` once took 5.1 GB and 498 threads for a 160 × 96 picture.
public struct LaneLimit: Sendable, Equatable {
  /// The lanes to run.
  public var lanes: Int
  /// Why fewer lanes than asked run, in words; nil when none were taken away.
  public var lowered: String?

  /// What one lane takes beside its pictures: its process, GPU driver, decoders and encoder.
  /// Measured (a render of one lane, `--jobs 1`, one video layer, libx264 preset medium):
  /// 186 MB peak at 160 × 96, 732 MB at 1920 × 1080; the two constants fit both.
  public static let laneBaseBytes: Int64 = 160 << 20
  /// What one lane takes per pixel of the output's picture: the compositor's textures, the
  /// decoders' and the encoder's frames (libx264's lookahead holds dozens).
  public static let laneBytesPerPixel: Int64 = 270

  /// The memory one lane is counted at, for a picture of `pixels` pixels.
  public static func laneBytes(pixels: Int64) -> Int64 {
    laneBaseBytes + laneBytesPerPixel * pixels
  }

  /// `asked` lowered to `cores` and to as many lanes of `laneBytes` as `available` bytes
  /// hold (at least one lane; nil `available`: unknown, not a limit).
  public static func of(asked: Int, cores: Int, available: Int64?, laneBytes: Int64) -> LaneLimit {
    var lanes = asked
    var reasons: [String] = []
    let cores = max(1, cores)
    if lanes > cores {
      lanes = cores
      reasons.append("this machine has \(cores) \(cores == 1 ? "core" : "cores")")
    }
    if let available {
      let fit = max(1, Int(min(Int64(Int.max), available / max(1, laneBytes))))
      if lanes > fit {
        lanes = fit
        reasons.append(
          "its available memory, \(sizeText(available)), holds \(fit) of about "
            + "\(sizeText(laneBytes)) each")
      }
    }
    return LaneLimit(
      lanes: lanes, lowered: reasons.isEmpty ? nil : reasons.joined(separator: " and "))
  }

  /// `asked` (nil: one per core) lowered to this machine's cores and available memory, for
  /// lanes drawing pictures of `pixels` pixels.
  public static func onThisMachine(asked: Int?, pixels: Int64) -> LaneLimit {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return of(
      asked: asked ?? cores, cores: cores, available: availableMemory(),
      laneBytes: laneBytes(pixels: pixels))
  }

  /// The memory that new processes can take without swapping: the kernel's `MemAvailable`,
  /// or less where a cgroup (v2, as in a container or a Slurm job) holds this process to less.
  static func availableMemory() -> Int64? {
    let system = meminfoAvailable()
    guard let group = cgroupRoom() else { return system }
    return system.map { min($0, group) } ?? group
  }

  /// `MemAvailable` from /proc/meminfo, in bytes.
  private static func meminfoAvailable() -> Int64? {
    guard let data = FolderEntry.contents("/proc/meminfo", limit: 1 << 20) else { return nil }
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .first { $0.hasPrefix("MemAvailable:") }
    let kilobytes = line?.split(separator: " ").dropFirst().first.flatMap { Int64($0) }
    return kilobytes.map { $0 * 1024 }
  }

  /// What this process's cgroup v2 may still take: `memory.max` less the working set
  /// (`memory.current` less the reclaimable `inactive_file` of `memory.stat`, as the kubelet
  /// counts it: a container that has read its media holds page cache up to its limit, which
  /// the kernel gives back); nil without a limit.
  private static func cgroupRoom() -> Int64? {
    guard let data = FolderEntry.contents("/proc/self/cgroup", limit: 1 << 20) else {
      return nil
    }
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .first { $0.hasPrefix("0::") }
    guard let relative = line?.dropFirst(3) else { return nil }
    let folder = "/sys/fs/cgroup" + (relative == "/" ? "" : String(relative))
    func number(_ name: String) -> Int64? {
      FolderEntry.contents(folder + "/" + name, limit: 4096).flatMap {
        Int64(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
    guard let limit = number("memory.max"), let used = number("memory.current") else {
      return nil
    }
    let stat = FolderEntry.contents(folder + "/memory.stat", limit: 1 << 16).map {
      String(decoding: $0, as: UTF8.self)
    }
    let inactiveFile =
      stat?.split(separator: "\n").first { $0.hasPrefix("inactive_file ") }
      .flatMap { $0.split(separator: " ").last }.flatMap { Int64($0) } ?? 0
    return max(0, limit - max(0, used - inactiveFile))
  }

  /// `5.1 GB`, `160 MB`: bytes as the user reads them.
  static func sizeText(_ bytes: Int64) -> String {
    bytes >= 10_000_000_000
      ? "\(bytes / 1_000_000_000) GB"
      : bytes >= 1_000_000_000
        ? String(format: "%.1f GB", Double(bytes) / 1e9) : "\(bytes / 1_000_000) MB"
  }
}

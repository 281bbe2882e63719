import Foundation

/// Content hashes of files that rarely change but are checked on every render (chromake's own
/// executable, libx264, the fonts text layers use) and the GL renderer string, kept per user in
/// `$XDG_CACHE_HOME/chromake/identities.json` (`~/.cache/chromake/…` by default).
///
/// A hash is reused only while its file's stamp (size, modification and status-change time,
/// inode) is unchanged, as for a render's inputs: hashing a 100 MB executable on every no-op
/// check would cost more than the rest of the check. Losing the file, or a write lost to a
/// concurrent run, only means hashing again; an unwritable cache folder, hashing every time.
public final class IdentityCache: @unchecked Sendable {
  /// The cache of this user.
  public static let shared = IdentityCache(folder: defaultFolder())

  /// The file it is kept in.
  public let path: String
  private let lock = NSLock()
  private var contents: Contents?

  /// A cache kept in `folder` (made when first written).
  public init(folder: String) {
    path = folder + "/identities.json"
  }

  /// `$XDG_CACHE_HOME/chromake`, else `$HOME/.cache/chromake`.
  static func defaultFolder() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/chromake"
    }
    return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/chromake"
  }

  /// The SHA-256 of the file at `path`, from the cache while its stamp is unchanged.
  /// `key` names it in the cache when `path` is not stable (`/proc/self/exe`).
  public func hash(ofFile path: String, key: String? = nil) throws -> String {
    let key = key ?? path
    let before = FileStamp.read(path)
    if let before, let cached = withContents({ $0.files[key] }), cached.stamp == before {
      return cached.sha256
    }
    // What is hashed here (the executable, font files) is bounded and read before any render
    // starts: it has no reason to heed another thread's interruption.
    let hash = try ContentHash.ofFile(path, cancellation: .never)
    // A file that changed while it was hashed is not cached: its next check hashes again.
    if let before, FileStamp.read(path) == before {
      update { $0.files[key] = HashedFile(stamp: before, sha256: hash) }
    }
    return hash
  }

  /// The cached GL renderer, if it was found under `environment` with every file it loaded
  /// still as it was.
  func glRenderer(environment: String) -> String? {
    guard let entry = withContents({ $0.gl }), entry.environment == environment,
      let stamps = Self.stampDigest(entry.files), stamps == entry.stamps
    else { return nil }
    return entry.renderer
  }

  /// Caches `renderer`, found under `environment` by a driver made of `files`.
  func setGLRenderer(_ renderer: String, environment: String, files: [String]) {
    guard let stamps = Self.stampDigest(files) else { return }
    update {
      $0.gl = GLEntry(renderer: renderer, environment: environment, files: files, stamps: stamps)
    }
  }

  /// One hash over the stamps of `files`, or `nil` if one cannot be read. Kept instead of a
  /// stamp per file because the entry lists every library of the process (some 200), and
  /// decoding that many stamps would cost a no-op check more than all its other reading.
  private static func stampDigest(_ files: [String]) -> String? {
    var text = ""
    for file in files {
      guard let stamp = FileStamp.read(file) else { return nil }
      text += "\(file) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode)\n"
    }
    return ContentHash.of(Data(text.utf8))
  }

  private func withContents<Value>(_ body: (Contents) -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    return body(loaded())
  }

  private func update(_ change: (inout Contents) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    var contents = loaded()
    change(&contents)
    // Entries of files that are gone or changed would only grow the file.
    contents.files = contents.files.filter { FileStamp.read($0.key) == $0.value.stamp }
    self.contents = contents
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(contents) else { return }
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// The contents, read on first use. Call holding the lock.
  private func loaded() -> Contents {
    if let contents { return contents }
    let read =
      FileManager.default.contents(atPath: path).flatMap {
        try? JSONDecoder().decode(Contents.self, from: $0)
      } ?? Contents()
    contents = read
    return read
  }

  private struct Contents: Codable {
    var files: [String: HashedFile] = [:]
    var gl: GLEntry?
  }

  private struct HashedFile: Codable {
    var stamp: FileStamp
    var sha256: String
  }

  private struct GLEntry: Codable {
    var renderer: String
    var environment: String
    var files: [String]
    var stamps: String
  }
}

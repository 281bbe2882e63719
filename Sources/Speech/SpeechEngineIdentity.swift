import Crypto
import Foundation

/// What makes espeak-ng's speech what it is, for the cache key of speech made from text: the
/// library's version and a digest of its voice data.
///
/// The digest covers every file of the data folder (`espeak_Info`'s path: phoneme tables,
/// intonations, every language's dictionary and voice file), not only those one voice reads:
/// which files a voice reads is espeak-ng's business (a voice names a dictionary, a phoneme
/// table, variants), so a digest of a guessed subset could miss a change, while the whole
/// folder (13 MB, hashed in tens of milliseconds once per process) never can. The cost is that
/// a changed dictionary of one language makes every language's speech again, which happens
/// only when the package is upgraded.
public struct SpeechEngineIdentity: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// espeak-ng's version, as its library reports it (`1.51`).
  public var version: String
  /// SHA-256 over the data folder's files, in order of their paths: each file's path inside
  /// the folder, its size and its bytes, in lowercase hex.
  public var dataDigest: String

  /// An identity.
  public init(version: String, dataDigest: String) {
    self.version = version
    self.dataDigest = dataDigest
  }

  /// One line for cache keys and `--explain`: `espeak-ng 1.51 data sha256:…`.
  public var description: String { "espeak-ng \(version) data sha256:\(dataDigest)" }

  /// The identity of the espeak-ng this process speaks with, worked out once per process.
  public static func current() throws(SpeechError) -> SpeechEngineIdentity {
    try cached.get()
  }

  private static let cached: Result<SpeechEngineIdentity, SpeechError> = {
    do throws(SpeechError) {
      let (version, path) = try EspeakLibrary.shared.info()
      return .success(
        SpeechEngineIdentity(
          version: version, dataDigest: try SpeechEngineIdentity.digest(ofFolder: path)))
    } catch {
      return .failure(error)
    }
  }()

  /// SHA-256 over the regular files under `folder` (links followed, as espeak-ng follows
  /// them), sorted by their path inside it.
  static func digest(ofFolder folder: String) throws(SpeechError) -> String {
    let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
    guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: root.path)
    else {
      throw .libraryFailed(
        function: "espeak_Info", reason: "its data folder '\(folder)' cannot be read")
    }
    var hasher = SHA256()
    for relative in paths.sorted() {
      let url = root.appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      guard let data = try? Data(contentsOf: url) else {
        throw .libraryFailed(
          function: "espeak_Info", reason: "its data file '\(url.path)' cannot be read")
      }
      hasher.update(data: Data("\(relative)\0\(data.count)\0".utf8))
      hasher.update(data: data)
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}

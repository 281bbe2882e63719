import Foundation

/// Speech made once per request and kept: `FOLDER/KEY/speech.wav` and `FOLDER/KEY/words.json`,
/// shared by every render, batch row and segment that asks for the same key.
///
/// An entry is made in a folder of its own under a temporary name and renamed into place whole,
/// so a reader finds a complete entry or none, never half of one. Two processes making the same
/// key at once both make it, but only the first rename lands: the second finds the name taken,
/// throws its own away and uses the first's. An entry's bytes therefore never change once made,
/// which is what lets segments and byte-identical rerenders hold even though an engine's output
/// may vary from run to run (espeak-ng's does, slightly).
public struct SpeechCache: Sendable {
  /// The folder the entries live in.
  public let folder: String

  /// A cache in `folder` (made when first written).
  public init(folder: String) {
    self.folder = folder
  }

  /// This user's cache: `$XDG_CACHE_HOME/chromake/speech`, else `~/.cache/chromake/speech`.
  public static func userCache(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> SpeechCache {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return SpeechCache(folder: cache + "/chromake/speech")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return SpeechCache(folder: home + "/.cache/chromake/speech")
  }

  /// The entry's folder for `key`.
  public func entryFolder(_ key: String) -> String { folder + "/" + key }

  /// The speech for `key`: the cached entry, or else what `make` makes, stored first. `make`
  /// is handed an empty folder of its own, writes the speech to `speech.wav` in it and returns
  /// its length and words; whatever it throws is thrown, and nothing it wrote is kept.
  public func speech(
    forKey key: String, make: (_ folder: String) throws -> SpeechContent
  ) throws -> CachedSpeech {
    if let found = entry(key) { return found }
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw SpeechCacheError.cannotWrite(path: folder, reason: error.localizedDescription)
    }
    let making = folder + "/.\(key).making-\(UUID().uuidString)"
    do {
      try manager.createDirectory(atPath: making, withIntermediateDirectories: false)
    } catch {
      throw SpeechCacheError.cannotWrite(path: making, reason: error.localizedDescription)
    }
    let content: SpeechContent
    do {
      content = try make(making)
    } catch {
      Self.remove(making)
      throw error
    }
    do {
      guard let bytes = Self.size(making + "/speech.wav") else {
        throw SpeechCacheError.noSpeech(path: making + "/speech.wav")
      }
      try SpeechWordsFile(content, wavBytes: bytes).encoded()
        .write(to: URL(fileURLWithPath: making + "/words.json"))
    } catch let error as SpeechCacheError {
      Self.remove(making)
      throw error
    } catch {
      Self.remove(making)
      throw SpeechCacheError.cannotWrite(path: making, reason: error.localizedDescription)
    }
    let final = entryFolder(key)
    if rename(making, final) != 0 {
      let failure = errno
      Self.remove(making)
      // Another process made the same key first: its entry is the one every render uses.
      guard failure == EEXIST || failure == ENOTEMPTY, let theirs = Self.read(final, key: key)
      else {
        throw SpeechCacheError.cannotWrite(path: final, reason: String(cString: strerror(failure)))
      }
      return theirs
    }
    return CachedSpeech(
      key: key, wavPath: final + "/speech.wav", content: content, wasMade: true)
  }

  /// The speech for `request` from espeak-ng's synthesis `make`, cached by the request's key.
  public func speech(
    for request: SpeechRequest, make: () throws -> SynthesizedSpeech
  ) throws -> CachedSpeech {
    try speech(forKey: request.key) { folder in
      let speech = try make()
      try speech.wavData().write(to: URL(fileURLWithPath: folder + "/speech.wav"))
      return speech.content
    }
  }

  /// The entry for `key`, if a whole one is there. Only its small words file is read and the
  /// WAV's size compared with it: the WAV is never hashed again. A damaged entry (a disk that
  /// filled, a hand edit) is moved aside and removed, so that it is made again.
  public func entry(_ key: String) -> CachedSpeech? {
    let entry = entryFolder(key)
    guard FileManager.default.fileExists(atPath: entry) else { return nil }
    guard let found = Self.read(entry, key: key) else {
      Self.remove(entry)
      return nil
    }
    return found
  }

  private static func read(_ entry: String, key: String) -> CachedSpeech? {
    let wav = entry + "/speech.wav"
    guard let data = FileManager.default.contents(atPath: entry + "/words.json"),
      let (content, bytes) = SpeechWordsFile.decoded(data), size(wav) == bytes
    else { return nil }
    return CachedSpeech(key: key, wavPath: wav, content: content, wasMade: false)
  }

  private static func size(_ path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Renames `path` aside before deleting it, so no reader ever sees a half-deleted entry
  /// under its real name.
  private static func remove(_ path: String) {
    let aside = path + ".removing-\(UUID().uuidString)"
    let target = rename(path, aside) == 0 ? aside : path
    try? FileManager.default.removeItem(atPath: target)
  }
}

/// Why speech could not be kept in the cache.
public enum SpeechCacheError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A folder or file of the cache could not be made.
  case cannotWrite(path: String, reason: String)
  /// The maker wrote no `speech.wav`.
  case noSpeech(path: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason):
      return "cannot keep speech in the cache at '\(path)': \(reason)"
    case .noSpeech(let path):
      return "no speech was written to '\(path)'"
    }
  }
}

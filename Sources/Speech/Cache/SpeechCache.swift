import Foundation

/// Speech made once per request and kept: `FOLDER/KEY/speech.wav` and `FOLDER/KEY/words.json`,
/// shared by every render, batch row and segment that asks for the same key.
///
/// An entry is made in a folder of its own under a temporary name and renamed into place whole,
/// so a reader finds a complete entry or none, never half of one. Two processes making the same
/// key at once both synthesize, but only the first rename lands: the second finds the name
/// taken, throws its own away and uses the first's. An entry's bytes therefore never change
/// once made, which is what lets segments and byte-identical rerenders hold even though
/// espeak-ng's own output varies slightly from run to run.
public struct SpeechCache: Sendable {
  /// The folder the entries live in.
  public let folder: String

  /// A cache in `folder` (made when first written).
  public init(folder: String) {
    self.folder = folder
  }

  /// This user's cache: `$XDG_CACHE_HOME/chromake/speech`, else `~/.cache/chromake/speech`.
  public static func userCache(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> SpeechCache
  {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return SpeechCache(folder: cache + "/chromake/speech")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return SpeechCache(folder: home + "/.cache/chromake/speech")
  }

  /// The entry's folder for `key`.
  public func entryFolder(_ key: String) -> String { folder + "/" + key }

  /// The speech for `request`: the cached entry, or else `make()`'s speech, stored first. A
  /// damaged entry (its words unreadable, its WAV not the length they say) is made again.
  public func speech(
    for request: SpeechRequest, make: () throws -> SynthesizedSpeech
  ) throws -> CachedSpeech {
    let key = request.key
    if let found = entry(key) { return found }
    let speech = try make()
    return try store(speech, key: key)
  }

  /// The entry for `key`, if a whole one is there. Only its small words file is read and the
  /// WAV's size compared with it: the WAV is never hashed again.
  public func entry(_ key: String) -> CachedSpeech? {
    let entry = entryFolder(key)
    guard FileManager.default.fileExists(atPath: entry) else { return nil }
    guard let found = Self.read(entry, key: key) else {
      // Damaged (a disk that filled, a hand edit): moved aside and made again.
      Self.remove(entry)
      return nil
    }
    return found
  }

  private func store(_ speech: SynthesizedSpeech, key: String) throws -> CachedSpeech {
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw SpeechCacheError.cannotWrite(path: folder, reason: error.localizedDescription)
    }
    let making = folder + "/.\(key).making-\(UUID().uuidString)"
    do {
      try manager.createDirectory(atPath: making, withIntermediateDirectories: false)
      try speech.wavData().write(to: URL(fileURLWithPath: making + "/speech.wav"))
      let words = SpeechWordsFile(speech)
      try words.encoded().write(to: URL(fileURLWithPath: making + "/words.json"))
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
        throw SpeechCacheError.cannotWrite(
          path: final, reason: String(cString: strerror(failure)))
      }
      return theirs
    }
    return CachedSpeech(
      key: key, wavPath: final + "/speech.wav", sampleRate: speech.sampleRate,
      sampleCount: speech.samples.count, words: speech.words, wasMade: true)
  }

  private static func read(_ entry: String, key: String) -> CachedSpeech? {
    let wav = entry + "/speech.wav"
    guard let data = FileManager.default.contents(atPath: entry + "/words.json"),
      let words = SpeechWordsFile.decoded(data),
      let attributes = try? FileManager.default.attributesOfItem(atPath: wav),
      let size = attributes[.size] as? Int,
      size == SynthesizedSpeech.wavHeaderBytes + 2 * words.sampleCount
    else { return nil }
    return CachedSpeech(
      key: key, wavPath: wav, sampleRate: words.sampleRate, sampleCount: words.sampleCount,
      words: words.spokenWords, wasMade: false)
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

  /// One line for the user.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason):
      return "cannot keep speech in the cache at '\(path)': \(reason)"
    }
  }
}

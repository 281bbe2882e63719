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
    Self.removeAbandoned(in: folder)
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
    guard let inode = Self.inode(entry) else { return nil }
    if let found = Self.read(entry, key: key) { return found }
    // Damaged. Moved aside, and removed only if it is still the folder that was read: another
    // process may have replaced it with a whole entry in between, which is put back.
    let aside = entry + ".removing-\(UUID().uuidString)"
    guard rename(entry, aside) == 0 else { return Self.read(entry, key: key) }
    if Self.inode(aside) == inode {
      try? FileManager.default.removeItem(atPath: aside)
      return nil
    }
    _ = rename(aside, entry)
    return Self.read(entry, key: key)
  }

  private static func inode(_ path: String) -> ino_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_ino : nil
  }

  private static func read(_ entry: String, key: String) -> CachedSpeech? {
    let wav = entry + "/speech.wav"
    guard let data = FileManager.default.contents(atPath: entry + "/words.json"),
      let (content, bytes) = SpeechWordsFile.decoded(data), size(wav) == bytes
    else { return nil }
    return CachedSpeech(key: key, wavPath: wav, content: content, wasMade: false)
  }

  /// The size of a regular file; `nil` for anything else, a symbolic link included (an
  /// engine's link could point at a file whose bytes change).
  private static func size(_ path: String) -> Int? {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// How old a folder left half-made (its maker killed mid-synthesis) or half-removed must be
  /// before another maker removes it: far longer than any engine may run (an hour at most).
  static let abandonedAfterSeconds: TimeInterval = 24 * 3600

  /// Removes the folders makers and removers left behind when they were killed: a day old,
  /// no maker can still be writing them.
  static func removeAbandoned(in folder: String) {
    let manager = FileManager.default
    let now = Date()
    for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    where name.hasPrefix(".") && (name.contains(".making-") || name.contains(".removing-")) {
      let path = folder + "/" + name
      let attributes = try? manager.attributesOfItem(atPath: path)
      guard let modified = attributes?[.modificationDate] as? Date,
        now.timeIntervalSince(modified) > abandonedAfterSeconds
      else { continue }
      try? manager.removeItem(atPath: path)
    }
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

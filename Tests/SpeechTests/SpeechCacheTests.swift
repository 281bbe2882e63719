import Foundation
import Speech
import TestSupport
import Testing
import Timeline

/// The speech cache on its own: one entry per key, reused untouched, made whole or not at all,
/// the first of two makers kept, and a damaged entry made again. Speech here is made up (a
/// ramp of samples and two words), so the cache is tested without the engine.
@Suite struct SpeechCacheTests {
  static func request(text: String = "Hello there.", voice: String = "en-us", rate: Double = 1)
    throws -> SpeechRequest
  {
    SpeechRequest(
      engineIdentity: "test engine 1", voice: voice, rate: try SpeechRate(rate), text: text)
  }

  static func speech(length: Int = 2_205, mark: Int16 = 7) -> SynthesizedSpeech {
    SynthesizedSpeech(
      sampleRate: 22_050, samples: (0..<length).map { Int16(truncatingIfNeeded: $0) &* mark },
      words: [
        SpokenWord(text: "Hello", startSample: 0, endSample: length / 2),
        SpokenWord(text: "there.", startSample: length / 2, endSample: length),
      ])
  }

  @Test("made once, then found: the same file, bytes and words, never written again")
  func madeOnceThenFound() throws {
    try withScratchFolder { folder in
      let cache = SpeechCache(folder: folder.path("speech"))
      var makes = 0
      let first = try cache.speech(for: try Self.request()) {
        makes += 1
        return Self.speech()
      }
      #expect(first.wasMade)
      #expect(first.wavPath == folder.path("speech") + "/\(try Self.request().key)/speech.wav")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: first.wavPath))
      #expect(bytes == Self.speech().wavData())
      let second = try cache.speech(for: try Self.request()) {
        makes += 1
        return Self.speech(mark: 9)
      }
      #expect(makes == 1)
      #expect(!second.wasMade)
      #expect(second.wavPath == first.wavPath)
      #expect(second.content == first.content)
      #expect(second.content.length == Rational(2_205, 22_050))
      #expect(try Data(contentsOf: URL(fileURLWithPath: first.wavPath)) == bytes)
      // Nothing but the entry is left in the folder: no temporary folders.
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("speech"))
      #expect(names == [try Self.request().key])
    }
  }

  @Test("every part of the request is in the key, each part's bounds too")
  func keys() throws {
    let base = try Self.request().key
    #expect(try Self.request(text: "Hello there!").key != base)
    #expect(try Self.request(voice: "en-gb").key != base)
    #expect(try Self.request(rate: 1.05).key != base)
    var engine = try Self.request()
    engine.engineIdentity = "test engine 2"
    #expect(engine.key != base)
    // "ab" + "c" is not "a" + "bc".
    let one = SpeechRequest(engineIdentity: "e", voice: "ab", rate: .normal, text: "c")
    let two = SpeechRequest(engineIdentity: "e", voice: "a", rate: .normal, text: "bc")
    #expect(one.key != two.key)
    #expect(base.count == 64)
  }

  @Test("of two makers of one key, the first to finish is kept and both get its speech")
  func firstMakerWins() throws {
    try withScratchFolder { folder in
      let cache = SpeechCache(folder: folder.path("speech"))
      let request = try Self.request()
      // While this maker synthesizes, another process makes and stores the same key.
      let late = try cache.speech(for: request) {
        let early = try cache.speech(for: request) { Self.speech(mark: 3) }
        #expect(early.wasMade)
        return Self.speech(mark: 5)
      }
      #expect(!late.wasMade)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: late.wavPath))
          == Self.speech(mark: 3).wavData())
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("speech"))
      #expect(names == [request.key])
    }
  }

  @Test("a damaged entry is made again: words unreadable, or a WAV of the wrong length")
  func damagedEntries() throws {
    try withScratchFolder { folder in
      let cache = SpeechCache(folder: folder.path("speech"))
      let request = try Self.request()
      let made = try cache.speech(for: request) { Self.speech() }
      let entry = cache.entryFolder(request.key)
      try Data("{ not json".utf8).write(to: URL(fileURLWithPath: entry + "/words.json"))
      var makes = 0
      let again = try cache.speech(for: request) {
        makes += 1
        return Self.speech()
      }
      #expect(makes == 1)
      #expect(again.wasMade)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: made.wavPath))
      try handle.truncate(atOffset: 100)
      try handle.close()
      #expect(cache.entry(request.key) == nil)
      let third = try cache.speech(for: request) {
        makes += 1
        return Self.speech()
      }
      #expect(makes == 2)
      #expect(third.content.words.count == 2)
    }
  }

  @Test("a cache that cannot be written is an error naming the folder, with nothing left")
  func unwritable() throws {
    try withScratchFolder { folder in
      try Data().write(to: URL(fileURLWithPath: folder.path("file")))
      let cache = SpeechCache(folder: folder.path("file") + "/speech")
      #expect(throws: SpeechCacheError.self) {
        try cache.speech(for: try Self.request()) { Self.speech() }
      }
      // A maker's own error is the one thrown.
      struct Refused: Error {}
      let writable = SpeechCache(folder: folder.path("speech"))
      #expect(throws: Refused.self) {
        try writable.speech(for: try Self.request()) { throw Refused() }
      }
      // Its half-made folder is gone with it.
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("speech")).isEmpty)
    }
  }

  @Test("the user's cache follows XDG_CACHE_HOME, else HOME")
  func userCache() {
    #expect(
      SpeechCache.userCache(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).folder
        == "/c/chromake/speech")
    #expect(
      SpeechCache.userCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).folder
        == "/h/.cache/chromake/speech")
  }
}

/// espeak-ng's closing pause is cut from a `speak` track's speech, 10 ms after its last sound.
@Suite struct TrailingSilenceTests {
  @Test("the pause after the last sound is cut, 10 ms kept; nothing before the last word's end")
  func trimmed() {
    let rate = 22_050
    var samples = [Int16](repeating: 0, count: rate)
    for index in 1_000..<5_000 { samples[index] = index % 2 == 0 ? 2_000 : -2_000 }
    samples[5_000] = 20  // below -60 dBFS: silence
    let speech = SynthesizedSpeech(
      sampleRate: rate, samples: samples,
      words: [SpokenWord(text: "hi", startSample: 1_000, endSample: 5_000)])
    let trimmed = speech.trimmingTrailingSilence()
    #expect(trimmed.samples.count == 5_000 + rate / 100)
    #expect(Array(trimmed.samples) == Array(samples[..<(5_000 + rate / 100)]))
    #expect(trimmed.words == speech.words)
    // A word that ends later than the sound keeps the speech up to its end.
    let late = SynthesizedSpeech(
      sampleRate: rate, samples: samples,
      words: [SpokenWord(text: "hi", startSample: 1_000, endSample: 9_000)])
    #expect(late.trimmingTrailingSilence().samples.count == 9_000)
    // Silence keeps nothing; speech that sounds to its end keeps everything.
    let silent = SynthesizedSpeech(sampleRate: rate, samples: [0, 0, 0], words: [])
    #expect(silent.trimmingTrailingSilence().samples.isEmpty)
    let loud = SynthesizedSpeech(sampleRate: rate, samples: [900, -900], words: [])
    #expect(loud.trimmingTrailingSilence() == loud)
  }
}

/// What a killed maker leaves behind is cleared by a later maker, once it is a day old.
@Suite struct AbandonedEntryTests {
  @Test("half-made folders a day old are removed when speech is next made; newer ones stay")
  func abandonedFoldersGo() throws {
    try withScratchFolder { folder in
      let cache = SpeechCache(folder: folder.path("speech"))
      let old = folder.path("speech") + "/.abc.making-1"
      let young = folder.path("speech") + "/.def.making-2"
      for path in [old, young] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      }
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-25 * 3600)], ofItemAtPath: old)
      _ = try cache.speech(for: try SpeechCacheTests.request()) { SpeechCacheTests.speech() }
      #expect(!FileManager.default.fileExists(atPath: old))
      #expect(FileManager.default.fileExists(atPath: young))
    }
  }
}

/// A cache entry's `words.json` mutated byte by byte (a disk that filled, a hand edit): the
/// entry is read or refused as damaged, never a trap, and what is read keeps its bounds.
@Suite(.tags(.slow)) struct SpeechWordsFuzzTests {
  @Test("seeded mutations of words.json: read whole and sane, or made again")
  func mutations() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x3_0D5
    // Each round writes the entry's files: CI's 500 take about a second and a half; more by hand.
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 500
    try withScratchFolder { folder in
      let cache = SpeechCache(folder: folder.path("speech"))
      let request = try SpeechCacheTests.request()
      _ = try cache.speech(for: request) { SpeechCacheTests.speech() }
      let wordsPath = cache.entryFolder(request.key) + "/words.json"
      let original = Array(try Data(contentsOf: URL(fileURLWithPath: wordsPath)))
      let inserts = [
        "170141183460469231731687303715884105727/1", "-1", "1/0", "99999999999999/3", "\"",
        "null", "[]", "{}", "1e400", "\u{0}",
      ].map { Array($0.utf8) }
      var random = ProjectMutator.Random(state: seed)
      var refused = 0
      for round in 0..<rounds {
        var bytes = original
        for _ in 0..<(1 + random.below(3)) {
          let at = random.below(bytes.count + 1)
          switch random.below(4) {
          case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] = UInt8(random.below(256))
          case 1: bytes.insert(contentsOf: random.pick(inserts), at: at)
          case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
          default: bytes = Array(bytes.prefix(at))
          }
        }
        // Each round's entry as the last round left it: whole again, then damaged.
        if cache.entry(request.key) == nil {
          _ = try cache.speech(for: request) { SpeechCacheTests.speech() }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: wordsPath))
        guard let read = cache.entry(request.key) else {
          refused += 1
          continue
        }
        #expect(read.content.length >= .zero && read.content.length <= Rational(100_000))
        for word in read.content.words {
          #expect(word.start < word.end && word.end <= read.content.length, "round \(round)")
        }
      }
      #expect(refused > rounds / 2)
    }
  }
}

import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `speak` tracks through the real commands: speech made once per key into a cache of the
/// test's own, its span in the mix judged against the `espeak-ng` command's own synthesis of
/// the same text (decoded by ffmpeg), its words shown by `captions: voice`, and the cache
/// reused by later runs and batch rows.
@Suite("chromake render: speech from text, cached", .tags(.endToEnd))
struct RenderSpeechTests {
  static let script = "Meet Glow, the bottle that lights your night. Order yours today."

  static func project(text: String = script, rate: String = "1", output: String = "ad.mp4")
    -> String
  {
    """
    version: 1
    output:
      file: \(output)
      size: 320x180
      fps: 25
      duration: 6s
    layers:
      - name: bg
        fill: "#102030"
      - name: words
        captions: voice
        font: DejaVu Sans Bold 24
        box: ["5%", "55%", "90%", "40%"]
        words:
          per_page: 3
    audio:
      - name: voice
        speak: "\(text)"
        voice: en-us
        rate: \(rate)
    """
  }

  /// The first and last sample above -40 dBFS of `path`'s sound, decoded by the ffmpeg command
  /// to mono 16-bit at `rate`, in seconds: where speech starts and ends, whoever made it.
  static func span(_ path: String, rate: Int = 22050) throws -> (start: Double, end: Double) {
    let run = try ToolRun.run(
      tool: "sh",
      [
        "-c",
        "ffmpeg -v error -i \"$0\" -map 0:a:0 -ac 1 -ar \(rate) -f s16le - | base64 -w0", path,
      ])
    guard run.status == 0, let bytes = Data(base64Encoded: run.stdout) else {
      throw ToolFailure(description: "ffmpeg could not decode \(path): \(run.stderr)")
    }
    let samples = bytes.withUnsafeBytes { raw in
      Array(raw.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) }
    }
    let threshold = Int16(32767 / 100)  // -40 dBFS
    guard let first = samples.firstIndex(where: { abs(Int($0)) > threshold }),
      let last = samples.lastIndex(where: { abs(Int($0)) > threshold })
    else { throw ToolFailure(description: "\(path) is silent") }
    return (Double(first) / Double(rate), Double(last + 1) / Double(rate))
  }

  static func cacheEntries(_ cache: String) -> [String] {
    let folder = cache + "/chromake/speech"
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { !$0.hasPrefix(".") }.sorted()
  }

  /// A plan's exact time (`"5839/2500"` or a whole number) in seconds.
  static func seconds(_ value: Any?) -> Double? {
    if let number = value as? Int { return Double(number) }
    guard let text = value as? String else { return nil }
    let parts = text.split(separator: "/").compactMap { Double($0) }
    return parts.count == 2 ? parts[0] / parts[1] : Double(text)
  }

  static func planJSON(_ project: String, cache: String) throws -> [String: Any] {
    let run = try ChromakeBinary.run(
      ["plan", "--json", project], environment: ["XDG_CACHE_HOME": cache])
    try #require(run.status == 0, "plan failed:\n\(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  @Test("the speech's span in the mix is the espeak-ng command's within 10 %")
  func spanMatchesTheCommand() throws {
    try withScratchFolder { folder in
      let cache = folder.path("cache")
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      let render = try ChromakeBinary.run(
        ["render", project, "--progress", "none"], environment: ["XDG_CACHE_HOME": cache])
      try #require(render.status == 0, "render failed:\n\(render.stderr)")
      let reference = folder.path("reference.wav")
      let spoken = try ToolRun.run(
        tool: "espeak-ng", ["-v", "en-us", "-s", "175", "-w", reference, Self.script])
      try #require(spoken.status == 0, "espeak-ng failed: \(spoken.stderr)")

      let mixed = try Self.span(folder.path("ad.mp4"))
      let alone = try Self.span(reference)
      let mixedLength = mixed.end - mixed.start
      let aloneLength = alone.end - alone.start
      #expect(abs(mixedLength - aloneLength) <= 0.1 * aloneLength, "\(mixed) against \(alone)")
      // The track starts at 0 and the engine speaks at once: speech begins within its first
      // word's onset, as the command's does.
      #expect(abs(mixed.start - alone.start) < 0.1, "\(mixed) against \(alone)")
      #expect(Self.cacheEntries(cache).count == 1)
    }
  }

  @Test("a second plan reuses the speech unchanged; another rate makes another")
  func theCacheIsReused() throws {
    try withScratchFolder { folder in
      let cache = folder.path("cache")
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      let first = try Self.planJSON(project, cache: cache)
      let firstSpeech = try #require((first["speech"] as? [[String: Any]])?.first)
      #expect(firstSpeech["fromCache"] as? Bool == false)
      let wav = try #require(firstSpeech["wav"] as? String)
      #expect(wav.hasPrefix(cache + "/chromake/speech/"))
      let bytes = try Data(contentsOf: URL(fileURLWithPath: wav))
      let stamp = try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date

      let second = try Self.planJSON(project, cache: cache)
      let secondSpeech = try #require((second["speech"] as? [[String: Any]])?.first)
      #expect(secondSpeech["fromCache"] as? Bool == true)
      #expect(secondSpeech["wav"] as? String == wav)
      #expect(try Data(contentsOf: URL(fileURLWithPath: wav)) == bytes)
      #expect(
        try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date == stamp)
      // The words of the speech are the word captions', one per word of the script.
      let layers = try #require(second["layers"] as? [[String: Any]])
      let text = String(describing: layers)
      for word in ["Meet", "Glow,", "night.", "today."] { #expect(text.contains(word)) }

      try Self.project(rate: "1.5").write(toFile: project, atomically: true, encoding: .utf8)
      let faster = try Self.planJSON(project, cache: cache)
      let fasterSpeech = try #require((faster["speech"] as? [[String: Any]])?.first)
      #expect(fasterSpeech["fromCache"] as? Bool == false)
      #expect(fasterSpeech["wav"] as? String != wav)
      let fasterLength = try #require(Self.seconds(fasterSpeech["length"]))
      let length = try #require(Self.seconds(firstSpeech["length"]))
      #expect(fasterLength < length * 0.8, "\(fasterLength) s at 1.5 against \(length) s")
      #expect(Self.cacheEntries(cache).count == 2)
    }
  }

  @Test("batch rows with the same script share one synthesis; a rerun makes none")
  func batchRowsShareTheCache() throws {
    try withScratchFolder { folder in
      let cache = folder.path("cache")
      let project = folder.path("ad.yaml")
      try Self.project(text: "{{script}}", output: "out/{{id}}.mp4").write(
        toFile: project, atomically: true, encoding: .utf8)
      let rows = """
        id,script
        a,Fresh bread every morning.
        b,Fresh bread every morning.
        c,Open late on Fridays.
        """
      try rows.write(toFile: folder.path("rows.csv"), atomically: true, encoding: .utf8)
      let batch = try ChromakeBinary.run(
        ["batch", project, "--data", folder.path("rows.csv"), "--explain"],
        in: folder.url, environment: ["XDG_CACHE_HOME": cache])
      try #require(batch.status == 0, "batch failed:\n\(batch.stderr)")
      #expect(Self.cacheEntries(cache).count == 2)
      let entries = Self.cacheEntries(cache)
      var stamps: [Date] = []
      for entry in entries {
        let wav = cache + "/chromake/speech/\(entry)/speech.wav"
        stamps.append(
          try #require(
            try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date))
      }
      let again = try ChromakeBinary.run(
        ["batch", project, "--data", folder.path("rows.csv")],
        in: folder.url, environment: ["XDG_CACHE_HOME": cache])
      try #require(again.status == 0, "second batch failed:\n\(again.stderr)")
      #expect(
        again.stderr.components(separatedBy: "is up to date").count - 1 == 3, "\(again.stderr)")
      #expect(Self.cacheEntries(cache) == entries)
      for (entry, stamp) in zip(entries, stamps) {
        let wav = cache + "/chromake/speech/\(entry)/speech.wav"
        #expect(
          try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date
            == stamp)
      }
    }
  }

  @Test("an unknown voice is an error at the voice, naming voices that exist")
  func unknownVoiceIsLocated() throws {
    try withScratchFolder { folder in
      let project = folder.path("ad.yaml")
      let yaml = Self.project().replacingOccurrences(of: "voice: en-us", with: "voice: nosuchvoice")
      try yaml.write(toFile: project, atomically: true, encoding: .utf8)
      let check = try ChromakeBinary.run(
        ["check", project], environment: ["XDG_CACHE_HOME": folder.path("cache")])
      #expect(check.status == 65)
      #expect(
        check.stderr.contains(
          "ad.yaml:19:12: error: audio track 'voice': espeak-ng has no voice 'nosuchvoice'"),
        "\(check.stderr)")
      #expect(check.stderr.contains("[unknown-voice]"))
      #expect(Self.cacheEntries(folder.path("cache")).isEmpty)
    }
  }

  @Test("a card at voice.end + 300ms shows first on the frame the speech's probed length says")
  func cardFollowsTheVoice() throws {
    try withScratchFolder { folder in
      let cache = folder.path("cache")
      let project = folder.path("follow.yaml")
      try """
      version: 1
      output:
        file: follow.mp4
        size: 64x36
        fps: 25
        duration: "voice.end + 1s"
      layers:
        - name: bg
          fill: "#000000"
        - name: card
          fill: "#FFFFFF"
          start: "voice.end + 300ms"
      audio:
        - name: voice
          speak: "\(Self.script)"
      """.write(toFile: project, atomically: true, encoding: .utf8)
      let render = try ChromakeBinary.run(
        ["render", project, "--progress", "none"], environment: ["XDG_CACHE_HOME": cache])
      try #require(render.status == 0, "render failed:\n\(render.stderr)")
      let plan = try Self.planJSON(project, cache: cache)
      let wav = try #require((plan["speech"] as? [[String: Any]])?.first?["wav"] as? String)
      // The speech's length as ffprobe reads the cached WAV: its samples over its rate.
      let samples = try #require(
        Int(
          try FFmpegCommand.ffprobe([
            "-select_streams", "a:0", "-count_packets", "-show_entries",
            "stream=duration_ts", "-of", "default=noprint_wrappers=1:nokey=1", wav,
          ]).trimmingCharacters(in: .whitespacesAndNewlines)))
      // ceil((samples / 22050 + 0.3) × 25), in integers: the first frame at or after the time.
      let numerator = (samples + 6_615) * 25
      let expected = (numerator + 22_049) / 22_050
      let frames = try RenderedMovie.frames(folder.path("follow.mp4"), in: folder)
      let lit = frames.map { $0.luma[18 * 64 + 32] > 128 }
      let first = try #require(lit.firstIndex(of: true))
      #expect(first == expected, "the card shows from frame \(first); the voice says \(expected)")
      #expect(lit[first...].allSatisfy { $0 })
      // The speech ends where its sound does: espeak-ng's closing pause is cut.
      let span = try Self.span(wav)
      #expect(abs(Double(samples) / 22_050 - span.end) < 0.02, "\(samples) samples, \(span)")
      // And the output lasts the voice and one second more: round(duration × 25) frames.
      #expect(frames.count == ((samples + 22_050) * 25 * 2 + 22_050) / (2 * 22_050))
    }
  }

  /// Every word's `activeFrom` in the word captions of `plan`, as exact text.
  static func activeFroms(_ plan: [String: Any]) throws -> [String] {
    let layers = try #require(plan["layers"] as? [[String: Any]])
    let words = try #require(
      (layers.first { $0["name"] as? String == "words" }?["captions"] as? [String: Any])?["words"]
        as? [String: Any])
    let pages = try #require(words["pages"] as? [[String: Any]])
    return pages.flatMap { ($0["words"] as? [[String: Any]]) ?? [] }.compactMap {
      $0["activeFrom"] as? String
    }
  }

  /// The first word ("Meet") starts at 0 and the second after 0.1 s: `in: 0.1s` cuts one word.
  @Test("the words of a speak track show where the track plays them: its start, less its in")
  func wordsFollowTheTrack() throws {
    try withScratchFolder { folder in
      let cache = folder.path("cache")
      let project = folder.path("ad.yaml")
      try Self.project().write(toFile: project, atomically: true, encoding: .utf8)
      let atZero = try Self.activeFroms(try Self.planJSON(project, cache: cache))
      // The track later and trimmed; the captions layer's own start plays no part.
      let moved = Self.project().replacingOccurrences(
        of: "    words:\n", with: "    start: 2s\n    words:\n")
      try (moved + "\n    start: 1.5s\n    in: 0.1s").write(
        toFile: project, atomically: true, encoding: .utf8)
      let later = try Self.activeFroms(try Self.planJSON(project, cache: cache))
      // The first word, heard from 0 on the speech's clock, is before `in`: not captioned.
      try #require(later.count == atZero.count - 1 && !later.isEmpty)
      // Each other word 1.4 s later, exactly (times as fractions: compared by value).
      for (before, after) in zip(atZero.dropFirst(), later) {
        let a = try #require(Self.seconds(before))
        let b = try #require(Self.seconds(after))
        #expect(abs(b - a - 1.4) < 1e-9, "\(before) → \(after)")
      }
    }
  }
}

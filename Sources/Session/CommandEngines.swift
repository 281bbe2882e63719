import Builds
import Diagnostics
import Foundation
import Media
import PlanValues
import ProjectFile
import Speech
import Timeline

/// Speech engines declared as commands (`engines:`): what identifies one for the cache, and
/// one run of it into a cache entry's folder.
enum CommandEngines {
  /// Why a command engine made no usable speech, said at the track.
  struct Failure: Error {
    var message: String
    var notes: [Diagnostic.Note] = []
    var help: String?
  }

  /// The program's absolute path: a name with a `/` from the project's folder, else the first
  /// executable of that name on `PATH`.
  static func program(_ engine: EngineSpec, directory: String) throws(Failure) -> String {
    let name = engine.command[0].value
    if name.contains("/") {
      let path = ProjectPaths.resolve(name, in: directory)
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw Failure(
          message: "engine '\(engine.name.value)': its program '\(name)' is not an executable file",
          notes: [.init("its command is declared here", at: engine.command[0].location)])
      }
      return path
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw Failure(
      message: "engine '\(engine.name.value)': its program '\(name)' is not on PATH",
      notes: [.init("its command is declared here", at: engine.command[0].location)],
      help: "install it, or give its path (a name with a / is found from the project's folder)")
  }

  /// The engine's identity for the cache key: its command's words as written, where its words
  /// go, and the content hashes of its program and of every argument that names a file (the
  /// script `python3` runs, a model file), so a new version of any of them makes speech again.
  /// Hashes are reused while a file's stamp is unchanged (`IdentityCache`).
  ///
  /// Worked out for one voice and rate: a model named `voices/{voice}.onnx` is the file that
  /// voice reads. A word `--model=PATH` names PATH; only regular files are hashed (not
  /// `/dev/null`, not a folder).
  static func identity(
    _ engine: EngineSpec, program: String, directory: String, voice: String, rate: String
  ) throws(Failure) -> String {
    var parts = ["command"] + engine.command.map(\.value)
    parts += ["words", engine.words?.value ?? "-"]
    do {
      parts += ["program", try IdentityCache.shared.hash(ofFile: program)]
      let filled = engine.command.dropFirst().map {
        fill($0.value, with: ["voice": voice, "rate": rate])
      }
      for word in filled where !word.contains("{wav}") && !word.contains("{words}") {
        let named =
          [word] + (word.firstIndex(of: "=").map { [String(word[$0...].dropFirst())] } ?? [])
        for name in named where !name.isEmpty {
          let path = ProjectPaths.resolve(name, in: directory)
          var status = stat()
          guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
          parts += ["file", name, try IdentityCache.shared.hash(ofFile: path)]
        }
      }
    } catch {
      throw Failure(
        message: "engine '\(engine.name.value)': its files cannot be read to identify it: \(error)")
    }
    // Each part with its length, so no two commands give the same text.
    return parts.map { "\($0.utf8.count):\($0)" }.joined(separator: " ")
  }

  /// Runs the engine once with `speech`'s text, in the project's folder `directory`, into
  /// `folder` (a cache entry being made): the WAV it writes is the entry's `speech.wav`, its
  /// word timings (if it gives any) are read as a word-timed transcript, and nothing else it
  /// leaves is kept.
  static func make(
    _ speech: SpeechSpec, engine: EngineSpec, program: String, folder: String,
    directory: String, fps: Rational
  ) throws(Failure) -> SpeechContent {
    let wav = folder + "/speech.wav"
    let wordsFile = folder + "/engine-words"
    let values = [
      "voice": speech.voice.value, "rate": rateText(speech.rate.value), "wav": wav,
      "words": wordsFile,
    ]
    let arguments = [program] + engine.command.dropFirst().map { fill($0.value, with: values) }
    let declared = Diagnostic.Note(
      "engine '\(engine.name.value)' is declared here", at: engine.name.location)
    do {
      try SpeechCommand(
        arguments: arguments, directory: directory, scratch: folder,
        timeoutSeconds: engine.timeout.value.seconds(fps: fps).doubleValue
      ).run(input: speech.text.value)
    } catch {
      throw Failure(
        message: "engine '\(engine.name.value)' made no speech: \(error)",
        notes: [declared] + error.printed.map { Diagnostic.Note("it printed: \($0)") })
    }
    let length: Rational
    do {
      let info = try MediaProbe.probe(path: wav)
      guard let audio = info.audio.first, let duration = audio.duration ?? info.duration else {
        throw Failure(
          message: "engine '\(engine.name.value)' wrote '{wav}' without sound", notes: [declared])
      }
      length = duration
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(
        message:
          "engine '\(engine.name.value)' wrote no WAV that FFmpeg can read at {wav}: \(error)",
        notes: [declared])
    }
    var words: [SpeechWord] = []
    if engine.words != nil {
      words = try self.words(at: wordsFile, length: length, engine: engine, notes: [declared])
    }
    // Only the speech and the cache's own words file stay in the entry.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where name != "speech.wav" {
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
    return SpeechContent(length: length, words: words)
  }

  /// `{rate}` as a command is given it: the shortest decimal that reads back as the rate
  /// (`1.1`, `0.5`, `1.0`).
  static func rateText(_ rate: Double) -> String { String(rate) }

  /// `word` with each `{name}` of `values` replaced in one pass, so a value that itself holds
  /// `{wav}` (a voice from a data cell) is never expanded again.
  static func fill(_ word: String, with values: [String: String]) -> String {
    var result = ""
    var rest = Substring(word)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let after = rest[rest.index(after: open)...]
      if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
        result += value
        rest = after[after.index(after: close)...]
      } else {
        result += "{"
        rest = after
      }
    }
    return result + rest
  }

  /// Why `voice` cannot be handed to a command, or `nil`: a voice may come from a data cell,
  /// and it becomes a word of the engine's command or part of one (`voices/{voice}.onnx`), so
  /// it must be a name, not an option (`--output=…`) nor a path (`../x`): letters, digits,
  /// `-`, `_`, `+` and `.`, not starting with `-` or `.`, at most 64 bytes.
  static func voiceProblem(_ voice: String) -> String? {
    let allowed = voice.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        || "-_+.".unicodeScalars.contains($0)
    }
    guard allowed, !voice.isEmpty, voice.utf8.count <= 64, !voice.hasPrefix("-"),
      !voice.hasPrefix("."), !voice.contains("..")
    else {
      return "a voice handed to an engine's command is a name of letters, digits, '-', '_', "
        + "'+' and '.' (not starting with '-' or '.'), found '\(voice)'"
    }
    return nil
  }

  /// The engine's word timings, read as any word-timed transcript is, kept inside the speech
  /// and in order (a word timed past the end, or not after the one before, is dropped).
  private static func words(
    at path: String, length: Rational, engine: EngineSpec, notes: [Diagnostic.Note]
  ) throws(Failure) -> [SpeechWord] {
    guard let data = FileManager.default.contents(atPath: path),
      data.count <= ProjectLimits.subtitleBytes
    else {
      throw Failure(
        message: "engine '\(engine.name.value)' wrote no word timings where its words: say",
        notes: notes)
    }
    let read = WordTranscriptReader.read(bytes: Array(data), file: "the engine's word timings")
    if let problem = read.diagnostics.first(where: { $0.severity == .error }) {
      throw Failure(
        message: "engine '\(engine.name.value)' wrote word timings that cannot be read: "
          + problem.message, notes: notes)
    }
    var words: [SpeechWord] = []
    for word in read.words where word.start < length {
      let end = min(word.end, length)
      guard end > word.start, words.last.map({ $0.start < word.start }) ?? true else { continue }
      words.append(SpeechWord(text: word.text, start: word.start, end: end))
    }
    return words
  }
}

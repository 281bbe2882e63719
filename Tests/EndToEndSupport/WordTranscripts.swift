import Foundation

/// One word as a test writes it: its text and milliseconds on the transcript's clock.
public struct TestWord: Sendable {
  public var text: String
  public var start: Int
  public var end: Int

  public init(_ text: String, _ start: Int, _ end: Int) {
    (self.text, self.start, self.end) = (text, start, end)
  }
}

/// The same words written in each word-timed format a captions layer reads, one cue (or
/// segment) per list, so a test can render every format and judge them alike. Within a cue
/// each word ends where the next starts, as WebVTT's inline timestamps can only say.
public enum WordTranscripts {
  /// The formats, by the file name each is written as.
  public static let formats = [
    "whisperx.json", "whispercpp.json", "caption-array.json", "inline.vtt",
  ]

  /// `cues` in the format `name` names.
  public static func write(_ cues: [[TestWord]], as name: String) -> String {
    switch name {
    case "whisperx.json": whisperX(cues)
    case "whispercpp.json": whisperCpp(cues)
    case "caption-array.json": captionArray(cues)
    case "inline.vtt": inlineWebVTT(cues)
    default: preconditionFailure("no transcript format \(name)")
    }
  }

  /// Seconds with three decimals, as WhisperX writes them.
  static func seconds(_ ms: Int) -> String {
    let millis = ms % 1000
    return "\(ms / 1000).\(millis < 10 ? "00" : millis < 100 ? "0" : "")\(millis)"
  }

  static func whisperX(_ cues: [[TestWord]]) -> String {
    let segments = cues.map { cue in
      let words = cue.map {
        "{\"word\": \"\($0.text)\", \"start\": \(seconds($0.start)), \"end\": \(seconds($0.end)), "
          + "\"score\": 0.9}"
      }
      let text = cue.map(\.text).joined(separator: " ")
      return "{\"start\": \(seconds(cue[0].start)), \"end\": \(seconds(cue[cue.count - 1].end)), "
        + "\"text\": \" \(text)\",\n   \"words\": [\n    "
        + words.joined(separator: ",\n    ") + "]}"
    }
    return "{\"segments\": [\n  " + segments.joined(separator: ",\n  ")
      + "],\n \"language\": \"en\"}\n"
  }

  /// whisper.cpp's `-ojf`: tokens with a leading space start words; each word after the first
  /// of a cue is cut into two pieces (the second without a space), and special tokens open and
  /// close each cue, as whisper.cpp writes them.
  static func whisperCpp(_ cues: [[TestWord]]) -> String {
    func token(_ text: String, _ from: Int, _ to: Int) -> String {
      "{\"text\": \"\(text)\", \"timestamps\": {\"from\": \"\", \"to\": \"\"}, "
        + "\"offsets\": {\"from\": \(from), \"to\": \(to)}, \"id\": 0, \"p\": 0.9, \"t_dtw\": -1}"
    }
    let entries = cues.map { cue in
      var tokens = [token("[_BEG_]", cue[0].start, cue[0].start)]
      for (index, word) in cue.enumerated() {
        let characters = Array(word.text)
        if index > 0, characters.count >= 2 {
          let middle = word.start + (word.end - word.start) / 2
          let half = characters.count / 2
          tokens.append(token(" " + String(characters[..<half]), word.start, middle))
          tokens.append(token(String(characters[half...]), middle, word.end))
        } else {
          tokens.append(token(" " + word.text, word.start, word.end))
        }
      }
      tokens.append(token("[_TT_50]", cue[cue.count - 1].end, cue[cue.count - 1].end))
      return "{\"timestamps\": {\"from\": \"\", \"to\": \"\"}, \"offsets\": {\"from\": "
        + "\(cue[0].start), \"to\": \(cue[cue.count - 1].end)}, \"text\": \" "
        + cue.map(\.text).joined(separator: " ") + "\",\n   \"tokens\": [\n    "
        + tokens.joined(separator: ",\n    ") + "]}"
    }
    return "{\"systeminfo\": \"\", \"model\": {\"type\": \"base\"}, \"result\": "
      + "{\"language\": \"en\"},\n \"transcription\": [\n  "
      + entries.joined(separator: ",\n  ") + "]}\n"
  }

  /// Remotion's `Caption` array: words without leading spaces, as speech APIs give them.
  static func captionArray(_ cues: [[TestWord]]) -> String {
    let objects = cues.flatMap { $0 }.map {
      "{\"text\": \"\($0.text)\", \"startMs\": \($0.start), \"endMs\": \($0.end), "
        + "\"timestampMs\": \($0.start), \"confidence\": 1}"
    }
    return "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n"
  }

  static func inlineWebVTT(_ cues: [[TestWord]]) -> String {
    "WEBVTT\n\n"
      + cues.map { cue in
        let timed = cue.enumerated().map { index, word in
          index == 0
            ? word.text
            : "<\(TestCue.timestamp(word.start, separator: "."))>\(word.text)"
        }
        return "\(TestCue.timestamp(cue[0].start, separator: ".")) --> "
          + "\(TestCue.timestamp(cue[cue.count - 1].end, separator: "."))\n"
          + timed.joined(separator: " ") + "\n"
      }.joined(separator: "\n")
  }
}

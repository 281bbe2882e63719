import Foundation
import TestSupport
import Testing

/// The word-captions ad's voice-over and its WhisperX transcript, made by `scripts/make-voice`
/// (espeak-ng, word by word) into a scratch folder, and judged by `scripts/check-voice` (ffmpeg
/// decodes, numpy measures): every timed word's span holds its sound and the gaps none, and the
/// judge notices a transcript one millisecond off.
@Suite("Demo voice-over and its word times", .tags(.endToEnd))
struct DemoVoiceTests {
  /// The package root: this file is `Tests/CLITests/DemoVoiceTests.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  static func script(_ name: String) -> String {
    packageRoot.appendingPathComponent("scripts/\(name)").path
  }

  @Test("make-voice writes WhisperX JSON whose word times are true to the audio")
  func transcriptIsTrueToTheAudio() throws {
    try withScratchFolder { folder in
      let made = try ToolRun.run(
        tool: "python3", [Self.script("make-voice"), "--out", folder.url.path])
      try #require(made.status == 0, "make-voice exited with \(made.status):\n\(made.stderr)")
      let audio = folder.path("voice.wav")
      let words = folder.path("voice.words.json")

      let check = try ToolRun.run(tool: "python3", [Self.script("check-voice"), audio, words])
      #expect(check.status == 0, "check-voice:\n\(check.stdout)\(check.stderr)")
      #expect(check.stdout.contains("voice and transcript agree"))

      // WhisperX's form: one segment per sentence, the numbers left untimed, the rest timed.
      let transcript = try Self.json(at: words)
      let segments = try #require(transcript["segments"] as? [[String: Any]])
      #expect(segments.count == 5)
      let all = segments.flatMap { ($0["words"] as? [[String: Any]]) ?? [] }
      let untimed = all.filter { $0["start"] == nil }.compactMap { $0["word"] as? String }
      #expect(untimed == ["50%", "2026,"])
      #expect(all.count == ((transcript["word_segments"] as? [Any])?.count ?? -1))
      #expect(all.allSatisfy { $0["start"] == nil || ($0["end"] != nil && $0["score"] != nil) })
    }
  }

  @Test("check-voice fails a transcript whose every word is one millisecond late")
  func judgeNoticesOneMillisecond() throws {
    try withScratchFolder { folder in
      let made = try ToolRun.run(
        tool: "python3", [Self.script("make-voice"), "--out", folder.url.path])
      try #require(made.status == 0, "make-voice exited with \(made.status):\n\(made.stderr)")
      var transcript = try Self.json(at: folder.path("voice.words.json"))
      var segments = try #require(transcript["segments"] as? [[String: Any]])
      for index in segments.indices {
        let words = (segments[index]["words"] as? [[String: Any]]) ?? []
        segments[index]["words"] = words.map { word -> [String: Any] in
          var late = word
          for key in ["start", "end"] {
            if let ms = (word[key] as? Double).map({ Int(($0 * 1000).rounded()) }) {
              late[key] = Double(ms + 1) / 1000
            }
          }
          return late
        }
      }
      transcript["segments"] = segments
      let late = folder.path("late.json")
      try JSONSerialization.data(withJSONObject: transcript).write(
        to: URL(fileURLWithPath: late))

      let check = try ToolRun.run(
        tool: "python3", [Self.script("check-voice"), folder.path("voice.wav"), late])
      #expect(check.status == 1, "check-voice passed a late transcript:\n\(check.stdout)")
      #expect(check.stderr.contains("ends late"))
    }
  }

  static func json(at path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}

import Diagnostics
import Foundation
import ProjectFile
import TestSupport
import Testing

/// Transcripts as large and as strange as the 4 MiB a captions layer reads: each is refused,
/// or read, at a cost in proportion to its size, with its error where the limit is crossed.
/// The bound on processor time (which a loaded machine does not add to) is generous for a
/// debug build, and far below what a cost growing with the square of the size would take.
@Suite("Hostile word-timed transcripts", .tags(.slow), .ownTimeLimit(.seconds(2 * 60)))
struct WordTranscriptHostileTests {
  static let size = ProjectLimits.subtitleBytes

  static func read(_ text: String, file: String = "big.json") -> (WordTranscriptRead, Double) {
    let bytes = Array(text.utf8)
    #expect(bytes.count <= size)
    return ThreadCPUTime.measure { WordTranscriptReader.read(bytes: bytes, file: file) }
  }

  @Test("a word of 300,000 whisper.cpp pieces is refused as too long, in linear time")
  func manyPieces() throws {
    let piece = #"{"text": "a", "offsets": {"from": 1, "to": 2}},"#
    let count = (Self.size - 200) / piece.utf8.count
    let text =
      #"{"transcription": [{"tokens": ["# + String(repeating: piece, count: count)
      + #"{"text": "a"}]}]}"#
    let (read, seconds) = Self.read(text)
    #expect(read.diagnostics.map(\.id).contains("text-too-long"))
    #expect(read.words.isEmpty)
    #expect(seconds < 60, "\(seconds) s")
  }

  @Test("more words than the limit: refused at the first past it")
  func tooManyWords() throws {
    let word = #"{"word": "a", "start": 1, "end": 1},"#
    let count = ProjectLimits.transcriptWords + 1
    let text =
      #"{"segments": [{"words": ["# + String(repeating: word + "\n", count: count)
      + #"{"word": "b"}]}]}"#
    let (read, seconds) = Self.read(text)
    let error = try #require(read.diagnostics.first { $0.id == "too-many-words" })
    #expect(error.location?.line == ProjectLimits.transcriptWords + 1)
    #expect(read.words.isEmpty)
    #expect(seconds < 60, "\(seconds) s")
  }

  @Test("four million brackets: refused at the 65th, unread past it")
  func deepNesting() throws {
    let (read, seconds) = Self.read(String(repeating: "[", count: Self.size))
    #expect(read.diagnostics.map(\.id) == ["bad-json"])
    #expect(read.diagnostics.first?.location?.column == 65)
    #expect(seconds < 60, "\(seconds) s")
  }

  @Test("two million values that are no captions: 50 problems, then one that counts the rest")
  func manyProblems() throws {
    let text = "[" + String(repeating: "1,", count: Self.size / 2 - 2) + "1]"
    let (read, seconds) = Self.read(text)
    #expect(read.diagnostics.count == 51)
    #expect(read.diagnostics.last?.id == "too-many-problems")
    #expect(seconds < 60, "\(seconds) s")
  }
}

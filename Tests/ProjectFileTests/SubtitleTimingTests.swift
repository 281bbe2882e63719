import Diagnostics
import ProjectFile
import Testing
import Timeline

/// Timing lines and references read as browsers and subtitle editors read them, and the
/// corners an attacker found: whitespace WebVTT does not call whitespace, digits carrying
/// combining marks, fields of too many digits, and times past the project's bound.
@Suite("Subtitle timing lines: whitespace, digits and bounds")
struct SubtitleTimingTests {
  static func read(_ text: String, format: SubtitleFormat = .subRip) -> SubtitleRead {
    SubtitleReader.read(text: text, file: "t", format: format)
  }

  /// Each problem as `line:column (length) message`.
  static func problems(_ read: SubtitleRead) -> [String] {
    read.diagnostics.map { d in
      let at = d.location.map { "\($0.line):\($0.column) (\($0.length))" } ?? "-"
      return "\(at) \(d.message)"
    }
  }

  @Test("WebVTT whitespace is space, tab and form feed: a vertical tab separates nothing")
  func verticalTab() {
    // web-platform-tests' webvtt/parsing/file-parsing whitespace-chars: browsers read the
    // first three cues and drop the fourth; a dropped cue is an error here.
    let read = Self.read(
      "WEBVTT\n\nspaces\n   00:00:00.000   -->   00:00:01.000   \n   text0\n\n"
        + "tabs\n\t00:00:00.000\t-->\t00:00:01.000\t\ntext1\n\n"
        + "form feed\n\u{C}00:00:00.000\u{C}-->\u{C}00:00:01.000\u{C}\ntext2\n\n"
        + "vertical tab\n\u{B}00:00:00.000\u{B}-->\u{B}00:00:01.000\u{B}\ntext3\n",
      format: .webVTT)
    #expect(read.cues.map { String($0.text.drop { $0 == " " }) } == ["text0", "text1", "text2"])
    #expect(read.diagnostics.map(\.id) == ["bad-cue-time", "bad-cue-time"])
    #expect(read.diagnostics.map { $0.location?.line } == [16, 16])
    #expect(read.diagnostics.map { $0.location?.column } == [1, 18])
    #expect(
      read.diagnostics.first?.message
        == "'\u{B}00:00:00.000\u{B}' is not a time; expected one such as 00:01:02.500 or "
        + "01:02.500; U+000B is no space in WebVTT: separate the times with spaces, tabs or "
        + "form feeds")
    // SubRip has no such rule: its editors' files take any space.
    let subRip = Self.read("1\n\u{B}00:00:00,000\u{B}-->\u{B}00:00:01,000\nx\n")
    #expect(subRip.diagnostics.isEmpty && subRip.cues.count == 1)
  }

  @Test("a minutes or seconds field of three digits says it needs two, at its columns")
  func threeDigits() {
    let seconds = Self.read("WEBVTT\n\n00:00:013.000 --> 00:00:14.000\nx\n", format: .webVTT)
    #expect(
      Self.problems(seconds) == ["3:7 (3) seconds '013' must have one or two digits, 0 to 59"])
    let minutes = Self.read("1\n00:001:13,000 --> 00:00:14,000\nx\n")
    #expect(
      Self.problems(minutes) == ["2:4 (3) minutes '001' must have one or two digits, 0 to 59"])
    // Two digits past 59 are out of range; one digit is read, as editors write it.
    let range = Self.read("1\n00:00:75,000 --> 0:0:7,000\nx\n")
    #expect(Self.problems(range) == ["2:7 (2) seconds '75' must be 00 to 59"])
  }

  @Test(
    "a digit followed by a combining mark is no digit: a located error, never a crash",
    arguments: [
      "1\u{301}0:00:01,000 --> 00:00:02,000", "00:0\u{301}0:01,000 --> 00:00:02,000",
      "00:00:0\u{301}1,000 --> 00:00:02,000", "00:00:01,00\u{301}0 --> 00:00:02,000",
      "00:00:01,000 --> 00:00:02,0\u{301}00", "00:00:01,000 -->\u{301} 00:00:02,000",
    ])
  func combiningMark(timing: String) throws {
    let read = Self.read("1\n\(timing)\nx\n")
    #expect(read.cues.isEmpty)
    let error = try #require(read.diagnostics.first)
    let location = try #require(error.location)
    #expect(location.line == 2)
    // Inside the line, counted in scalars.
    #expect(location.column >= 1)
    #expect(location.column + location.length - 1 <= timing.unicodeScalars.count)
    // Never a range a digit string would be out of.
    #expect(!error.message.contains("must be 00 to 59"), "\(error.message)")
  }

  @Test("a cue number carrying a combining mark is no cue number")
  func combiningMarkCueNumber() {
    let read = Self.read("1\u{301}\n00:00:01,000 --> 00:00:02,000\nx\n")
    // The timing line still starts a cue; the line before it is not its number.
    #expect(read.diagnostics.map(\.id) == ["bad-cue"])
    #expect(read.diagnostics.first?.location?.line == 1)
  }

  @Test("a cue time at or past 100,000 s is an error at its timestamp; just under is read")
  func timeBound() {
    let far = Self.read("1\n99999:59:59,999 --> 99999:59:59,999\nx\n")
    #expect(
      Self.problems(far) == [
        "2:1 (15) '99999:59:59,999' is too late: a cue time must be under 100000 s (27:46:40)",
        "2:21 (15) '99999:59:59,999' is too late: a cue time must be under 100000 s (27:46:40)",
      ])
    let edge = Self.read("WEBVTT\n\n00:00:01.000 --> 27:46:40.000\nx\n", format: .webVTT)
    #expect(edge.diagnostics.map { $0.location?.column } == [18])
    let under = Self.read("1\n27:46:39,000 --> 27:46:39,999\nx\n")
    #expect(under.diagnostics.isEmpty)
    #expect(under.cues.first?.end == Rational(99_999_999, 1000))
    // Six hour digits are refused before any arithmetic.
    let digits = Self.read("1\n100000:00:00,000 --> 00:00:01,000\nx\n")
    #expect(Self.problems(digits) == ["2:1 (6) hours '100000' are out of range (at most 5 digits)"])
  }

  @Test("WebVTT decodes &quot; &apos; &lrm; &rlm;; a numeric reference is digits only")
  func references() {
    let read = Self.read(
      "WEBVTT\n\n00:01.000 --> 00:02.000\n&quot;a&apos;&lrm;b&rlm;&#65;&#x42;&#+67;&#x-44;\n",
      format: .webVTT)
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.map(\.text) == ["\"a'\u{200E}b\u{200F}AB&#+67;&#x-44;"])
  }
}

import Diagnostics

/// A subtitle file's bytes as text: UTF-8, with or without a byte-order mark, or UTF-16 with
/// one (as some Windows tools save). Anything else is an error at its first bad byte, at the
/// line and column the readers would have counted; a UTF-32 file is named as such, at its
/// byte-order mark.
enum SubtitleTextDecoding {
  /// Why the bytes are not text, as the error to report.
  struct Failure: Error {
    var diagnostic: Diagnostic
    /// The text to quote the error's line from, with the bad bytes shown as U+FFFD, so the
    /// caret has a line to point into; `nil` where there is nothing to quote (UTF-32).
    var text: String?
  }

  static func decode(_ bytes: [UInt8], file: String) -> Result<String, Failure> {
    // UTF-32's little-endian mark starts with UTF-16's, so it is looked for first.
    let utf32: [(mark: [UInt8], order: String)] = [
      ([0xFF, 0xFE, 0x00, 0x00], "little"), ([0x00, 0x00, 0xFE, 0xFF], "big"),
    ]
    for (mark, order) in utf32 where bytes.starts(with: mark) {
      return .failure(
        Failure(
          diagnostic: .error(
            "not-utf8",
            "subtitle file is UTF-32 (\(order)-endian, by its byte-order mark); chromake reads "
              + "UTF-8 and UTF-16",
            at: SourceLocation(file: file, line: 1, column: 1),
            help: "save it as UTF-8, for example: iconv -f UTF-32 -t UTF-8 old.srt > new.srt"),
          text: nil))
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return utf16(Array(bytes.dropFirst(2)), bigEndian: bytes[0] == 0xFE, file: file)
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if let offset = SourceOffsets.firstInvalidUTF8(in: body) {
      let byte = String(body[offset], radix: 16, uppercase: true)
      return failure(
        "subtitle file is not UTF-8 text: byte 0x\(byte) starts no character",
        at: location(ofByte: offset, in: body, file: file),
        help: "save it as UTF-8; from an older Windows code page, for example: "
          + "iconv -f WINDOWS-1252 -t UTF-8 old.srt > new.srt",
        text: String(decoding: body, as: UTF8.self))
    }
    if let offset = body.firstIndex(of: 0) {
      return failure(
        "subtitle file holds a NUL byte: is it UTF-16 without a byte-order mark?",
        at: location(ofByte: offset, in: body, file: file),
        help: "save it as UTF-8", text: String(decoding: body, as: UTF8.self))
    }
    return .success(String(decoding: body, as: UTF8.self))
  }

  /// Where a reader is in the text, counting lines as the readers split them: at CRLF, LF or
  /// a lone CR, which older Mac tools end lines with; columns in scalars.
  private struct Position {
    private(set) var line = 1
    private(set) var column = 1
    private var afterCR = false

    /// Steps past the scalar whose value is `value`.
    mutating func advance(past value: UInt32) {
      let (cr, lf) = (UInt32(0x0D), UInt32(0x0A))
      // CRLF is one line break.
      if value == lf, afterCR {
        afterCR = false
      } else if value == cr || value == lf {
        (line, column) = (line + 1, 1)
        afterCR = value == cr
      } else {
        column += 1
        afterCR = false
      }
    }

    func location(in file: String) -> SourceLocation {
      SourceLocation(file: file, line: line, column: column)
    }
  }

  /// The location of byte `offset` of the UTF-8 `bytes`.
  private static func location(ofByte offset: Int, in bytes: [UInt8], file: String)
    -> SourceLocation
  {
    var position = Position()
    // Continuation bytes belong to the scalar their lead byte started.
    for byte in bytes[..<offset] where byte & 0xC0 != 0x80 {
      position.advance(past: UInt32(byte))
    }
    return position.location(in: file)
  }

  /// Decodes `payload`, the bytes after a UTF-16 byte-order mark. Its first problem (a NUL, a
  /// surrogate without its partner, or a last byte left over) is an error at its line and
  /// column, quoted from the text with each bad unit, and the odd byte, shown as U+FFFD.
  private static func utf16(_ payload: [UInt8], bigEndian: Bool, file: String)
    -> Result<String, Failure>
  {
    let units = stride(from: 0, to: payload.count - 1, by: 2).map { index in
      let (a, b) = (UInt16(payload[index]), UInt16(payload[index + 1]))
      return bigEndian ? a << 8 | b : b << 8 | a
    }
    let cutShort = payload.count % 2 == 1
    func quotable() -> String {
      String(decoding: units, as: UTF16.self) + (cutShort ? "\u{FFFD}" : "")
    }
    var text = ""
    var position = Position()
    var decoder = UTF16()
    var iterator = units.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" {
          return failure(
            "subtitle file holds a NUL character", at: position.location(in: file),
            help: "save it again, as UTF-8", text: quotable())
        }
        text.unicodeScalars.append(scalar)
        position.advance(past: scalar.value)
      case .emptyInput:
        guard !cutShort else {
          return failure(
            "subtitle file is UTF-16 with an odd number of bytes: it is cut short here",
            at: position.location(in: file), help: "save it again, as UTF-8", text: quotable())
        }
        return .success(text)
      case .error:
        return failure(
          "subtitle file is not valid UTF-16: a surrogate has no partner",
          at: position.location(in: file), help: "save it again, as UTF-8", text: quotable())
      }
    }
  }

  private static func failure(
    _ message: String, at location: SourceLocation, help: String, text: String
  ) -> Result<String, Failure> {
    .failure(
      Failure(diagnostic: .error("not-utf8", message, at: location, help: help), text: text))
  }
}

import Diagnostics

/// A subtitle file's bytes as text: UTF-8, with or without a byte-order mark, or UTF-16 with
/// one (as some Windows tools save). Anything else is an error at its first bad byte.
enum SubtitleTextDecoding {
  /// Why the bytes are not text, as the error to report.
  struct Failure: Error {
    var diagnostic: Diagnostic
    /// The text to quote the error's line from: UTF-8 with the bad bytes shown as U+FFFD, so
    /// the caret has a line to point into; `nil` for UTF-16, whose errors are the whole file's.
    var text: String? = nil
  }

  static func decode(_ bytes: [UInt8], file: String) -> Result<String, Failure> {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return utf16(bytes, bigEndian: bytes[0] == 0xFE, file: file)
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

  /// The line and column (in scalars) of byte `offset` of `bytes`, counting lines as the
  /// readers split them: at CRLF, LF or a lone CR, which older Mac tools end lines with.
  private static func location(ofByte offset: Int, in bytes: [UInt8], file: String)
    -> SourceLocation
  {
    var (line, column) = (1, 1)
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
        (line, column) = (line + 1, 1)
        // CRLF is one line break.
        if byte == UInt8(ascii: "\r"), index + 1 < offset, bytes[index + 1] == UInt8(ascii: "\n") {
          index += 1
        }
      } else if byte & 0xC0 != 0x80 {
        // Continuation bytes belong to the scalar their lead byte started.
        column += 1
      }
      index += 1
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  private static func utf16(_ bytes: [UInt8], bigEndian: Bool, file: String)
    -> Result<String, Failure>
  {
    let payload = Array(bytes.dropFirst(2))
    guard payload.count % 2 == 0 else {
      return failure(
        "subtitle file is UTF-16 with an odd number of bytes: it is cut short",
        at: .wholeFile(file), help: "save it again, as UTF-8")
    }
    let units = stride(from: 0, to: payload.count, by: 2).map { index in
      let (a, b) = (UInt16(payload[index]), UInt16(payload[index + 1]))
      return bigEndian ? a << 8 | b : b << 8 | a
    }
    var text = ""
    var decoder = UTF16()
    var iterator = units.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" {
          return failure(
            "subtitle file holds a NUL character", at: .wholeFile(file),
            help: "save it again, as UTF-8")
        }
        text.unicodeScalars.append(scalar)
      case .emptyInput:
        return .success(text)
      case .error:
        return failure(
          "subtitle file is not valid UTF-16: a surrogate has no partner", at: .wholeFile(file),
          help: "save it again, as UTF-8")
      }
    }
  }

  private static func failure(
    _ message: String, at location: SourceLocation, help: String, text: String? = nil
  ) -> Result<String, Failure> {
    .failure(
      Failure(diagnostic: .error("not-utf8", message, at: location, help: help), text: text))
  }
}

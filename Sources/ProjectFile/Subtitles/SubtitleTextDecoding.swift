import Diagnostics

/// A subtitle file's bytes as text: UTF-8, with or without a byte-order mark, or UTF-16 with
/// one (as some Windows tools save). Anything else is an error at its first bad byte.
enum SubtitleTextDecoding {
  /// Why the bytes are not text, as the error to report.
  struct Failure: Error {
    var diagnostic: Diagnostic
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
        at: SourceOffsets.location(ofByte: offset, in: body, file: file),
        help: "save it as UTF-8; from an older Windows code page, for example: "
          + "iconv -f WINDOWS-1252 -t UTF-8 old.srt > new.srt")
    }
    if let offset = body.firstIndex(of: 0) {
      return failure(
        "subtitle file holds a NUL byte: is it UTF-16 without a byte-order mark?",
        at: SourceOffsets.location(ofByte: offset, in: body, file: file),
        help: "save it as UTF-8")
    }
    return .success(String(decoding: body, as: UTF8.self))
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

  private static func failure(_ message: String, at location: SourceLocation, help: String)
    -> Result<String, Failure>
  {
    .failure(Failure(diagnostic: .error("not-utf8", message, at: location, help: help)))
  }
}

import Diagnostics

/// Turns a byte offset into a file's text into the line and column a message points at, for
/// problems found below the level of YAML's marks: a byte that is not UTF-8, a control
/// character libyaml's reader refused.
enum SourceOffsets {
  /// The 1-based line and column (in Unicode scalars, as libyaml counts) of byte `offset`.
  static func location(ofByte offset: Int, in bytes: some Collection<UInt8>, file: String)
    -> SourceLocation
  {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, offset)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // Continuation bytes belong to the scalar their lead byte started.
        column += 1
      }
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// The location of byte `offset` in `text`'s UTF-8 form.
  static func location(ofByte offset: Int, in text: String, file: String) -> SourceLocation {
    location(ofByte: offset, in: text.utf8, file: file)
  }

  /// The offset of the first byte that does not continue valid UTF-8, or `nil` when all do.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return offset
      }
    }
  }
}

import Diagnostics

/// A JSON value with where it is written: a transcript's words keep the line and column of
/// their own value, so that a message points at the word, not at the file.
///
/// Strings keep their bytes (escapes decoded) rather than text: whisper.cpp writes each token
/// as it decodes it, so one character of Chinese or an emoji can be split over two tokens, and
/// only the word the pieces make is text. Numbers keep their text, so that a time is read
/// exactly as written (`Double` would turn `0.1` into 0.1000000000000000055…).
struct LocatedJSON {
  /// What the value is.
  enum Value {
    case object([Member])
    case array([LocatedJSON])
    /// The string's bytes, escapes decoded; `badByte` is where its first byte that starts no
    /// UTF-8 character is written, when it has one.
    case string([UInt8], badByte: Position?)
    /// The number as written: JSON's grammar, or `NaN`, `Infinity` and `-Infinity` as Python
    /// writes them (refused only where a time is read, so a NaN score harms nothing).
    case number(String)
    case bool(Bool)
    case null
  }

  /// One `"key": value` of an object.
  struct Member {
    var key: String
    var keyPosition: Position
    var value: LocatedJSON
  }

  /// A 1-based line and column (columns in Unicode scalars), and how many columns the value
  /// takes on its first line; small, since a 4 MB file can hold two million values.
  struct Position: Equatable {
    var line: Int32
    var column: Int32
    var length: Int32

    func location(in file: String) -> SourceLocation {
      SourceLocation(file: file, line: Int(line), column: Int(column), length: Int(length))
    }
  }

  var value: Value
  var position: Position

  /// What a message calls the kind of this value.
  var kindName: String {
    switch value {
    case .object: "an object"
    case .array: "a list"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }

  /// The members of an object, or `nil`.
  var members: [Member]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The value of member `key` of an object, or `nil`.
  subscript(key: String) -> LocatedJSON? {
    members?.first { $0.key == key }?.value
  }
}

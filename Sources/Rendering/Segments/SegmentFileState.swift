/// What a segment folder holds at one segment's name, judged against the record of the bytes
/// the segment was written with: a render reuses only an intact file, and encodes the others
/// again, saying why (`SegmentReason`).
enum SegmentFileState: Equatable {
  /// A regular file with the bytes its record names.
  case intact
  /// Nothing.
  case missing
  /// A file without a record of its bytes (or a record of another file).
  case unrecorded
  /// A file whose bytes are not those it was written with (or an empty one).
  case changed
  /// Something that is not a regular file (`a named pipe`, `a symbolic link`, `a folder`).
  case inTheWay(String)

  /// The record's text for the file `name` whose SHA-256 is `hash`, as `sha256sum` writes
  /// it, so that `sha256sum -c` checks a segment folder too.
  static func recordText(hash: String, of name: String) -> String {
    "\(hash)  \(name)\n"
  }

  /// The hash a record's `text` gives for the file `name`; nil when it is not a record of
  /// that file.
  static func recordedHash(_ text: String, of name: String) -> String? {
    let hash = text.prefix(64)
    guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
      text == recordText(hash: String(hash), of: name)
    else { return nil }
    return String(hash)
  }
}

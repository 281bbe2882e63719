// The small character tests and trims the subtitle readers share.

extension Substring {
  /// Without the scalars of `characters` at either end.
  func trimmingCharacters(in characters: String) -> Substring {
    let set = Set(characters.unicodeScalars)
    var s = self
    while let first = s.unicodeScalars.first, set.contains(first) {
      s = Substring(s.unicodeScalars.dropFirst())
    }
    while let last = s.unicodeScalars.last, set.contains(last) {
      s = Substring(s.unicodeScalars.dropLast())
    }
    return s
  }
}

extension Character {
  /// `0` to `9`, and nothing else that Unicode calls a digit.
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

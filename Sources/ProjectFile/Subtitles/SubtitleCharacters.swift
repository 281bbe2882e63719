// The small character tests and trims the subtitle readers share. They read Unicode scalars,
// never Characters: `"1\u{301}"` is one Character, which a Character test could call a digit.

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

extension Unicode.Scalar {
  /// `0` to `9`, and nothing else that Unicode calls a digit.
  var isASCIIDecimalDigit: Bool { ("0"..."9").contains(self) }
}

extension SubtitleFormat {
  /// Whether `scalar` separates the parts of a timing line. WebVTT's whitespace is only space,
  /// tab and form feed (and the line breaks, which never reach a line): a vertical tab there
  /// is no space, as browsers read it. SubRip has no such rule; its readers take any space.
  func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .webVTT: scalar == " " || scalar == "\t" || scalar == "\u{C}"
    case .subRip: scalar.properties.isWhitespace
    }
  }
}

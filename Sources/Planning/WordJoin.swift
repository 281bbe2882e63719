/// How the words of a page are joined into the one text that is set: with a space, except
/// between two words of scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer,
/// Myanmar), where a transcript's "words" are characters or runs that read as one line.
/// Line breaks are Pango's, so such text still wraps between characters.
enum WordJoin {
  /// What goes between `previous` and `next`.
  static func separator(between previous: String, and next: String) -> String {
    guard let last = previous.unicodeScalars.last, let first = next.unicodeScalars.first,
      writtenWithoutSpaces(last), writtenWithoutSpaces(first)
    else { return " " }
    return ""
  }

  /// Whether `scalar` belongs to a script written without spaces between words, or is the
  /// punctuation those scripts use (`。`, `、`, fullwidth forms).
  static func writtenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x1000...0x109F,  // Myanmar
      0x1780...0x17FF,  // Khmer
      0x3000...0x303F,  // CJK symbols and punctuation
      0x3040...0x30FF,  // Hiragana, Katakana
      0x31F0...0x31FF,  // Katakana phonetic extensions
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFF00...0xFFEF,  // Halfwidth and fullwidth forms
      0x20000...0x2FA1F:  // CJK extensions B…
      return true
    default:
      return false
    }
  }

  /// Whether a page ends after `word` when pages break on punctuation: it ends a sentence.
  static func endsSentence(_ word: String) -> Bool {
    // Closing quotes and brackets after the mark still end the sentence: `"Go!"`.
    let trailing = word.unicodeScalars.reversed().drop {
      "\"'”’»)]}」』】".unicodeScalars.contains($0)
    }
    guard let mark = trailing.first else { return false }
    return ".!?…。！？؟۔।॥".unicodeScalars.contains(mark)
  }
}

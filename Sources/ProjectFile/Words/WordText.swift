/// The text of a word as shown, and the words of a line of text where a file gives no word
/// boundaries of its own.
enum WordText {
  /// `text` without white space at its ends, tabs and line breaks inside it as spaces, and
  /// other control characters left out (they have no glyph); empty when nothing is left.
  static func clean(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        out.append(" ")
      } else if scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) {
        out.append(scalar)
      }
    }
    var scalars = Substring(String(out)).unicodeScalars[...]
    while scalars.first == " " { scalars = scalars.dropFirst() }
    while scalars.last == " " { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }

  /// The words of `text`: runs between white space, and in Chinese and Japanese, which are
  /// written without spaces, each ideograph or kana its own word, punctuation after it (`。`,
  /// `、`, `！`) staying with it. Korean is written with spaces and is split at them.
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var currentIsCJK = false
    func flush() {
      let word = clean(String(current))
      if !word.isEmpty { words.append(word) }
      current = String.UnicodeScalarView()
      currentIsCJK = false
    }
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        flush()
      } else if isCJK(scalar) {
        flush()
        current.append(scalar)
        currentIsCJK = true
      } else if currentIsCJK, !isPunctuation(scalar) {
        flush()
        current.append(scalar)
      } else {
        current.append(scalar)
      }
    }
    flush()
    return words
  }

  /// Han ideographs, hiragana and katakana: the scripts written without spaces between words.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF,  // hiragana, katakana
      0x31F0...0x31FF,  // katakana extensions
      0x3400...0x4DBF,  // Han extension A
      0x4E00...0x9FFF,  // Han
      0xF900...0xFAFF,  // Han compatibility
      0xFF66...0xFF9D,  // half-width katakana
      0x20000...0x3134F:  // Han extensions B to G
      true
    default: false
    }
  }

  private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .closePunctuation, .otherPunctuation, .finalPunctuation, .dashPunctuation: true
    default: false
    }
  }

  /// How much of a spread span a word takes: its scalars (a word of none still takes one).
  static func weight(_ word: String) -> Int {
    max(1, word.unicodeScalars.count)
  }
}

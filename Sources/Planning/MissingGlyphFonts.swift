/// Which Debian package has a font for a character that no installed font draws, so the
/// missing-glyph warning can say what to install: emoji, CJK and the scripts fonts-noto-core
/// covers, known by the Unicode block the character lies in. A character in no block listed
/// (a private-use or unassigned one, say) has no package to name.
enum MissingGlyphFonts {
  /// What a character is (a script, or emoji) and the package whose fonts draw it.
  struct Source: Equatable {
    /// "Arabic", "emoji", "CJK".
    let script: String
    /// The Debian package, or a choice of them.
    let package: String
  }

  static let emojiPackage = "fonts-noto-color-emoji"
  static let cjkPackage = "fonts-noto-cjk or fonts-wqy-microhei"
  static let scriptsPackage = "fonts-noto-core"

  /// The package for `character`, or `nil` when none is known.
  static func source(of character: Unicode.Scalar) -> Source? {
    // No package draws a private-use character, and none an unassigned one, even inside a
    // script's block.
    switch character.properties.generalCategory {
    case .privateUse, .unassigned, .surrogate: return nil
    default: break
    }
    // Emoji are spread over many blocks; Unicode's own property finds them. ASCII digits, "#"
    // and "*" are emoji too (as keycaps), but every font has them.
    if character.properties.isEmoji, !character.isASCII {
      return Source(script: "emoji", package: emojiPackage)
    }
    let value = character.value
    guard let block = blocks.first(where: { $0.range.contains(value) }) else { return nil }
    return Source(script: block.script, package: block.package)
  }

  /// Blocks by their first and last scalar, with the script they hold and its package.
  private static let blocks: [(range: ClosedRange<UInt32>, script: String, package: String)] =
    cjk.map { ($0, "CJK", cjkPackage) } + scripts.map { ($0.0, $0.1, scriptsPackage) }

  /// Han, kana, Hangul, Bopomofo and their punctuation, symbols and full-width forms.
  private static let cjk: [ClosedRange<UInt32>] = [
    0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
    0x1B000...0x1B16F, 0x20000...0x3134F,
  ]

  /// The living scripts of fonts-noto-core (it has many historic ones as well).
  private static let scripts: [(ClosedRange<UInt32>, String)] = [
    (0x0370...0x03FF, "Greek"), (0x1F00...0x1FFF, "Greek"),
    (0x0400...0x052F, "Cyrillic"), (0x1C80...0x1C8F, "Cyrillic"), (0x2DE0...0x2DFF, "Cyrillic"),
    (0xA640...0xA69F, "Cyrillic"),
    (0x0530...0x058F, "Armenian"),
    (0x0590...0x05FF, "Hebrew"), (0xFB1D...0xFB4F, "Hebrew"),
    (0x0600...0x06FF, "Arabic"), (0x0750...0x077F, "Arabic"), (0x0870...0x08FF, "Arabic"),
    (0xFB50...0xFDFF, "Arabic"), (0xFE70...0xFEFF, "Arabic"), (0x1EE00...0x1EEFF, "Arabic"),
    (0x0700...0x074F, "Syriac"), (0x0780...0x07BF, "Thaana"), (0x07C0...0x07FF, "N'Ko"),
    (0x0900...0x097F, "Devanagari"), (0xA8E0...0xA8FF, "Devanagari"),
    (0x0980...0x09FF, "Bengali"), (0x0A00...0x0A7F, "Gurmukhi"), (0x0A80...0x0AFF, "Gujarati"),
    (0x0B00...0x0B7F, "Oriya"), (0x0B80...0x0BFF, "Tamil"), (0x0C00...0x0C7F, "Telugu"),
    (0x0C80...0x0CFF, "Kannada"), (0x0D00...0x0D7F, "Malayalam"), (0x0D80...0x0DFF, "Sinhala"),
    (0x0E00...0x0E7F, "Thai"), (0x0E80...0x0EFF, "Lao"), (0x0F00...0x0FFF, "Tibetan"),
    (0x1000...0x109F, "Myanmar"), (0x10A0...0x10FF, "Georgian"), (0x1C90...0x1CBF, "Georgian"),
    (0x2D00...0x2D2F, "Georgian"),
    (0x1200...0x139F, "Ethiopic"), (0x2D80...0x2DDF, "Ethiopic"),
    (0x13A0...0x13FF, "Cherokee"), (0x1400...0x167F, "Canadian syllabics"),
    (0x1780...0x17FF, "Khmer"), (0x19E0...0x19FF, "Khmer"), (0x1800...0x18AF, "Mongolian"),
    (0x1B00...0x1B7F, "Balinese"), (0x1B80...0x1BBF, "Sundanese"), (0xA980...0xA9DF, "Javanese"),
    (0x2D30...0x2D7F, "Tifinagh"), (0xA000...0xA4CF, "Yi"), (0xA500...0xA63F, "Vai"),
    (0x1E900...0x1E95F, "Adlam"),
  ]
}

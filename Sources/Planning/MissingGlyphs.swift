import Diagnostics

/// The characters that no installed font draws in one layer's texts (a text layer's words, a
/// captions file's cues, a transcript's words), gathered as the texts are measured and said in
/// one warning: at the first place they appear, naming the characters and the packages whose
/// fonts would draw them, with how many more places have some. A subtitle file in a script no
/// installed font covers is one warning, not one a cue. They are drawn as boxes all the same.
struct MissingGlyphs {
  /// How many characters a warning names; a text of many is summed up after them.
  static let shown = 8

  /// Each character once, in the order found.
  private(set) var characters: [Unicode.Scalar] = []
  private var seen: Set<Unicode.Scalar> = []
  /// Where the texts with any lie; the same place added twice (a cue shown on two pages) is
  /// one.
  private var places: Set<SourceLocation> = []
  /// The first of them in the file.
  private(set) var first: SourceLocation?

  /// Adds the characters one text at `location` is missing; a text missing none adds nothing.
  mutating func add(_ found: [Unicode.Scalar], at location: SourceLocation) {
    guard !found.isEmpty else { return }
    places.insert(location)
    if first.map({ location < $0 }) ?? true { first = location }
    for character in found where seen.insert(character).inserted {
      characters.append(character)
    }
  }

  /// The warning, if any character is missing: "`owner`: U+E000 has no glyph …", at the first
  /// place, with " (here and in 3 more cues)" after it when `place` names what the texts are
  /// and more than one has any.
  func warning(owner: String, place: String? = nil, notes: [Diagnostic.Note] = []) -> Diagnostic? {
    guard let first, let only = characters.first else { return nil }
    let listed = characters.prefix(Self.shown).map(Self.describe).joined(separator: ", ")
    let unlisted = characters.count - Self.shown
    var message =
      characters.count == 1
      ? "\(owner): \(Self.describe(only)) has no glyph in any installed font and shows as a box"
      : "\(owner): \(characters.count) characters have no glyph in any installed font and show "
        + "as boxes: \(listed)" + (unlisted > 0 ? " and \(unlisted) more" : "")
    if let place, places.count > 1 {
      let more = places.count - 1
      message += " (here and in \(more) more \(place)\(more == 1 ? "" : "s"))"
    }
    return .warning("missing-glyphs", message, at: first, notes: notes, help: help)
  }

  /// What to install: each package once, with the scripts it would draw, then a font for the
  /// characters no package is known for; and control characters, which no font draws, to
  /// remove.
  private var help: String {
    var packages: [(package: String, scripts: [String])] = []
    var uncovered: [Unicode.Scalar] = []
    var controls: [Unicode.Scalar] = []
    for character in characters {
      if character.properties.generalCategory == .control {
        controls.append(character)
        continue
      }
      guard let source = MissingGlyphFonts.source(of: character) else {
        uncovered.append(character)
        continue
      }
      if let index = packages.firstIndex(where: { $0.package == source.package }) {
        if !packages[index].scripts.contains(source.script) {
          packages[index].scripts.append(source.script)
        }
      } else {
        packages.append((source.package, [source.script]))
      }
    }
    var parts = packages.map { "\($0.package) (for \($0.scripts.joined(separator: ", ")))" }
    if !uncovered.isEmpty {
      let those =
        uncovered.count == characters.count
        ? (uncovered.count == 1 ? "it" : "them")
        : Self.codes(uncovered)
      parts.append("a font that covers \(those)")
    }
    var sentences: [String] = []
    if let last = parts.popLast() {
      sentences.append(
        "install " + (parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last))
    }
    if !controls.isEmpty {
      sentences.append(
        "remove "
          + (controls.count == characters.count
            ? (controls.count == 1 ? "it" : "them") : Self.codes(controls))
          + ": control characters are drawn by no font")
    }
    return sentences.joined(separator: "; ")
  }

  /// "U+E000, U+E001 and 3 more": the first few code points of `characters`.
  private static func codes(_ characters: [Unicode.Scalar]) -> String {
    characters.prefix(shown).map(code).joined(separator: ", ")
      + (characters.count > shown ? " and \(characters.count - shown) more" : "")
  }

  /// "U+1F389 🎉": the code point, and the character itself where it is visible on its own (not
  /// a control, format, private-use, unassigned or combining one).
  static func describe(_ character: Unicode.Scalar) -> String {
    switch character.properties.generalCategory {
    case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator,
      .paragraphSeparator, .spaceSeparator, .nonspacingMark, .spacingMark, .enclosingMark:
      return code(character)
    default:
      return "\(code(character)) \(character)"
    }
  }

  /// "U+0627", "U+1F389": at least four hex digits, as Unicode writes them.
  static func code(_ character: Unicode.Scalar) -> String {
    let hex = String(character.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

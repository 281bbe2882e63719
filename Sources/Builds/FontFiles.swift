import PlanValues
public import RenderPlan
import Typesetting

/// The font files a plan's text layers are drawn from, as fontconfig resolves them on this
/// machine now: what a render depends on besides its inputs, for fingerprints and depfiles.
public enum FontFiles {
  /// Every font file any text or caption of `plan` uses (fallbacks for its characters included),
  /// sorted, each once.
  public static func used(by plan: RenderPlan) -> [String] {
    var files: Set<String> = []
    var seen: Set<FontUse> = []
    // A child project's texts are drawn in the parent's render too.
    let layers = plan.withCompositions.flatMap(\.layers)
    for layer in layers {
      let texts: [TextPlan] =
        switch layer.content {
        case .text(let text): [text]
        case .captions(let captions): captions.pages.map(\.text)
        case .video, .image, .fill, .project: []
        }
      for text in texts where seen.insert(FontUse(text)).inserted {
        files.formUnion(
          Typesetter.fontFiles(
            font: text.font, text: text.text, emphasis: text.emphasis))
      }
    }
    return files.sorted()
  }

  /// Each of `files`' content hash, by path; `unreadable` for one that cannot be read, which
  /// then differs from any recorded hash.
  static func hashes(_ files: [String], cache: IdentityCache = .shared) -> [String: String] {
    Dictionary(
      files.map { ($0, (try? cache.hash(ofFile: $0)) ?? "unreadable") },
      uniquingKeysWith: { a, _ in a })
  }
}

/// What decides the font files a text is drawn from: its font, its words and their emphasis.
private struct FontUse: Hashable {
  let font: String
  let text: String
  let emphasis: [TextEmphasis]

  init(_ text: TextPlan) {
    font = text.font
    self.text = text.text
    emphasis = text.emphasis
  }
}

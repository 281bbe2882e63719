public import ProjectFile
public import RenderPlan
import Typesetting

/// Finds which font each text layer's description gives on this machine, so the plan names
/// the family really used (a newly installed font changes the plan and so rerenders) and a
/// family that is not installed is a warning at its line before anything renders.
public enum FontInspector {
  /// Facts by font description, for every text and captions layer of `spec`.
  public static func inspect(_ spec: ProjectSpec) -> [String: FontFacts] {
    var fonts: [String: FontFacts] = [:]
    for layer in spec.layers {
      guard let text = layer.content.textStyle, fonts[text.font.value] == nil else { continue }
      let match = Typesetter.resolveFont(text.font.value)
      fonts[text.font.value] = FontFacts(
        requested: match.requested, resolved: match.resolved, isExact: match.isExact)
    }
    return fonts
  }
}

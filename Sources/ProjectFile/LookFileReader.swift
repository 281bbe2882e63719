import Diagnostics
import Foundation
import Looks
import PlanValues

/// Reads the `.cube` file of every layer's `lut`, to report its problems at their lines in the
/// file (with the project's line as a note) before anything renders. The renderer reads the
/// table again when it starts (`LookTables`); the file is one of the render's inputs.
extension ReadContext {
  /// The largest `.cube` file read: a 65-point table in 14 digits a value is 6.8 MB.
  static let lutBytes = 16 << 20

  func readLookFiles(_ spec: ProjectSpec) -> ProjectSpec {
    var read: Set<String> = []
    for layer in spec.drawnLayers {
      guard let lut = layer.effects.lut, !lut.value.isEmpty else { continue }
      let resolved = ProjectPaths.resolve(lut.value, in: spec.directory)
      guard read.insert(resolved).inserted else { continue }
      readLook(lut, resolved: resolved)
    }
    return spec
  }

  private func readLook(_ lut: Located<String>, resolved: String) {
    let named = [Diagnostic.Note("the look is named here", at: lut.location)]
    switch ProjectFileBytes.contents(of: resolved, limit: Self.lutBytes, what: "look file") {
    case .failure(let problem):
      error(
        problem.isTooLarge ? "lut-too-large" : "unreadable-lut",
        "lut '\(lut.value)': \(problem.message)", at: lut.location, notes: lut.substitutionNotes)
    case .success(let bytes):
      guard let text = String(validating: bytes, as: UTF8.self) else {
        error(
          "bad-lut", "lut '\(lut.value)' is not a text file (a .cube file is UTF-8 text)",
          at: lut.location, notes: lut.substitutionNotes)
        return
      }
      let shown = subtitleDisplayName(resolved)
      let (_, diagnostics) = CubeReader.read(text: text, file: shown)
      if !diagnostics.isEmpty { subtitleTexts[shown] = text }
      for diagnostic in diagnostics {
        var located = diagnostic
        located.notes += named + lut.substitutionNotes
        report(located)
      }
    }
  }
}

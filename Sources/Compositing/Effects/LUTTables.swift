import Foundation
import Looks
import RenderPlan

/// The `.cube` tables a plan's layers look through, read when a render starts: `check` has
/// read each already, but the file may have changed since, so a table that no longer reads is
/// the render's error, at the layer that names it.
public enum LUTTables {
  public static func load(_ plan: RenderPlan) throws(RenderFailure) -> [String: CubeLUT] {
    var tables: [String: CubeLUT] = [:]
    for layer in plan.layers {
      guard let lut = layer.effects.lut, tables[lut.path] == nil else { continue }
      let path = plan.resolvedPath(lut.path)
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8)
      else {
        throw RenderFailure(
          "layer '\(layer.name)': cannot read the lut '\(lut.path)'", at: layer.location)
      }
      let (table, diagnostics) = CubeReader.read(text: text, file: lut.path)
      guard let table else {
        let first = diagnostics.first.map { ": \($0.message)" } ?? ""
        throw RenderFailure(
          "layer '\(layer.name)': the lut '\(lut.path)' no longer reads\(first)",
          at: layer.location)
      }
      tables[lut.path] = table
    }
    return tables
  }
}

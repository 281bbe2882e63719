import Diagnostics
import PlanValues
import Yams

enum ProjectFields {
  /// Every field of the document except `variables:` (whose effective values are compared
  /// on their own, whether they came from the file, `--set` or a data row).
  static func flatten(_ root: Node, context: ReadContext) -> [ProjectField] {
    var fields: [ProjectField] = []
    guard case .mapping(let mapping) = root else { return fields }
    for (key, value) in mapping {
      guard let name = key.scalar?.string, name != "variables" else { continue }
      walk(value, path: name, context: context, into: &fields)
    }
    return fields
  }

  private static func walk(
    _ node: Node, path: String, context: ReadContext, into fields: inout [ProjectField]
  ) {
    switch node {
    case .scalar(let scalar):
      fields.append(
        ProjectField(
          path: path, value: substituted(scalar.string, context),
          location: context.location(of: node)))
    case .mapping(let mapping):
      for (key, value) in mapping {
        walk(value, path: "\(path).\(key.scalar?.string ?? "?")", context: context, into: &fields)
      }
    case .sequence(let items):
      if items.allSatisfy({ $0.scalar != nil }) {
        let values = items.compactMap { $0.scalar.map { substituted($0.string, context) } }
        fields.append(
          ProjectField(
            path: path, value: "[" + values.joined(separator: ", ") + "]",
            location: context.location(of: node)))
        return
      }
      for (index, item) in items.enumerated() {
        let label = item.mapping?["name"]?.scalar?.string ?? String(index)
        walk(item, path: "\(path)[\(label)]", context: context, into: &fields)
      }
    case .alias:
      break
    }
  }

  /// The text with each known `{{name}}` replaced; unknown ones were reported while reading.
  private static func substituted(_ text: String, _ context: ReadContext) -> String {
    guard text.contains("{{"), case .success(let placeholders) = PlaceholderScanner.scan(text)
    else { return text }
    // Past the placeholder limit the file is refused anyway: no need to substitute for it.
    if context.reportedPlaceholderLimit { return text }
    let scalars = Array(text.unicodeScalars)
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.count)
    var cursor = 0
    for p in placeholders {
      result.append(contentsOf: scalars[cursor..<p.offset])
      result.append(contentsOf: (context.variables.entries[p.name]?.value ?? p.text).unicodeScalars)
      cursor = p.offset + p.length
    }
    result.append(contentsOf: scalars[cursor...])
    return String(scalars: result)
  }
}

import Diagnostics
import Yams

/// Reads the keys of a `project` layer: the child file, what it plays like as a video, and
/// the values its variables take.
extension ReadContext {
  func readProjectLayer(_ map: MappingReader, subject: String) -> ProjectLayerSpec? {
    let video = readVideoLayer(map, subject: subject, sourceKey: "project")
    let variables = map.value("variables").map { readChildVariables($0, subject: subject) } ?? []
    return video.map { ProjectLayerSpec(video: $0, variables: variables) }
  }

  /// `variables:` of a project layer: a mapping of the child's variable names to single
  /// values, in which the parent's own `{{placeholders}}` are filled in now.
  private func readChildVariables(_ node: Node, subject: String) -> [ChildVariable] {
    guard case .mapping(let mapping) = node else {
      error(
        "wrong-type",
        "the variables of \(subject) must be a mapping of the child's variable names to values, found \(node.kindName)",
        at: location(of: node), help: "for example: variables: { brand: Acme, size: 1080x1920 }")
      return []
    }
    var seen: Set<String> = []
    var variables: [ChildVariable] = []
    for (key, value) in mapping {
      let name = key.scalar?.string ?? ""
      guard VariableTable.isValidName(name) else {
        error(
          "bad-variable-name", "'\(name)' is not a variable name", at: location(of: key),
          help: "a variable name is a letter or '_' followed by letters, digits or '_'")
        continue
      }
      guard seen.insert(name).inserted else {
        error("duplicate-key", "variable '\(name)' is given twice", at: location(of: key))
        continue
      }
      guard
        let text = scalarText(
          value, expected: "a single value for the child's variable '\(name)'", example: "blue")
      else { continue }
      variables.append(
        ChildVariable(name: Located(name, at: location(of: key)), value: text.located))
    }
    return variables
  }
}

import Diagnostics
import Timeline
import Yams

/// Reads the document's top level, in the order that lets later parts use earlier ones:
/// version, variables (so placeholders resolve), output (so `45f` can be checked), then layers.
extension ReadContext {
  func readProject(
    _ root: Node, path: String, directory: String, overrides: [VariableOverride]
  ) -> ProjectSpec? {
    let keys = ["version", "output", "layers", "audio", "variables", "engines"]
    guard let map = MappingReader(root, subject: "the project", keys: keys, in: self) else {
      return nil
    }
    guard let version = readVersion(map) else { return nil }
    readVariables(map.value("variables"), overrides: overrides)
    let output = map.required("output").flatMap(readOutput)
    // A size that was missing or unreadable keeps a default, which text must not be measured by.
    let frame = output.flatMap { $0.size.location == $0.location ? nil : $0.size }
    var layers: [LayerSpec] = []
    if let node = map.required("layers", help: "a project shows at least one layer") {
      layers = readList(node, what: "layers", allowEmpty: false, limit: ProjectLimits.layers) {
        readLayer($0, index: $1, frame: frame)
      }
    }
    let engines = map.value("engines").map(readEngines) ?? []
    var tracks: [AudioTrackSpec] = []
    if let node = map.value("audio") {
      tracks = readList(node, what: "audio", allowEmpty: true, limit: ProjectLimits.audioTracks) {
        readAudioTrack($0, index: $1)
      }
    }
    let drawn = layers.reduce(0) { count, layer in
      if case .sequence(let sequence) = layer.content { return count + sequence.items.count }
      return count + 1
    }
    if drawn > ProjectLimits.layers, let node = map.value("layers") {
      error(
        "too-many-entries",
        "layers and sequence items number \(drawn) together; at most \(ProjectLimits.layers) are allowed",
        at: location(of: node))
    }
    checkOverridesUsed(overrides)
    guard let output else { return nil }
    var spec = ProjectSpec(
      path: path, directory: directory, version: version, output: output, layers: layers,
      audioTracks: tracks,
      variables: variables.entries.compactMapValues { entry in
        entry.location.map { Located(entry.value, at: $0) }
      })
    spec.engines = engines
    spec.timeReferences = timeReferences
    spec.leftOutNames = leftOutNames
    ProjectRules(context: self, spec: spec).check()
    // Subtitle files are read only once the path rules have allowed them.
    return readLookFiles(
      readCaptionFiles(readSpeechFiles(PathRules(context: self, spec: spec).checked())))
  }

  private func readVersion(_ map: MappingReader) -> Located<Int>? {
    guard
      let node = map.required(
        "version", help: "add 'version: 1' as the first line (after any comments)")
    else { return Located(1, at: map.location) }
    guard let s = scalarText(node, expected: "a format version", example: "1") else { return nil }
    guard let v = Int(s.text), ProjectLoader.supportedVersions.contains(v) else {
      let list = ProjectLoader.supportedVersions.map(String.init).joined(separator: ", ")
      error(
        "unsupported-version", "format version '\(s.text)' is not supported", at: s.location,
        help: "this chromake reads version \(list)")
      return nil
    }
    return Located(v, at: s.location)
  }

  private func readVariables(_ node: Node?, overrides: [VariableOverride]) {
    if let node, case .mapping(let mapping) = node {
      var seen: Set<String> = []
      for (key, value) in mapping {
        let name = key.scalar?.string ?? ""
        guard VariableTable.isValidName(name) else {
          error(
            "bad-variable-name", "'\(name)' is not a variable name", at: location(of: key),
            help: "a variable name is a letter or '_' followed by letters, digits or '_'")
          continue
        }
        guard seen.insert(name).inserted else {
          error("duplicate-key", "variable '\(name)' is defined twice", at: location(of: key))
          continue
        }
        // A variable's own value is data: it is not itself searched for placeholders.
        guard case .scalar(let scalar) = value, !scalar.isNull else {
          error(
            "wrong-type", "variable '\(name)' must be a single value, found \(value.kindName)",
            at: location(of: value))
          continue
        }
        variables.set(
          name,
          .init(
            value: scalar.string, location: location(of: value), origin: "variables", source: nil))
      }
    } else if let node {
      error(
        "wrong-type", "variables must be a mapping of names to values, found \(node.kindName)",
        at: location(of: node))
    }
    for override in overrides {
      let declared = variables.entries[override.name]?.location
      variables.set(
        override.name,
        .init(
          value: override.value, location: declared, origin: override.origin,
          source: override.source, isData: override.isData))
    }
  }

  /// A `--set` naming a variable that the file neither declares nor uses is almost surely a typo.
  private func checkOverridesUsed(_ overrides: [VariableOverride]) {
    for override in overrides
    where variables.entries[override.name]?.location == nil
      && !variables.used.contains(override.name)
    {
      let name = override.name
      let known = variables.entries.keys.filter { $0 != name }.sorted()
      let subject = override.origin == "--set" ? "--set \(name)" : override.origin
      error(
        "unknown-variable", "\(subject): the project has no variable '\(name)'",
        at: override.source,
        help: Suggestions.help(for: name, among: known)
          ?? "declare it under 'variables:' or use it as {{\(name)}}")
    }
  }

  private func readList<T>(
    _ node: Node, what: String, allowEmpty: Bool, limit: Int, _ read: (Node, Int) -> T?
  ) -> [T] {
    guard case .sequence(let items) = node else {
      error(
        "wrong-type",
        "\(what) must be a list (each entry starting with '- '), found \(node.kindName)",
        at: location(of: node), help: "write each entry on lines of its own, as in: - name: plate")
      return []
    }
    if items.isEmpty && !allowEmpty {
      error("empty-list", "\(what) must have at least one entry", at: location(of: node))
    }
    if items.count > limit {
      error(
        "too-many-entries", "\(what) has \(items.count) entries; at most \(limit) are allowed",
        at: location(of: items[limit]))
      return []
    }
    return items.enumerated().compactMap { read($0.element, $0.offset) }
  }
}

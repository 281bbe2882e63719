import Diagnostics
import Yams

/// Reads one YAML mapping of known keys: reports unknown keys (with a suggestion), duplicate
/// keys and keys that are not plain strings as it is made, and missing required keys on request.
struct MappingReader {
  let context: ReadContext
  /// The mapping's own location (its first key, in block style).
  let location: SourceLocation
  /// How messages name this mapping: `output`, `layer 'plate'`, `key of layer 'presenter'`.
  let subject: String
  /// The allowed keys present, in the order they are written.
  private(set) var keys: [String] = []
  private var entries: [String: (key: Node, value: Node)] = [:]

  /// Reads `node` as a mapping; reports a wrong-type error and returns `nil` when it is not one.
  init?(_ node: Node, subject: String, keys allowed: [String], in context: ReadContext) {
    self.context = context
    self.subject = subject
    self.location = context.location(of: node)
    guard case .mapping(let mapping) = node else {
      context.error(
        "wrong-type", "\(subject) must be a mapping of keys to values, found \(node.kindName)",
        at: context.location(of: node), help: Self.shapeHelp(allowed))
      return nil
    }
    for (key, value) in mapping {
      guard case .scalar(let scalar) = key,
        scalar.style == .plain || scalar.style == .singleQuoted
          || scalar.style == .doubleQuoted
      else {
        context.error("wrong-type", "keys must be plain names", at: context.location(of: key))
        continue
      }
      let name = scalar.string
      if let first = entries[name] {
        context.error(
          "duplicate-key", "'\(name)' appears twice in \(subject)", at: context.location(of: key),
          notes: [.init("first given here", at: context.location(of: first.key))],
          help: "remove one of them; YAML keeps only one value per key")
        continue
      }
      if !allowed.contains(name) {
        context.error(
          "unknown-key", "unknown key '\(name)' in \(subject)", at: context.location(of: key),
          help: Suggestions.help(for: name, among: allowed)
            ?? "the keys of \(subject) are: \(allowed.joined(separator: ", "))")
        continue
      }
      entries[name] = (key, value)
      keys.append(name)
    }
  }

  /// The value of `key`, if present.
  func value(_ key: String) -> Node? { entries[key]?.value }

  /// Where `key` itself is written.
  func keyLocation(_ key: String) -> SourceLocation? {
    entries[key].map { context.location(of: $0.key) }
  }

  /// Whether `key` is present.
  func has(_ key: String) -> Bool { entries[key] != nil }

  /// The value of a required key; reports it missing at this mapping when absent.
  func required(_ key: String, help: String? = nil) -> Node? {
    if let node = entries[key]?.value { return node }
    context.error(
      "missing-key", "\(subject) is missing required key '\(key)'", at: location, help: help)
    return nil
  }
}

extension MappingReader {
  /// What a mapping of these keys looks like: "its keys are color, similarity, smoothness and
  /// spill, written as { color: …, similarity: … } or one per line below it".
  static func shapeHelp(_ allowed: [String]) -> String? {
    guard let first = allowed.first else { return nil }
    let list =
      allowed.count > 8
      ? "include " + allowed.prefix(8).joined(separator: ", ") + ", …"
      : "are "
        + (allowed.count > 1
          ? allowed.dropLast().joined(separator: ", ") + " and " + allowed[allowed.count - 1]
          : first)
    let example = allowed.prefix(2).map { "\($0): …" }.joined(separator: ", ")
    return "its keys \(list), written as { \(example) } or one per line below it"
  }
}

extension Node {
  /// `a mapping`, `a list`, `the string "x"`, `nothing` — for wrong-type messages.
  var kindName: String {
    switch self {
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .alias: "an alias"
    case .scalar(let s):
      s.isNull
        ? "nothing" : "'\(s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string)'"
    }
  }
}

extension Node.Scalar {
  /// A YAML null: `~`, `null`, or no value at all (only when unquoted).
  var isNull: Bool {
    style == .plain && ["", "~", "null", "Null", "NULL"].contains(string)
  }
}

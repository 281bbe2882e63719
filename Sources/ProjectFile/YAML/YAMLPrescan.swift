// Yams composes a whole tree before anything can look at it, and its duplicate-key check hashes
// every key's full expansion: an alias bomb used as a key takes exponential time inside Yams.
// So the event stream is read first, with the libyaml that Yams itself builds and links, and
// only a document within the limits reaches Yams.
internal import CYaml
import Diagnostics

/// One pass over a YAML text's events, before any tree is built: enforces the nesting, alias
/// and expanded-size limits, finds duplicate keys at the duplicate, and reports libyaml's own
/// syntax errors at their line and column.
struct YAMLPrescan {
  let file: String
  let text: String

  /// The first problem in the text, or `nil` when Yams may compose it.
  func firstProblem() -> Diagnostic? {
    var bytes = Array(text.utf8)
    // libyaml reads a NUL-terminated buffer by length; an empty one must still be addressable.
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else {
        return .error("yaml-syntax", "YAML could not be read: out of memory", at: .wholeFile(file))
      }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count - 1)
      var walk = EventWalk(file: file)
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
          return syntaxError(parser)
        }
        defer { yaml_event_delete(&event) }
        if let problem = walk.take(event) { return problem }
        if event.type == YAML_STREAM_END_EVENT { return nil }
      }
    }
  }

  private func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    if parser.error == YAML_READER_ERROR {
      let at = SourceOffsets.location(ofByte: parser.problem_offset, in: text, file: file)
      if problem == "control characters are not allowed" {
        let code = String(UInt32(bitPattern: parser.problem_value), radix: 16, uppercase: true)
        return .error(
          "yaml-syntax",
          "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
            + "is not allowed in a YAML file",
          at: at, help: "write it as an escape in a double-quoted string, such as \"\\t\"")
      }
      return .error("yaml-syntax", "YAML could not be read: \(problem)", at: at)
    }
    let mark = parser.problem_mark
    if problem.hasPrefix("Maximum nesting level") {
      // libyaml's scanner has its own bound, met before the events reach ours.
      return .error(
        "too-deep", "lists and mappings nest more than \(ProjectLimits.nesting) deep here",
        at: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
    var notes: [Diagnostic.Note] = []
    if let context = parser.context {
      notes.append(
        .init(
          String(cString: context),
          at: SourceLocation(
            file: file, line: Int(parser.context_mark.line) + 1,
            column: Int(parser.context_mark.column) + 1)))
    }
    return .error(
      "yaml-syntax", "YAML syntax: \(problem)",
      at: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1),
      notes: notes, help: YAMLErrorTranslator.hint(for: problem))
  }
}

/// The state of the event walk: the open collections, the anchors' expanded sizes and the
/// running totals the limits apply to.
private struct EventWalk {
  let file: String

  /// An open mapping or list.
  private struct Frame {
    var isMapping: Bool
    var anchor: String?
    /// Nodes in this collection once expanded, itself included.
    var size = 1
    /// Children seen; in a mapping, even counts are keys.
    var children = 0
    /// A mapping's plain keys, with where each was first written.
    var keys: [String: SourceLocation] = [:]
  }

  private var stack: [Frame] = []
  private var anchorSizes: [String: Int] = [:]
  private var aliases = 0
  private var expanded = 0

  init(file: String) { self.file = file }

  mutating func take(_ event: yaml_event_t) -> Diagnostic? {
    let at = SourceLocation(
      file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
      length: max(1, Int(event.end_mark.index) - Int(event.start_mark.index)))
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      if isAtKey, let problem = duplicateKey(scalarText(scalar.value, scalar.length), at: at) {
        return problem
      }
      if let anchor = scalar.anchor { anchorSizes[String(cString: anchor)] = 1 }
      return add(1, at: at)
    case YAML_ALIAS_EVENT:
      let name = String(cString: event.data.alias.anchor)
      guard let size = anchorSizes[name] else {
        return .error("yaml-syntax", "YAML syntax: the alias '*\(name)' names no anchor", at: at)
      }
      aliases += 1
      if aliases > ProjectLimits.aliases {
        return .error(
          "too-many-aliases",
          "the file uses more than \(ProjectLimits.aliases) aliases; this one is too many",
          at: at)
      }
      return add(size, at: at)
    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
      if stack.count >= ProjectLimits.nesting {
        return .error(
          "too-deep",
          "lists and mappings nest more than \(ProjectLimits.nesting) deep here", at: at)
      }
      let isMapping = event.type == YAML_MAPPING_START_EVENT
      let anchor =
        isMapping
        ? event.data.mapping_start.anchor.map { String(cString: $0) }
        : event.data.sequence_start.anchor.map { String(cString: $0) }
      stack.append(Frame(isMapping: isMapping, anchor: anchor))
      return add(1, at: at, counted: false)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = stack.popLast() else { return nil }
      if let anchor = frame.anchor { anchorSizes[anchor] = frame.size }
      if !stack.isEmpty {
        stack[stack.count - 1].size += frame.size
        stack[stack.count - 1].children += 1
      }
      return nil
    default:
      return nil
    }
  }

  /// Counts `size` more nodes toward the document's expanded size and the parent's subtree.
  /// A collection's own node is counted at its start and added to its parent at its end.
  private mutating func add(_ size: Int, at: SourceLocation, counted: Bool = true) -> Diagnostic? {
    expanded += size
    if counted, !stack.isEmpty {
      stack[stack.count - 1].size += size
      stack[stack.count - 1].children += 1
    }
    guard expanded > ProjectLimits.expandedNodes else { return nil }
    return .error(
      "document-too-large",
      "with its aliases expanded, the document has more than "
        + "\(ProjectLimits.expandedNodes) values here",
      at: at,
      help: "a project file needs far fewer; an alias repeats the whole of what its anchor names")
  }

  /// Whether the next node is a mapping's key.
  private var isAtKey: Bool {
    guard let top = stack.last else { return false }
    return top.isMapping && top.children % 2 == 0
  }

  /// The error for a scalar key written twice in the mapping it opens an entry of. Keys that
  /// are aliases or collections are left to Yams, which compares them whole.
  private mutating func duplicateKey(_ key: String, at: SourceLocation) -> Diagnostic? {
    if let first = stack[stack.count - 1].keys[key] {
      return .error(
        "duplicate-key", "the key '\(key)' is given twice in this mapping", at: at,
        notes: [.init("first given here", at: first)],
        help: "remove one of them; YAML keeps no order of precedence between them")
    }
    stack[stack.count - 1].keys[key] = at
    return nil
  }

  private func scalarText(_ value: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
    guard let value else { return "" }
    return String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
  }
}

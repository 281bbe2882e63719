import Diagnostics
import Timeline
import Yams

/// Reads `engines:`, the speech engines a project declares as commands.
extension ReadContext {
  func readEngines(_ node: Node) -> [EngineSpec] {
    guard case .mapping(let mapping) = node else {
      error(
        "wrong-type", "engines must be a mapping of names to engines, found \(node.kindName)",
        at: location(of: node),
        help: "engines:\n  piper:\n    command: [piper, --model, \"{voice}\", "
          + "--output_file, \"{wav}\"]")
      return []
    }
    var engines: [EngineSpec] = []
    for (key, value) in mapping {
      guard let name = string(key, what: "an engine name", example: "piper") else { continue }
      guard name.value != SpeechSpec.builtInEngine else {
        error(
          "engine-name-taken", "'\(name.value)' is the built-in engine; name yours otherwise",
          at: name.location)
        continue
      }
      guard engines.count < ProjectLimits.engines else {
        error(
          "too-many-entries", "at most \(ProjectLimits.engines) engines may be declared",
          at: name.location)
        break
      }
      // Named even when its declaration is wrong, so a track that uses it gets no second error.
      engineNames.append(name.value)
      if let engine = readEngine(value, name: name) { engines.append(engine) }
    }
    return engines
  }

  private func readEngine(_ node: Node, name: Located<String>) -> EngineSpec? {
    let subject = "engine '\(name.value)'"
    guard
      let map = MappingReader(
        node, subject: subject, keys: ["command", "words", "timeout"], in: self),
      let commandNode = map.required(
        "command", help: "command: [program, \"--out\", \"{wav}\"] (the text comes on stdin)")
    else { return nil }
    guard case .sequence(let items) = commandNode, !items.isEmpty else {
      error(
        "bad-command",
        "\(subject): command must be a list of the program and its arguments, run without a shell",
        at: location(of: commandNode), help: "command: [piper, --output_file, \"{wav}\"]")
      return nil
    }
    guard items.count <= ProjectLimits.engineArguments else {
      error(
        "bad-command",
        "\(subject): a command of \(items.count) words; at most \(ProjectLimits.engineArguments)",
        at: location(of: commandNode))
      return nil
    }
    var command: [Located<String>] = []
    var wrong = false
    for item in items {
      guard let word = string(item, what: "a word of the command", example: "\"{wav}\"") else {
        wrong = true
        continue
      }
      if !placeholdersKnown(word, in: subject) { wrong = true }
      // Data is data: a cell of a batch's rows may choose what is said, never what is run.
      if word.substitutions.contains(where: \.isData) {
        error(
          "engine-from-data", "\(subject): its command cannot take a word from data",
          at: word.location, notes: word.substitutionNotes,
          help: "write the command in the project; let data choose the voice or the text")
        wrong = true
      }
      command.append(word)
    }
    guard !wrong else { return nil }
    if command[0].value.isEmpty {
      error("bad-command", "\(subject): the program's name is empty", at: command[0].location)
      return nil
    }
    if !command.contains(where: { $0.value.contains("{wav}") }) {
      error(
        "bad-command", "\(subject): its command never says where to write the speech: {wav}",
        at: location(of: commandNode),
        help: "give the engine the path chromake reads, as in --output \"{wav}\"")
      return nil
    }
    let words = map.value("words").flatMap {
      nonEmptyString($0, what: "where the engine writes word timings", example: "\"{words}\"")
    }
    if let words, words.value != "{words}" {
      error(
        "bad-command",
        "\(subject): words must be \"{words}\", the path chromake gives the command for them",
        at: words.location, help: "words: \"{words}\", with \"{words}\" in the command")
      return nil
    }
    if words != nil, !command.contains(where: { $0.value.contains("{words}") }) {
      error(
        "bad-command", "\(subject): words are read from {words}, which its command never names",
        at: words?.location, help: "add the path to the command, as in --words \"{words}\"")
      return nil
    }
    var timeout = Located(
      TimeValue.seconds(Rational(EngineSpec.defaultTimeoutSeconds)), at: map.location)
    if let given = map.value("timeout").flatMap({ positiveTime($0, what: "timeout") }) {
      // Frames are not a timeout's unit: a timeout is read in seconds at any frame rate.
      guard case .seconds(let seconds) = given.value,
        seconds <= Rational(EngineSpec.longestTimeoutSeconds)
      else {
        error(
          "out-of-range",
          "\(subject): a timeout is up to \(EngineSpec.longestTimeoutSeconds) s, in seconds",
          at: given.location, help: "timeout: 120s")
        return nil
      }
      timeout = given
    }
    return EngineSpec(name: name, command: command, words: words, timeout: timeout)
  }

  /// Whether every `{name}` in `word` is one of the engine placeholders; an error at the word
  /// for the first that is not.
  private func placeholdersKnown(_ word: Located<String>, in subject: String) -> Bool {
    var rest = Substring(word.value)
    while let open = rest.firstIndex(of: "{") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "}") else { return true }
      let name = String(after[..<close])
      if name.allSatisfy({ $0.isLetter || $0 == "_" }), !name.isEmpty,
        !EngineSpec.placeholders.contains(name)
      {
        error(
          "unknown-placeholder",
          "\(subject): {\(name)} is not a placeholder of an engine's command",
          at: word.location,
          help: Suggestions.help(for: name, among: EngineSpec.placeholders).map {
            $0 + " (the placeholders are {voice}, {rate}, {wav} and {words})"
          } ?? "the placeholders are {voice}, {rate}, {wav} and {words}; the text comes on stdin")
        return false
      }
      rest = after[after.index(after: close)...]
    }
    return true
  }
}

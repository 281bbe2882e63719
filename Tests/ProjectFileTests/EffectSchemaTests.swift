import Foundation
import PlanValues
import Testing

/// The hand-written JSON Schema (`Schemas/project.schema.json`) held to the effects'
/// descriptors: every effect key on layers and sequence items, each parameter's type, range,
/// default and whether it takes keyframes, as the reader reads them.
@Suite("effects: the schema says what the descriptors say")
struct EffectSchemaTests {
  /// The schema, parsed: the package root is three folders above this file. Never changed
  /// once read, so safe to share though `Any` is not `Sendable`.
  nonisolated(unsafe) static let schema: [String: Any] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Schemas/project.schema.json")
    let data = (try? Data(contentsOf: url)) ?? Data()
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }()

  /// The schema at a `#/definitions/…` reference.
  static func resolve(_ reference: String) -> [String: Any]? {
    var node: Any? = schema
    for part in reference.dropFirst(2).split(separator: "/") {
      node = (node as? [String: Any])?[String(part)]
    }
    return node as? [String: Any]
  }

  /// `node` with its `$ref`s followed to the schema they name.
  static func followed(_ node: [String: Any]) -> [String: Any] {
    var node = node
    while let reference = node["$ref"] as? String, let target = resolve(reference) {
      node = target
    }
    return node
  }

  /// Every `{ "type": "number" }` in `node`, `$ref`s followed (but not into `keyframes`, whose
  /// numbers are its times).
  static func numbers(in node: Any) -> [[String: Any]] {
    if let list = node as? [Any] { return list.flatMap(numbers) }
    guard var map = node as? [String: Any] else { return [] }
    if let reference = map["$ref"] as? String {
      guard !reference.hasSuffix("/keyframes"), let target = resolve(reference) else { return [] }
      map = target
    }
    if map["type"] as? String == "number" { return [map] }
    return map.values.flatMap(numbers)
  }

  /// Every `$ref` in `node`, not followed.
  static func references(in node: Any) -> [String] {
    if let list = node as? [Any] { return list.flatMap(references) }
    guard let map = node as? [String: Any] else { return [] }
    return ((map["$ref"] as? String).map { [$0] } ?? []) + map.values.flatMap(references)
  }

  /// Every `enum` in `node`, `$ref`s not followed.
  static func enums(in node: Any) -> [[String]] {
    if let list = node as? [Any] { return list.flatMap(enums) }
    guard let map = node as? [String: Any] else { return [] }
    return (map["enum"] as? [String]).map { [$0] } ?? map.values.flatMap(enums)
  }

  /// Every string `pattern` in `node`, `$ref`s not followed.
  static func patterns(in node: Any) -> [String] {
    if let list = node as? [Any] { return list.flatMap(patterns) }
    guard let map = node as? [String: Any] else { return [] }
    return (map["pattern"] as? String).map { [$0] } ?? map.values.flatMap(patterns)
  }

  /// Whether `node` says it may be keyframes.
  static func takesKeyframes(_ node: [String: Any]) -> Bool {
    String(describing: node).contains("#/definitions/keyframes")
  }

  static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

  /// What is wrong with `schema` as the schema of `parameter`.
  static func problems(_ parameter: EffectParameter, schema raw: [String: Any]) -> [String] {
    let node = followed(raw)
    var problems: [String] = []
    let key = parameter.key
    if let range = parameter.range {
      let found = numbers(in: node)
      if found.isEmpty { problems.append("\(key): no number in the schema") }
      for number in found
      where Self.number(number["minimum"]) != range.lowerBound
        || Self.number(number["maximum"]) != range.upperBound
      {
        problems.append(
          "\(key): the schema's range is \(number["minimum"] ?? "none") to "
            + "\(number["maximum"] ?? "none"), the descriptor's \(range)")
      }
    }
    if takesKeyframes(node) != parameter.animates {
      problems.append(
        "\(key): keyframes in the schema \(takesKeyframes(node)), animates \(parameter.animates)")
    }
    let schemaDefault = raw["default"] ?? node["default"]
    switch parameter.defaultValue {
    case .none:
      if let schemaDefault {
        problems.append("\(key): the schema's default \(schemaDefault), none")
      }
    case .number(let value):
      if number(schemaDefault) != value { problems.append("\(key): default \(value)") }
    case .text(let text):
      if schemaDefault as? String != text { problems.append("\(key): default \(text)") }
    case .pair(let x, let y):
      let pair = (schemaDefault as? [Any])?.compactMap(number)
      if pair != [x, y] { problems.append("\(key): default [\(x), \(y)]") }
    }
    switch parameter.kind {
    case .number, .pair:
      break
    case .pixelsOrPercent(let percent):
      // JSON Schema cannot bound a percentage written as text: its description names the
      // largest, and a pattern takes it.
      let description = node["description"] as? String ?? ""
      if !description.contains("\"\(Int(percent.upperBound))%\"")
        || !patterns(in: node).contains(where: { $0.contains("%") })
      {
        problems.append("\(key): percentages up to \(percent.upperBound)% not in the schema")
      }
    case .color:
      if !references(in: raw).contains("#/definitions/rgba_colour") {
        problems.append("\(key): not an rgba_colour")
      }
    case .opaqueColor:
      if !references(in: raw).contains("#/definitions/colour") {
        problems.append("\(key): not a colour")
      }
    case .path:
      if !references(in: raw).contains("#/definitions/path") {
        problems.append("\(key): not a path")
      }
    case .choice(let names):
      if enums(in: node) != [names] { problems.append("\(key): not one of \(names)") }
    }
    if parameter.kind == .pair, node["minItems"] as? Int != 2 || node["maxItems"] as? Int != 2 {
      problems.append("\(key): not two items")
    }
    return problems
  }

  @Test("layers and sequence items take every effect's keys, and no other effect keys")
  func keys() throws {
    for definition in ["layer", "sequence_item"] {
      let properties =
        try #require(Self.resolve("#/definitions/\(definition)")?["properties"])
        as? [String: Any]
      for key in EffectDescriptor.all.flatMap(\.layerKeys) {
        #expect(properties?[key] != nil, "\(definition) has no '\(key)'")
      }
    }
  }

  @Test(
    "each parameter's type, range, default and keyframes",
    arguments: EffectDescriptor.all.map(\.key))
  func parameters(key: String) throws {
    let descriptor = try #require(EffectDescriptor.all.first { $0.key == key })
    let layer = try #require(
      Self.resolve("#/definitions/layer")?["properties"] as? [String: Any])
    switch descriptor.form {
    case .layerKeys:
      for parameter in descriptor.parameters {
        let node = try #require(layer[parameter.key] as? [String: Any], "\(parameter.key)")
        #expect(
          Self.problems(parameter, schema: node).isEmpty,
          "\(Self.problems(parameter, schema: node))")
      }
    case .mapping:
      let node = Self.followed(try #require(layer[descriptor.key] as? [String: Any]))
      #expect(node["type"] as? String == "object")
      #expect(node["additionalProperties"] as? Bool == false)
      let members = try #require(node["properties"] as? [String: Any])
      #expect(Set(members.keys) == Set(descriptor.parameters.map(\.key)))
      for parameter in descriptor.parameters {
        let member = try #require(members[parameter.key] as? [String: Any], "\(parameter.key)")
        #expect(
          Self.problems(parameter, schema: member).isEmpty,
          "\(Self.problems(parameter, schema: member))")
      }
    }
  }

  /// The check itself catches a schema that says otherwise.
  @Test("a range or a default that differs is caught")
  func catches() {
    let saturation = EffectDescriptor.saturation.parameters[0]
    var wider = saturation
    wider.range = 0...5
    let node = ["$ref": "#/definitions/saturation"]
    #expect(Self.problems(saturation, schema: node).isEmpty)
    #expect(!Self.problems(wider, schema: node).isEmpty)
    var otherDefault = saturation
    otherDefault.defaultValue = .number(0)
    #expect(!Self.problems(otherDefault, schema: node).isEmpty)
    var still = saturation
    still.animates = false
    #expect(!Self.problems(still, schema: node).isEmpty)
  }
}

import Foundation
import PlanValues
import Testing

/// The JSON Schema's transition entry held to the transition descriptors: the styles, each
/// key's type, range and default, and which styles take which key.
@Suite("transitions: the schema says what the descriptors say")
struct TransitionSchemaTests {
  /// The schema's transition entry; never changed once read.
  nonisolated(unsafe) static let transition =
    EffectSchemaTests.resolve("#/definitions/transition") ?? [:]

  /// The style names a rule allows: its `enum`, or its one `const`.
  static func names(in node: Any) -> [String] {
    if let names = EffectSchemaTests.enums(in: node).first { return names }
    if let list = node as? [Any] { return list.flatMap(names) }
    guard let map = node as? [String: Any] else { return [] }
    return (map["const"] as? String).map { [$0] } ?? map.values.flatMap(names)
  }

  @Test("the styles are the descriptors'")
  func styles() throws {
    let properties = try #require(Self.transition["properties"] as? [String: Any])
    let kinds = EffectSchemaTests.enums(in: properties["transition"] ?? [:])
    #expect(kinds == [TransitionKind.allCases.map(\.rawValue)])
  }

  @Test("each key's type, range and default", arguments: TransitionDescriptor.parameters.map(\.key))
  func parameter(key: String) throws {
    let properties = try #require(Self.transition["properties"] as? [String: Any])
    let node = try #require(properties[key] as? [String: Any], "the schema has no '\(key)'")
    let problems = EffectSchemaTests.problems(TransitionDescriptor.parameter(key), schema: node)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("a key is allowed with the styles whose descriptors take it")
  func owners() throws {
    let rules = try #require(Self.transition["allOf"] as? [[String: Any]])
    for parameter in TransitionDescriptor.parameters {
      let owners = TransitionKind.allCases.filter { $0.ownKeys.contains(parameter.key) }
      let rule = rules.first {
        ($0["if"] as? [String: Any])?["required"] as? [String] == [parameter.key]
      }
      let then = try #require(rule?["then"], "no rule for '\(parameter.key)'")
      #expect(
        Self.names(in: then) == owners.map(\.rawValue),
        "'\(parameter.key)' belongs to \(owners)")
    }
  }
}

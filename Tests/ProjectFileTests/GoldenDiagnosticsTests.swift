import Diagnostics
import Foundation
import ProjectFixtures
import Testing

@Suite("Golden diagnostics for broken projects")
struct GoldenDiagnosticsTests {
  @Test(
    "each invalid project gives its located errors", arguments: Fixtures.projects(in: "invalid"))
  func diagnostics(project: String) throws {
    let outcome = try Fixtures.run(project)
    #expect(outcome.diagnostics.hasErrors, "\(project) should have errors")
    #expect(outcome.plan == nil)
    GoldenFile.check(
      Fixtures.printed(outcome), against: Fixtures.golden(project, ".diagnostics.txt"))
  }

  @Test("there is an invalid fixture for every kind of problem the issue names")
  func coverage() {
    let projects = Set(Fixtures.projects(in: "invalid"))
    for name in [
      "unknown_key", "wrong_type", "out_of_range", "duplicate_name", "out_and_duration",
      "missing_required", "yaml_syntax", "unknown_variable", "many_problems",
    ] {
      #expect(projects.contains("invalid/\(name).yaml"), "missing fixture \(name)")
    }
  }

  @Test("a project broken many ways reports every problem in one run")
  func allAtOnce() throws {
    let outcome = try Fixtures.run("invalid/many_problems.yaml")
    let errors = outcome.diagnostics.filter { $0.severity == .error }
    #expect(errors.count >= 10, "\(Fixtures.printed(outcome))")
    let lines = Set(errors.compactMap { $0.location?.line })
    #expect(lines.count >= 9, "errors on \(lines.sorted())")
  }

  @Test("unknown keys come with a did-you-mean suggestion at the key's line and column")
  func suggestion() throws {
    let outcome = try Fixtures.run("invalid/unknown_key.yaml")
    let d = try #require(outcome.diagnostics.first)
    #expect(d.id == "unknown-key")
    #expect(d.location?.line == 9 && d.location?.column == 5 && d.location?.length == 6)
    #expect(d.help == "did you mean 'opacity'?")
  }

  @Test("an unknown variable is reported at the placeholder itself")
  func placeholderColumn() throws {
    let outcome = try Fixtures.run("invalid/unknown_variable.yaml")
    let unknown = outcome.diagnostics.filter { $0.id == "unknown-variable" }
    #expect(unknown.map { $0.location?.line } == [5, 11])
    // `  file: "out/{{headlin}}.mp4"`: the placeholder starts at column 14.
    #expect(unknown.first?.location?.column == 14)
    #expect(unknown.first?.location?.length == 11)
    #expect(unknown.first?.help == "did you mean 'headline'?")
  }

  @Test("a missing required key is reported at its enclosing mapping")
  func missingKey() throws {
    let outcome = try Fixtures.run("invalid/missing_required.yaml")
    let missing = outcome.diagnostics.filter { $0.id == "missing-key" }
    #expect(
      missing.map(\.message).sorted() == [
        "layer 'plate' is missing what it shows: 'source', 'image', 'fill', 'text', 'captions', 'sequence' or 'project'",
        "output is missing required key 'size'",
      ])
    #expect(missing.compactMap { $0.location?.line }.sorted() == [3, 6])
  }
}

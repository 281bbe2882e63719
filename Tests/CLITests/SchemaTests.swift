import Foundation
import TestSupport
import Testing

/// Runs `scripts/check-schema`, which checks `Schemas/project.schema.json` against the example
/// projects (must pass) and `Tests/SchemaFixtures` (valid ones must pass, invalid ones must fail).
@Suite("Project-file JSON Schema", .tags(.endToEnd))
struct SchemaTests {
  /// The package root: this file is `Tests/CLITests/SchemaTests.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("the schema accepts the examples and valid fixtures and rejects the invalid ones")
  func checkSchemaScriptPasses() throws {
    let run = try ToolRun.run(tool: "python3", ["scripts/check-schema"], in: Self.packageRoot)
    let output = run.stdout + run.stderr
    #expect(run.status == 0, "scripts/check-schema exited with \(run.status):\n\(output)")

    let lastLine =
      run.stdout.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    let counts = lastLine.split(separator: " ")
    // The script's last line is exactly "N passed, N failed".
    let passed = counts.count == 4 && counts[1] == "passed," ? Int(counts[0]) : nil
    let failed = counts.count == 4 && counts[3] == "failed" ? Int(counts[2]) : nil
    #expect(failed == 0, "expected '… passed, 0 failed' as the last line, got:\n\(output)")
    #expect(
      (passed ?? 0) >= 16, "expected at least 16 checks to pass, got:\n\(output)")
  }
}

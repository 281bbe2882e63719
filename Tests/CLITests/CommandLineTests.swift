import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite("Command-line surface: exit codes, help, version, colour", .tags(.endToEnd))
struct CommandLineTests {
  @Test("bad command lines exit 64 with a usage message")
  func usage() throws {
    for arguments in [
      ["check"], ["frobnicate"], ["plan", "x.yaml", "--jsn"],
      ["check", "x.yaml", "--set", "novalue"],
    ] {
      let run = try ChromakeBinary.run(arguments)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("Error:") || run.stderr.contains("error:"), "\(run.stderr)")
    }
    let run = try ChromakeBinary.run(["check", "x.yaml", "--set", "1x=2"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("'1x' is not a variable name"))
    // Each batch job is a process: a mistyped count is refused before anything starts.
    let jobs = try ChromakeBinary.run(["batch", "x.yaml", "--data", "x.csv", "--jobs", "10000"])
    #expect(jobs.status == 64)
    #expect(jobs.stderr.contains("--jobs 10000: at most 256"), "\(jobs.stderr)")
    // So is each lane of a segmented render.
    let lanes = try ChromakeBinary.run(["render", "x.yaml", "--jobs", "257"])
    #expect(lanes.status == 64)
    #expect(lanes.stderr.contains("--jobs 257: at most 256"), "\(lanes.stderr)")
  }

  @Test("a missing project file is a project error (65) naming the file")
  func missingProject() throws {
    let run = try ChromakeBinary.run(["check", "/nonexistent/project.yaml"])
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix(
        "/nonexistent/project.yaml: error: project file does not exist [unreadable-project]"))
  }

  @Test("--version prints the version")
  func version() throws {
    let run = try ChromakeBinary.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
  }

  @Test("--help lists the commands, each option with a one-sentence help")
  func help() throws {
    let top = try ChromakeBinary.run(["--help"])
    #expect(top.status == 0)
    #expect(top.stdout.contains("check") && top.stdout.contains("plan"))
    #expect(top.stdout.contains("65 the project has errors"))
    let plan = try ChromakeBinary.run(["plan", "--help"])
    #expect(plan.status == 0)
    for option in ["--set <name=value>", "--json", "<project>"] {
      let line = plan.stdout.split(separator: "\n").first {
        $0.drop { $0 == " " }.hasPrefix(option)
      }
      let text = try #require(line.map(String.init), "no help line for \(option)")
      // One sentence: ends with a full stop, which follows the option's column.
      #expect(text.hasSuffix("."), "\(text)")
    }
  }

  @Test("diagnostics are coloured on a terminal, never with NO_COLOR, never into a pipe")
  func colour() throws {
    try withScratchFolder { folder in
      try CLIMedia.project("bad.yaml", "version: 3\n", in: folder)
      let piped = try ChromakeBinary.run(["check", "bad.yaml"], in: folder.url)
      #expect(piped.status == 65)
      #expect(!piped.stderr.contains("\u{1B}["))
      // `script` gives the command a pseudo-terminal, as a user's shell would.
      func onTerminal(_ environment: [String: String?]) throws -> String {
        let command = "'\(ChromakeBinary.url.path)' check bad.yaml"
        var env: [String: String?] = ["NO_COLOR": nil, "TERM": "xterm"]
        for (name, value) in environment { env[name] = value }
        return try ToolRun.run(
          URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: folder.url,
          environment: env
        ).stdout
      }
      let tty = try onTerminal([:])
      #expect(tty.contains("\u{1B}[1;31merror:"), "\(tty)")
      let noColor = try onTerminal(["NO_COLOR": "1"])
      #expect(noColor.contains("error: format version '3' is not supported"), "\(noColor)")
      #expect(!noColor.contains("\u{1B}["))
    }
  }
}

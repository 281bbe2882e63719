import Foundation
import Testing
import Typesetting

/// Which font files a text is drawn from: the ones fontconfig itself names.
@Suite struct FontFileTests {
  /// fontconfig's own answer for `pattern`, from its `fc-match` tool.
  private func fcMatch(_ pattern: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["fc-match", "-f", "%{file}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func aFamilysFileIsTheOneFontconfigMatches() throws {
    let files = Typesetter.fontFiles(font: "DejaVu Sans Bold 40", text: "Hello")
    #expect(files == [try fcMatch("DejaVu Sans:bold")])
    #expect(files.first?.hasSuffix("/DejaVuSans-Bold.ttf") == true, "\(files)")
  }

  @Test func charactersTheFontLacksAddTheirFallbackFile() throws {
    let latin = Typesetter.fontFiles(font: "DejaVu Sans 40", text: "Hello")
    let mixed = Typesetter.fontFiles(font: "DejaVu Sans 40", text: "Hello 文字")
    #expect(latin.count == 1)
    #expect(mixed.count == 2, "\(mixed)")
    #expect(mixed.contains(latin[0]))
    #expect(mixed.contains(try fcMatch("WenQuanYi Micro Hei")), "\(mixed)")
    #expect(mixed.allSatisfy { FileManager.default.fileExists(atPath: $0) })
  }

  @Test func emptyTextStillUsesItsFont() {
    #expect(Typesetter.fontFiles(font: "DejaVu Serif 12", text: "").count == 1)
  }

  @Test func versionsAreTheLoadedLibraries() {
    let versions = Dictionary(uniqueKeysWithValues: TypesettingVersions.all.map { ($0, $1) })
    #expect(Set(versions.keys) == ["fontconfig", "HarfBuzz", "Pango", "Cairo"])
    // Each as major.minor.micro.
    for (name, version) in versions {
      #expect(version.split(separator: ".").count == 3, "\(name) \(version)")
    }
  }
}

import Foundation
import TestSupport
import Testing

@testable import Speech

/// The engine's identity, which cache keys of speech carry: espeak-ng's version and a digest
/// of its data folder.
@Suite struct EngineIdentityTests {
  @Test func theIdentityIsTheCommandsVersionAndADigestOfItsData() throws {
    let identity = try SpeechEngineIdentity.current()
    let run = try ToolRun.run(tool: "espeak-ng", ["--version"])
    // "eSpeak NG text-to-speech: 1.51  Data at: …": the command and the library are one package.
    #expect(run.stdout.contains(": \(identity.version) "), "\(run.stdout)")
    #expect(identity.dataDigest.count == 64)
    #expect(identity.dataDigest.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(try SpeechEngineIdentity.current() == identity)
    #expect("\(identity)".hasPrefix("espeak-ng \(identity.version) data sha256:"))
  }

  @Test func theDigestFollowsEveryFilesPathAndBytes() throws {
    try withScratchFolder { folder in
      let data = folder.path("data")
      try FileManager.default.createDirectory(
        atPath: data + "/voices", withIntermediateDirectories: true)
      try Data("phonemes".utf8).write(to: URL(fileURLWithPath: data + "/phontab"))
      try Data("voice".utf8).write(to: URL(fileURLWithPath: data + "/voices/en"))
      let first = try SpeechEngineIdentity.digest(ofFolder: data)
      #expect(try SpeechEngineIdentity.digest(ofFolder: data) == first)
      try Data("voicE".utf8).write(to: URL(fileURLWithPath: data + "/voices/en"))
      let changed = try SpeechEngineIdentity.digest(ofFolder: data)
      #expect(changed != first)
      try FileManager.default.moveItem(atPath: data + "/voices/en", toPath: data + "/voices/fr")
      let renamed = try SpeechEngineIdentity.digest(ofFolder: data)
      #expect(renamed != changed)
      // The same bytes split differently between files are another folder.
      try FileManager.default.removeItem(atPath: data + "/voices/fr")
      try Data("phonemesvoicE".utf8).write(to: URL(fileURLWithPath: data + "/phontab"))
      #expect(try SpeechEngineIdentity.digest(ofFolder: data) != renamed)
      #expect(throws: SpeechError.self) {
        try SpeechEngineIdentity.digest(ofFolder: folder.path("missing"))
      }
    }
  }
}

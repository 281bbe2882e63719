import Foundation
import Outputs
import PlanValues
public import RenderPlan

/// What a successful render rendered, kept beside its output as `.NAME.chromake`, so that the
/// next render of the same output can tell whether anything changed and, if so, what.
///
/// The fingerprint decides; the rest is what it was made of, kept to explain a difference and
/// to let the next check skip work: an input whose stamp is unchanged is neither hashed nor
/// probed again.
public struct RenderRecord: Codable, Sendable, Equatable {
  /// This layout's version.
  public static let currentFormat = 2
  /// The oldest layout still read. Format 1 (chromake 0.1.0 before it fingerprinted its
  /// executable, font files and libraries) lacks those fields; such a record is out of date,
  /// but its inputs' stamps and facts still spare probing them again.
  public static let oldestReadableFormat = 1

  /// The layout's version.
  public var format: Int
  /// SHA-256 over the plan, the inputs' and fonts' contents, the shaders, the executable and
  /// the versions.
  public var fingerprint: String
  /// The chromake version that rendered.
  public var chromake: String
  /// The FFmpeg libraries it rendered with.
  public var ffmpeg: String
  /// SHA-256 of every embedded shader source.
  public var shaders: String
  /// SHA-256 of the executable that rendered; `nil` in a format 1 record.
  public var executable: String?
  /// The other libraries' versions, as `RenderEnvironment.libraries`; `nil` in format 1.
  public var libraries: [String: String]?
  /// Each font file's content hash, by path; `nil` in format 1.
  public var fonts: [String: String]?
  /// SHA-256 of the plan's canonical JSON.
  public var plan: String
  /// The variables' effective values.
  public var variables: [String: String]
  /// Every project field's value, by path.
  public var fields: [String: String]
  /// Every input read.
  public var inputs: [RecordedInput]
  /// The output file as written, so a replaced or deleted output is noticed.
  public var output: FileStamp

  /// The record's file for the output at `outputPath`: `.NAME.chromake` in the same folder.
  public static func path(forOutput outputPath: String) -> String {
    let (folder, name) = OutputPath.split(outputPath)
    return OutputPath.join(folder, OutputNames.record(for: name))
  }

  /// The record at `path`, or `nil` when there is none or it cannot be used (unreadable,
  /// damaged, a layout this version cannot read): all of which mean "render".
  public static func load(from path: String) -> RenderRecord? {
    guard let data = FileManager.default.contents(atPath: path),
      let record = try? JSONDecoder().decode(RenderRecord.self, from: data),
      (oldestReadableFormat...currentFormat).contains(record.format)
    else { return nil }
    return record
  }

  /// Writes the record in one step: a reader sees the old record or the new one, never half.
  public func write(to path: String) throws(OutputFileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .cannotWriteRecord(path: path, reason: ErrorReason.of(error, besides: path))
    }
  }
}

/// One input as it was when rendered.
public struct RecordedInput: Codable, Sendable, Equatable {
  /// The path as the plan names it (relative to the project's folder when written so).
  public var path: String
  /// Its stamp when it was hashed.
  public var stamp: FileStamp
  /// SHA-256 of its content.
  public var sha256: String
  /// What probing it found, reused while the stamp is unchanged; `nil` for a subtitle file.
  public var facts: MediaFacts?
}

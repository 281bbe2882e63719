public import Diagnostics

/// Why a render runs rather than being skipped as up to date.
public enum OutOfDateReason: Sendable, Equatable {
  /// `--force`.
  case forced
  /// No usable record of an earlier render of this output.
  case noRecord
  /// The output file is gone.
  case outputMissing
  /// The poster (`output.poster`) is gone.
  case posterMissing(path: String)
  /// The output file is not the one the record describes (replaced, edited, re-encoded).
  case outputChanged
  /// The record was written by an older chromake, in record format `format`, which did not
  /// fingerprint everything this one does.
  case olderRecord(format: Int)
  /// The version of chromake, of FFmpeg or of another library (`what`), or the GL renderer,
  /// differs.
  case versionChanged(what: String, old: String, new: String)
  /// chromake's executable differs (a rebuild, even of the same version).
  case executableChanged
  /// An embedded shader's source differs.
  case shadersChanged
  /// A variable's effective value differs (`nil`: it did not exist).
  case variableChanged(name: String, old: String?, new: String?)
  /// A project field's value differs (`nil`: it was not written); `location` is where it is now.
  case fieldChanged(path: String, old: String?, new: String?, location: SourceLocation?)
  /// A font file a text layer uses has other contents.
  case fontChanged(path: String)
  /// A text layer uses a font file it did not before.
  case fontAdded(path: String)
  /// A font file used before is not now.
  case fontRemoved(path: String)
  /// An input's content differs: one of the project's own, or (`readBy`) of a child project it
  /// draws, or (`isProject`) a child project's file.
  case inputChanged(path: String, readBy: String? = nil, isProject: Bool = false)
  /// An input is read now that was not before.
  case inputAdded(path: String, readBy: String? = nil, isProject: Bool = false)
  /// An input read before is not now.
  case inputRemoved(path: String)
  /// The plan differs in a way none of the above explains (such as a different `-o`).
  case planChanged

  /// One line for `--explain`.
  public var explanation: String {
    switch self {
    case .forced: "--force was given"
    case .noRecord: "no record of an earlier render"
    case .outputMissing: "the output file does not exist"
    case .posterMissing(let path): "the poster '\(path)' does not exist"
    case .outputChanged: "the output file was changed after it was rendered"
    case .olderRecord(let format):
      "the record is from an older chromake (record format \(format)), which did not "
        + "fingerprint its executable, font files and libraries"
    case .versionChanged(let what, let old, let new): "\(what) changed from \(old) to \(new)"
    case .executableChanged: "chromake's executable changed"
    case .shadersChanged: "a shader changed"
    case .variableChanged(let name, let old, let new):
      "variable '\(name)' changed from \(Self.quoted(old)) to \(Self.quoted(new))"
    case .fieldChanged(let path, let old, let new, let location):
      (location.map { "\($0.file):\($0.line):\($0.column): " } ?? "")
        + "\(path) changed from \(Self.quoted(old)) to \(Self.quoted(new))"
    case .fontChanged(let path): "the font file \(path) changed"
    case .fontAdded(let path): "the font file \(path) is now used"
    case .fontRemoved(let path): "the font file \(path) is no longer used"
    case .inputChanged(let path, let readBy, let isProject):
      "\(Self.input(path, readBy: readBy, isProject: isProject)) changed"
    case .inputAdded(let path, let readBy, let isProject):
      "\(Self.input(path, readBy: readBy, isProject: isProject)) is new"
    case .inputRemoved(let path): "input \(path) is no longer read"
    case .planChanged: "the render plan changed"
    }
  }

  /// `input media/a.mp4`, `child project bumpers/intro.yaml`, or `input bumpers/logo.png of
  /// child project bumpers/intro.yaml`.
  private static func input(_ path: String, readBy: String?, isProject: Bool) -> String {
    (isProject ? "child project \(path)" : "input \(path)")
      + (readBy.map { " of child project \($0)" } ?? "")
  }

  private static func quoted(_ value: String?) -> String {
    value.map { "'\($0)'" } ?? "nothing"
  }
}

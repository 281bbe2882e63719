import Foundation
import Outputs
import PlanValues
public import RenderPlan

/// Make's question for one output: does it need rendering, and why? It reads the output's
/// record, checks the project's inputs against it (by stamp first, by content hash only when a
/// stamp differs), and after a successful render writes the new record.
public final class OutputBuild: Sendable {
  /// The output file, resolved.
  public let output: String
  /// The file whose stamp stands for the output: the output itself, or a PNG sequence's
  /// first frame (renamed into place last, so it is there only when the whole sequence is).
  public let stampedFile: String
  /// Its record's file, `.NAME.chromake` beside it.
  public let recordPath: String
  /// The last successful render's record, if there is a usable one.
  public let record: RenderRecord?
  private let chromake: String
  private let environment: @Sendable () -> RenderEnvironment

  /// The build of the output at `output` (resolved), by chromake version `chromake`, running
  /// in `environment` (this process's, found once, unless a test gives another).
  public init(
    output: String, chromake: String,
    environment: @escaping @Sendable () -> RenderEnvironment = { .current }
  ) {
    self.output = output
    stampedFile = FramePattern(output)?.path(frame: 0) ?? output
    self.chromake = chromake
    self.environment = environment
    recordPath = RenderRecord.path(forOutput: output)
    record = RenderRecord.load(from: recordPath)
  }

  /// The facts recorded for the input at `resolved` in `directory`'s project, when its stamp
  /// has not changed since: the input need not be probed again.
  public func knownFacts(_ resolved: String, directory: String) -> MediaFacts? {
    guard let record,
      let input = record.inputs.first(where: {
        ProjectPaths.resolve($0.path, in: directory) == resolved
      }),
      FileStamp.read(resolved) == input.stamp
    else { return nil }
    return input.facts
  }

  /// The decision for `plan`, whose project sets `fields` and `variables`.
  ///
  /// Inputs whose stamp differs from the record are hashed now, since the decision needs
  /// them; with no record, nothing is hashed (the render will be needed anyway). The hashing
  /// stops with `RenderInterrupted` once `cancellation` is requested.
  public func check(
    plan: RenderPlan, fields: [ProjectField], variables: [String: String], force: Bool,
    cancellation: Cancellation
  ) throws -> BuildVerdict {
    var inputs: [InputState] = []
    for input in plan.inputs {
      let resolved = ProjectPaths.resolve(input.path, in: plan.directory)
      let stamp = FileStamp.read(resolved)
      let recorded = record?.inputs.first { $0.path == input.path }
      var hash: String?
      if let recorded, recorded.stamp == stamp {
        hash = recorded.sha256
      } else if record != nil, !force, stamp != nil {
        hash = try ContentHash.ofFile(resolved, cancellation: cancellation)
      }
      inputs.append(
        InputState(
          path: input.path, resolved: resolved, stamp: stamp, sha256: hash, facts: input.facts,
          readBy: input.readBy, isProject: input.isProject))
    }
    // Font files are few and their hashes cached by stamp, so they are hashed now even
    // without a record: the check then decides with everything, and the record has it.
    let state = BuildState(
      plan: plan, fields: fields, variables: variables, inputs: inputs,
      fonts: FontFiles.hashes(FontFiles.used(by: plan)), environment: environment())
    if force { return BuildVerdict(reasons: [.forced], state: state) }
    guard let record else { return BuildVerdict(reasons: [.noRecord], state: state) }
    let fingerprint = try state.fingerprint(chromake: chromake)
    var reasons = Self.reasons(
      record: record, now: state, fingerprint: fingerprint, output: FileStamp.read(stampedFile))
    // The poster is part of the output: one deleted is made again (with the render).
    if let poster = plan.output.poster,
      FileStamp.read(ProjectPaths.resolve(poster.file, in: plan.directory)) == nil
    {
      reasons.append(.posterMissing(path: poster.file))
    }
    return BuildVerdict(reasons: reasons, state: state)
  }

  /// Why `now` differs from `record`; empty when it is up to date.
  static func reasons(
    record: RenderRecord, now: BuildState, fingerprint: RenderFingerprint, output: FileStamp?
  ) -> [OutOfDateReason] {
    var reasons: [OutOfDateReason] = []
    if output == nil {
      reasons.append(.outputMissing)
    } else if output != record.output {
      reasons.append(.outputChanged)
    }
    if record.format < RenderRecord.currentFormat {
      reasons.append(.olderRecord(format: record.format))
    }
    if record.chromake != fingerprint.chromake {
      reasons.append(
        .versionChanged(what: "chromake", old: record.chromake, new: fingerprint.chromake))
    }
    if let executable = record.executable, executable != fingerprint.environment.executable {
      reasons.append(.executableChanged)
    }
    if record.ffmpeg != fingerprint.ffmpeg {
      reasons.append(.versionChanged(what: "FFmpeg", old: record.ffmpeg, new: fingerprint.ffmpeg))
    }
    if let libraries = record.libraries {
      reasons += libraryChanges(libraries, fingerprint.environment.libraries)
    }
    if record.shaders != fingerprint.shaders { reasons.append(.shadersChanged) }
    if let fonts = record.fonts { reasons += fontChanges(fonts, fingerprint.fonts) }
    var inputReasons: [OutOfDateReason] = []
    let recorded = Dictionary(record.inputs.map { ($0.path, $0.sha256) }) { a, _ in a }
    for input in now.inputs {
      guard let old = recorded[input.path] else {
        inputReasons.append(
          .inputAdded(path: input.path, readBy: input.readBy, isProject: input.isProject))
        continue
      }
      if input.sha256 != old {
        inputReasons.append(
          .inputChanged(path: input.path, readBy: input.readBy, isProject: input.isProject))
      }
    }
    let current = Set(now.inputs.map(\.path))
    for input in record.inputs where !current.contains(input.path) {
      inputReasons.append(.inputRemoved(path: input.path))
    }
    var projectReasons: [OutOfDateReason] = []
    if record.plan != fingerprint.plan {
      projectReasons =
        variableChanges(record.variables, now.variables)
        + fieldChanges(record.fields, now.fields)
      if projectReasons.isEmpty && inputReasons.isEmpty { projectReasons = [.planChanged] }
    }
    reasons += projectReasons + inputReasons
    if reasons.isEmpty && record.fingerprint != fingerprint.value { reasons.append(.planChanged) }
    return reasons
  }

  /// A line per library whose version differs, in `RenderEnvironment.libraryOrder`.
  private static func libraryChanges(_ old: [String: String], _ new: [String: String])
    -> [OutOfDateReason]
  {
    let order = RenderEnvironment.libraryOrder
    let names = order + Set(old.keys).union(new.keys).subtracting(order).sorted()
    return names.compactMap { name in
      old[name] == new[name]
        ? nil
        : .versionChanged(what: name, old: old[name] ?? "nothing", new: new[name] ?? "nothing")
    }
  }

  private static func fontChanges(_ old: [String: String], _ new: [String: String])
    -> [OutOfDateReason]
  {
    Set(old.keys).union(new.keys).sorted().compactMap { path in
      switch (old[path], new[path]) {
      case (nil, _): .fontAdded(path: path)
      case (_, nil): .fontRemoved(path: path)
      case (let before, let now): before == now ? nil : .fontChanged(path: path)
      }
    }
  }

  private static func variableChanges(_ old: [String: String], _ new: [String: String])
    -> [OutOfDateReason]
  {
    Set(old.keys).union(new.keys).sorted().compactMap { name in
      old[name] == new[name]
        ? nil : .variableChanged(name: name, old: old[name], new: new[name])
    }
  }

  private static func fieldChanges(_ old: [String: String], _ new: [ProjectField])
    -> [OutOfDateReason]
  {
    var reasons: [OutOfDateReason] = []
    var seen: Set<String> = []
    for field in new {
      seen.insert(field.path)
      if old[field.path] != field.value {
        reasons.append(
          .fieldChanged(
            path: field.path, old: old[field.path], new: field.value, location: field.location))
      }
    }
    for path in old.keys.sorted() where !seen.contains(path) {
      reasons.append(.fieldChanged(path: path, old: old[path], new: nil, location: nil))
    }
    return reasons
  }

  /// The fingerprint of `state`, rendered by this build; every input must have been hashed.
  public func fingerprint(of state: BuildState) throws -> RenderFingerprint {
    try state.fingerprint(chromake: chromake)
  }

  /// Hashes the inputs the check did not (all of them when there was no record), for the
  /// record written after the render. Runs beside the render, on its own thread, until
  /// `cancellation` is requested.
  public func hashUnhashed(_ state: BuildState, cancellation: Cancellation) throws -> BuildState {
    var state = state
    for index in state.inputs.indices where state.inputs[index].sha256 == nil {
      let input = state.inputs[index]
      let before = FileStamp.read(input.resolved)
      let hash = try ContentHash.ofFile(input.resolved, cancellation: cancellation)
      // A file that changed while it was hashed has no trustworthy hash: leave the stamp
      // that cannot match, so the next check hashes it again.
      state.inputs[index].stamp = FileStamp.read(input.resolved) == before ? before : nil
      state.inputs[index].sha256 = hash
    }
    return state
  }

  /// Writes the record of a successful render of `state`, or of an up-to-date check whose
  /// stamps or fields have moved (a touched input, an edited comment), so the next check
  /// is quick again.
  public func writeRecord(_ state: BuildState) throws {
    guard let output = FileStamp.read(stampedFile) else { return }
    let fingerprint = try state.fingerprint(chromake: chromake)
    var inputs: [RecordedInput] = []
    for input in state.inputs {
      // An input without a trustworthy stamp or hash makes the record unusable: better none.
      guard let stamp = input.stamp, let hash = input.sha256 else {
        try? FileManager.default.removeItem(atPath: recordPath)
        return
      }
      inputs.append(RecordedInput(path: input.path, stamp: stamp, sha256: hash, facts: input.facts))
    }
    let record = RenderRecord(
      format: RenderRecord.currentFormat, fingerprint: fingerprint.value,
      chromake: fingerprint.chromake, ffmpeg: fingerprint.ffmpeg, shaders: fingerprint.shaders,
      executable: fingerprint.environment.executable,
      libraries: fingerprint.environment.libraries, fonts: fingerprint.fonts,
      plan: fingerprint.plan, variables: state.variables,
      fields: Dictionary(state.fields.map { ($0.path, $0.value) }) { a, _ in a },
      inputs: inputs, output: output)
    if record != self.record { try record.write(to: recordPath) }
  }
}

/// The verdict on one output.
public struct BuildVerdict: Sendable {
  /// Why it must render; empty when it is up to date.
  public var reasons: [OutOfDateReason]
  /// What was found, for the record.
  public var state: BuildState
  /// Whether the render can be skipped.
  public var isUpToDate: Bool { reasons.isEmpty }
}

/// The project and its inputs as they are now.
public struct BuildState: Sendable {
  /// The plan.
  public var plan: RenderPlan
  /// Every project field.
  public var fields: [ProjectField]
  /// The variables' effective values.
  public var variables: [String: String]
  /// Every input.
  public var inputs: [InputState]
  /// Each font file a text layer uses, with its content hash.
  public var fonts: [String: String]
  /// The executable and libraries rendering.
  public var environment: RenderEnvironment

  /// The fingerprint; every input must have been hashed.
  func fingerprint(chromake: String) throws -> RenderFingerprint {
    let hashes = Dictionary(inputs.map { ($0.path, $0.sha256 ?? "") }) { a, _ in a }
    return try RenderFingerprint(
      plan: plan, inputHashes: hashes, fontHashes: fonts, chromake: chromake,
      environment: environment)
  }
}

/// One input as it is now.
public struct InputState: Sendable {
  /// The path as the plan names it.
  public var path: String
  /// The path resolved.
  public var resolved: String
  /// Its stamp, `nil` if it cannot be read (or changed while hashed).
  public var stamp: FileStamp?
  /// Its content hash, once computed or taken from the record.
  public var sha256: String?
  /// Its facts; `nil` for a subtitle file or a child project's file.
  public var facts: MediaFacts?
  /// The child project that reads it, if a child does (see `InputPlan.readBy`).
  public var readBy: String? = nil
  /// Whether it is a child project's file.
  public var isProject = false
}

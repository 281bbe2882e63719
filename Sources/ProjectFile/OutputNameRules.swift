import PlanValues

/// The file system's limits on `output.file`, checked where the project says it, so that a
/// name too long for the output, its record or its temporary file fails at `check` with a
/// location instead of after a whole render.
extension PathRules {
  func checkOutputNames(_ file: Located<String>) {
    guard !file.value.isEmpty else { return }
    // The kernel measures the path the render hands it: absolute, against the project's folder.
    let folder = spec.directory.hasSuffix("/") ? spec.directory : spec.directory + "/"
    let path = file.value.hasPrefix("/") ? file.value : folder + file.value
    guard let problem = OutputNameProblem.of(path) else { return }
    context.error(
      problem.id, problem.message(subject: "output.file"), at: file.location,
      notes: file.substitutionNotes, help: problem.help)
  }
}

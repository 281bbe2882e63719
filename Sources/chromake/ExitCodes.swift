import ArgumentParser

extension ExitCode {
  /// The project has errors (sysexits' EX_DATAERR), missing media included.
  static let projectErrors = ExitCode(65)
}

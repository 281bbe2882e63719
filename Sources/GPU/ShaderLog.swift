import Foundation

/// The first error in a driver's shader info log: its line in the shader and its message.
///
/// Drivers write logs in their own dialects; these are the ones recognised:
/// - Mesa: `0:12(3): error: syntax error, unexpected ...`
/// - NVIDIA: `0(12) : error C0000: syntax error, unexpected ...`
/// - ANGLE and glslang: `ERROR: 0:12: 'x' : undeclared identifier`
struct ShaderLog: Equatable {
  /// The line of the first error, counted from 1 as in the file, if the log names one.
  let line: Int?
  /// The first error's message, followed by any further lines of the log verbatim.
  let message: String

  init(parsing log: String) {
    let lines = log.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard let index = lines.firstIndex(where: { Self.error(in: $0) != nil }),
      let first = Self.error(in: lines[index])
    else {
      line = nil
      message = lines.isEmpty ? "the driver gave no log" : lines.joined(separator: "\n")
      return
    }
    line = first.line
    var rest = lines
    rest.remove(at: index)
    message = ([first.message] + rest).joined(separator: "\n")
  }

  private static func error(in text: String) -> (line: Int, message: String)? {
    if let match = text.wholeMatch(of: #/0:(\d+)\(\d+\):\s*error:\s*(.*)/#) {
      return (Int(match.1) ?? 0, String(match.2))
    }
    if let match = text.wholeMatch(of: #/\d+\((\d+)\)\s*:\s*error\s*[A-Z0-9]*\s*:\s*(.*)/#) {
      return (Int(match.1) ?? 0, String(match.2))
    }
    if let match = text.wholeMatch(of: #/ERROR:\s*\d+:(\d+):\s*(.*)/#) {
      return (Int(match.1) ?? 0, String(match.2))
    }
    return nil
  }
}

/// The names chromake derives from an output's file name, and the file system's limits that
/// the output's path and every derived name must fit.
///
/// These live here, below both the reader that checks `output.file` and the renderer that
/// writes the files, so that the check measures the very names a render makes: a change to a
/// derived name changes the limit with it, with no constant to keep in step.
public enum OutputNames {
  /// The most bytes in one file or folder name: Linux's `NAME_MAX`, the limit of ext4, XFS,
  /// Btrfs, tmpfs and NFS alike.
  public static let nameLimit = 255
  /// The most bytes in a whole path handed to the kernel: Linux's `PATH_MAX` (4096) less the
  /// terminating NUL.
  public static let pathLimit = 4095

  /// The render record of the output called `name`: `.NAME.chromake`, beside it.
  public static func record(for name: String) -> String {
    "." + name + ".chromake"
  }

  /// The folder of a segmented output's encoded segments (`output.segment`): `.NAME.segments`,
  /// beside it.
  public static func segments(for name: String) -> String {
    "." + name + ".segments"
  }

  /// The temporary file a render of the output called `name` writes before renaming it into
  /// place: `.<stem>.chromake-<pid>-<token>.partial<.ext>`.
  ///
  /// The leading dot hides it from a plain `ls`; the pid says which run made it; the token
  /// (eight hex digits) keeps two files of one pid apart; the extension stays last so that a
  /// human or a file manager still sees what kind of file it is.
  public static func temporary(for name: String, pid: Int32, token: UInt32) -> String {
    let (stem, suffix) = split(name)
    let hex = String(token, radix: 16)
    let padded = String(repeating: "0", count: 8 - hex.count) + hex
    return "." + stem + ".chromake-\(pid)-\(padded).partial" + suffix
  }

  /// Whether `candidate` is a temporary file of the output called `name`, as `temporary(for:
  /// pid:token:)` makes them (any pid, any token), and nothing else: a cleaner that deletes
  /// stale ones must never touch a file of another output or one a user named alike.
  public static func isTemporary(_ candidate: String, for name: String) -> Bool {
    let (stem, suffix) = split(name)
    let head = "." + stem + ".chromake-"
    let tail = ".partial" + suffix
    let bytes = Array(candidate.utf8)
    let (headBytes, tailBytes) = (Array(head.utf8), Array(tail.utf8))
    guard bytes.count > headBytes.count + tailBytes.count,
      bytes.starts(with: headBytes), bytes.reversed().starts(with: tailBytes.reversed())
    else { return false }
    // What lies between is `<pid>-<token>`: 1 to 10 decimal digits, a dash, 8 hex digits.
    let middle = bytes[headBytes.count..<(bytes.count - tailBytes.count)]
    guard let dash = middle.firstIndex(of: UInt8(ascii: "-")) else { return false }
    let pid = middle[..<dash]
    let token = middle[(dash + 1)...]
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let isHex = { (byte: UInt8) in
      isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
    return (1...10).contains(pid.count) && pid.allSatisfy(isDigit)
      && token.count == 8 && token.allSatisfy(isHex)
  }

  /// Every name derived from `name`, each at its longest (the largest pid and token), with
  /// what it is for.
  public static func derived(from name: String) -> [(what: String, name: String)] {
    [
      ("the render record", record(for: name)),
      ("the segment folder", segments(for: name)),
      ("the temporary file", temporary(for: name, pid: .max, token: .max)),
    ]
  }

  /// The longest of the names derived from `name`, and what it is for.
  public static func longestDerived(from name: String) -> (what: String, name: String) {
    derived(from: name).max { $0.name.utf8.count < $1.name.utf8.count } ?? ("", name)
  }

  /// The longest output file name, in bytes, whose derived names all fit `nameLimit`.
  ///
  /// Every derived name is the output's name with a fixed number of bytes added, so the room
  /// they leave is the same for every name; it is measured on a one-byte name with an
  /// extension, as outputs have.
  public static var longestName: Int {
    let probe = "x.mp4"
    return nameLimit - (longestDerived(from: probe).name.utf8.count - probe.utf8.count)
  }

  /// The stem and the extension (with its dot) of `name`; a leading dot starts no extension.
  private static func split(_ name: String) -> (stem: String, suffix: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[dot...]))
  }
}

import Foundation

/// Our own words for why a file operation failed, for an error Foundation threw: its text
/// (`Error Domain=NSCocoaErrorDomain Code=514 "(null)" UserInfo={…}`) is a dump, not a sentence.
///
/// The caller's sentence names its file first; this gives the reason after it, with the file
/// the error is about when that is another one (an input that vanished while a record was
/// made, say).
public enum ErrorReason {
  /// The reason for `error`: the C library's text for the `errno` underneath when there is one,
  /// else a plain sentence for the kind of failure, else our own error's description.
  public static func of(_ error: any Error, besides file: String? = nil) -> String {
    let reason = text(of: error)
    guard let other = (error as NSError).userInfo[NSFilePathErrorKey] as? String, other != file
    else { return reason }
    return "'\(other)': \(reason)"
  }

  private static func text(of error: any Error) -> String {
    if let code = posixCode(of: error) { return OutputPath.errorText(code) }
    if let cocoa = error as? CocoaError { return text(for: cocoa.code) }
    if error is EncodingError { return "a value could not be written as JSON" }
    if error is DecodingError { return "its contents could not be read as JSON" }
    let bridged = error as NSError
    // An error of ours describes itself in a sentence; one of Foundation's does not.
    guard bridged.domain != NSCocoaErrorDomain, bridged.domain != NSPOSIXErrorDomain else {
      return "the operation failed (\(bridged.domain) \(bridged.code))"
    }
    return String(describing: error)
  }

  /// The `errno` behind a Foundation error, found in the error itself or its underlying one.
  private static func posixCode(of error: any Error) -> Int32? {
    // On Linux the underlying error is a `POSIXError` value, which does not cast to `NSError`.
    if let posix = error as? POSIXError { return posix.code.rawValue }
    let bridged = error as NSError
    if bridged.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: bridged.code) }
    guard let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
    if let posix = underlying as? POSIXError { return posix.code.rawValue }
    let inner = underlying as NSError
    return inner.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: inner.code) : nil
  }

  private static func text(for code: CocoaError.Code) -> String {
    switch code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteOutOfSpace: return "no space left on the device"
    case .fileWriteVolumeReadOnly: return "the file system is read-only"
    case .fileWriteInvalidFileName, .fileReadInvalidFileName:
      return "the file system does not allow that name (too long, or a character it refuses)"
    case .fileWriteFileExists: return "a file of that name is in the way"
    case .fileReadCorruptFile: return "it is damaged"
    default: return "the file could not be read or written (Foundation error \(code.rawValue))"
    }
  }
}

extension String {
  /// Decodes a C character buffer up to its first NUL (or its end, if it has none), repairing
  /// invalid UTF-8 rather than trapping: the text may come from a damaged file's metadata.
  init(nulTerminated buffer: [CChar]) {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    self.init(decoding: bytes, as: UTF8.self)
  }
}

extension AudioMixer {
  /// Mixes on from `position` up to output sample `end` in blocks, handing each block (one
  /// buffer per channel) and the output sample it starts at to `consume`: how the analysis
  /// passes read a whole mix without keeping it. `checkCancelled` runs before every block.
  func stream(
    upTo end: Int64, checkCancelled: () throws -> Void,
    _ consume: (_ block: [UnsafeBufferPointer<Float>], _ start: Int64) throws -> Void
  ) throws {
    let buffers = (0..<format.channels).map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: AudioMixer.blockSize)
    }
    defer { for buffer in buffers { buffer.deallocate() } }
    while position < end {
      try checkCancelled()
      let start = position
      let count = Int(min(Int64(AudioMixer.blockSize), end - start))
      try mix(into: buffers, count: count)
      try consume(buffers.map { UnsafeBufferPointer(rebasing: $0[0..<count]) }, start)
    }
  }
}

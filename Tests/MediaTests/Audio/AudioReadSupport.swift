import Foundation
import Media
import TestSupport

/// Helpers for checking `AudioStreamReader` against the `ffmpeg` command and against the
/// tones the tests make.
enum AudioRead {
  /// Everything `reader` gives, one array per channel, read in chunks of `chunk` samples (an
  /// odd size on purpose, so reads straddle decoded frames).
  static func all(_ reader: AudioStreamReader, chunk: Int = 1001) throws -> [[Float]] {
    var planes = Array(repeating: [Float](), count: reader.channels)
    var buffers = (0..<reader.channels).map { _ in [Float](repeating: 0, count: chunk) }
    while true {
      let count = try readChunk(reader, into: &buffers, count: chunk)
      for channel in planes.indices { planes[channel] += buffers[channel][0..<count] }
      if count < chunk { return planes }
    }
  }

  /// One `read` into Swift arrays.
  static func readChunk(_ reader: AudioStreamReader, into buffers: inout [[Float]], count: Int)
    throws -> Int
  {
    let pointers = buffers.indices.map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
    }
    defer {
      for pointer in pointers { pointer.deallocate() }
    }
    let read = try reader.read(into: pointers, count: count)
    for channel in buffers.indices { buffers[channel] = Array(pointers[channel]) }
    return read
  }

  /// The `ffmpeg` command's own decode of audio stream `stream` of `path` at `rate` Hz with
  /// `channels` channels, one array per channel.
  static func reference(
    _ path: String, stream: Int = 0, rate: Int, channels: Int, in folder: ScratchFolder
  ) throws -> [[Float]] {
    let output = folder.path("reference-\(UUID().uuidString).f32")
    try FFmpegCommand.ffmpeg([
      "-i", path, "-map", "0:a:\(stream)", "-f", "f32le", "-ac", "\(channels)",
      "-ar", "\(rate)", output,
    ])
    let data = try Data(contentsOf: URL(fileURLWithPath: output))
    let interleaved = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    return (0..<channels).map { channel in
      Swift.stride(from: channel, to: interleaved.count, by: channels).map { interleaved[$0] }
    }
  }

  /// Root mean square of `samples`.
  static func rms(_ samples: ArraySlice<Float>) -> Double {
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(max(samples.count, 1))).squareRoot()
  }

  /// The magnitude of one DFT bin at `hertz`, normalised by the sample count: about half the
  /// amplitude of a sine at that frequency, about 0 for one far from it.
  static func strength(of hertz: Double, in samples: [Float], rate: Double) -> Double {
    var real = 0.0
    var imaginary = 0.0
    for (index, sample) in samples.enumerated() {
      let phase = 2 * Double.pi * hertz * Double(index) / rate
      real += Double(sample) * cos(phase)
      imaginary -= Double(sample) * sin(phase)
    }
    return (real * real + imaginary * imaginary).squareRoot() / Double(samples.count)
  }

  /// The largest difference between matching samples of two equally long planes.
  static func maxDifference(_ a: [Float], _ b: ArraySlice<Float>) -> Float {
    zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
  }
}

import Foundation
import RenderPlan

@testable import Mixing

/// A synthetic source: sample `i` (counted from the source's first sample) of channel `c` is
/// `value(i, c)`; it ends after `length` samples.
final class SyntheticSamples: AudioSamples {
  private var next: Int64
  private let length: Int64
  private let value: (Int64, Int) -> Float

  init(from start: Int64, length: Int64 = .max, value: @escaping (Int64, Int) -> Float) {
    next = start
    self.length = length
    self.value = value
  }

  func read(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws -> Int {
    let got = Int(max(0, min(Int64(count), length - next)))
    for (c, buffer) in buffers.enumerated() {
      for t in 0..<got { buffer[t] = value(next + Int64(t), c) }
    }
    next += Int64(got)
    return got
  }
}

/// Builds plans and runs a mixer over them.
enum AudioTest {
  static let rate = 48_000

  /// A stream plan; times are output samples, `sourceIn`/`sourceOut` source samples at `rate`.
  static func stream(
    first: Int64, end: Int64, sourceIn: Int64 = 0, sourceOut: Int64 = 1_000_000_000,
    loop: Bool = false, gain: Double = 1, fadeIn: Int64 = 0, fadeOut: Int64 = 0
  ) throws -> AudioStreamPlan {
    let json: [String: Any] = [
      "owner": "music", "ownerKind": "track", "location": ["line": 1, "column": 1],
      "source": "a.wav", "audioStream": 0, "streamIndex": 0, "sourceSampleRate": rate,
      "sourceLayout": "stereo", "firstSample": first, "endSample": end,
      "sourceIn": "\(sourceIn)/\(rate)", "sourceOut": "\(sourceOut)/\(rate)", "loop": loop,
      "gain": gain, "gainDecibels": 20 * log10(gain), "fadeInSamples": fadeIn,
      "fadeOutSamples": fadeOut,
    ]
    let data = try JSONSerialization.data(withJSONObject: json)
    return try JSONDecoder().decode(AudioStreamPlan.self, from: data)
  }

  static func format(channels: Int = 1, limiter: Bool = false, samples: Int64) throws
    -> AudioEncodingPlan
  {
    var json: [String: Any] = [
      "sampleRate": rate, "channels": channels, "bitrate": 192_000, "sampleCount": samples,
    ]
    if limiter { json["limiter"] = ["detection": "sample-peak", "ceilingDecibels": -1] }
    let data = try JSONSerialization.data(withJSONObject: json)
    return try JSONDecoder().decode(AudioEncodingPlan.self, from: data)
  }

  /// Mixes `total` samples in calls of `chunk` and returns them per channel.
  static func render(_ mixer: AudioMixer, total: Int, chunk: Int) throws -> [[Float]] {
    var channels = [[Float]](repeating: [], count: mixer.format.channels)
    let buffers = (0..<mixer.format.channels).map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: chunk)
    }
    defer { for buffer in buffers { buffer.deallocate() } }
    var done = 0
    while done < total {
      let count = min(chunk, total - done)
      try mixer.mix(into: buffers, count: count)
      for c in channels.indices { channels[c] += buffers[c][0..<count] }
      done += count
    }
    return channels
  }
}

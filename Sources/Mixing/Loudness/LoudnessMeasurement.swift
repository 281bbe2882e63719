import Diagnostics
import Foundation
import Media

/// One audio stream of a file, decoded at its own rate and channel count and measured.
public struct LoudnessMeasurement: Sendable {
  /// The file as given.
  public var path: String
  /// The stream measured, among the file's audio streams.
  public var audioStream: Int
  /// Its facts.
  public var stream: AudioStreamInfo
  /// What it measures.
  public var result: LoudnessResult

  /// Measures audio stream `audioStream` of the file at `path`; throws when the file cannot be
  /// read or has no such stream, naming which.
  public static func measure(path: String, audioStream: Int) throws -> LoudnessMeasurement {
    let info = try MediaProbe.probe(path: path)
    guard audioStream < info.audio.count else {
      throw MediaError.notMedia(
        path: path,
        reason: info.audio.isEmpty
          ? "it has no audio stream"
          : "it has \(info.audio.count) audio stream\(info.audio.count == 1 ? "" : "s") (0 to \(info.audio.count - 1)), not \(audioStream)"
      )
    }
    let stream = info.audio[audioStream]
    // A damaged or hostile header can declare a stream of no channels or no sample rate,
    // which no reader or meter can be made for.
    guard stream.sampleRate > 0, stream.channels > 0 else {
      throw MediaError.notMedia(
        path: path,
        reason: "audio stream \(audioStream) declares \(stream.channels) channels at "
          + "\(stream.sampleRate) Hz")
    }
    // Each channel as the file has it, weighted by where it plays: no remix to a layout
    // chosen by the channel count, which would fold a 5.0 file's surrounds into a 5.1 and take
    // a sixth channel that is not an LFE for one.
    let reader = try AudioStreamReader(
      path: path, audioStream: audioStream, sampleRate: stream.sampleRate, layout: .asRecorded)
    var meter = LoudnessMeter(
      sampleRate: stream.sampleRate,
      positions: reader.channelPositions
        ?? Array(repeating: .unknown, count: reader.channels))
    let chunk = 4096
    let planes = (0..<reader.channels).map { _ in
      UnsafeMutableBufferPointer<Float>.allocate(capacity: chunk)
    }
    defer { for plane in planes { plane.deallocate() } }
    let readable = planes.map { UnsafeBufferPointer($0) }
    while true {
      let count = try reader.read(into: planes, count: chunk)
      if count == 0 { break }
      meter.add(readable, count: count)
    }
    return LoudnessMeasurement(
      path: path, audioStream: audioStream, stream: stream, result: meter.result)
  }

  /// For people: one value a line. The file name is printed with its control and
  /// bidirectional formatting characters escaped, as diagnostics print names.
  public var text: String {
    func number(_ value: Double?, _ unit: String, missing: String) -> String {
      value.map { String(format: "%.1f %@", $0, unit) } ?? missing
    }
    return """
      \(DisplayText.escaped(path)): audio stream \(audioStream) (\(stream.codec), \(stream.sampleRate) Hz \(stream.channelLayout)), \(String(format: "%.3f", result.seconds)) s
        integrated loudness  \(number(result.integrated, "LUFS", missing: "none: silent (no 400 ms block above -70 LUFS)"))
        loudness range       \(number(result.range, "LU", missing: "none: shorter than 3 s, or silent"))
        true peak            \(number(result.truePeak, "dBTP", missing: "none: digital silence"))

      """
  }

  /// For scripts: the same, with `null` where there is no value, keys sorted. Control and
  /// bidirectional formatting characters in the file name are JSON escapes, never raw.
  public func json() throws -> String {
    struct Report: Encodable {
      var file: String
      var audioStream, sampleRate, channels: Int
      var seconds: Double
      var integratedLUFS, rangeLU, truePeakDBTP: Double?

      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(audioStream, forKey: .audioStream)
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(channels, forKey: .channels)
        try c.encode(seconds, forKey: .seconds)
        // Written as null, not left out: a silent file has no loudness, and says so.
        try c.encode(integratedLUFS, forKey: .integratedLUFS)
        try c.encode(rangeLU, forKey: .rangeLU)
        try c.encode(truePeakDBTP, forKey: .truePeakDBTP)
      }

      enum CodingKeys: String, CodingKey {
        case file, audioStream, sampleRate, channels, seconds, integratedLUFS, rangeLU
        case truePeakDBTP
      }
    }
    func rounded(_ value: Double?) -> Double? { value.map { ($0 * 100).rounded() / 100 } }
    let report = Report(
      file: path, audioStream: audioStream, sampleRate: stream.sampleRate,
      channels: stream.channels, seconds: (result.seconds * 1000).rounded() / 1000,
      integratedLUFS: rounded(result.integrated), rangeLU: rounded(result.range),
      truePeakDBTP: rounded(result.truePeak))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return DisplayText.escapedJSON(String(decoding: try encoder.encode(report), as: UTF8.self))
      + "\n"
  }
}

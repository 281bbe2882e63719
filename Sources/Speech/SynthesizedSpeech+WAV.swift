import Foundation
import Outputs

extension SynthesizedSpeech {
  /// The size of the WAV header `wavData` writes before the samples.
  public static let wavHeaderBytes = 44

  /// The speech as a WAV file's bytes: RIFF, PCM, 16-bit, mono, little-endian, at
  /// `sampleRate`, with the canonical 44-byte header every reader takes.
  public func wavData() -> Data {
    let dataBytes = samples.count * 2
    var data = Data(capacity: Self.wavHeaderBytes + dataBytes)
    func append32(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) }
    }
    func append16(_ value: Int) {
      withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append32(36 + dataBytes)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append32(16)
    append16(1)  // PCM
    append16(1)  // mono
    append32(sampleRate)
    append32(sampleRate * 2)  // bytes per second
    append16(2)  // bytes per frame
    append16(16)  // bits per sample
    data.append(contentsOf: Array("data".utf8))
    append32(dataBytes)
    for sample in samples {
      withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }

  /// Writes the speech to `path` as a WAV file, whole or not at all: written under a temporary
  /// name beside it and renamed over it when complete (`StagedOutput`), so a cache never holds
  /// a half-written file, and a reader sees the old file or the new one.
  public func writeWAV(to path: String) throws(OutputFileError) {
    let staged = try StagedOutput(target: path)
    do {
      try wavData().write(to: URL(fileURLWithPath: staged.temporaryPath))
    } catch {
      staged.discard()
      throw .cannotCreateFile(path: staged.temporaryPath, reason: error.localizedDescription)
    }
    try staged.commit()
  }
}

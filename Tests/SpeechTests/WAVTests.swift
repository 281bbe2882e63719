import Foundation
import Outputs
import Speech
import TestSupport
import Testing

/// The WAV file a synthesis writes, read back by ffmpeg.
@Suite struct WAVTests {
  @Test func ffmpegReadsBackTheSamples() throws {
    let speech = try SpeechSynthesizer.synthesize(
      "Read me back, sample for sample.", voice: "en-us")
    try withScratchFolder { folder in
      let wav = folder.path("cache/speech.wav")
      try speech.writeWAV(to: wav)
      let raw = folder.path("raw.s16le")
      try FFmpegCommand.ffmpeg(["-i", wav, "-f", "s16le", "-acodec", "pcm_s16le", raw])
      let decoded = try Data(contentsOf: URL(fileURLWithPath: raw))
      let expected = speech.samples.withUnsafeBytes { Data($0) }
      #expect(decoded == expected)
      let stream = try FFmpegCommand.ffprobe([
        "-show_entries", "stream=codec_name,sample_rate,channels", "-of", "default=nw=1", wav,
      ])
      #expect(stream == "codec_name=pcm_s16le\nsample_rate=22050\nchannels=1\n")
      // Nothing but the file is left in its folder: the temporary name was renamed away.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path("cache")) == ["speech.wav"])
    }
  }

  @Test func aFileThatCannotBeWrittenLeavesNothing() throws {
    let speech = try SpeechSynthesizer.synthesize("Nowhere.", voice: "en-us")
    try withScratchFolder { folder in
      // A folder stands where the file should go: an error, and the folder as it was.
      try FileManager.default.createDirectory(
        atPath: folder.path("taken.wav"), withIntermediateDirectories: true)
      #expect(throws: OutputFileError.self) { try speech.writeWAV(to: folder.path("taken.wav")) }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["taken.wav"])
    }
  }
}

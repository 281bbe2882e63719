import Foundation
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@Suite("Encoding: errors and abandoned writers")
struct EncodingErrorTests {
  private let small = VideoEncoding(width: 64, height: 48, fps: Rational(30))

  @Test("a path in a missing folder names the folder")
  func missingFolder() throws {
    try withScratchFolder { folder in
      let missing = folder.path("no-such-folder")
      #expect(throws: MediaError.fileNotFound(path: missing)) {
        _ = try MovieWriter(path: missing + "/out.mp4", format: .h264(), video: small)
      }
    }
  }

  @Test("an unknown preset is an FFmpeg error naming avcodec_open2")
  func unknownPreset() throws {
    try withScratchFolder { folder in
      let error = #expect(throws: MediaError.self) {
        _ = try MovieWriter(
          path: folder.path("preset.mp4"), format: .h264(preset: "warp-speed"), video: small)
      }
      guard case .ffmpeg(let call, _, _) = error else {
        Issue.record("expected an FFmpeg error, got \(String(describing: error))")
        return
      }
      #expect(call == "avcodec_open2")
    }
  }

  @Test("an odd size is an FFmpeg error naming avcodec_open2")
  func oddSize() throws {
    try withScratchFolder { folder in
      var video = small
      video.width = 63
      let error = #expect(throws: MediaError.self) {
        _ = try MovieWriter(path: folder.path("odd.mp4"), format: .h264(), video: video)
      }
      guard case .ffmpeg(let call, _, _) = error else {
        Issue.record("expected an FFmpeg error, got \(String(describing: error))")
        return
      }
      #expect(call == "avcodec_open2")
    }
  }

  @Test("a writer released without finish() frees everything and leaves an unfinished file")
  func abandoned() throws {
    try withScratchFolder { folder in
      let path = folder.path("abandoned.mp4")
      do {
        let writer = try MovieWriter(
          path: path, format: .h264(audio: .aac), video: small, audio: AudioEncoding(channels: 1))
        let silence = [Float](repeating: 0, count: 1600)
        for k in 0..<20 {
          let frame = try writer.nextFrame()
          EncodingPicture.fill(frame, k: k)
          try writer.write(frame)
          try silence.withUnsafeBufferPointer { try writer.writeAudio([$0]) }
        }
        // Frames filled but never written are released with the writer.
        _ = try writer.nextFrame()
      }

      #expect(FileManager.default.fileExists(atPath: path))
      // No index was written, so nothing can mistake the partial file for a finished movie.
      #expect(!(try EncodedMovie.topLevelAtoms(path: path)).contains("moov"))
      #expect(throws: (any Error).self) { _ = try EncodedVideoProbe(path: path) }

      // The same path can be written afresh.
      try EncodedMovie.writeSyntheticMovie(path: path, video: small, count: 3)
      #expect(try EncodedVideoProbe(path: path)["nb_read_frames"] == "3")
    }
  }
}

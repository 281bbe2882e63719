import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@Suite("Encoding: container and tags")
struct EncodingContainerTests {
  @Test(
    "the stream is H.264 4:2:0 tagged BT.709 limited range",
    arguments: [
      OutputContainer.mp4, .mov,
    ])
  func colourTags(container: OutputContainer) throws {
    try withScratchFolder { folder in
      let path = folder.path("tags.\(container.rawValue)")
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(container, preset: "veryfast"),
        video: VideoEncoding(width: 64, height: 48, fps: Rational(30)),
        count: 10)

      let probed = try EncodedVideoProbe(path: path)
      #expect(probed["codec_name"] == "h264")
      #expect(probed["pix_fmt"] == "yuv420p")
      #expect(probed["width"] == "64" && probed["height"] == "48")
      #expect(probed["color_space"] == "bt709")
      #expect(probed["color_range"] == "tv")
      #expect(probed["color_primaries"] == "bt709")
      #expect(probed["color_transfer"] == "bt709")
      #expect(probed["nb_read_frames"] == "10")
      #expect(probed.duration == Rational(10, 30))
    }
  }

  @Test(
    "faststart: the index (moov) comes before the media data (mdat)",
    arguments: [
      OutputContainer.mp4, .mov,
    ])
  func indexFirst(container: OutputContainer) throws {
    try withScratchFolder { folder in
      let path = folder.path("faststart.\(container.rawValue)")
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(container),
        video: VideoEncoding(width: 64, height: 48, fps: Rational(24)), count: 5)

      let atoms = try EncodedMovie.topLevelAtoms(path: path)
      let moov = try #require(atoms.firstIndex(of: "moov"))
      let mdat = try #require(atoms.firstIndex(of: "mdat"))
      #expect(moov < mdat, "atoms: \(atoms)")
      #expect(atoms.first == "ftyp")
    }
  }

  @Test("a .mov is a QuickTime file with the same exact timing")
  func quickTime() throws {
    try withScratchFolder { folder in
      let path = folder.path("clip.mov")
      let fps = Rational(30000, 1001)
      try EncodedMovie.writeSyntheticMovie(
        path: path, format: .h264(.mov),
        video: VideoEncoding(width: 64, height: 48, fps: fps), count: 20)

      let probed = try EncodedVideoProbe(path: path)
      #expect(probed.formatName.split(separator: ",").contains("mov"))
      #expect(probed["nb_read_frames"] == "20")
      #expect(probed.duration == Rational(20) / fps)
      #expect(
        try EncodedMovie.framePresentationTimes(path: path)
          == (0..<20).map { Rational(Int64($0)) / fps })
      let brand = try FFmpegCommand.ffprobe([
        "-show_entries", "format_tags=major_brand", "-of", "csv=p=0", path,
      ])
      #expect(brand.trimmingCharacters(in: .whitespacesAndNewlines) == "qt")
    }
  }
}

import Foundation
import Media
import TestSupport
import Testing
import Timeline

@Suite("Decoding video: missing, wrong and damaged files")
struct DecodingDamageTests {
  static let bFrames = DecodingTimingTests.bFrames

  @Test("a missing file")
  func missingFile() throws {
    try withScratchFolder { folder in
      let path = folder.path("nothing.mp4")
      #expect(throws: MediaError.fileNotFound(path: path)) { try VideoDecoder(path: path) }
    }
  }

  @Test("an audio-only file has no video stream")
  func audioOnly() throws {
    try withScratchFolder { folder in
      let path = folder.path("tone.m4a")
      try FFmpegCommand.ffmpeg(TestMedia.tone(rate: 48000, seconds: "0.5") + [path])
      #expect(throws: MediaError.notMedia(path: path, reason: "no video stream")) {
        try VideoDecoder(path: path)
      }
    }
  }

  @Test("a text file is not media")
  func textFile() throws {
    try withScratchFolder { folder in
      let path = folder.path("notes.mp4")
      try Data("take 2 is the good one\n".utf8).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: MediaError.self) { try VideoDecoder(path: path) }
      #expect(error?.caseName == "notMedia")
    }
  }

  @Test(
    "a truncated file decodes what it has, then holds its last frame", .tags(.slow),
    arguments: ["mp4", "mkv", "ts"])
  func truncated(container: String) throws {
    try withScratchFolder { folder in
      let path = folder.path("cut.\(container)")
      // faststart puts the MP4 index first, as a download cut short would have it.
      try NumberedVideo.make(
        path, count: 90, encoding: Self.bFrames, extra: ["-movflags", "+faststart"])
      let whole = try Data(contentsOf: URL(fileURLWithPath: path))
      try whole.prefix(whole.count * 6 / 10).write(to: URL(fileURLWithPath: path))

      let decoder = try VideoDecoder(path: path)
      var shown: [Int?] = []
      var damaged: Set<Rational> = []
      var lastShown = Rational(-1)
      for k in 0..<120 {
        let frame = try #require(try decoder.frame(at: NumberedVideo.pickTime(k)))
        #expect(frame.pts >= lastShown)
        lastShown = frame.pts
        let number = NumberedVideo.number(of: frame)
        shown.append(number)
        if let number {
          #expect(number == Int((frame.pts * Rational(30)).rounded), "k = \(k)")
        } else {
          damaged.insert(frame.pts)
        }
      }
      let last = try #require(decoder.lastFrameTime)
      #expect(last > Rational(1) && last < Rational(3))
      #expect(lastShown == last)
      #expect(Array(shown[0..<30]) == (0..<30).map { Optional($0) })
      // Only pictures cut through at the end may be damaged.
      #expect(damaged.allSatisfy { $0 > Rational(1) }, "damaged: \(damaged)")
    }
  }

  @Test(
    "garbage in the middle of a file never crashes, and frames after it recover", .tags(.slow),
    arguments: ["mp4", "mkv"])
  func corrupted(container: String) throws {
    try withScratchFolder { folder in
      let path = folder.path("damaged.\(container)")
      try NumberedVideo.make(path, count: 300, encoding: Self.bFrames)
      // Overwrite 1 KiB of frame 150's packet and what follows it with noise.
      let positions = try FFmpegCommand.ffprobe([
        "-select_streams", "v", "-show_entries", "packet=pts_time,pos", "-of", "csv=p=0", path,
      ])
      let start = try #require(
        positions.split(separator: "\n").compactMap { line -> Int? in
          let fields = line.split(separator: ",")
          guard fields.count == 2, let time = Double(fields[0]), abs(time - 5) < 0.001 else {
            return nil
          }
          return Int(fields[1])
        }.first)
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      var random = SeededNumbers(seed: 11)
      for index in start..<min(start + 1024, bytes.count) {
        bytes[index] = UInt8(truncatingIfNeeded: random.next())
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))

      let decoder = try VideoDecoder(path: path)
      var wrong: [Int] = []
      for k in 0..<300 {
        do throws(MediaError) {
          let frame = try decoder.frame(at: NumberedVideo.pickTime(k))
          if frame.flatMap(NumberedVideo.number) != k { wrong.append(k) }
        } catch {
          // A failing call is reported by name; the decoder stays usable.
          #expect(error.caseName == "ffmpeg")
          wrong.append(k)
        }
      }
      #expect(!wrong.isEmpty)
      #expect(wrong.allSatisfy { $0 >= 120 && $0 < 240 }, "wrong frames: \(wrong)")
    }
  }
}

import Foundation
import Media
import RenderPlan
import Session
import TestSupport
import Testing

@testable import Rendering

/// Collects what a timeline writes.
private final class SampleSink: AudioSink {
  var channels: [[Float]] = []
  var writes = 0

  func writeAudio(_ parts: [UnsafeBufferPointer<Float>]) throws(MediaError) {
    if channels.isEmpty { channels = parts.map { _ in [] } }
    for (c, part) in parts.enumerated() { channels[c] += part }
    writes += 1
  }
}

@Suite struct AudioTimelineTests {
  /// A 2 s delivery mix at 10 fps (the debug build's meters are slow): music ducked under a voice, brought to −16 LUFS.
  private static func plan(in folder: ScratchFolder) throws -> RenderPlan {
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.3:duration=2:r=48000",
      "-c:a", "pcm_s16le", folder.path("music.wav"),
    ])
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "aevalsrc='if(between(t,0.8,1.4),0.5*sin(2*PI*220*t),0)':s=48000:d=2",
      "-c:a", "pcm_s16le", folder.path("voice.wav"),
    ])
    let yaml = """
      version: 1
      output:
        file: out.mp4
        size: 64x64
        fps: 10
        duration: 2s
        audio: { sample_rate: 48000, channels: 2, loudness: -16 LUFS, true_peak: -1 dBTP }
      layers:
        - { name: bg, fill: "#101010" }
      audio:
        - { name: music, source: music.wav, duck: { under: [voice], by: -12dB } }
        - { name: voice, source: voice.wav }
      """
    try yaml.write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
    let session = ProjectSession.open(path: folder.path("p.yaml"), overrides: [])
    return try #require(session.plan, "\(session.diagnostics)")
  }

  @Test(
    "the analysis on a thread of its own gives the sound whole, sample for sample as inline",
    .tags(.slow))
  func analysisBesideTheVideo() throws {
    try withScratchFolder { folder in
      let plan = try Self.plan(in: folder)
      // The analysis where the first write asks for it.
      let inline = try #require(AudioTimeline(plan: plan))
      let expected = SampleSink()
      for k in 0..<plan.output.frameCount { try inline.write(throughFrame: k, to: expected) }
      try inline.finish(to: expected)

      let beside = try #require(AudioTimeline(plan: plan))
      let sink = SampleSink()
      beside.startAnalysis()
      // Frames within the look-ahead (8 s; the movie is 2 s) never wait for the analysis.
      for k in 0..<plan.output.frameCount { try beside.write(throughFrame: k, to: sink) }
      try beside.finish(to: sink)
      beside.joinAnalysis()

      #expect(expected.channels.map(\.count) == [96_000, 96_000])
      #expect(sink.channels == expected.channels)
      #expect(beside.loudness == inline.loudness)
      #expect(beside.loudness?.outputLUFS.map { abs($0 + 16) <= 0.5 } == true)
    }
  }
}

import PlanValues
import Testing

/// `render -o` to another container keeps what the project asked where that container can
/// hold it, and gives up the rest with a note.
@Suite("output formats: a project's requests fitted to another container")
struct OutputFormatFittingTests {
  @Test("requests the container holds pass unchanged, without a note")
  func unchanged() {
    let choice = OutputFormatChoice(videoCodec: .vp9, crf: 30, speed: 2, audioCodec: .opus)
    let (fitted, notes) = choice.fitted(from: .vp9, to: .webm)
    #expect(fitted == choice)
    #expect(notes.isEmpty)
  }

  @Test("a codec the container cannot hold gives way to its default, its settings with it")
  func codecReplaced() {
    let choice = OutputFormatChoice(
      videoCodec: .h264, crf: 18, preset: "slow", audioCodec: .aac, bitrate: 128_000)
    let (fitted, notes) = choice.fitted(from: .h264, to: .webm)
    #expect(fitted.videoCodec == .vp9 && fitted.crf == nil && fitted.preset == nil)
    #expect(fitted.audioCodec == .opus && fitted.bitrate == 128_000)
    #expect(
      notes == [
        ".webm cannot hold h264 video: it is vp9 instead",
        "the project's crf 18, preset slow are for h264: vp9 takes its own default",
        ".webm cannot hold aac sound: it is opus instead",
      ])
    let decided = OutputFormat.decide(
      container: .webm, choice: fitted, transparent: false, sampleRate: 48000)
    #expect((try? decided.get())?.video == .vp9)
  }

  @Test("alpha moves to the container's codec that keeps it, or goes where none does")
  func alpha() {
    let choice = OutputFormatChoice(videoCodec: .prores, alpha: true)
    let (webm, webmNotes) = choice.fitted(from: .prores, to: .webm)
    #expect(webm.videoCodec == .vp9 && webm.alpha)
    #expect(webmNotes == [".webm cannot hold prores video: it is vp9 instead"])
    let (mkv, mkvNotes) = choice.fitted(from: .prores, to: .mkv)
    #expect(mkv.videoCodec == .h264 && !mkv.alpha)
    #expect(mkvNotes.count == 2 && mkvNotes[1].hasPrefix("h264 in .mkv cannot keep alpha"))
    let (gif, gifNotes) = choice.fitted(from: .prores, to: .gif)
    #expect(gif.videoCodec == .gif && gif.alpha && gif.audioCodec == nil)
    #expect(gifNotes == [".gif cannot hold prores video: it is gif instead"])
  }

  @Test("settings written for the old container's default codec go with it")
  func defaultCodecSettings() {
    let choice = OutputFormatChoice(crf: 18)
    let (fitted, notes) = choice.fitted(from: .h264, to: .webm)
    #expect(fitted.crf == nil && fitted.videoCodec == .vp9)
    #expect(notes == ["the project's crf 18 is for h264: vp9 takes its own default"])
  }
}

import Media
import RenderPlan

/// A child project's whole mix as one stream of its parent's: its streams placed, gained,
/// faded and ducked by its own plan, summed, and read forward from any sample, as the parent's
/// mixer reads a file's stream (docs/ARCHITECTURE.md, "Projects inside projects").
///
/// The child's loudness target and limiter are not applied: they are the output's, and a
/// child has none; the parent's gain, fades and limiter apply to the sum.
public final class CompositionMix: AudioSamples {
  private let mixer: AudioMixer
  private let end: Int64

  /// The mix of the child `plan`, at the parent's rate and channels, from its sample `start`.
  init(plan: RenderPlan, from start: Int64) throws {
    let open = Self.opener(plan)
    var stage = AudioMixer.Stage.measuring
    if !plan.ducking.isEmpty {
      stage.ducks = try DuckAnalysis.envelopes(plan: plan, open: open, checkCancelled: {})
    }
    mixer = AudioMixer(streams: plan.audio, format: plan.output.audio, stage: stage, open: open)
    end = plan.output.audio.sampleCount
    mixer.skip(to: min(max(start, 0), end))
  }

  public func read(into buffers: [UnsafeMutableBufferPointer<Float>], count: Int) throws -> Int {
    let wanted = Int(min(Int64(count), max(0, end - mixer.position)))
    guard wanted > 0 else { return 0 }
    try mixer.mix(
      into: buffers.map { UnsafeMutableBufferPointer(rebasing: $0[0..<wanted]) }, count: wanted)
    return wanted
  }

  /// How `plan`'s mixer opens its streams: a media file's decoder, or a child's own mix.
  public static func opener(_ plan: RenderPlan) -> AudioMixer.Open {
    { stream, from in
      if let index = stream.composition {
        guard plan.compositions.indices.contains(index) else {
          throw RenderFailure("the plan gives this stream no composition", audio: stream)
        }
        return try CompositionMix(plan: plan.compositions[index].plan, from: from)
      }
      let format = plan.output.audio
      do throws(MediaError) {
        return try AudioStreamReader(
          path: plan.resolvedPath(stream.source), audioStream: stream.audioStream,
          sampleRate: format.sampleRate, channels: format.channels, from: from)
      } catch {
        throw RenderFailure(
          "cannot decode audio stream \(stream.audioStream) of '\(stream.source)': \(error)",
          audio: stream)
      }
    }
  }
}

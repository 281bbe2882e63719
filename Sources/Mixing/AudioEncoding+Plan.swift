public import Media
public import RenderPlan

extension AudioEncoding {
  /// The encoding of `plan`'s sound: its codec, sample rate, channels and bit rate, for the
  /// writer and for the round trip that measures what the codec leaves of the mix.
  public init(plan: RenderPlan) {
    // The planner gives every plan with sound an audio codec (a format without one has its
    // sound left out of the plan).
    guard let codec = plan.output.format.audio else {
      preconditionFailure("a plan with sound and no audio codec")
    }
    self.init(
      codec: codec, sampleRate: plan.output.audio.sampleRate,
      channels: plan.output.audio.channels, bitRate: plan.output.audio.bitrate)
  }
}

import Builds
import Compositing
public import GPU
import Media
import Mixing
import Outputs
import PlanValues
public import RenderPlan

/// What a finished render reports besides its file.
public struct RenderReport: Sendable {
  /// Frames written.
  public var frames: Int64
  /// Problems that did not stop the render, such as damaged packets skipped.
  public var warnings: [RenderFailure]
  /// What the loudness target's measurement found, when the plan has one.
  public var loudness: LoudnessReport? = nil
}

/// Renders a plan's video into its output file: decode every layer on its own thread,
/// composite on the GPU on the calling thread, encode on another thread, with small bounded
/// queues between them, so memory does not grow with the duration and no frame is dropped.
///
/// The movie is written under a temporary name beside the output and renamed over it only
/// when complete; any failure or interruption removes the temporary file and leaves an
/// earlier output untouched.
public final class MovieRender {
  public let plan: RenderPlan
  /// The GPU context the render composites with; created on, and used from, the thread
  /// that calls `run`.
  public let context: GPUContext

  public init(plan: RenderPlan, context: GPUContext) {
    self.plan = plan
    self.context = context
  }

  /// Renders every frame. `progress` hears the number of frames done after each frame;
  /// `cancellation` is looked at between frames (and by the sound's analysis) to stop the render.
  ///
  /// Throws `RenderFailure` (an input or the encoder failed), `OutputFileError` (the output
  /// cannot be written), `GPUError`, or `RenderInterrupted` once `cancellation` is requested.
  public func run(
    progress: (Int64) -> Void = { _ in }, cancellation: Cancellation = .never
  ) throws -> RenderReport {
    let output = plan.output
    if output.format.container == .png {
      let frames = try StagedFrames(target: plan.resolvedPath(output.file))
      do {
        let report = try encode(
          into: frames.temporaryPath, progress: progress, cancellation)
        try frames.commit(frames: output.frameCount)
        return report
      } catch {
        frames.discard()
        throw error
      }
    }
    let staged = try StagedOutput(target: plan.resolvedPath(output.file))
    do {
      let report = try encode(into: staged.temporaryPath, progress: progress, cancellation)
      try staged.commit()
      return report
    } catch {
      staged.discard()
      throw error
    }
  }

  private func encode(
    into path: String, progress: (Int64) -> Void, _ cancellation: Cancellation
  ) throws -> RenderReport {
    let output = plan.output
    let audio = AudioTimeline(plan: plan)
    let writer: MovieWriter
    do {
      writer = try MovieWriter(
        path: path, format: output.format,
        video: VideoEncoding(width: output.width, height: output.height, fps: output.fps),
        audio: audio.map { _ in AudioEncoding(plan: plan) },
        encoderTag: EncoderTag.text(software: "chromake \(ChromakeVersion.current)"))
    } catch {
      throw RenderFailure("cannot start writing '\(output.file)': \(error)")
    }
    let compositor = VideoCompositor(
      context: context, width: output.width, height: output.height,
      background: output.drawnBackground, styles: plan.layerStyles,
      patterns: try PatternGrey.load(plan), luts: try LUTTables.load(plan))
    let transitions = plan.transitions
    let sources = LayerSources(plan: plan)
    // The first frame's sources are made before the encoder starts, so a file that cannot be
    // opened fails before anything is written.
    do {
      try sources.advance(to: 0)
    } catch {
      // A source made before the one that failed may already run a thread of its own.
      sources.stopAll()
      throw error
    }
    let encoder = EncodeStage(writer: writer, audio: audio, cancellation: cancellation)
    encoder.start()
    defer {
      encoder.queue.abandon()
      sources.stopAll()
      encoder.join()
    }

    for k in 0..<output.frameCount {
      try cancellation.throwIfRequested()
      try sources.advance(to: k)
      let draws = try sources.draws(atFrame: k)
      let frame = try writer.nextFrame()
      try compositor.composite(
        CompositeItem.frame(draws, transitions: transitions, frame: k, fps: output.fps),
        into: frame)
      guard encoder.queue.push(frame) else {
        throw encoder.error ?? RenderFailure("encoding stopped")
      }
      progress(k + 1)
    }
    encoder.queue.close()
    encoder.join()
    if let error = encoder.error {
      throw error
    }
    try audio?.finish(to: writer)
    do {
      try writer.finish()
    } catch {
      throw RenderFailure("cannot finish writing '\(output.file)': \(error)")
    }
    // Sources still running (a layer that lasts to the end) finish their own work first, so
    // their warnings are complete and read from this thread alone.
    sources.stopAll()
    let warnings = sources.warnings + (audio?.warnings ?? [])
    return RenderReport(
      frames: output.frameCount, warnings: warnings, loudness: audio?.loudness)
  }
}

extension RenderPlan {
  /// Each layer's placement and key, with its picture's display facts, all as planned.
  var layerStyles: [LayerStyle] {
    layers.map { layer in
      let display: PictureDisplay? =
        switch layer.content {
        case .video(let clip): clip.display
        case .image(let image): image.display
        case .project(let project): project.clip.display
        // Made for the box, upright and with square pixels.
        case .fill, .text, .captions: nil
        }
      return LayerStyle(
        fit: layer.fit, key: layer.key,
        sampleAspectRatio: display?.sampleAspectRatio ?? .one, rotation: display?.rotation ?? 0,
        shadow: layer.effects.shadow, lut: layer.effects.lut)
    }
  }
}

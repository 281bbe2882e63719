import Compositing
import Foundation
import Media
import RenderPlan
import Timeline

/// Decodes one video layer on its own thread, ahead of the GPU: for every output frame the layer is
/// drawn on, in order, the source frame (and matte frame) the timing rule names, into a small
/// bounded queue.
///
/// The decoders belong to the feed's thread once `start` is called; only the queue is shared.
final class LayerFeed: LayerSource, @unchecked Sendable {
  let layer: LayerPlan
  private let clip: VideoClipPlan
  let queue = BlockingQueue<Result<LayerPictures, RenderFailure>>(capacity: 3)
  private let fps: Rational
  private let picture: SourceVideo
  private let matte: SourceVideo?
  private var worker: Worker?

  /// Opens the layer's decoders; a file that cannot be opened fails at the layer's line.
  init(layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) {
    guard let clip = layer.video else {
      throw RenderFailure("the plan gives this video layer no clip", layer: layer)
    }
    self.layer = layer
    self.clip = clip
    fps = plan.output.fps
    picture = try SourceVideo(file: clip.source, role: "source", layer: layer, plan: plan)
    matte = try clip.matte.map { (file) throws(RenderFailure) in
      try SourceVideo(file: file, role: "matte", layer: layer, plan: plan)
    }
  }

  /// Starts decoding on a thread of its own, from frame `first`.
  func start(from first: Int64) {
    worker = Worker(name: "chromake decode \(layer.name)") { [self] in
      for k in max(first, layer.frames.first)..<layer.frames.end {
        let item: Result<LayerPictures, RenderFailure>
        do throws(RenderFailure) {
          item = .success(try pictures(at: k))
        } catch {
          item = .failure(error)
        }
        guard queue.push(item), case .success = item else { break }
      }
      queue.close()
    }
  }

  /// Stops decoding and waits for the thread (a render that ended or failed).
  func stop() {
    queue.abandon()
    worker?.join()
  }

  /// The next frame from the decoding thread, which must be frame `k`.
  func next(frame k: Int64) throws(RenderFailure) -> LayerPictures {
    switch queue.pop() {
    case .success(let pictures)?:
      return pictures
    case .failure(let failure)?:
      throw failure
    case nil:
      throw RenderFailure("the decoder stopped before frame \(k)", layer: layer)
    }
  }

  /// What the layer shows on output frame `k`, decoded on the calling thread.
  func pictures(at k: Int64) throws(RenderFailure) -> LayerPictures {
    let time = clip.pickTime(ofFrame: k, start: layer.start, fps: fps)
    return LayerPictures(
      frame: k, picture: try picture.frame(at: time), matte: try matte?.frame(at: time))
  }

  /// Warnings for the end of the render: damaged data that was skipped.
  var warnings: [RenderFailure] {
    [picture, matte].compactMap { $0?.damageWarning }
  }
}

/// One decoded input of a layer, with the checks that turn a short or broken file into an
/// error at the layer rather than frozen frames.
final class SourceVideo {
  private let decoder: VideoDecoder
  private let layer: LayerPlan
  private let role: String
  private let file: String
  /// How far past the last decoded frame a request may be before the file counts as ending
  /// early: one and a half frame intervals (a last frame lasts one), at least 50 ms.
  private let slack: Rational
  /// The file is a matte that is one still picture, shown at every time.
  private let isStill: Bool
  private var held: DecodedFrame?

  init(file: String, role: String, layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) {
    self.layer = layer
    self.role = role
    self.file = file
    let path = plan.resolvedPath(file)
    do throws(MediaError) {
      decoder = try VideoDecoder(path: path)
    } catch {
      throw RenderFailure("cannot decode \(role) '\(file)': \(error)", layer: layer)
    }
    let video = plan.inputs.first { $0.path == file }?.facts?.video
    // Only a matte: a still as a layer's source has no length to play for, and `image:` is
    // the layer for one.
    isStill = role == "matte" && video?.isStillPicture == true
    let rate = video?.frameRate
    let interval = rate.map { Rational(3, 2) / $0 } ?? .zero
    slack = max(interval, Rational(1, 20))
  }

  func frame(at time: Rational) throws(RenderFailure) -> DecodedFrame {
    // A still picture (a PNG matte) has one frame, held for the layer's whole time.
    if isStill {
      if let held { return held }
      held = try decodedFrame(at: .zero)
    }
    if let held { return held }
    return try decodedFrame(at: time)
  }

  private func decodedFrame(at time: Rational) throws(RenderFailure) -> DecodedFrame {
    let found: DecodedFrame?
    do throws(MediaError) {
      found = try decoder.frame(at: time)
    } catch {
      throw RenderFailure("decoding \(role) '\(file)' failed: \(error)", layer: layer)
    }
    if let last = decoder.lastFrameTime, time - last > slack {
      let cause = decoder.inputError.map { ": \($0)" } ?? ""
      throw RenderFailure(
        "\(role) '\(file)' ends at \(TimeFormat.seconds(last)) s, but frame time "
          + "\(TimeFormat.seconds(time)) s is needed; the file is truncated or damaged\(cause)",
        layer: layer)
    }
    guard let found else {
      throw RenderFailure(
        "\(role) '\(file)' has no frame at \(TimeFormat.seconds(time)) s", layer: layer)
    }
    return found
  }

  var damageWarning: RenderFailure? {
    let skipped = decoder.skippedPackets
    let damaged = decoder.damagedPackets
    guard skipped + damaged > 0 else { return nil }
    var parts: [String] = []
    if skipped > 0 {
      parts.append("\(skipped) damaged packet\(skipped == 1 ? " was" : "s were") skipped")
    }
    if damaged > 0 {
      parts.append(
        "\(damaged) corrupt packet\(damaged == 1 ? " or frame was" : "s or frames were") "
          + "decoded with errors concealed")
    }
    return RenderFailure(
      "\(role) '\(file)' is damaged: \(parts.joined(separator: "; ")); frames near the damage "
        + "may show it or repeat", layer: layer)
  }
}

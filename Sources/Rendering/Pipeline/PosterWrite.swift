import GPU
import Media
import Outputs
import RenderPlan

/// Writes a render's poster (`output.poster`): its frame composited exactly as the movie's
/// (`FramePreview`), saved as a PNG, JPEG or WebP picture beside the render. A PNG or WebP
/// poster of an output that keeps alpha keeps it too; a JPEG, which cannot, shows the frame
/// over black, as a player without alpha does.
enum PosterWrite {
  static func write(_ plan: RenderPlan, context: GPUContext) throws {
    guard let poster = plan.output.poster else { return }
    let path = plan.resolvedPath(poster.file)
    do {
      try OutputPath.createFolders(OutputPath.split(path).folder)
      let alpha = plan.output.format.alpha && poster.format.keepsAlpha
      let rgba = try FramePreview.render(
        plan: plan, frame: poster.frame, context: context, keepsAlpha: alpha)
      try rgba.withUnsafeBytes {
        try StillWriter.write(
          rgba: $0, width: plan.output.width, height: plan.output.height,
          bytesPerRow: plan.output.width * 4, as: poster.format, alpha: alpha, to: path)
      }
    } catch {
      throw RenderFailure("cannot write the poster '\(poster.file)': \(error)")
    }
  }
}

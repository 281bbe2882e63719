import Media
import PlanValues
import RenderPlan
import Typesetting

/// Makes the one picture of an image, fill or text layer, premultiplied RGBA (or a decoded
/// picture's own layout for an image without alpha).
public enum StillPicture {
  static func make(for layer: LayerPlan, plan: RenderPlan) throws(RenderFailure) -> DecodedFrame {
    switch layer.content {
    case .image(let image):
      do throws(MediaError) {
        return try StillImage.decode(path: plan.resolvedPath(image.path))
      } catch {
        throw RenderFailure("cannot decode image '\(image.path)': \(error)", layer: layer)
      }
    case .fill(let color):
      do throws(MediaError) {
        return try fill(color)
      } catch {
        throw RenderFailure("cannot make the fill's picture: \(error)", layer: layer)
      }
    case .text(let text):
      return try typeset(text, in: layer)
    case .video, .captions, .project:
      throw RenderFailure(
        "a \(layer.kind.rawValue) layer is not one still picture", layer: layer)
    }
  }

  /// One pixel of `color`, premultiplied like every still, stretched over the box by the
  /// compositor.
  static func fill(_ color: RGBAColor) throws(MediaError) -> DecodedFrame {
    let rgb = color.rgb
    return try DecodedFrame.rgba(
      [rgb.red, rgb.green, rgb.blue, color.alpha], width: 1, height: 1, layout: .rgba8
    ).premultiplied()
  }

  /// The text typeset into the picture the plan sized for it (the box's, or its largest when
  /// the box moves), at the size the plan chose. Whether it fits, and characters no installed
  /// font has (drawn as boxes), were reported while planning, by the same typesetter.
  public static func typeset(_ text: TextPlan, in layer: LayerPlan) throws(RenderFailure)
    -> DecodedFrame
  {
    let style = TextStyles.style(
      of: text, text: text.fit.ellipsized ?? text.text, pixelSize: text.fit.size)
    let typeset: TextPicture
    do throws(TypesettingError) {
      typeset = try Typesetter.render(
        style, width: text.pictureWidth, height: text.pictureHeight)
    } catch {
      throw RenderFailure("cannot typeset the text: \(error)", layer: layer)
    }
    do throws(MediaError) {
      return try DecodedFrame.rgba(
        typeset.pixels, width: typeset.width, height: typeset.height, layout: .rgba8Premultiplied)
    } catch {
      throw RenderFailure("cannot hold the typeset text: \(error)", layer: layer)
    }
  }
}

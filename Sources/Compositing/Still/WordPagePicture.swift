import Media
import PlanValues
public import RenderPlan
import Timeline
import Typesetting

/// One page of word captions as pictures: typeset once per look when the page first shows,
/// then drawn for a frame from the plan's word boxes, each word in its state's look and the
/// active one at its pop's scale, drawn last so that it grows over its neighbours.
public final class WordPagePicture {
  private let page: WordPagePlan
  private let words: WordCaptionsPlan
  private let painter: WordPagePainter
  /// The looks in the painter's order.
  private static let states: [WordState] = [.upcoming, .active, .spoken]

  /// Typesets `page` of `words` in each look, as `layer`'s text.
  public init(page: WordPagePlan, of words: WordCaptionsPlan, in layer: LayerPlan)
    throws(RenderFailure)
  {
    self.page = page
    self.words = words
    let style = TextStyles.style(of: page.text, text: page.text.text, pixelSize: page.text.fit.size)
    let looks = Self.states.map { state in Self.look(Self.style(state, of: words)) }
    do throws(TypesettingError) {
      painter = try WordPagePainter(
        style: style, width: page.text.pictureWidth, height: page.text.pictureHeight,
        looks: looks)
    } catch {
      throw RenderFailure("cannot typeset the words: \(error)", layer: layer)
    }
  }

  /// What decides frame `k`'s picture: each word's state, and the active word's scale. Two
  /// frames with the same key draw the same picture.
  public func key(atFrame k: Int64, fps: Rational) -> [Double] {
    page.words.indices.map { index in
      switch page.state(ofWord: index, atFrame: k) {
      case .upcoming: -1
      case .spoken: -2
      case .active: WordPop.scale(of: page.words[index], in: words, atFrame: k, fps: fps)
      }
    }
  }

  /// The page on frame `k`, premultiplied RGBA.
  public func picture(atFrame k: Int64, fps: Rational, layer: LayerPlan) throws(RenderFailure)
    -> DecodedFrame
  {
    var painted: [PaintedWord] = []
    var active: PaintedWord?
    for (index, word) in page.words.enumerated() {
      let state = page.state(ofWord: index, atFrame: k)
      let style = Self.style(state, of: words)
      let scale =
        state == .active ? WordPop.scale(of: word, in: words, atFrame: k, fps: fps) : style.scale
      let drawn = PaintedWord(
        boxes: word.boxes, look: Self.states.firstIndex(of: state) ?? 0, scale: scale,
        opacity: style.opacity)
      if state == .active { active = drawn } else { painted.append(drawn) }
    }
    if let active { painted.append(active) }
    let pixels: [UInt8]
    do throws(TypesettingError) {
      pixels = try painter.paint(painted)
    } catch {
      throw RenderFailure("cannot draw the words: \(error)", layer: layer)
    }
    do throws(MediaError) {
      return try DecodedFrame.rgba(
        pixels, width: page.text.pictureWidth, height: page.text.pictureHeight,
        layout: .rgba8Premultiplied)
    } catch {
      throw RenderFailure("cannot hold the words' picture: \(error)", layer: layer)
    }
  }

  private static func style(_ state: WordState, of words: WordCaptionsPlan) -> WordStylePlan {
    switch state {
    case .upcoming: words.upcoming
    case .active: words.active
    case .spoken: words.spoken
    }
  }

  /// A plan's look as the painter takes it; a pill's corners default to a third of its height,
  /// which the painter works out per box, so the radius left unset is a large one it clamps.
  private static func look(_ style: WordStylePlan) -> WordLook {
    let outline = style.outline.map {
      TextOutline(width: $0.width, color: textColor($0.color))
    }
    return WordLook(
      color: textColor(style.color), outline: outline,
      background: style.background.map(textColor), padding: Double(style.padding),
      cornerRadius: style.cornerRadius ?? -1)
  }

  private static func textColor(_ color: RGBAColor) -> TextColor {
    TextColor(
      red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue, alpha: color.alpha)
  }
}

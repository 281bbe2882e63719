import Diagnostics
import PlanValues
import Yams

/// Reads the keys of a `text` layer.
extension ReadContext {
  /// The font of a text layer that names none.
  static let defaultFont = "DejaVu Sans 48"
  /// The words of the other direction, written in the wrong key.
  static let alignHints = [
    "middle": "did you mean 'center'? ('middle' is for valign)",
    "top": "'top' is for valign; align is left, center or right",
    "bottom": "'bottom' is for valign; align is left, center or right",
  ]
  static let valignHints = [
    "center": "did you mean 'middle'? ('center' is for align)",
    "centre": "did you mean 'middle'? ('center' is for align)",
    "left": "'left' is for align; valign is top, middle or bottom",
    "right": "'right' is for align; valign is top, middle or bottom",
  ]

  /// `room` is the box the text is set in (the output frame when the layer has no box), or
  /// `nil` when it is not known.
  func readTextLayer(_ map: MappingReader, subject: String, room: TextRoom?) -> TextLayerSpec? {
    let text = map.value("text").flatMap(layerText)
    let spec = readTextStyle(
      map, text: text ?? Located("", at: map.location), subject: subject, room: room)
    return text == nil ? nil : spec
  }

  /// The keys that say how a text is set, shared by `text` and `captions` layers, with `text`
  /// as the words; `align` and `valign` default to `defaultAlign` and `defaultVerticalAlign`.
  func readTextStyle(
    _ map: MappingReader, text: Located<String>, subject: String, room: TextRoom?,
    defaultAlign: TextAlign = .left, defaultVerticalAlign: TextVerticalAlign = .top,
    pictures: Int = 1
  ) -> TextLayerSpec {
    let here = map.location
    let padding = map.value("padding").flatMap { integer($0, what: "padding", in: 0...4096) }
    if let padding, let room { checkPadding(padding, room: room) }
    if let room { checkPictureSize(room, subject: subject, layer: here, pictures: pictures) }
    return TextLayerSpec(
      text: text,
      font: map.value("font").flatMap {
        nonEmptyString($0, what: "font", example: "DejaVu Sans Bold 40")
      }
        ?? Located(Self.defaultFont, at: here),
      color: map.value("color").flatMap(rgbaColor) ?? Located(.white, at: here),
      align: map.value("align").flatMap {
        choice($0, what: "align", TextAlign.allCases, hints: Self.alignHints)
      } ?? Located(defaultAlign, at: here),
      valign: map.value("valign").flatMap {
        choice($0, what: "valign", TextVerticalAlign.allCases, hints: Self.valignHints)
      } ?? Located(defaultVerticalAlign, at: here),
      lineSpacing: map.value("line_spacing").flatMap {
        number($0, what: "line_spacing", in: 0...10, aboveLowest: true)
      } ?? Located(1, at: here),
      background: map.value("background").flatMap(rgbaColor),
      padding: padding ?? Located(0, at: here),
      outline: map.value("outline").flatMap { readOutline($0, subject: subject) },
      sizeMin: map.value("size_min").flatMap { integer($0, what: "size_min", in: 1...16384) },
      maxLines: map.value("max_lines").flatMap { integer($0, what: "max_lines", in: 1...1000) },
      overflow: map.value("overflow").flatMap {
        choice($0, what: "overflow", TextOverflow.allCases)
      }
        ?? Located(.clip, at: here))
  }

  /// The text as written, `{{name}}` substituted: a YAML number keeps its digits (`9.90` stays
  /// `9.90`), and a block scalar (`|` or `>`) keeps its line breaks, all but the one that ends
  /// it, so that `|` and `|-` read the same and no empty last line moves the text up.
  /// Empty text is allowed: a data row may leave a field blank.
  private func layerText(_ node: Node) -> Located<String>? {
    guard var s = scalarText(node, expected: "the text to show", example: "Hello") else {
      return nil
    }
    if case .scalar(let scalar) = node, scalar.style == .literal || scalar.style == .folded,
      s.text.hasSuffix("\n")
    {
      s.text.removeLast()
    }
    // Counted in Unicode scalars, which bounds what the typesetter is handed, whatever the
    // characters are made of; the walk stops early, so a megabyte cell costs nothing to refuse.
    let limit = ProjectLimits.textCharacters
    if s.text.unicodeScalars.dropFirst(limit).first != nil {
      error(
        "text-too-long",
        "the text has more than \(limit) characters (\(s.text.unicodeScalars.count))",
        at: s.location, notes: s.substitutionNotes,
        help: "a text layer shows at most \(limit) characters; split it over several layers")
      return nil
    }
    return s.located
  }

  /// Padding is kept free inside every edge, so twice it must leave some of the box.
  private func checkPadding(_ padding: Located<Int>, room: TextRoom) {
    guard 2 * padding.value >= min(room.width, room.height) else { return }
    error(
      "padding-too-large",
      "padding \(padding.value) leaves no room for text in \(room.name)", at: padding.location,
      notes: room.location.map { [.init("the box is given here", at: $0)] } ?? [],
      help: "padding is kept free inside every edge: twice it must be less than "
        + "the width and the height")
  }

  /// The text is set in a picture the size of its box: one larger than any frame is refused
  /// here, before anything is typeset, and so is one that takes the project's text pictures
  /// past `ProjectLimits.textPicturePixels` together (each costs eight bytes a pixel while it is
  /// made, and four while the render holds it). A layer holding `pictures` of them (word
  /// captions: a look each, and the frame) counts each.
  private func checkPictureSize(
    _ room: TextRoom, subject: String, layer: SourceLocation, pictures: Int
  ) {
    let limit = ProjectLimits.textPictureSide
    guard room.width <= limit && room.height <= limit else {
      error(
        "text-box-too-large",
        "\(subject): a text is set in a picture the size of its box (its largest, when it "
          + "moves), at most \(limit)×\(limit) pixels; this is \(room.name)",
        at: room.location, help: "make the box at most \(limit) pixels on each side")
      return
    }
    let budget = ProjectLimits.textPicturePixels
    textPicturePixels += pictures * room.width * room.height
    guard textPicturePixels > budget, !reportedTextPictureBudget else { return }
    reportedTextPictureBudget = true
    error(
      "text-pictures-too-large",
      "\(subject): the text and captions layers up to this one are set in pictures of "
        + "\(Self.millions(textPicturePixels)) pixels together (this one: \(room.name)"
        + (pictures > 1 ? ", \(pictures) pictures of it for word captions" : "") + "), "
        + "over the limit of \(Self.millions(budget)) (one 8192×8192 picture)",
      at: room.location ?? layer,
      help: "make the boxes smaller: a box larger than the frame is set whole, though only "
        + "what lies inside the frame shows")
  }

  /// `268.4 million`: a count of pixels for a message.
  private static func millions(_ count: Int) -> String {
    "\(count / 1_000_000).\(count % 1_000_000 / 100_000) million"
  }

  func readOutline(_ node: Node, subject: String) -> OutlineSpec? {
    guard
      let map = MappingReader(
        node, subject: "outline of \(subject)", keys: ["width", "color"], in: self)
    else { return nil }
    let width = map.required(
      "width", help: "for example: outline: { width: 4, color: \"#000000\" } (width in pixels)"
    ).flatMap { number($0, what: "outline width", in: 0...200, aboveLowest: true) }
    let color = map.value("color").flatMap(rgbaColor) ?? Located(.black, at: map.location)
    return width.map { OutlineSpec(location: map.location, width: $0, color: color) }
  }
}

/// The space a text layer is set in: its box, or the output frame when it has none.
struct TextRoom {
  var width: Int
  var height: Int
  /// `a 200×100 box`, `the 1280×720 frame`.
  var name: String
  /// Where the box is written; `nil` for the frame.
  var location: SourceLocation?

  /// The room of a box that may move or grow: the text is set once, in its largest rectangle
  /// (`FrameRect.largest`), and that picture is scaled into the box on each frame.
  init?(box: AnimatedSpec<FrameRect>) {
    guard let largest = FrameRect.largest(box.values),
      let keyframe = box.keyframes.first(where: { $0.value.value == largest })
    else { return nil }
    (width, height) = largest.pictureSize
    name = "a \(width)×\(height) box"
    location = keyframe.value.location
  }

  init(frame: Located<FrameSize>) {
    width = frame.value.width
    height = frame.value.height
    name = "the \(width)×\(height) frame"
    location = nil
  }
}

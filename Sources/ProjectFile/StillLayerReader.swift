import Diagnostics
import PlanValues
import Yams

/// Reads the keys of the layers that show one unchanging picture: `image` and `fill`.
extension ReadContext {
  /// `image: PATH`, read like any media path (templates, the refusal of URLs), and an optional
  /// chroma key. Whether the file exists and is a picture is for the media checks.
  func readImageLayer(_ map: MappingReader, subject: String) -> ImageLayerSpec? {
    let file = map.value("image").flatMap { path($0, what: "image") }
    let key = map.value("key").flatMap { readKey($0, subject: subject) }
    return file.map { ImageLayerSpec(path: $0, key: key) }
  }

  /// `fill: "#RRGGBB"` or `"#RRGGBBAA"`: the colour that fills the box.
  func readFillLayer(_ map: MappingReader) -> Located<RGBAColor>? {
    map.value("fill").flatMap(rgbaColor)
  }
}

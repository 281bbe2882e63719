internal import CPangoCairo

/// The versions of the libraries that turn text into pixels, as loaded: a new Pango, Cairo,
/// HarfBuzz or fontconfig may shape, place, choose or draw glyphs differently.
public enum TypesettingVersions {
  /// Library name and version, in the order text passes through them.
  public static let all: [(name: String, version: String)] = [
    ("fontconfig", fontconfig), ("HarfBuzz", String(cString: hb_version_string())),
    ("Pango", String(cString: pango_version_string())),
    ("Cairo", String(cString: cairo_version_string())),
  ]

  private static var fontconfig: String {
    let version = FcGetVersion()
    return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
  }
}

/// The page's three files, embedded in the binary at build time (`Page/`): the only files the
/// preview serves, each at a fixed path, so no request names a file.
enum PageFiles {
  /// The file at `path` with its content type, or `nil` for any other path.
  static func file(at path: String) -> (bytes: [UInt8], type: String)? {
    switch path {
    case "/", "/index.html": (PackageResources.index_html, "text/html; charset=utf-8")
    case "/page.js": (PackageResources.page_js, "text/javascript; charset=utf-8")
    case "/page.css": (PackageResources.page_css, "text/css; charset=utf-8")
    default: nil
    }
  }
}

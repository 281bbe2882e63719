internal import CPangoCairo

/// A Cairo ARGB32 image: 32-bit native-endian pixels with premultiplied alpha. Destroyed in
/// deinit.
final class ImageSurface {
  let surface: OpaquePointer
  let width: Int
  let height: Int

  /// A transparent image of this size, which the caller has checked is positive and fits Int32.
  init(width: Int, height: Int) throws(TypesettingError) {
    let surface = try checkMade(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      "cairo_image_surface_create")
    self.surface = surface
    self.width = width
    self.height = height
    try checkCairo(cairo_surface_status(surface), "cairo_image_surface_create")
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// The image as premultiplied RGBA bytes, rows top first with no padding.
  func rgbaPixels() throws(TypesettingError) -> [UInt8] {
    // Drawing may be buffered until a flush; after it the memory holds every operation.
    cairo_surface_flush(surface)
    try checkCairo(cairo_surface_status(surface), "cairo_surface_flush")
    let data = try checkMade(cairo_image_surface_get_data(surface), "cairo_image_surface_get_data")
    return PremultipliedARGB32.rgba(
      UnsafeRawPointer(data), width: width, height: height,
      bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
  }
}

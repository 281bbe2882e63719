internal import CPangoCairo

/// One counted reference to a GObject (a Pango context, layout or font), dropped in deinit.
final class GObjectReference {
  /// The object, untyped as GObject's own API takes it; callers cast back to the type they made.
  let pointer: UnsafeMutableRawPointer

  /// Takes over a reference the caller owns, such as the one a `*_new` call returns.
  init(adopting pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  deinit {
    g_object_unref(pointer)
  }
}

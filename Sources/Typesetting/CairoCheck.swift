internal import CPangoCairo

// The one throw funnel for Cairo and Pango: a failing call becomes a `TypesettingError` naming
// it. Cairo reports failures as a status kept in the object (a failed constructor returns an
// inert object, never NULL); Pango constructors return NULL only when memory runs out.

/// Throws if a Cairo call left an object in an error status.
func checkCairo(_ status: cairo_status_t, _ function: String) throws(TypesettingError) {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  throw TypesettingError(
    function: function, reason: String(cString: cairo_status_to_string(status)))
}

/// Returns the object a Pango or Cairo call made, or throws if it made none.
func checkMade<Pointer>(_ pointer: Pointer?, _ function: String) throws(TypesettingError)
  -> Pointer
{
  guard let pointer else {
    throw TypesettingError(function: function, reason: "returned NULL")
  }
  return pointer
}

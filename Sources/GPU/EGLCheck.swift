internal import CEGL

// The one throw funnel for EGL: every failing call becomes `GPUError.egl` with the call's name
// and eglGetError's code in words.

/// Throws if an EGL call that returns `EGLBoolean` reported failure.
func checkEGL(_ result: EGLBoolean, _ function: String) throws {
  if result == EGLBoolean(EGL_FALSE) {
    throw eglError(function)
  }
}

/// Returns the handle an EGL call produced, or throws if it produced none.
func checkEGL<Handle>(_ handle: Handle?, _ function: String) throws -> Handle {
  guard let handle else {
    throw eglError(function)
  }
  return handle
}

/// The error of the last failing EGL call on this thread, named after `function`.
func eglError(_ function: String) -> GPUError {
  .egl(function: function, code: eglErrorName(eglGetError()))
}

/// EGL's error code in words, as the EGL specification spells it.
func eglErrorName(_ code: EGLint) -> String {
  switch code {
  case EGL_SUCCESS: "EGL_SUCCESS"
  case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
  case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
  case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
  case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
  case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
  case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
  case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
  case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
  case EGL_BAD_MATCH: "EGL_BAD_MATCH"
  case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
  case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
  case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
  case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
  case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
  case EGL_BAD_DEVICE_EXT: "EGL_BAD_DEVICE_EXT"
  default: "EGL error 0x\(String(code, radix: 16, uppercase: true))"
  }
}

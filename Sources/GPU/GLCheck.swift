internal import CEGL

// The one throw funnel for OpenGL ES. GL records errors instead of returning them, so each
// group of calls is followed by `checkGL("glName")`, which turns a recorded error into
// `GPUError.gl` naming that call and the error in words.

/// Throws if GL recorded an error since the last check; `function` names the call to blame.
func checkGL(_ function: String) throws {
  let code = glGetError()
  guard code != GLenum(GL_NO_ERROR) else { return }
  // GL may hold several recorded errors; drain them so the next check starts clean. The bound
  // keeps a lost context, which can report errors forever, from looping here.
  for _ in 0..<16 where glGetError() != GLenum(GL_NO_ERROR) {}
  throw GPUError.gl(function: function, code: glErrorName(code))
}

/// GL's error code in words, as the OpenGL ES specification spells it.
func glErrorName(_ code: GLenum) -> String {
  switch Int32(code) {
  case GL_NO_ERROR: "GL_NO_ERROR"
  case GL_INVALID_ENUM: "GL_INVALID_ENUM"
  case GL_INVALID_VALUE: "GL_INVALID_VALUE"
  case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
  case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
  case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
  default: "GL error 0x\(String(code, radix: 16, uppercase: true))"
  }
}

/// A framebuffer status from glCheckFramebufferStatus in words.
func framebufferStatusName(_ status: GLenum) -> String {
  switch Int32(status) {
  case GL_FRAMEBUFFER_COMPLETE: "GL_FRAMEBUFFER_COMPLETE"
  case GL_FRAMEBUFFER_UNDEFINED: "GL_FRAMEBUFFER_UNDEFINED"
  case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
  case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
    "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
  case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS"
  case GL_FRAMEBUFFER_UNSUPPORTED: "GL_FRAMEBUFFER_UNSUPPORTED"
  case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
  default: "framebuffer status 0x\(String(status, radix: 16, uppercase: true))"
  }
}

#ifndef CHROMAKE_CEGL_SHIM_H
#define CHROMAKE_CEGL_SHIM_H

// EGL 1.5 with its extension header, and OpenGL ES 3.0 (libGLESv2 serves ES 2 and 3). Both are
// found on the include path pkg-config gives, never through an absolute path.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <stddef.h>

// EGL extension functions are not exported by libEGL: they can only be reached through
// eglGetProcAddress, which returns an untyped function pointer. These typed wrappers do the
// lookup and the cast in C, where it is plain, and report a missing extension as an ordinary
// EGL failure (EGL_FALSE, NULL or EGL_NO_DISPLAY) so Swift needs no unsafeBitCast. Callers check
// the client extension string first, so "missing" is only a defensive case.

/// eglQueryDevicesEXT (EGL_EXT_device_enumeration).
static inline EGLBoolean chromake_eglQueryDevicesEXT(
    EGLint max_devices, EGLDeviceEXT *devices, EGLint *num_devices) {
  PFNEGLQUERYDEVICESEXTPROC function =
      (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  if (function == NULL) {
    return EGL_FALSE;
  }
  return function(max_devices, devices, num_devices);
}

/// eglQueryDeviceStringEXT (EGL_EXT_device_query).
static inline const char *chromake_eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name) {
  PFNEGLQUERYDEVICESTRINGEXTPROC function =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
  if (function == NULL) {
    return NULL;
  }
  return function(device, name);
}

/// eglGetPlatformDisplayEXT (EGL_EXT_platform_base).
static inline EGLDisplay chromake_eglGetPlatformDisplayEXT(
    EGLenum platform, void *native_display, const EGLint *attrib_list) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC function =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (function == NULL) {
    return EGL_NO_DISPLAY;
  }
  return function(platform, native_display, attrib_list);
}

#endif

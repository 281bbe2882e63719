#ifndef CHROMAKE_CPANGOCAIRO_SHIM_H
#define CHROMAKE_CPANGOCAIRO_SHIM_H

// Pango with its Cairo backend, and Cairo itself, found on the include path pkg-config gives
// for pangocairo (which brings glib's, harfbuzz's and cairo's folders too).
#include <pango/pangocairo.h>
#include <cairo.h>

#endif

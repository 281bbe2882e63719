#ifndef CHROMAKE_CPANGOCAIRO_SHIM_H
#define CHROMAKE_CPANGOCAIRO_SHIM_H

// Pango with its Cairo backend, and Cairo itself, found on the include path pkg-config gives
// for pangocairo (which brings glib's, harfbuzz's, freetype's and cairo's folders too).
#include <pango/pangocairo.h>
#include <cairo.h>
// Pango's fontconfig backend and fontconfig itself: which font file a loaded font came from,
// for render fingerprints and dependency files.
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>

// PANGO_IS_FC_FONT is a function-like macro (a GType check), so Swift cannot import it.
static inline int chromake_is_fc_font(PangoFont *font) { return PANGO_IS_FC_FONT(font); }

// PANGO_GLYPH_UNKNOWN_FLAG is a macro with a cast, which Swift does not import: the bit Pango
// sets on the glyph of a character no font has, whose other bits are the character itself.
static inline PangoGlyph chromake_glyph_unknown_flag(void) { return PANGO_GLYPH_UNKNOWN_FLAG; }

#endif

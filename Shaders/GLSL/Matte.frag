#version 300 es

// Matte.frag: a luma matte's alpha (docs/ARCHITECTURE.md: alpha = Y' after range expansion,
// so limited-range white is exactly 1 and black exactly 0). Used by the preparation
// (PlaceMain.frag) per output pixel and by the stacking pass (StackMain.frag) for a layer it
// fuses, four samples at a time. `MatteEffect.swift` sets the `Matte` uniform.

precision highp float;
precision highp int;

struct Matte {
    // alpha = sample * scale + offset, for the matte stream's range and bit depth.
    float scale;
    float offset;
};

float matteAlpha(Matte matte, float luma) {
    return clamp(luma * matte.scale + matte.offset, 0.0, 1.0);
}

vec4 matteAlpha(Matte matte, vec4 lumas) {
    return clamp(lumas * matte.scale + matte.offset, 0.0, 1.0);
}

#version 300 es

// Saturation.frag: `saturation` (README.md, "Effects"), the one home of its maths. The
// preparation (PlaceMain.frag) applies it to each output pixel's R'G'B' after the look, through
// the adjustments LayerPreparation.swift lists (EffectDescriptor.saturation names this file,
// its struct and its function). 0 gives the pixel's grey, its BT.709 luma (the output's own
// weights, so the grey is Y' alone, Cb and Cr neutral); 1 the pixel as it is; above 1 it moves
// away from that grey, clamped to the colours R'G'B' holds.

precision highp float;
precision highp int;

struct Saturation {
    // 0 to 4.
    float value;
};

vec3 saturated(Saturation saturation, vec3 rgb) {
    float grey = dot(rgb, vec3(0.2126, 0.7152, 0.0722));
    return clamp(mix(vec3(grey), rgb, saturation.value), 0.0, 1.0);
}

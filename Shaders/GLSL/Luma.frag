#version 300 es

// Luma.frag: a greyscale pattern decides where B shows first, black first (appended to
// Transition.frag).
//
// With g the pattern's grey level (0 to 1) at the sample and s the softness, B's weight is
// clamp((e − g) / S + 1/2, 0, 1) with S = max(s, 1/256) and e = p·(1 + S) − S/2: nothing of
// B at p = 0, all of it at p = 1, and a ramp s wide in grey levels between.

struct Luma {
    float progress;
    float softness;
    // The frame's size in pixels: the pattern is stretched over it.
    vec2 frame;
};

uniform Luma luma;
// The pattern's grey levels, one channel, filtered.
uniform sampler2D pattern;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    float g = texture(pattern, position / luma.frame).r;
    float ramp = max(luma.softness, 1.0 / 256.0);
    float edge = luma.progress * (1.0 + ramp) - 0.5 * ramp;
    return mix(a, b, clamp((edge - g) / ramp + 0.5, 0.0, 1.0));
}

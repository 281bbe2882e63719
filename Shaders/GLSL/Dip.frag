#version 300 es

// Dip.frag: A to a colour while p < 0.5, then the colour to B (appended to Transition.frag).

struct Dip {
    float progress;
    // The colour, opaque, as this pass's planes hold it: (Y', 0, 0, 1) or (Cb, Cr, 0, 1).
    vec4 color;
};

uniform Dip dip;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    float p = dip.progress;
    return p < 0.5 ? mix(a, dip.color, 2.0 * p) : mix(dip.color, b, 2.0 * p - 1.0);
}

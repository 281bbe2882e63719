#version 300 es

// Wipe.frag: a straight edge crosses the frame, B behind it (appended to Transition.frag).
//
// v is a sample's distance from the side the edge starts at, L the frame's length that way
// and S0 the softness in pixels. The edge is at e = p·(L + S0) − S0/2, and B's weight is
// clamp((e − v) / S + 1/2, 0, 1) with S = max(S0, the sample's size): a ramp S0 wide, or at
// softness 0 the share of the sample the edge has passed, so a hard edge is smooth at any
// position.

struct Wipe {
    float progress;
    // The unit vector the edge travels along, and the distance of the starting side along
    // it: v = dot(position, direction) + start.
    vec2 direction;
    float start;
    float travel;
    float softness;
};

uniform Wipe wipe;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    float v = dot(position, wipe.direction) + wipe.start;
    float edge = wipe.progress * (wipe.travel + wipe.softness) - 0.5 * wipe.softness;
    float ramp = max(wipe.softness, size);
    return mix(a, b, clamp((edge - v) / ramp + 0.5, 0.0, 1.0));
}

#version 300 es

// Push.frag: B moves in and pushes A out by the same distance (appended to Transition.frag).
// The motion is both inputs' shifts, set from the progress by PushTransition.swift; where the
// two meet (pictures with transparent edges) B lies over A.

struct Push {
    float progress;
};

uniform Push push;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    return b + a * (1.0 - b.w);
}

#version 300 es

// Push.frag: B moves in and pushes A out by the same distance (appended to Transition.frag).
// The motion is both inputs' shifts, set from the progress by PushTransition.swift. The two
// moved pictures never overlap: each lies within the frame before it moves, and B is one
// frame's length behind A. So they add: where the seam splits a sample, the shares of A and B
// in it add up exactly, as "over" would not (it would darken the seam).

struct Push {
    float progress;
};

uniform Push push;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    return a + b;
}

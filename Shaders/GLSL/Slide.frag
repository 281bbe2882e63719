#version 300 es

// Slide.frag: B moves in over A, which stays (appended to Transition.frag). The motion is
// B's shift, set from the progress by SlideTransition.swift; here B lies over A.

struct Slide {
    float progress;
};

uniform Slide slide;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    return b + a * (1.0 - b.w);
}

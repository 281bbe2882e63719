#version 300 es

// Crossfade.frag: A·(1 − p) + B·p, premultiplied (appended to Transition.frag).

struct Crossfade {
    float progress;
};

uniform Crossfade crossfade;

vec4 transition(vec4 a, vec4 b, vec2 position, float size) {
    return mix(a, b, crossfade.progress);
}

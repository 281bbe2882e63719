#version 300 es

// EffectBlur.frag: one direction of a separable Gaussian blur of a premultiplied layer
// (Y'*alpha, Cb*alpha, Cr*alpha, alpha), run twice (across, then down) by EffectPasses.swift.
// Blurring premultiplied Y'CbCr is blurring premultiplied R'G'B': each is an affine function of
// the other, and the weights sum to one. Texels past the layer's texture are transparent, so
// the layer's edges blur outward into nothing, as CSS's `filter: blur()` does.

precision highp float;
precision highp int;

uniform sampler2D source;
// (1, 0) across, (0, 1) down.
uniform ivec2 direction;
// The standard deviation in texels, and the taps on each side (about three of them).
uniform float sigma;
uniform int radius;

out vec4 blurred;

vec4 fetch(ivec2 p, ivec2 size) {
    return all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, size))
        ? texelFetch(source, p, 0) : vec4(0.0);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(source, 0);
    float k = -0.5 / (sigma * sigma);
    vec4 sum = fetch(p, size);
    float total = 1.0;
    for (int i = 1; i <= radius; i++) {
        float w = exp(float(i * i) * k);
        sum += w * (fetch(p + direction * i, size) + fetch(p - direction * i, size));
        total += 2.0 * w;
    }
    blurred = sum / total;
}

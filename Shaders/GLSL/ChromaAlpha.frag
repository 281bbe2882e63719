#version 300 es

// ChromaAlpha.frag: over a transparent background, the last step of stacking Cb and Cr
// (ChromaAlphaPass.swift), after PackedSamples.frag. The stacking pass leaves them
// premultiplied by the alpha it stacked at chroma resolution, one sample of each layer for
// four pixels; this pass premultiplies them instead by the mean of the four luma alphas each
// chroma sample stands for, the alpha the picture keeps.

precision highp float;
precision highp int;

// The stacking pass's Cb·alpha, Cr·alpha and chroma alpha, eight samples a texel, and its luma
// alpha of the upper and lower rows, sixteen samples a texel (PackedSamples.frag).
uniform highp usampler2D stackedCb, stackedCr, stackedAlpha, topAlpha, bottomAlpha;

layout(location = 0) out vec4 cb;
layout(location = 1) out vec4 cr;

// Over a transparent background: four stacked chroma samples, premultiplied by the alpha the
// stacking pass stacked for chroma, premultiplied instead by `pictureAlpha`, the mean of the
// four luma alphas each stands for, which is what a picture's alpha plane gives a chroma
// sample. Where the picture is drawn, dividing by that alpha gives back the stacked colour,
// rather than that colour scaled by the two alphas' ratio wherever they differ (at a soft edge,
// where a chroma sample takes a layer once for four luma samples). Grey where only luma
// samples are covered.
vec4 rebasedChroma(vec4 premultiplied, vec4 stackedAlpha, vec4 pictureAlpha) {
    vec4 covered = step(vec4(0.5 / 255.0), stackedAlpha);
    vec4 straight = mix(vec4(0.5), premultiplied / max(stackedAlpha, vec4(0.5 / 255.0)), covered);
    return straight * pictureAlpha;
}

void main() {
    // Chroma samples 4x to 4x + 3 of row y, half of a stacking texel, stand for luma columns
    // 8x to 8x + 7 of rows 2y and 2y + 1: half of a luma texel of each row.
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    ivec2 texel = ivec2(fragment.x >> 1, fragment.y);
    bool second = (fragment.x & 1) == 1;
    uvec4 top = texelFetch(topAlpha, texel, 0);
    uvec4 bottom = texelFetch(bottomAlpha, texel, 0);
    uvec2 topWords = second ? top.zw : top.xy;
    uvec2 bottomWords = second ? bottom.zw : bottom.xy;
    vec4 l = unpackSamples(topWords.x) + unpackSamples(bottomWords.x);
    vec4 r = unpackSamples(topWords.y) + unpackSamples(bottomWords.y);
    vec4 pictureAlpha = 0.25 * vec4(l.x + l.y, l.z + l.w, r.x + r.y, r.z + r.w);
    uvec2 alphas = texelFetch(stackedAlpha, texel, 0).xy;
    uvec2 cbs = texelFetch(stackedCb, texel, 0).xy;
    uvec2 crs = texelFetch(stackedCr, texel, 0).xy;
    vec4 alpha = unpackSamples(second ? alphas.y : alphas.x);
    cb = rebasedChroma(unpackSamples(second ? cbs.y : cbs.x), alpha, pictureAlpha);
    cr = rebasedChroma(unpackSamples(second ? crs.y : crs.x), alpha, pictureAlpha);
}

#version 300 es

// EffectPack.frag: the last pass of a layer with blur, shadow or contain-blur
// (EffectPasses.swift). It reads the effect's result, a premultiplied layer (Y'*alpha,
// Cb*alpha, Cr*alpha, alpha) on the output's pixel grid or on a coarser one (a wide blur's),
// filtered, and writes it as a prepared layer the stacking pass reads (Stack.frag): four
// samples to a texel, Y'*alpha and alpha for each output pixel (LUMA), or Cb*alpha, Cr*alpha
// and alpha for each chroma sample at the centre of the 2x2 pixels it stands for (CHROMA), as
// Place.frag writes them. Specialised with #defines: LUMA or CHROMA; BACKGROUND, contain-blur's
// blurred copy of the picture covering the box, cut to the box, under the picture; SHADOW, a
// drop shadow from a blurred copy of the layer's alpha, under both.

precision highp float;
precision highp int;

// A picture of premultiplied samples and where it lies: the output position of its texture's
// first corner, and output pixels per texel.
struct Source {
    vec2 origin;
    float scale;
};

uniform sampler2D layer;
uniform Source layerSource;
// The output pixel of the prepared textures' first sample.
uniform vec2 origin;

#ifdef SHADOW
uniform sampler2D shadow;
// Where the blurred alpha lies, its offset included.
uniform Source shadowSource;
// The shadow's colour in the output's Y'CbCr, and its opacity.
uniform vec3 shadowColor;
uniform float shadowOpacity;
#endif

#ifdef BACKGROUND
uniform sampler2D background;
uniform Source backgroundSource;
// Output position (x, y, 1) to the unrotated frame, and the box there (x0, y0, x1, y1).
uniform vec3 clipXRow;
uniform vec3 clipYRow;
uniform vec4 clipBox;
#endif

// The picture at an output position, bilinear between texel centres, transparent outside.
vec4 sampled(sampler2D picture, Source source, vec2 position) {
    vec2 size = vec2(textureSize(picture, 0));
    vec2 uv = (position - source.origin) / (source.scale * size);
    if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) { return vec4(0.0); }
    return texture(picture, uv);
}

#ifdef BACKGROUND
// The share of a sample (a square of side 2 * halfSize around `position`) inside the box.
float clipCoverage(vec2 position, float halfSize) {
    vec3 p = vec3(position, 1.0);
    vec2 q = vec2(dot(clipXRow, p), dot(clipYRow, p));
    vec2 low = max(q - halfSize, clipBox.xy);
    vec2 high = min(q + halfSize, clipBox.zw);
    vec2 covered = clamp(high - low, 0.0, 2.0 * halfSize) / (2.0 * halfSize);
    return covered.x * covered.y;
}
#endif

// The finished layer at an output position: premultiplied (Y'*alpha, Cb*alpha, Cr*alpha, alpha).
vec4 finished(vec2 position, float halfSize) {
    vec4 c = sampled(layer, layerSource, position);
#ifdef BACKGROUND
    c += sampled(background, backgroundSource, position) * clipCoverage(position, halfSize)
        * (1.0 - c.a);
#endif
#ifdef SHADOW
    float a = sampled(shadow, shadowSource, position).a * shadowOpacity;
    c += vec4(shadowColor * a, a) * (1.0 - c.a);
#endif
    return c;
}

#ifdef LUMA
layout(location = 0) out vec4 prepared0;
layout(location = 1) out vec4 prepared1;

void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 lumas;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 position = origin + vec2(float(fragment.x * 4 + i) + 0.5, float(fragment.y) + 0.5);
        vec4 c = finished(position, 0.5);
        lumas[i] = c.x;
        alphas[i] = c.w;
    }
    prepared0 = lumas;
    prepared1 = alphas;
}
#endif

#ifdef CHROMA
layout(location = 0) out vec4 prepared0;
layout(location = 1) out vec4 prepared1;
layout(location = 2) out vec4 prepared2;

void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 cbs;
    vec4 crs;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 position =
            origin + vec2(float(fragment.x * 8 + 2 * i) + 1.0, float(fragment.y * 2) + 1.0);
        vec4 c = finished(position, 1.0);
        cbs[i] = c.y;
        crs[i] = c.z;
        alphas[i] = c.w;
    }
    prepared0 = cbs;
    prepared1 = crs;
    prepared2 = alphas;
}
#endif

#version 300 es

// PlaceMain.frag: a preparation's `prepared()` and `main`, last after Place.frag and the files
// of the layer's effects (Key.frag, LUT.frag, Matte.frag, Corner.frag). LayerPreparation.swift
// specialises it for one kind of layer and pass, so no pixel pays for a branch on a setting
// that is fixed for the layer:
//
// - the picture's planes: `PICTURE_RGBA` or `PICTURE_RGBA_PREMULTIPLIED` (one RGBA plane),
//   `PICTURE_NV12` (Y' and interleaved CbCr), `PICTURE_YUVA_PREMULTIPLIED` (a composition drawn
//   over a transparent background), or three planes of Y', Cb and Cr, 10-bit with
//   `PICTURE_WIDE`, with an alpha plane after them with `PICTURE_ALPHA_PLANE`;
// - `ALIGNED`: the picture lies pixel for pixel on the output, so each pixel fetches its texel
//   unfiltered; `ALIGNED_CHROMA` when its chroma does too (not subsampled);
// - `READ_LUMA_ONLY` or `READ_CHROMA_ONLY`: the pass's output depends on those planes alone;
// - the pass: `LUMA` (Y'·alpha and alpha for each output pixel), `CHROMA` (Cb·alpha, Cr·alpha
//   and alpha for each chroma sample), or `UNPACKED` (one premultiplied texel for each
//   `UNPACKED_SCALE` x `UNPACKED_SCALE` output pixels, for the passes of a blur or a shadow);
// - the effects, applied in this order: `EFFECT_KEY`, `EFFECT_LUT`, `EFFECT_MATTE` (its
//   picture's planes: `MATTE_RGB`, weighed by `LUMA_WEIGHTS`; `MATTE_WIDE`;
//   `MATTE_PREMULTIPLIED`; or one 8-bit plane), `EFFECT_CORNER`; after the look, with
//   `EFFECT_ADJUST`, the colour adjustments (such as Saturation.frag), whose uniforms and
//   `adjusted` LayerPreparation.swift generates from their descriptors.

// The picture's planes, in the order its layout has them; a program keeps only those it reads.
uniform sampler2D plane0, plane1, plane2, plane3;

#ifdef ALIGNED
#define FETCH(plane) texelFetch(plane, texel, 0)
#else
#define FETCH(plane) texture(plane, st)
#endif

// Subsampled chroma is interpolated even for an aligned picture, so a key's edge is as smooth
// as a fused layer's wherever the layer is; at a chroma sample's own centre (the chroma pass of
// a layer on the 2x2 grid) filtering gives the sample itself.
#ifdef ALIGNED_CHROMA
#define FETCH_CHROMA(plane) texelFetch(plane, texel, 0)
#else
#define FETCH_CHROMA(plane) texture(plane, st)
#endif

#ifdef PICTURE_WIDE
#define SAMPLE(texel) wide((texel).rg)
#else
#define SAMPLE(texel) (texel).r
#endif

// The picture's R'G'B' at unrotated position `q` (picture coordinate `st`), its alpha, if it
// has any, multiplied into `alpha`. A plane the pass does not read gives its neutral value, on
// which the pass's output does not depend.
vec3 pictureColor(vec2 q, vec2 st, inout float alpha) {
#ifdef ALIGNED
    ivec2 texel = alignedTexel(q);
#endif
#if defined(PICTURE_RGBA)
    vec4 picture = FETCH(plane0);
    alpha *= picture.a;
    return toRGB(picture.rgb);
#elif defined(PICTURE_RGBA_PREMULTIPLIED)
    // Filtered premultiplied, then divided by alpha: a scaled picture's edges keep their colour
    // instead of darkening towards the transparent pixels' (usually black) colour.
    vec4 picture = FETCH(plane0);
    alpha *= picture.a;
    return toRGB(unpremultiply(picture));
#elif defined(PICTURE_YUVA_PREMULTIPLIED)
    // Each premultiplied plane filtered (or fetched, where aligned), then divided by alpha
    // sampled to match, so a scaled picture's edges keep their colour instead of darkening or
    // turning green towards its transparent samples (premultiplied zero is Y' 0 and Cb, Cr 0,
    // where grey has 0.5). Y' takes the alpha at its own sample; Cb and Cr the alpha their
    // chroma was premultiplied with (`subsampledAlpha`). The layer's alpha is the one of the
    // samples the pass writes.
    vec3 samples = vec3(0.5);
    float lumaAlpha = 0.0;
    float chromaAlpha = 0.0;
#ifndef READ_CHROMA_ONLY
    lumaAlpha = FETCH(plane3).r;
    samples.x = unpremultiply(FETCH(plane0).r, lumaAlpha, 0.0);
#endif
#ifndef READ_LUMA_ONLY
    chromaAlpha = subsampledAlpha(plane3, plane1, st);
    samples.y = unpremultiply(FETCH_CHROMA(plane1).r, chromaAlpha, 0.5);
    samples.z = unpremultiply(FETCH_CHROMA(plane2).r, chromaAlpha, 0.5);
#endif
#ifdef CHROMA
    alpha *= chromaAlpha;
#else
    alpha *= lumaAlpha;
#endif
    return toRGB(samples);
#else
    vec3 samples = vec3(0.5);
#ifndef READ_CHROMA_ONLY
    samples.x = SAMPLE(FETCH(plane0));
#endif
#ifndef READ_LUMA_ONLY
#ifdef PICTURE_NV12
    samples.yz = FETCH_CHROMA(plane1).rg;
#else
    samples.y = SAMPLE(FETCH_CHROMA(plane1));
    samples.z = SAMPLE(FETCH_CHROMA(plane2));
#endif
#endif
#ifdef PICTURE_ALPHA_PLANE
    alpha *= FETCH(plane3).r;
#endif
    return toRGB(samples);
#endif
}

#ifdef EFFECT_KEY
uniform Key key;
#endif

#ifdef EFFECT_LUT
uniform LUT lut;
uniform sampler2D lutTable;
#endif

#ifdef EFFECT_MATTE
uniform Matte matte;
// The matte's luma plane, and a premultiplied matte's alpha plane.
uniform sampler2D matteLuma, matteCoverage;

// The matte's Y' at `st`, the same place in the matte as in the picture (a matte need not
// have the picture's size).
float matteLumaAt(vec2 st) {
#if defined(MATTE_RGB)
    return dot(texture(matteLuma, st).rgb, LUMA_WEIGHTS);
#elif defined(MATTE_WIDE)
    return wide(texture(matteLuma, st).rg);
#elif defined(MATTE_PREMULTIPLIED)
    // As it shows over limited-range black (16): where it is transparent the layer is hidden.
    return texture(matteLuma, st).r + (16.0 / 255.0) * (1.0 - texture(matteCoverage, st).r);
#else
    return texture(matteLuma, st).r;
#endif
}
#endif

#ifdef EFFECT_CORNER
uniform Corner corner;
#endif

#ifdef EFFECT_ADJUST
// The layer's colour adjustments in order, defined after this file (LayerPreparation.swift).
vec3 adjusted(vec3 rgb);
#endif

// The layer at output position `position`, for a sample standing for a square of side
// 2 * `halfSize` around it: its Y'CbCr in the output's encoding, and alpha (not premultiplied).
vec4 prepared(vec2 position, float halfSize) {
    vec2 q = unrotated(position);
    float alpha = coverage(place.clip, q, halfSize);
    if (alpha <= 0.0) { return vec4(0.0); }
    vec2 st = pictureCoordinate(q);
    vec3 rgb = pictureColor(q, st, alpha);
#ifdef EFFECT_KEY
    alpha *= keyAlpha(key, keyChroma(key.cbWeights, key.crWeights, vec2(0.0), rgb));
    rgb = suppressSpill(key, rgb);
#endif
#ifdef EFFECT_LUT
    rgb = mix(rgb, lutColor(lut, lutTable, rgb), lut.mix);
#endif
#ifdef EFFECT_ADJUST
    rgb = adjusted(rgb);
#endif
#ifdef EFFECT_MATTE
    alpha *= matteAlpha(matte, matteLumaAt(st));
#endif
#ifdef EFFECT_CORNER
    alpha *= cornerCoverage(corner, q, halfSize);
#endif
    return vec4(encode(rgb), alpha);
}

#if defined(UNPACKED)

layout(location = 0) out vec4 unpacked;

// One premultiplied texel for each UNPACKED_SCALE x UNPACKED_SCALE output pixels.
void main() {
    vec4 c = prepared(place.origin + gl_FragCoord.xy * UNPACKED_SCALE, UNPACKED_SCALE * 0.5);
    unpacked = vec4(c.xyz * c.w, c.w);
}

#elif defined(CHROMA)

layout(location = 0) out vec4 prepared0;
layout(location = 1) out vec4 prepared1;
layout(location = 2) out vec4 prepared2;

// Four chroma samples of one row, each at the centre of the 2x2 pixels it stands for.
void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 cbs;
    vec4 crs;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 position = place.origin
            + vec2(float(fragment.x * 8 + 2 * i) + 1.0, float(fragment.y * 2) + 1.0);
        vec4 c = prepared(position, 1.0);
        cbs[i] = c.y * c.w;
        crs[i] = c.z * c.w;
        alphas[i] = c.w;
    }
    prepared0 = cbs;
    prepared1 = crs;
    prepared2 = alphas;
}

#else

layout(location = 0) out vec4 prepared0;
layout(location = 1) out vec4 prepared1;

// Four pixels of one row.
void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 lumas;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 position = place.origin
            + vec2(float(fragment.x * 4 + i) + 0.5, float(fragment.y) + 0.5);
        vec4 c = prepared(position, 0.5);
        lumas[i] = c.x * c.w;
        alphas[i] = c.w;
    }
    prepared0 = lumas;
    prepared1 = alphas;
}

#endif

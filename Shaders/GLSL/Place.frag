#version 300 es

// Place.frag: prepares one layer (docs/ARCHITECTURE.md, "Compositor, version 2"). It converts
// the layer's picture to the output's Y'CbCr, places it (sample aspect ratio, rotation
// metadata, fit, box, rotation by any angle about the box's centre), applies the effects the
// layer has (Key.frag, LUT.frag, Matte.frag, Corner.frag, assembled when it has them) and
// writes a prepared layer: premultiplied Y'CbCr and alpha on the output's pixel grid over the
// layer's bounding box, four samples to an RGBA8 texel as the stacking pass (Stack.frag) reads
// them.
//
// Two passes per preparation: the luma pass writes Y'·alpha and alpha for each output pixel;
// the chroma pass writes Cb·alpha, Cr·alpha and alpha for each chroma sample, taking the layer
// at the centre of the 2x2 pixels the sample stands for, with the share of them the layer
// covers. Opacity is not applied here: the stacking pass applies it, so a fade does not
// prepare a still again.
//
// This file holds the placement's uniform and functions; PlaceMain.frag, after the effects'
// files, holds `prepared()` and `main`, specialised for the layer's planes, pass and effects.

precision highp float;
precision highp int;

struct Place {
    // The output pixel of the prepared textures' first sample: the bounding box's corner.
    vec2 origin;
    // An output position (x, y, 1) to the unrotated frame the box lives in: the inverse of
    // the layer's rotation about the box's centre.
    vec3 xRow;
    vec3 yRow;
    // Texture coordinates of the decoded picture from an unrotated position: placement in the
    // box, fit, sample aspect ratio and rotation metadata in one affine map.
    vec3 sRow;
    vec3 tRow;
    // Where the layer may draw, in unrotated output pixels: its box, cut to the picture.
    vec4 clip;
    // Normalised plane samples (Y, Cb, Cr) to R'G'B': the stream's matrix, range and depth.
    mat3 toRGB;
    vec3 rgbOffset;
    // R'G'B' to the output's BT.709 limited-range Y'CbCr, normalised by 255.
    mat3 encodeMatrix;
    vec3 encodeOffset;
    // For a picture placed pixel for pixel: the output position of its top-left corner and
    // its last texel, so each output pixel fetches exactly one texel without filtering.
    vec2 texelOrigin;
    vec2 lastTexel;
};

uniform Place place;

// A 10-bit sample stored as a little-endian 16-bit word, sampled through an RG8 texture: red
// holds the low byte and green the high one. Bilinear filtering weighs both bytes alike, so
// recombining them gives the filtered 16-bit value; the result is normalised to 0..1023.
float wide(vec2 lowHigh) {
    return (lowHigh.x + lowHigh.y * 256.0) * (255.0 / 1023.0);
}

// Pixel-for-pixel placement: the picture's texel under `position`; a subsampled plane's is
// this shifted right by its subsampling. Unfiltered fetches cost llvmpipe a fraction of
// filtered ones, and at 1:1 scale filtering would only reproduce the texel anyway.
ivec2 alignedTexel(vec2 position) {
    return clamp(ivec2(position - place.texelOrigin), ivec2(0), ivec2(place.lastTexel));
}

// How much of the output pixels a sample stands for (a square of side 2 * halfSize around
// `position`, in the unrotated frame) lies inside `clip`: 1 inside, a fraction at an edge that
// splits a pixel or a chroma sample, so edges are smooth at any position and angle.
float coverage(vec4 clip, vec2 position, float halfSize) {
    vec2 low = max(position - halfSize, clip.xy);
    vec2 high = min(position + halfSize, clip.zw);
    vec2 covered = clamp(high - low, 0.0, 2.0 * halfSize) / (2.0 * halfSize);
    return covered.x * covered.y;
}

// The unrotated position of an output position.
vec2 unrotated(vec2 position) {
    vec3 p = vec3(position, 1.0);
    return vec2(dot(place.xRow, p), dot(place.yRow, p));
}

vec2 pictureCoordinate(vec2 position) {
    vec3 p = vec3(position, 1.0);
    return vec2(dot(place.sRow, p), dot(place.tRow, p));
}

// Not clamped: a Y'CbCr sample outside the R'G'B' cube keeps its exact value through the
// round trip (a pass-through stays a pass-through); the target's format clamps the result.
vec3 toRGB(vec3 samples) {
    return place.toRGB * samples + place.rgbOffset;
}

// A premultiplied RGBA sample's straight colour (black where nothing is covered). Dividing
// after filtering keeps a scaled picture's edge colours true.
vec3 unpremultiply(vec4 picture) {
    return picture.a > 0.0 ? picture.rgb / picture.a : vec3(0.0);
}

// A premultiplied sample's straight value, `neutral` where nothing is covered: for a picture of
// premultiplied Y'CbCr planes and alpha (a composition drawn over a transparent background).
float unpremultiply(float premultiplied, float alpha, float neutral) {
    return alpha > 0.0 ? premultiplied / alpha : neutral;
}

// The alpha of a premultiplied 4:2:0 picture at `st` as its chroma has it: a chroma sample's
// is the mean of the four alphas (`alphas`, full size) it stands for, one filtered fetch at
// their shared corner, and between chroma samples it is interpolated as a filtered fetch of
// `chroma` (a chroma plane) is. Dividing a filtered Cb·alpha by it then gives a weighted mean
// of the samples' colours, never one pulled towards the premultiplied zero of transparent
// samples, which an alpha filtered at full size would give where the picture is scaled.
float subsampledAlpha(sampler2D alphas, sampler2D chroma, vec2 st) {
    vec2 size = vec2(textureSize(chroma, 0));
    vec2 lumaSize = vec2(textureSize(alphas, 0));
    vec2 c = st * size - 0.5;
    vec2 first = floor(c);
    vec2 f = c - first;
    vec4 a;
    for (int i = 0; i < 4; i++) {
        // Clamped to the edge, as the chroma's own filtering is.
        vec2 k = clamp(first + vec2(i & 1, i >> 1), vec2(0.0), size - 1.0);
        a[i] = texture(alphas, (2.0 * k + 1.0) / lumaSize).r;
    }
    return mix(mix(a.x, a.y, f.x), mix(a.z, a.w, f.x), f.y);
}

vec3 encode(vec3 rgb) {
    return place.encodeMatrix * rgb + place.encodeOffset;
}

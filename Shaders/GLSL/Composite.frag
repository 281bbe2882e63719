#version 300 es

// Composite.frag: keys and composites a batch of layers, bottom first, straight into the
// output's planes. Each pass writes one target: the luma plane at full size, both chroma planes
// at half size (two outputs), or R'G'B' for a preview. The passes share this file: only `main`,
// the layer uniforms and the samplers differ, and `Composite.swift` appends them after the last
// line here, specialised for the batch (which layers, their plane layouts, key or not, matte or
// not), so no pixel pays for a branch on a setting that is fixed for the whole render.
//
// Compositing happens in the target's own encoding (Y'CbCr or R'G'B'): "over" is a weighted
// average, and Y'CbCr is an affine function of R'G'B', so averaging the encoded colours gives
// exactly the encoding of the averaged colours. Only spill suppression and keying need
// R'G'B', and they act on one layer's pixel before it is blended.

precision highp float;
precision highp int;

in vec2 textureCoordinate;

// Output pixels per target pixel: 1 for the luma and preview passes, 2 for the chroma pass, so
// `gl_FragCoord.xy * outputScale` is the centre of the output pixels a fragment stands for.
uniform float outputScale;

// The colour under the bottom layer of the first batch, in the target's encoding.
uniform vec3 background;

// R'G'B' (0 to 1) to the target's encoding: BT.709 limited-range Y'CbCr for the movie, the
// identity for a preview.
uniform mat3 encodeMatrix;
uniform vec3 encodeOffset;

// Everything about one layer that is the same for every pixel of a frame.
struct Layer {
    // Texture coordinates of the decoded picture from an output pixel position (x, y, 1):
    // placement in the box, fit, sample aspect ratio and rotation in one affine map.
    vec3 sRow;
    vec3 tRow;
    // Where the layer may draw, in output pixels: its box, cut to the picture for `contain`.
    vec4 clip;
    // Normalised plane samples (Y, Cb, Cr) to R'G'B': the stream's matrix, range and depth.
    mat3 toRGB;
    vec3 rgbOffset;
    // The key colour's (Cb, Cr) by BT.709, and the ramp from transparent to opaque.
    vec2 keyCbCr;
    float similarity;
    float smoothness;
    // 1 in the key colour's strongest channel, whose cast spill suppression removes.
    vec3 spillChannel;
    float spill;
    float opacity;
    // A luma matte's alpha is sample * matteScale + matteOffset: range expansion.
    float matteScale;
    float matteOffset;
    // For a picture placed pixel for pixel: the output position of its top-left corner and
    // its last texel, so each output pixel fetches exactly one texel without filtering.
    vec2 texelOrigin;
    vec2 lastTexel;
};

// BT.709's Cb and Cr of an R'G'B' colour (Kr = 0.2126, Kb = 0.0722), as in ARCHITECTURE.md.
const vec3 cbWeights = vec3(-0.2126, -0.7152, 0.9278) / 1.8556;
const vec3 crWeights = vec3(0.7874, -0.7152, -0.0722) / 1.5748;

// A 10-bit sample stored as a little-endian 16-bit word, sampled through an RG8 texture: red
// holds the low byte and green the high one. Bilinear filtering weighs both bytes alike, so
// recombining them gives the filtered 16-bit value; the result is normalised to 0..1023.
float wide(vec2 lowHigh) {
    return (lowHigh.x + lowHigh.y * 256.0) * (255.0 / 1023.0);
}

vec3 samplePlanar(sampler2D y, sampler2D cb, sampler2D cr, vec2 st) {
    return vec3(texture(y, st).r, texture(cb, st).r, texture(cr, st).r);
}

vec3 sampleSemiPlanar(sampler2D y, sampler2D cbcr, vec2 st) {
    return vec3(texture(y, st).r, texture(cbcr, st).rg);
}

vec3 samplePlanarWide(sampler2D y, sampler2D cb, sampler2D cr, vec2 st) {
    return vec3(wide(texture(y, st).rg), wide(texture(cb, st).rg), wide(texture(cr, st).rg));
}

// Pixel-for-pixel placement: the picture's texel under `position`, and the same texel of a
// plane subsampled by `shift` (log2, per axis). Unfiltered fetches cost llvmpipe a fraction of
// filtered ones, and at 1:1 scale filtering would only reproduce the texel anyway.
ivec2 alignedTexel(Layer layer, vec2 position) {
    return clamp(ivec2(position - layer.texelOrigin), ivec2(0), ivec2(layer.lastTexel));
}

vec3 fetchPlanar(sampler2D y, sampler2D cb, sampler2D cr, ivec2 texel, ivec2 shift) {
    ivec2 chroma = texel >> shift;
    return vec3(texelFetch(y, texel, 0).r, texelFetch(cb, chroma, 0).r, texelFetch(cr, chroma, 0).r);
}

vec3 fetchSemiPlanar(sampler2D y, sampler2D cbcr, ivec2 texel) {
    return vec3(texelFetch(y, texel, 0).r, texelFetch(cbcr, texel >> 1, 0).rg);
}

vec3 fetchPlanarWide(sampler2D y, sampler2D cb, sampler2D cr, ivec2 texel, ivec2 shift) {
    ivec2 chroma = texel >> shift;
    return vec3(wide(texelFetch(y, texel, 0).rg), wide(texelFetch(cb, chroma, 0).rg),
                wide(texelFetch(cr, chroma, 0).rg));
}

// How much of the output pixels a fragment stands for lies inside `clip`: 0 or 1 inside a
// luma pass with a whole-pixel box, a fraction at a box edge that splits a chroma sample.
float coverage(vec4 clip, vec2 position, float halfSize) {
    vec2 low = max(position - halfSize, clip.xy);
    vec2 high = min(position + halfSize, clip.zw);
    vec2 covered = clamp(high - low, 0.0, 2.0 * halfSize) / (2.0 * halfSize);
    return covered.x * covered.y;
}

vec2 pictureCoordinate(Layer layer, vec2 position) {
    vec3 p = vec3(position, 1.0);
    return vec2(dot(layer.sRow, p), dot(layer.tRow, p));
}

// Not clamped: a Y'CbCr sample outside the R'G'B' cube keeps its exact value through the
// round trip (a pass-through stays a pass-through), as in PackedComposite.frag; the target's
// unsigned-normalised format clamps the final result.
vec3 toRGB(Layer layer, vec3 samples) {
    return layer.toRGB * samples + layer.rgbOffset;
}

// Chroma key alpha: 0 within `similarity` of the key colour in the CbCr plane, rising
// linearly to 1 over `smoothness` (a hard step when that is 0).
float keyAlpha(Layer layer, vec3 rgb) {
    vec2 cbcr = vec2(dot(rgb, cbWeights), dot(rgb, crWeights));
    float d = distance(cbcr, layer.keyCbCr);
    if (layer.smoothness > 0.0) {
        return clamp((d - layer.similarity) / layer.smoothness, 0.0, 1.0);
    }
    return step(layer.similarity, d);
}

// Removes the key colour's cast: its channel is pulled down towards the mean of the other
// two by `spill` of the excess.
vec3 suppressSpill(Layer layer, vec3 rgb) {
    float keyed = dot(rgb, layer.spillChannel);
    float others = (rgb.r + rgb.g + rgb.b - keyed) * 0.5;
    return rgb - layer.spillChannel * (layer.spill * max(0.0, keyed - others));
}

// A premultiplied RGBA sample's straight colour (black where nothing is covered). Dividing
// after filtering keeps a scaled picture's edge colours true.
vec3 unpremultiply(vec4 picture) {
    return picture.a > 0.0 ? picture.rgb / picture.a : vec3(0.0);
}

float matteAlpha(Layer layer, float luma) {
    return clamp(luma * layer.matteScale + layer.matteOffset, 0.0, 1.0);
}

vec3 encode(vec3 rgb) {
    return encodeMatrix * rgb + encodeOffset;
}

// Generated for the batch by Composite.swift: the layer uniforms, the samplers and main().

#version 300 es

// PackedComposite.frag: the fast path of Composite.frag for the common case, where every layer
// is 8-bit 4:2:0 placed pixel for pixel on the output (same size, no rotation, an offset that
// keeps chroma samples aligned). The same maths, with four samples per fragment:
//
// - Planes are uploaded as RGBA8 textures a quarter as wide, so one unfiltered fetch reads four
//   neighbouring samples of a row, and the targets are RGBA8 a quarter as wide as the plane they
//   hold, so a fragment writes four samples and the read-back bytes are the plane's bytes.
// - A luma fragment covers four samples of two rows (even rows to the first target, odd rows
//   to the second); a chroma fragment four chroma samples (Cb and Cr to two targets).
// - Keying works at chroma resolution, as ARCHITECTURE.md allows for 4:2:0 material: a matte
//   pass writes each keyed layer's alpha per chroma sample, which the luma pass interpolates for
//   each luma sample; colour and spill take each pixel's Cb and Cr from the chroma sample it was
//   subsampled with. The chroma pass takes each chroma sample's Y′ as the mean of the two luma
//   samples of its upper row.
//
// This cuts texture fetches per output pixel from three per layer to under one, which is what
// llvmpipe spends its time on. `PackedComposite.swift` appends the layer uniforms, the samplers
// and `main` for each batch after the last line here.

precision highp float;
precision highp int;

// The colour under the bottom layer of the first batch, in the output's Y′CbCr (0 to 1).
uniform vec3 background;

// Everything about one layer that is the same for every pixel of a frame. The maths of
// Composite.frag (plane samples to R'G'B', keying, spill suppression, R'G'B' to the output's
// Y'CbCr) is affine up to the key's distance and the spill's max(), so it is folded here
// into affine maps of the plane samples, computed once per layer on the CPU.
struct Layer {
    // The fragment where the picture's first texel lands, and the picture's size, both in
    // texels of the pass's packed textures.
    vec2 origin;
    vec2 size;
    // Normalised plane samples (Y, Cb, Cr) to the output's Y'CbCr.
    mat3 toOutput;
    vec3 outputOffset;
    // The samples' BT.709 (Cb, Cr) minus the key colour's: its length is the key distance.
    vec3 keyCbRow;
    vec3 keyCrRow;
    vec2 keyOffset;
    float similarity;
    float smoothness;
    // Spill: the key channel's excess over the mean of the other two, and what removing
    // `spill` of it does to the output's Y'CbCr.
    vec3 spillRow;
    float spillOffset;
    vec3 spillShift;
    float opacity;
};

// The layer's texel for this fragment, and whether the fragment lies on the picture.
ivec2 layerTexel(Layer layer, ivec2 fragment, out bool inside) {
    ivec2 texel = fragment - ivec2(layer.origin);
    inside = all(greaterThanEqual(texel, ivec2(0))) && all(lessThan(texel, ivec2(layer.size)));
    return texel;
}

// A luma sample's weight cancels out of both the key distance and the spill excess (R', G'
// and B' all move one for one with Y'), so both depend on the chroma samples alone and are
// computed once per chroma sample.
float keyAlpha(Layer layer, vec2 chroma) {
    vec3 samples = vec3(0.0, chroma);
    vec2 cbcr = vec2(dot(layer.keyCbRow, samples), dot(layer.keyCrRow, samples)) + layer.keyOffset;
    float d = length(cbcr);
    return layer.smoothness > 0.0
        ? clamp((d - layer.similarity) / layer.smoothness, 0.0, 1.0)
        : step(layer.similarity, d);
}

float spillExcess(Layer layer, vec2 chroma) {
    return max(0.0, dot(layer.spillRow, vec3(0.0, chroma)) + layer.spillOffset);
}

// The key's alpha at chroma resolution (from the matte pass, four samples a texel) for the
// four luma columns of fragment column `texel.x`, in chroma row `row`: interpolated between
// chroma samples as a bilinear texture with centred chroma would be, the picture's edge
// samples repeated outwards.
vec4 matteRow(sampler2D matte, Layer layer, ivec2 texel, int row) {
    int columns = int(layer.size.x) / 2;
    int k = texel.x >> 1;
    bool odd = (texel.x & 1) == 1;
    int r = clamp(row, 0, int(layer.size.y) - 1);
    vec4 here = texelFetch(matte, ivec2(k, r), 0);
    vec4 there = texelFetch(matte, ivec2(clamp(odd ? k + 1 : k - 1, 0, columns - 1), r), 0);
    // Chroma samples 2m - 1 to 2m + 2 for luma columns 4m to 4m + 3.
    vec4 a = odd ? vec4(here.yzw, there.x) : vec4(there.w, here.xyz);
    if (!odd && k == 0) { a.x = a.y; }
    if (odd && k == columns - 1) { a.w = a.z; }
    return 0.75 * a.yyzz + 0.25 * a.xzyw;
}

// Alpha for the fragment's two rows of four luma samples: each row 3/4 its own chroma row and
// 1/4 the neighbouring one, times opacity.
void matteAlpha(sampler2D matte, Layer layer, ivec2 texel, out vec4 top, out vec4 bottom) {
    vec4 middle = matteRow(matte, layer, texel, texel.y);
    top = (0.75 * middle + 0.25 * matteRow(matte, layer, texel, texel.y - 1)) * layer.opacity;
    bottom = (0.75 * middle + 0.25 * matteRow(matte, layer, texel, texel.y + 1)) * layer.opacity;
}

// (alpha times opacity, spill excess) for a chroma sample.
vec2 keying(Layer layer, vec2 chroma) {
    return vec2(keyAlpha(layer, chroma) * layer.opacity, spillExcess(layer, chroma));
}

// One pixel of a layer over `under` (the output's Y'CbCr so far).
vec3 over(Layer layer, vec3 under, vec3 samples) {
    return mix(under, layer.toOutput * samples + layer.outputOffset, layer.opacity);
}

vec3 overKeyed(Layer layer, vec3 under, vec3 samples, vec2 keyed) {
    vec3 color = layer.toOutput * samples + layer.outputOffset + layer.spillShift * keyed.y;
    return mix(under, color, keyed.x);
}

// Generated for the batch by PackedComposite.swift: the layer uniforms, the samplers and main().

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
// - The luma pass takes each pixel's Cb and Cr from the chroma sample it was subsampled with
//   (nearest, not interpolated); the chroma pass takes each chroma sample's Y′ as the mean of
//   the two luma samples of its upper row. Keying therefore works at chroma resolution, as
//   ARCHITECTURE.md allows for 4:2:0 material, with key edges in steps of two pixels.
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
// computed once per chroma sample: (alpha times opacity, spill excess).
vec2 keying(Layer layer, vec2 chroma) {
    vec3 samples = vec3(0.0, chroma);
    vec2 cbcr = vec2(dot(layer.keyCbRow, samples), dot(layer.keyCrRow, samples)) + layer.keyOffset;
    float d = length(cbcr);
    float alpha = layer.smoothness > 0.0
        ? clamp((d - layer.similarity) / layer.smoothness, 0.0, 1.0)
        : step(layer.similarity, d);
    float excess = max(0.0, dot(layer.spillRow, samples) + layer.spillOffset);
    return vec2(alpha * layer.opacity, excess);
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

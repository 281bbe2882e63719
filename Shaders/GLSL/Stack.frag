#version 300 es

// Stack.frag: the stacking pass (docs/ARCHITECTURE.md, "Compositor, version 2"). It blends the
// frame's layers bottom first with "over", straight into the output's planes, for one region
// of the frame at a time (CompositeRegions). A fused layer named in the program covers the
// whole region; a prepared one may cover only part of it (when a frame has so many layers that
// regions are cut on a coarse grid), so a fragment outside its box skips it, at the cost of
// one comparison.
//
// Everything is four samples per fragment, as llvmpipe is fastest with few fragments and few
// fetches: the planes, the prepared layers and the targets are RGBA8 textures whose texels
// hold four neighbouring samples of a row, so a read-back gives the plane's bytes. A luma
// fragment writes four samples of two rows (even rows to the first target, odd rows to the
// second); a chroma fragment four samples of Cb and of Cr (to two targets).
//
// A layer is either prepared (Place.frag wrote its premultiplied Y'CbCr and alpha: a few
// fetches and multiply-adds here), or fused: an 8-bit 4:2:0 picture placed pixel for pixel
// on the output is prepared inside this pass, from its planes as decoded, with its colour
// maths folded into affine maps computed once on the CPU (FoldedLayerColor) and its key
// computed once per picture at chroma resolution by a key pass (FusedKeyPass, which calls
// Key.frag's `keyAlpha`), as docs/ARCHITECTURE.md allows for 4:2:0 material. The result is the same
// as preparing it first; it saves a pass over every pixel of a full-frame video.
//
// Blending Y'CbCr is blending R'G'B': "over" is a weighted average, and Y'CbCr is an affine
// function of R'G'B'. `StackPass.swift` appends the layer uniforms, the samplers and `main`.
//
// Over a transparent background (a composition drawn into a picture that another one draws as
// a layer) the planes start from premultiplied zero instead of `background`, so they hold
// Y'·alpha, Cb·alpha and Cr·alpha, and each pass also stacks alpha with "over", four samples
// a texel like its planes: the luma pass into two more targets (even rows, odd rows), the
// chroma pass into one. The picture keeps only the luma's alpha, so `rebasedChroma` then
// premultiplies Cb and Cr by it instead of the chroma's own (ChromaAlphaPass).

precision highp float;
precision highp int;

// The colour under the bottom layer, in the output's Y'CbCr (0 to 1); unused over a
// transparent background.
uniform vec3 background;

// A prepared layer in this pass: its first texel's fragment (the bounding box's corner, in
// the pass's fragments horizontally and in the prepared textures' rows vertically), the size
// of its bounding box in the same units (its textures may be larger: what lies past the box is
// not the layer's), and its opacity, applied here so that a fade needs no new preparation.
struct Prepared {
    vec2 origin;
    vec2 size;
    float opacity;
};

// A fused layer: where its picture's first sample lands (in the pass's fragments), the
// picture's size in luma fragments (four samples by two rows), and its folded colour maths.
struct Fused {
    vec2 origin;
    vec2 size;
    // Normalised plane samples (Y, Cb, Cr) to the output's Y'CbCr.
    mat3 toOutput;
    vec3 outputOffset;
    // The samples' BT.709 (Cb, Cr), as rows and an offset, for the key.
    vec3 keyCbRow;
    vec3 keyCrRow;
    vec2 keyOffset;
    // Spill: the key channel's excess over the mean of the other two, and what removing
    // `spill` of it does to the output's Y'CbCr.
    vec3 spillRow;
    float spillOffset;
    vec3 spillShift;
    float opacity;
};

// A luma sample's weight cancels out of both the key distance and the spill excess (R', G'
// and B' all move one for one with Y'), so both depend on the chroma samples alone.
vec2 fusedKeyChroma(Fused layer, float cb, float cr) {
    vec3 samples = vec3(0.0, cb, cr);
    return vec2(dot(layer.keyCbRow, samples), dot(layer.keyCrRow, samples)) + layer.keyOffset;
}

float spillExcess(Fused layer, float cb, float cr) {
    return max(0.0, dot(layer.spillRow, vec3(0.0, cb, cr)) + layer.spillOffset);
}

// A fused keyed layer's alpha at chroma resolution (from its key pass, four samples a texel)
// for the four luma columns of fragment column `texel.x`, in chroma row `row`: interpolated
// between chroma samples as a bilinear texture with centred chroma would be, the picture's
// edge samples repeated outwards.
vec4 keyRow(sampler2D keyAlphas, Fused layer, ivec2 texel, int row) {
    int columns = int(layer.size.x) / 2;
    int k = texel.x >> 1;
    bool odd = (texel.x & 1) == 1;
    int r = clamp(row, 0, int(layer.size.y) - 1);
    vec4 here = texelFetch(keyAlphas, ivec2(k, r), 0);
    vec4 there = texelFetch(keyAlphas, ivec2(clamp(odd ? k + 1 : k - 1, 0, columns - 1), r), 0);
    // Chroma samples 2m - 1 to 2m + 2 for luma columns 4m to 4m + 3.
    vec4 a = odd ? vec4(here.yzw, there.x) : vec4(there.w, here.xyz);
    if (!odd && k == 0) { a.x = a.y; }
    if (odd && k == columns - 1) { a.w = a.z; }
    return 0.75 * a.yyzz + 0.25 * a.xzyw;
}

// The key's alpha for the fragment's two rows of four luma samples: each row 3/4 its own
// chroma row and 1/4 the neighbouring one.
void keyAlphas(sampler2D keyAlphas, Fused layer, ivec2 texel, out vec4 top, out vec4 bottom) {
    vec4 middle = keyRow(keyAlphas, layer, texel, texel.y);
    top = 0.75 * middle + 0.25 * keyRow(keyAlphas, layer, texel, texel.y - 1);
    bottom = 0.75 * middle + 0.25 * keyRow(keyAlphas, layer, texel, texel.y + 1);
}

// Over a transparent background: four stacked chroma samples, premultiplied by the alpha the
// chroma pass stacked, premultiplied instead by `pictureAlpha`, the mean of the four luma
// alphas each stands for, which is what a picture's alpha plane gives a chroma sample. Where
// the picture is drawn, dividing by that alpha gives back the stacked colour, rather than that
// colour scaled by the two alphas' ratio wherever they differ (at a soft edge, where the chroma
// pass samples a layer once for four luma samples). Grey where only luma samples are covered.
vec4 rebasedChroma(vec4 premultiplied, vec4 stackedAlpha, vec4 pictureAlpha) {
    vec4 covered = step(vec4(0.5 / 255.0), stackedAlpha);
    vec4 straight = mix(vec4(0.5), premultiplied / max(stackedAlpha, vec4(0.5 / 255.0)), covered);
    return straight * pictureAlpha;
}

// Generated by StackPass.swift: the layer uniforms, the samplers and main().

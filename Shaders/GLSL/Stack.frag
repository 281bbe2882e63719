#version 300 es

// Stack.frag: the stacking pass (docs/ARCHITECTURE.md, "Compositor, version 2"). It blends the
// frame's layers bottom first with "over", straight into the output's planes, for one region
// of the frame at a time (CompositeRegions). A fused layer named in the program covers the
// whole region; a prepared one may cover only part of it (when a frame has so many layers that
// regions are cut on a coarse grid), so a fragment outside its box skips it, at the cost of
// one comparison.
//
// A fragment is 16 x 2 pixels: 32 Y' samples (sixteen of each of two rows), eight Cb and eight
// Cr, all stacked at once, as llvmpipe is fastest with few fragments and few fetches (a tile
// of fragments then reads long runs of each row), and one fragment's luma and chroma share
// what a fused layer's key and matte fetch. The targets hold each row's Y' as four 32-bit
// unsigned integers (RGBA32UI: sixteen samples, in the plane's byte order; the upper row to the
// first target, the lower to the second), and Cb and Cr eight samples to an RG32UI texel, so a
// read-back gives the planes' bytes (PackedSamples.frag). A fused layer's planes and matte are
// read the same way. The shader works on the fragment's two 8 x 2 halves, one chroma texel of
// a prepared layer (four samples to an RGBA8 texel) and of a fused layer's key each: prepared
// layers keep their bounds on that 8 x 2 grid, and a fused picture 8 more than a multiple of
// 16 wide ends halfway through its last fragments.
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
// function of R'G'B'.
//
// This file holds the layers' uniform structs, which the fused key pass (FusedKey.frag) shares;
// StackMain.frag, after Matte.frag, blends each kind of layer and holds `main`.
//
// Over a transparent background (a composition drawn into a picture that another one draws as
// a layer) the planes start from premultiplied zero instead of the background, so they hold
// Y'·alpha, Cb·alpha and Cr·alpha, and the pass also stacks alpha with "over": the luma's into
// two more targets laid out as Y' is (upper row, lower row), the chroma's into one. The
// picture keeps only the luma's alpha, so ChromaAlpha.frag then premultiplies Cb and Cr by it
// instead of the chroma's own (ChromaAlphaPass).

precision highp float;
precision highp int;

// A prepared layer in this pass: the fragment of its bounding box's corner, the size of the
// box in fragments (its textures may be larger: what lies past the box is not the layer's),
// and its opacity, applied here so that a fade needs no new preparation.
struct Prepared {
    vec2 origin;
    vec2 size;
    float opacity;
};

// A fused layer: the fragment its picture's first sample lands in, the picture's size in
// fragments, and its folded colour maths.
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

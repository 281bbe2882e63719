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
// function of R'G'B'.
//
// This file holds the layers' uniform structs, which the fused key pass (FusedKey.frag) shares;
// StackMain.frag, after Matte.frag, blends each kind of layer and holds `main`.
//
// Over a transparent background (a composition drawn into a picture that another one draws as
// a layer) the planes start from premultiplied zero instead of the background, so they hold
// Y'·alpha, Cb·alpha and Cr·alpha, and each pass also stacks alpha with "over", four samples
// a texel like its planes: the luma pass into two more targets (even rows, odd rows), the
// chroma pass into one. The picture keeps only the luma's alpha, so ChromaAlpha.frag then
// premultiplies Cb and Cr by it instead of the chroma's own (ChromaAlphaPass).

precision highp float;
precision highp int;

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

#version 300 es

// Key.frag: the chroma key, the one home of its maths (docs/ARCHITECTURE.md, "Keying maths"). The
// preparation (PlaceMain.frag) keys each output pixel from its R'G'B'; the key pass of a layer
// the stacking pass fuses (FusedKey.frag) keys each chroma sample from its plane samples, with
// the same weights folded through the layer's conversion (FoldedLayerColor), as the maths is
// affine up to the last step. `KeyEffect.swift` sets the `Key` uniform.

precision highp float;
precision highp int;

struct Key {
    // The key colour's BT.709 (Cb, Cr), each -0.5 to 0.5.
    vec2 cbcr;
    // The distance in the CbCr plane within which a pixel is wholly transparent, and the width
    // of the ramp beyond it to wholly opaque.
    float similarity;
    float smoothness;
    // 1 in the key colour's strongest channel, whose cast spill suppression removes, and how
    // much of the cast goes.
    vec3 spillChannel;
    float spill;
    // The key channel less the mean of the other two, as weights of R', G' and B'
    // (KeyEffect.spillWeights).
    vec3 spillWeights;
    // BT.709's Cb and Cr as weights of R', G' and B', from the one table of luma weights
    // (ColorConversion.swift's LumaWeights).
    vec3 cbWeights;
    vec3 crWeights;
};

// BT.709's (Cb, Cr) of `values`, which `cbWeights`, `crWeights` and `offset` turn into them:
// R'G'B' with the key's own weights (and no offset), or a fused layer's plane samples.
vec2 keyChroma(vec3 cbWeights, vec3 crWeights, vec2 offset, vec3 values) {
    return vec2(dot(values, cbWeights), dot(values, crWeights)) + offset;
}

// Alpha: 0 within `similarity` of the key colour, rising linearly to 1 over `smoothness` (a
// hard step when that is 0). Never falls as the distance grows.
float keyAlpha(Key key, vec2 cbcr) {
    float d = distance(cbcr, key.cbcr);
    return key.smoothness > 0.0
        ? clamp((d - key.similarity) / key.smoothness, 0.0, 1.0)
        : step(key.similarity, d);
}

// The key channel's excess over the mean of the other two, the cast spill suppression removes,
// of `values`, which `weights` and `offset` turn into it (as for `keyChroma`).
float spillExcess(vec3 weights, float offset, vec3 values) {
    return max(0.0, dot(values, weights) + offset);
}

// Removes the key colour's cast: its channel is pulled down towards the mean of the other two
// by `spill` of the excess. (A fused layer removes it from its output Y'CbCr instead, by the
// same amount expressed there: FoldedLayerColor's `spillShift`.)
vec3 suppressSpill(Key key, vec3 rgb) {
    return rgb - key.spillChannel * (key.spill * spillExcess(key.spillWeights, 0.0, rgb));
}

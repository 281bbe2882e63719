#version 300 es

// Key.frag: the chroma key, the one home of its maths (docs/ARCHITECTURE.md, "Keying maths"). The
// preparation (Place.frag) calls `keyAlpha` for each output pixel with the (Cb, Cr) of its
// R'G'B'; the stacking pass (Stack.frag) calls it for each chroma sample of a layer it fuses,
// with the (Cb, Cr) its folded maps give. `KeyEffect.swift` sets the `Key` uniform.

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
    // BT.709's Cb and Cr as weights of R', G' and B', from the one table of luma weights
    // (ColorConversion.swift's LumaWeights).
    vec3 cbWeights;
    vec3 crWeights;
};

vec2 keyChroma(Key key, vec3 rgb) {
    return vec2(dot(rgb, key.cbWeights), dot(rgb, key.crWeights));
}

// Alpha: 0 within `similarity` of the key colour, rising linearly to 1 over `smoothness` (a
// hard step when that is 0). Never falls as the distance grows.
float keyAlpha(Key key, vec2 cbcr) {
    float d = distance(cbcr, key.cbcr);
    return key.smoothness > 0.0
        ? clamp((d - key.similarity) / key.smoothness, 0.0, 1.0)
        : step(key.similarity, d);
}

// Removes the key colour's cast: its channel is pulled down towards the mean of the other two
// by `spill` of the excess.
vec3 suppressSpill(Key key, vec3 rgb) {
    float keyed = dot(rgb, key.spillChannel);
    float others = (rgb.r + rgb.g + rgb.b - keyed) * 0.5;
    return rgb - key.spillChannel * (key.spill * max(0.0, keyed - others));
}

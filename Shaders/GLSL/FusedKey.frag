#version 300 es

// FusedKey.frag: the key of a layer the stacking pass fuses, once per picture
// (FusedKeyPass.swift), after Stack.frag (the `Fused` struct), PackedSamples.frag and Key.frag
// (the key's maths). For each chroma sample it writes the key's alpha and the spill excess,
// four samples to an RGBA8 texel: a half stacking fragment's. The layer's folded maps
// (FoldedLayerColor) give the samples' BT.709 (Cb, Cr) and the key channel's excess straight
// from the plane samples: a luma sample's weight cancels out of both (R', G' and B' all move
// one for one with Y'), so both depend on the chroma samples alone.

uniform Fused layer;
uniform Key key;
// The packed chroma planes, eight samples a texel (PackedSamples.frag).
uniform highp usampler2D cbPlane, crPlane;

layout(location = 0) out vec4 alphas;
layout(location = 1) out vec4 excesses;

void main() {
    // Four chroma samples: half of a packed texel.
    ivec2 target = ivec2(gl_FragCoord.xy);
    ivec2 texel = ivec2(target.x >> 1, target.y);
    bool second = (target.x & 1) == 1;
    uvec2 cbWords = texelFetch(cbPlane, texel, 0).xy;
    uvec2 crWords = texelFetch(crPlane, texel, 0).xy;
    vec4 cbs = unpackSamples(second ? cbWords.y : cbWords.x);
    vec4 crs = unpackSamples(second ? crWords.y : crWords.x);
    for (int i = 0; i < 4; i++) {
        vec3 samples = vec3(0.0, cbs[i], crs[i]);
        vec2 cbcr = keyChroma(layer.keyCbRow, layer.keyCrRow, layer.keyOffset, samples);
        alphas[i] = keyAlpha(key, cbcr);
        excesses[i] = spillExcess(layer.spillRow, layer.spillOffset, samples);
    }
}

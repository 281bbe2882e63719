#version 300 es

// PackedSamples.frag: eight 8-bit samples of a row in one RG32UI texel (two 32-bit unsigned
// integers, each four samples, the first in its lowest byte), as the stacking pass keeps Y'
// and alpha and reads a fused layer's Y' plane and matte (Stack.frag). A texel is the plane's
// bytes as they lie in memory, so an upload or a read-back copies them unchanged. GLSL ES 3.00
// has no `unpackUnorm4x8`, so the bytes are taken apart with shifts and masks; the values are
// those an RGBA8 texel of the same bytes would give.

precision highp float;
precision highp int;

// Four samples of one 32-bit word, 0 to 1.
vec4 unpackSamples(uint word) {
    uvec4 bytes = (uvec4(word) >> uvec4(0u, 8u, 16u, 24u)) & 255u;
    return vec4(bytes) * (1.0 / 255.0);
}

// Four samples, clamped to 0 to 1 and rounded to the nearest of 256 levels as an RGBA8
// target would store them, in one 32-bit word.
uint packSamples(vec4 samples) {
    uvec4 bytes = uvec4(clamp(samples, 0.0, 1.0) * 255.0 + 0.5);
    return bytes.x | (bytes.y << 8) | (bytes.z << 16) | (bytes.w << 24);
}

// A texel's eight samples: the first four (`left`) and the last four (`right`).
void unpackRow(uvec2 texel, out vec4 left, out vec4 right) {
    left = unpackSamples(texel.x);
    right = unpackSamples(texel.y);
}

uvec2 packRow(vec4 left, vec4 right) {
    return uvec2(packSamples(left), packSamples(right));
}

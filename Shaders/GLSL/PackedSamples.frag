#version 300 es

// PackedSamples.frag: 8-bit samples packed four to a 32-bit unsigned integer, the first in its
// lowest byte, as the stacking pass keeps its planes and reads a fused layer's planes and
// matte (Stack.frag): sixteen samples of a row in an RGBA32UI texel, eight in an RG32UI one. A
// texel is the plane's bytes as they lie in memory, so an upload or a read-back copies them
// unchanged. GLSL ES 3.00 has no `unpackUnorm4x8`, so the bytes are taken apart with shifts and
// masks; the values are those an RGBA8 texel of the same bytes would give (within a rounding
// of the last bit).

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

#version 300 es

// LUT.frag: a colour look from a 3D look-up table (README.md, "Effects": lut and
// lut_mix), the one home of its maths. The preparation (PlaceMain.frag) applies it to each output
// pixel's R'G'B' after the key, blended with the colour as it was by `mix`. `LUTEffect.swift`
// sets the `LUT` uniform and uploads the table: a size x size x size grid laid out as `size`
// slices side by side (texel (r + b * size, g) holds grid point (r, g, b)), read with exact
// fetches and interpolated here, trilinearly, as Resolve and Adobe apply a .cube file.

precision highp float;
precision highp int;

struct LUT {
    // Grid points along each axis.
    int size;
    // The input colour at the grid's first point, and 1 / (last - first).
    vec3 domainMin;
    vec3 domainScale;
    // 0: the colour as it is; 1: the look alone.
    float mix;
};

vec3 lutPoint(sampler2D table, int size, ivec3 p) {
    return texelFetch(table, ivec2(p.r + p.b * size, p.g), 0).rgb;
}

vec3 lutColor(LUT lut, sampler2D table, vec3 rgb) {
    vec3 c = clamp((rgb - lut.domainMin) * lut.domainScale, 0.0, 1.0) * float(lut.size - 1);
    vec3 first = min(floor(c), vec3(float(lut.size - 2)));
    vec3 f = c - first;
    ivec3 a = ivec3(first);
    vec3 c00 = mix(lutPoint(table, lut.size, a), lutPoint(table, lut.size, a + ivec3(1, 0, 0)), f.r);
    vec3 c10 = mix(lutPoint(table, lut.size, a + ivec3(0, 1, 0)), lutPoint(table, lut.size, a + ivec3(1, 1, 0)), f.r);
    vec3 c01 = mix(lutPoint(table, lut.size, a + ivec3(0, 0, 1)), lutPoint(table, lut.size, a + ivec3(1, 0, 1)), f.r);
    vec3 c11 = mix(lutPoint(table, lut.size, a + ivec3(0, 1, 1)), lutPoint(table, lut.size, a + ivec3(1, 1, 1)), f.r);
    return mix(mix(c00, c10, f.g), mix(c01, c11, f.g), f.b);
}

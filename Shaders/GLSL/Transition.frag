#version 300 es

// Transition.frag: joins two items of a sequence (docs/ARCHITECTURE.md, "Structure in time").
// Its inputs are the two items' prepared layers (Place.frag wrote them: premultiplied Y'CbCr
// and alpha on the output's pixel grid, four samples to an RGBA8 texel), A outgoing and B
// incoming; its output is one prepared layer of the same form over the whole frame, which the
// stacking pass draws where the sequence lies in the stack.
//
// The transition's own file (Crossfade.frag, Dip.frag, Wipe.frag, Slide.frag, Push.frag,
// Luma.frag) is appended after this one and defines `transition()`: how A and B meet at one
// sample. A slide or push also moves the pictures along one axis (TransitionPass.swift sets
// how far from the progress), read between samples by linear interpolation.
//
// Every prepared layer's bounds lie on the 8x2 pixel grid, so an input's texels lie on the
// output's texel grid, and a move shifts all four samples of a texel alike: each input is read
// a texel at a time (two for a moved one), which is most of what this pass costs on a CPU.
// Offsets are set on the CPU, as integer division costs a CPU's shader dearly.
// TransitionMain.frag, last, calls the writer for the plane, unmoved or moved.

precision highp float;
precision highp int;

// One input, in its plane's texels (four samples across, one row down): where its texels are
// relative to the output's (texel = fragment - texelOrigin), how many it has, and its opacity.
// A moved input is read from texel fragment + moveTexel, `moveLane` samples on within the
// texel pair there, and `moveFraction` of the way to the next sample (or row, when it moves
// up or down).
struct TransitionInput {
    float opacity;
    vec2 texelOrigin;
    vec2 texels;
    vec2 moveTexel;
    float moveLane;
    float moveFraction;
};

uniform TransitionInput outgoing;
uniform TransitionInput incoming;
// The output's bounds' corner, in the plane's samples.
uniform vec2 outputOrigin;
// 1 when the pictures move along rows (left or right), 0 along columns.
uniform float movesAcross;

// Luma pass: plane0 holds Y'·alpha, plane1 alpha. Chroma pass: plane0 Cb·alpha, plane1
// Cr·alpha, plane2 alpha.
uniform sampler2D outgoingPlane0, outgoingPlane1, outgoingPlane2;
uniform sampler2D incomingPlane0, incomingPlane1, incomingPlane2;

layout(location = 0) out vec4 prepared0;
layout(location = 1) out vec4 prepared1;
layout(location = 2) out vec4 prepared2;

// How A (outgoing) and B (incoming) meet at a sample centred at `position` (output pixels)
// that stands for a square of `size` pixels: each premultiplied, (Y', 0, 0, alpha) in the
// luma pass and (Cb, Cr, 0, alpha) in the chroma pass. Defined by the transition's file.
vec4 transition(vec4 a, vec4 b, vec2 position, float size);

// The input's texel `texel` of `plane`, or zero outside its bounds.
vec4 texelAt(sampler2D plane, TransitionInput side, ivec2 texel) {
    if (any(lessThan(texel, ivec2(0))) || any(greaterThanEqual(texel, ivec2(side.texels)))) {
        return vec4(0.0);
    }
    return texelFetch(plane, texel, 0);
}

// The four samples of `plane` under the output's fragment, unmoved.
vec4 inputTexel(sampler2D plane, TransitionInput side, ivec2 fragment) {
    return texelAt(plane, side, fragment - ivec2(side.texelOrigin));
}

// The four samples of `plane` under the output's fragment, moved: along a row, samples
// `moveLane` to `moveLane + 4` of the texel pair, each mixed with the next; along a column,
// the texel mixed with the one below.
vec4 movedTexel(sampler2D plane, TransitionInput side, ivec2 fragment) {
    ivec2 base = fragment + ivec2(side.moveTexel);
    if (movesAcross < 0.5) {
        return mix(texelAt(plane, side, base), texelAt(plane, side, base + ivec2(0, 1)),
                   side.moveFraction);
    }
    vec4 t0 = texelAt(plane, side, base);
    vec4 t1 = texelAt(plane, side, base + ivec2(1, 0));
    int lane = int(side.moveLane);
    vec4 lower;
    vec4 upper;
    if (lane == 0) {
        lower = t0;
        upper = vec4(t0.yzw, t1.x);
    } else if (lane == 1) {
        lower = vec4(t0.yzw, t1.x);
        upper = vec4(t0.zw, t1.xy);
    } else if (lane == 2) {
        lower = vec4(t0.zw, t1.xy);
        upper = vec4(t0.w, t1.xyz);
    } else {
        lower = vec4(t0.w, t1.xyz);
        upper = t1;
    }
    return mix(lower, upper, side.moveFraction);
}

vec4 readTexel(sampler2D plane, TransitionInput side, ivec2 fragment, bool moved) {
    return (moved ? movedTexel(plane, side, fragment) : inputTexel(plane, side, fragment))
        * side.opacity;
}

// Four luma samples of one row: Y'·alpha to the first target, alpha to the second.
void writeLuma(bool moved) {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 ay = readTexel(outgoingPlane0, outgoing, fragment, moved);
    vec4 aa = readTexel(outgoingPlane1, outgoing, fragment, moved);
    vec4 by = readTexel(incomingPlane0, incoming, fragment, moved);
    vec4 ba = readTexel(incomingPlane1, incoming, fragment, moved);
    vec4 lumas;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 p = outputOrigin + vec2(float(fragment.x * 4 + i), float(fragment.y));
        vec4 c = transition(vec4(ay[i], 0.0, 0.0, aa[i]), vec4(by[i], 0.0, 0.0, ba[i]),
                            p + 0.5, 1.0);
        lumas[i] = c.x;
        alphas[i] = c.w;
    }
    prepared0 = lumas;
    prepared1 = alphas;
    prepared2 = vec4(0.0);
}

// Four chroma samples of one row, each standing for 2x2 pixels: Cb·alpha, Cr·alpha and alpha
// to three targets.
void writeChroma(bool moved) {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 acb = readTexel(outgoingPlane0, outgoing, fragment, moved);
    vec4 acr = readTexel(outgoingPlane1, outgoing, fragment, moved);
    vec4 aa = readTexel(outgoingPlane2, outgoing, fragment, moved);
    vec4 bcb = readTexel(incomingPlane0, incoming, fragment, moved);
    vec4 bcr = readTexel(incomingPlane1, incoming, fragment, moved);
    vec4 ba = readTexel(incomingPlane2, incoming, fragment, moved);
    vec4 cbs;
    vec4 crs;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 p = outputOrigin + vec2(float(fragment.x * 4 + i), float(fragment.y));
        vec4 c = transition(vec4(acb[i], acr[i], 0.0, aa[i]), vec4(bcb[i], bcr[i], 0.0, ba[i]),
                            2.0 * p + 1.0, 2.0);
        cbs[i] = c.x;
        crs[i] = c.y;
        alphas[i] = c.w;
    }
    prepared0 = cbs;
    prepared1 = crs;
    prepared2 = alphas;
}

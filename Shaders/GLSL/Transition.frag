#version 300 es

// Transition.frag: joins two items of a sequence (docs/ARCHITECTURE.md, "Structure in time").
// Its inputs are the two items' prepared layers (Place.frag wrote them: premultiplied Y'CbCr
// and alpha on the output's pixel grid, four samples to an RGBA8 texel), A outgoing and B
// incoming; its output is one prepared layer of the same form over the whole frame, which the
// stacking pass draws where the sequence lies in the stack.
//
// The transition's own file (Crossfade.frag, Dip.frag, Wipe.frag, Slide.frag, Push.frag,
// Luma.frag) is appended after this one and defines `transition()`: how A and B meet at one
// sample. A slide or push also moves the pictures: each input is read `shift` pixels away
// (set on the CPU from the progress), between samples by linear interpolation. The generated
// part is one line: `main` calls the writer for the plane, aligned or moved.

precision highp float;
precision highp int;

// One input: its prepared layer's bounds (corner and size, in the plane's samples), its
// opacity, and how far its picture is moved (in the plane's samples); and the same bounds in
// texels relative to the output's (set on the CPU: integer division costs a CPU's shader
// dearly).
struct TransitionInput {
    vec2 origin;
    vec2 size;
    float opacity;
    vec2 shift;
    vec2 texelOrigin;
    vec2 texels;
};

uniform TransitionInput outgoing;
uniform TransitionInput incoming;
// The output's bounds' corner, in the plane's samples.
uniform vec2 outputOrigin;

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

// The sample at whole plane coordinates `p` of a prepared layer; transparent outside its
// bounds. `chroma` says which planes hold it.
vec4 fetchSample(sampler2D p0, sampler2D p1, sampler2D p2, TransitionInput side, ivec2 p,
                 bool chroma) {
    ivec2 local = p - ivec2(side.origin);
    if (any(lessThan(local, ivec2(0))) || any(greaterThanEqual(local, ivec2(side.size)))) {
        return vec4(0.0);
    }
    ivec2 texel = ivec2(local.x >> 2, local.y);
    int lane = local.x & 3;
    if (chroma) {
        return vec4(texelFetch(p0, texel, 0)[lane], texelFetch(p1, texel, 0)[lane], 0.0,
                    texelFetch(p2, texel, 0)[lane]);
    }
    return vec4(texelFetch(p0, texel, 0)[lane], 0.0, 0.0, texelFetch(p1, texel, 0)[lane]);
}

// The input at plane coordinates `p` (whole numbers: a sample's own place) read `shift`
// samples away, interpolated where the shift is not whole, times its opacity.
vec4 inputAt(sampler2D p0, sampler2D p1, sampler2D p2, TransitionInput side, vec2 p,
             bool chroma) {
    if (side.size.x <= 0.0) { return vec4(0.0); }
    vec2 at = p - side.shift;
    vec2 base = floor(at);
    vec2 f = at - base;
    ivec2 b = ivec2(base);
    vec4 value = fetchSample(p0, p1, p2, side, b, chroma);
    if (f.x > 0.0) {
        value = mix(value, fetchSample(p0, p1, p2, side, b + ivec2(1, 0), chroma), f.x);
    }
    if (f.y > 0.0) {
        vec4 below = fetchSample(p0, p1, p2, side, b + ivec2(0, 1), chroma);
        if (f.x > 0.0) {
            below = mix(below, fetchSample(p0, p1, p2, side, b + ivec2(1, 1), chroma), f.x);
        }
        value = mix(value, below, f.y);
    }
    return value * side.opacity;
}

// Where neither picture is moved, an input's texel lies on the output's texel grid (every
// prepared layer's bounds are on the 8x2 pixel grid): each input is read a texel at a time,
// four samples in one fetch per plane, which is most of what this pass costs on a CPU.

// The texel of `plane` under the output's fragment, or zero outside the input's bounds.
vec4 inputTexel(sampler2D plane, TransitionInput side, ivec2 fragment) {
    ivec2 local = fragment - ivec2(side.texelOrigin);
    if (any(lessThan(local, ivec2(0))) || any(greaterThanEqual(local, ivec2(side.texels)))) {
        return vec4(0.0);
    }
    return texelFetch(plane, local, 0);
}

// Four luma samples of one row, neither picture moved: Y'·alpha to the first target, alpha to
// the second.
void writeLumaAligned() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 ay = inputTexel(outgoingPlane0, outgoing, fragment) * outgoing.opacity;
    vec4 aa = inputTexel(outgoingPlane1, outgoing, fragment) * outgoing.opacity;
    vec4 by = inputTexel(incomingPlane0, incoming, fragment) * incoming.opacity;
    vec4 ba = inputTexel(incomingPlane1, incoming, fragment) * incoming.opacity;
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

// Four chroma samples of one row, each standing for 2x2 pixels, neither picture moved:
// Cb·alpha, Cr·alpha and alpha to three targets.
void writeChromaAligned() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 acb = inputTexel(outgoingPlane0, outgoing, fragment) * outgoing.opacity;
    vec4 acr = inputTexel(outgoingPlane1, outgoing, fragment) * outgoing.opacity;
    vec4 aa = inputTexel(outgoingPlane2, outgoing, fragment) * outgoing.opacity;
    vec4 bcb = inputTexel(incomingPlane0, incoming, fragment) * incoming.opacity;
    vec4 bcr = inputTexel(incomingPlane1, incoming, fragment) * incoming.opacity;
    vec4 ba = inputTexel(incomingPlane2, incoming, fragment) * incoming.opacity;
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

// Four luma samples of one row, a picture moved: Y'·alpha to the first target, alpha to the
// second.
void writeLuma() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 lumas;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 p = outputOrigin + vec2(float(fragment.x * 4 + i), float(fragment.y));
        vec4 a = inputAt(outgoingPlane0, outgoingPlane1, outgoingPlane1, outgoing, p, false);
        vec4 b = inputAt(incomingPlane0, incomingPlane1, incomingPlane1, incoming, p, false);
        vec4 c = transition(a, b, p + 0.5, 1.0);
        lumas[i] = c.x;
        alphas[i] = c.w;
    }
    prepared0 = lumas;
    prepared1 = alphas;
    prepared2 = vec4(0.0);
}

// Four chroma samples of one row, each standing for 2x2 pixels, a picture moved: Cb·alpha,
// Cr·alpha and alpha to three targets.
void writeChroma() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    vec4 cbs;
    vec4 crs;
    vec4 alphas;
    for (int i = 0; i < 4; i++) {
        vec2 p = outputOrigin + vec2(float(fragment.x * 4 + i), float(fragment.y));
        vec4 a = inputAt(outgoingPlane0, outgoingPlane1, outgoingPlane2, outgoing, p, true);
        vec4 b = inputAt(incomingPlane0, incomingPlane1, incomingPlane2, incoming, p, true);
        vec4 c = transition(a, b, 2.0 * p + 1.0, 2.0);
        cbs[i] = c.x;
        crs[i] = c.y;
        alphas[i] = c.w;
    }
    prepared0 = cbs;
    prepared1 = crs;
    prepared2 = alphas;
}

// Generated by TransitionPass.swift: main(), calling one of the four writers.

#version 300 es

// StackMain.frag: the stacking pass's program (Stack.frag says what it does), after Stack.frag,
// PackedSamples.frag and Matte.frag. StackPass.swift specialises it for one batch of layers:
// `TRANSPARENT` over a transparent background (the pass stacks alpha too), `READS_PREVIOUS`
// when an earlier pass drew the layers under the batch.
//
// A batch is a list of layers of any length and kinds, and GLSL ES 3.00 can neither index
// samplers with a loop's counter nor paste names together, so the list is the one part made
// for the program: each layer's uniform and samplers, and `stackLayers`, one call for each
// layer, bottom first, of `stackPrepared` or `stackFused` below (StackCode.swift). A fused
// layer's call names what it needs (`FUSED_KEYED`, `FUSED_MATTED`, `FUSED_LUMA_READS_CHROMA`,
// `FUSED_CHROMA_READS_LUMA`) with constants, so each program keeps only that layer's code.

// The colour under the bottom layer, in the output's Y'CbCr (0 to 1).
uniform vec3 background;

#ifdef READS_PREVIOUS
// The planes an earlier pass stacked (and their alpha), as this pass writes them.
uniform highp usampler2D previousLumaTop, previousLumaBottom, previousCb, previousCr;
#ifdef TRANSPARENT
uniform highp usampler2D previousAlphaTop, previousAlphaBottom, previousChromaAlpha;
#endif
#endif

// What a fused layer's code does: key (its key pass's alpha and spill), matte, and weigh the
// other planes where the picture has another matrix than the output's (its chroma in the
// output's Y', its luma in the output's Cb and Cr).
const int FUSED_KEYED = 1;
const int FUSED_MATTED = 2;
const int FUSED_LUMA_READS_CHROMA = 4;
const int FUSED_CHROMA_READS_LUMA = 8;

// Half a fragment's samples, 8 x 2 pixels: Y' in four runs of four (upper row left and right,
// then lower row left and right), four Cb and four Cr, and over a transparent background their
// alpha. A fragment is a left and a right half.
struct Planes {
    vec4 luma[4];
    vec4 cb;
    vec4 cr;
    vec4 lumaAlpha[4];
    vec4 chromaAlpha;
};

// Whether half fragment `t` of a prepared layer lies inside its box.
bool inside(Prepared layer, ivec2 t) {
    return all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, ivec2(layer.size)));
}

// A prepared layer over half a fragment, `part` its place in units of 8 x 2 pixels: the
// layer's bounds lie on that grid, so the whole half is inside its box or none of it. Its luma
// textures hold four samples of an output row a texel, its chroma textures four chroma samples.
void stackPrepared(
    Prepared layer, sampler2D lumas, sampler2D lumaAlphas, sampler2D cbs, sampler2D crs,
    sampler2D chromaAlphas, ivec2 part, inout Planes planes) {
    ivec2 t = part - ivec2(layer.origin);
    if (!inside(layer, t)) { return; }
    float o = layer.opacity;
    for (int i = 0; i < 4; i++) {
        ivec2 texel = ivec2(t.x * 2 + (i & 1), t.y * 2 + (i >> 1));
        vec4 a = texelFetch(lumaAlphas, texel, 0) * o;
        planes.luma[i] = texelFetch(lumas, texel, 0) * o + planes.luma[i] * (1.0 - a);
#ifdef TRANSPARENT
        planes.lumaAlpha[i] = a + planes.lumaAlpha[i] * (1.0 - a);
#endif
    }
    vec4 a = texelFetch(chromaAlphas, t, 0) * o;
    planes.cb = texelFetch(cbs, t, 0) * o + planes.cb * (1.0 - a);
    planes.cr = texelFetch(crs, t, 0) * o + planes.cr * (1.0 - a);
#ifdef TRANSPARENT
    planes.chromaAlpha = a + planes.chromaAlpha * (1.0 - a);
#endif
}

// A fused keyed layer's alpha at chroma resolution (from its key pass, four samples a texel,
// `here` the half fragment's own) for its eight luma columns in chroma row `row`:
// interpolated between chroma samples as a bilinear texture with centred chroma would be, the
// picture's edge samples repeated outwards. Luma columns 2j and 2j + 1 lie a quarter of a
// chroma sample either side of chroma sample j.
void keyRow(
    sampler2D keyAlphas, Fused layer, int column, int row, out vec4 here, out vec4 left,
    out vec4 right) {
    int last = int(layer.size.x) - 1;
    int r = clamp(row, 0, int(layer.size.y) - 1);
    here = texelFetch(keyAlphas, ivec2(column, r), 0);
    float before = texelFetch(keyAlphas, ivec2(max(column - 1, 0), r), 0).w;
    float after = texelFetch(keyAlphas, ivec2(min(column + 1, last), r), 0).x;
    if (column == 0) { before = here.x; }
    if (column == last) { after = here.w; }
    left = 0.75 * here.xxyy + 0.25 * vec4(before, here.y, here.x, here.z);
    right = 0.75 * here.zzww + 0.25 * vec4(here.y, here.w, here.z, after);
}

// A fused layer over half a fragment at `t` (in the picture, in units of 8 x 2 pixels), from
// its samples there: sixteen luma samples (`y`, runs as in `Planes`), each with the Cb and Cr
// it was subsampled with, and four chroma samples, each with the mean of the two luma samples
// of its upper row; `mattes` likewise, for a matted layer.
void blendFused(
    Fused layer, sampler2D keyAlpha, sampler2D excesses, Matte matte, int uses, ivec2 t,
    vec4 y[4], vec4 cbs, vec4 crs, vec4 mattes[4], inout Planes planes) {
    mat3 m = layer.toOutput;

    // The chroma's weight in Y' is zero unless the picture has another matrix than the
    // output's: then any value gives the same result.
    vec4 chromaLeft = vec4(0.5 * (m[1][0] + m[2][0]));
    vec4 chromaRight = chromaLeft;
    if ((uses & FUSED_LUMA_READS_CHROMA) != 0) {
        chromaLeft = m[1][0] * cbs.xxyy + m[2][0] * crs.xxyy;
        chromaRight = m[1][0] * cbs.zzww + m[2][0] * crs.zzww;
    }
    vec4 outY[4];
    for (int i = 0; i < 4; i++) {
        outY[i] = m[0][0] * y[i] + ((i & 1) == 0 ? chromaLeft : chromaRight)
            + layer.outputOffset.x;
    }
    // Likewise Y's weight in Cb and Cr.
    vec4 lumas = vec4(0.5);
    if ((uses & FUSED_CHROMA_READS_LUMA) != 0) {
        lumas = 0.5 * vec4(y[0].x + y[0].y, y[0].z + y[0].w, y[1].x + y[1].y, y[1].z + y[1].w);
    }
    vec4 outCb = m[0][1] * lumas + m[1][1] * cbs + m[2][1] * crs + layer.outputOffset.y;
    vec4 outCr = m[0][2] * lumas + m[1][2] * cbs + m[2][2] * crs + layer.outputOffset.z;

    vec4 a[4];
    for (int i = 0; i < 4; i++) { a[i] = vec4(layer.opacity); }
    vec4 chromaA = vec4(layer.opacity);
    if ((uses & FUSED_KEYED) != 0) {
        // The key's alpha from the key pass: the chroma samples' own, and for each luma sample
        // 3/4 of its own chroma row and 1/4 of the neighbouring one. The spill, which moves
        // colour rather than coverage, from each pixel's own chroma sample.
        vec4 here, middleLeft, middleRight, aboveLeft, aboveRight, belowLeft, belowRight;
        keyRow(keyAlpha, layer, t.x, t.y, here, middleLeft, middleRight);
        vec4 unused;
        keyRow(keyAlpha, layer, t.x, t.y - 1, unused, aboveLeft, aboveRight);
        keyRow(keyAlpha, layer, t.x, t.y + 1, unused, belowLeft, belowRight);
        a[0] *= 0.75 * middleLeft + 0.25 * aboveLeft;
        a[1] *= 0.75 * middleRight + 0.25 * aboveRight;
        a[2] *= 0.75 * middleLeft + 0.25 * belowLeft;
        a[3] *= 0.75 * middleRight + 0.25 * belowRight;
        chromaA *= here;
        vec4 excess = texelFetch(excesses, t, 0);
        for (int i = 0; i < 4; i++) {
            outY[i] += layer.spillShift.x * ((i & 1) == 0 ? excess.xxyy : excess.zzww);
        }
        outCb += layer.spillShift.y * excess;
        outCr += layer.spillShift.z * excess;
    }
    if ((uses & FUSED_MATTED) != 0) {
        for (int i = 0; i < 4; i++) { a[i] *= matteAlpha(matte, mattes[i]); }
        // A chroma sample's: the mean of the four matte samples it stands for.
        vec4 sums = vec4(
            mattes[0].x + mattes[0].y + mattes[2].x + mattes[2].y,
            mattes[0].z + mattes[0].w + mattes[2].z + mattes[2].w,
            mattes[1].x + mattes[1].y + mattes[3].x + mattes[3].y,
            mattes[1].z + mattes[1].w + mattes[3].z + mattes[3].w);
        chromaA *= matteAlpha(matte, 0.25 * sums);
    }
    for (int i = 0; i < 4; i++) {
        planes.luma[i] = mix(planes.luma[i], outY[i], a[i]);
#ifdef TRANSPARENT
        planes.lumaAlpha[i] = mix(planes.lumaAlpha[i], vec4(1.0), a[i]);
#endif
    }
    planes.cb = mix(planes.cb, outCb, chromaA);
    planes.cr = mix(planes.cr, outCr, chromaA);
#ifdef TRANSPARENT
    planes.chromaAlpha = mix(planes.chromaAlpha, vec4(1.0), chromaA);
#endif
}

// A fused layer over a fragment: its picture starts on a multiple of 16 pixels, so the
// fragment's samples are one texel of each plane (and of the matte), its left half the first
// half of each.
void stackFused(
    Fused layer, highp usampler2D yPlane, highp usampler2D cbPlane, highp usampler2D crPlane,
    sampler2D keyAlpha, sampler2D excesses, Matte matte, highp usampler2D matteY, int uses,
    ivec2 fragment, inout Planes left, inout Planes right) {
    // The left half in the picture, in units of 8 x 2 pixels (so even).
    ivec2 t = ivec2(fragment.x * 2, fragment.y) - ivec2(layer.origin);
    ivec2 top = ivec2(t.x >> 1, t.y * 2);
    ivec2 bottom = top + ivec2(0, 1);
    uvec4 yTop = texelFetch(yPlane, top, 0);
    uvec4 yBottom = texelFetch(yPlane, bottom, 0);
    uvec2 cbs = texelFetch(cbPlane, ivec2(t.x >> 1, t.y), 0).xy;
    uvec2 crs = texelFetch(crPlane, ivec2(t.x >> 1, t.y), 0).xy;
    uvec4 matteTop = uvec4(0u);
    uvec4 matteBottom = uvec4(0u);
    if ((uses & FUSED_MATTED) != 0) {
        matteTop = texelFetch(matteY, top, 0);
        matteBottom = texelFetch(matteY, bottom, 0);
    }
    blendFused(
        layer, keyAlpha, excesses, matte, uses, t,
        vec4[4](unpackSamples(yTop.x), unpackSamples(yTop.y), unpackSamples(yBottom.x),
                unpackSamples(yBottom.y)),
        unpackSamples(cbs.x), unpackSamples(crs.x),
        vec4[4](unpackSamples(matteTop.x), unpackSamples(matteTop.y),
                unpackSamples(matteBottom.x), unpackSamples(matteBottom.y)),
        left);
    // A picture 8 pixels more than a multiple of 16 wide ends halfway through its last
    // fragments: their right halves are not the layer's.
    if (t.x + 1 < int(layer.size.x)) {
        blendFused(
            layer, keyAlpha, excesses, matte, uses, t + ivec2(1, 0),
            vec4[4](unpackSamples(yTop.z), unpackSamples(yTop.w), unpackSamples(yBottom.z),
                    unpackSamples(yBottom.w)),
            unpackSamples(cbs.y), unpackSamples(crs.y),
            vec4[4](unpackSamples(matteTop.z), unpackSamples(matteTop.w),
                    unpackSamples(matteBottom.z), unpackSamples(matteBottom.w)),
            right);
    }
}

// The batch's layers, bottom first: made for the program (StackCode.swift), after this file.
void stackLayers(ivec2 fragment, inout Planes left, inout Planes right);

layout(location = 0) out uvec4 stackedLumaTop;
layout(location = 1) out uvec4 stackedLumaBottom;
layout(location = 2) out uvec2 stackedCb;
layout(location = 3) out uvec2 stackedCr;
#ifdef TRANSPARENT
layout(location = 4) out uvec4 stackedAlphaTop;
layout(location = 5) out uvec4 stackedAlphaBottom;
layout(location = 6) out uvec2 stackedChromaAlpha;
#endif

// Half a fragment's planes before any layer: over premultiplied zero when transparent (the
// alpha starts at zero too), else the background.
Planes startingPlanes() {
    Planes planes;
    for (int i = 0; i < 4; i++) {
        planes.lumaAlpha[i] = vec4(0.0);
#ifdef TRANSPARENT
        planes.luma[i] = vec4(0.0);
#else
        planes.luma[i] = vec4(background.x);
#endif
    }
    planes.chromaAlpha = vec4(0.0);
#ifdef TRANSPARENT
    planes.cb = vec4(0.0);
    planes.cr = vec4(0.0);
#else
    planes.cb = vec4(background.y);
    planes.cr = vec4(background.z);
#endif
    return planes;
}

void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    Planes left = startingPlanes();
    Planes right = left;
#ifdef READS_PREVIOUS
    uvec4 top = texelFetch(previousLumaTop, fragment, 0);
    uvec4 bottom = texelFetch(previousLumaBottom, fragment, 0);
    uvec2 cbs = texelFetch(previousCb, fragment, 0).xy;
    uvec2 crs = texelFetch(previousCr, fragment, 0).xy;
    left.luma = vec4[4](unpackSamples(top.x), unpackSamples(top.y), unpackSamples(bottom.x),
                        unpackSamples(bottom.y));
    right.luma = vec4[4](unpackSamples(top.z), unpackSamples(top.w), unpackSamples(bottom.z),
                         unpackSamples(bottom.w));
    left.cb = unpackSamples(cbs.x);
    right.cb = unpackSamples(cbs.y);
    left.cr = unpackSamples(crs.x);
    right.cr = unpackSamples(crs.y);
#ifdef TRANSPARENT
    uvec4 alphaTop = texelFetch(previousAlphaTop, fragment, 0);
    uvec4 alphaBottom = texelFetch(previousAlphaBottom, fragment, 0);
    uvec2 chromaAlphas = texelFetch(previousChromaAlpha, fragment, 0).xy;
    left.lumaAlpha = vec4[4](unpackSamples(alphaTop.x), unpackSamples(alphaTop.y),
                             unpackSamples(alphaBottom.x), unpackSamples(alphaBottom.y));
    right.lumaAlpha = vec4[4](unpackSamples(alphaTop.z), unpackSamples(alphaTop.w),
                              unpackSamples(alphaBottom.z), unpackSamples(alphaBottom.w));
    left.chromaAlpha = unpackSamples(chromaAlphas.x);
    right.chromaAlpha = unpackSamples(chromaAlphas.y);
#endif
#endif
    stackLayers(fragment, left, right);
    stackedLumaTop = uvec4(packSamples(left.luma[0]), packSamples(left.luma[1]),
                           packSamples(right.luma[0]), packSamples(right.luma[1]));
    stackedLumaBottom = uvec4(packSamples(left.luma[2]), packSamples(left.luma[3]),
                              packSamples(right.luma[2]), packSamples(right.luma[3]));
    stackedCb = uvec2(packSamples(left.cb), packSamples(right.cb));
    stackedCr = uvec2(packSamples(left.cr), packSamples(right.cr));
#ifdef TRANSPARENT
    stackedAlphaTop = uvec4(packSamples(left.lumaAlpha[0]), packSamples(left.lumaAlpha[1]),
                            packSamples(right.lumaAlpha[0]), packSamples(right.lumaAlpha[1]));
    stackedAlphaBottom = uvec4(packSamples(left.lumaAlpha[2]), packSamples(left.lumaAlpha[3]),
                               packSamples(right.lumaAlpha[2]), packSamples(right.lumaAlpha[3]));
    stackedChromaAlpha = uvec2(packSamples(left.chromaAlpha), packSamples(right.chromaAlpha));
#endif
}

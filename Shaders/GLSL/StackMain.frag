#version 300 es

// StackMain.frag: the stacking pass's program (Stack.frag says what it does), after Stack.frag
// and Matte.frag. StackPass.swift specialises it for one batch of layers: `LUMA` for the pass
// that writes Y' (Cb and Cr without it), `TRANSPARENT` over a transparent background (the pass
// stacks alpha too), `READS_PREVIOUS` when an earlier pass drew the layers under the batch.
//
// A batch is a list of layers of any length and kinds, and GLSL ES 3.00 can neither index
// samplers with a loop's counter nor paste names together, so the list is the one part made
// for the program: each layer's uniform and samplers, and `stackLayers`, one call for each
// layer, bottom first, of `stackPrepared` or `stackFused` below (StackCode.swift). A fused
// layer's call names what it needs (`FUSED_KEYED`, `FUSED_MATTED`, `FUSED_OTHER_PLANES`) with
// constants, so each program keeps only that layer's code.

// The colour under the bottom layer, in the output's Y'CbCr (0 to 1).
uniform vec3 background;

#ifdef READS_PREVIOUS
// The planes an earlier pass stacked (and their alpha), as this pass writes them.
uniform sampler2D previous0, previous1, previous2, previous3;
#endif

// What a fused layer's code does: key (its key pass's alpha and spill), matte, and read the
// other plane (chroma for the luma pass, luma for the chroma pass: only a picture with another
// matrix than the output's needs it).
const int FUSED_KEYED = 1;
const int FUSED_MATTED = 2;
const int FUSED_OTHER_PLANES = 4;

#ifdef LUMA

// Four samples of each of the fragment's two rows, and over a transparent background their
// alpha.
struct Planes {
    vec4 top;
    vec4 bottom;
    vec4 topAlpha;
    vec4 bottomAlpha;
};

#else

// Four Cb and four Cr samples, and over a transparent background their alpha.
struct Planes {
    vec4 cb;
    vec4 cr;
    vec4 alpha;
};

#endif

// Whether texel `t` of a prepared layer lies inside its box.
bool inside(Prepared layer, ivec2 t) {
    return all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, ivec2(layer.size)));
}

#ifdef LUMA

// A prepared layer over the fragment's two rows: its texture rows are output rows, and its
// bounds lie on even rows, so both rows are inside its box or both out.
void stackPrepared(
    Prepared layer, sampler2D lumas, sampler2D alphas, ivec2 fragment, inout Planes planes) {
    ivec2 t = ivec2(fragment.x, fragment.y * 2) - ivec2(layer.origin);
    if (!inside(layer, t)) { return; }
    float o = layer.opacity;
    vec4 a = texelFetch(alphas, t, 0) * o;
    planes.top = texelFetch(lumas, t, 0) * o + planes.top * (1.0 - a);
#ifdef TRANSPARENT
    planes.topAlpha = a + planes.topAlpha * (1.0 - a);
#endif
    t.y += 1;
    a = texelFetch(alphas, t, 0) * o;
    planes.bottom = texelFetch(lumas, t, 0) * o + planes.bottom * (1.0 - a);
#ifdef TRANSPARENT
    planes.bottomAlpha = a + planes.bottomAlpha * (1.0 - a);
#endif
}

// A fused keyed layer's alpha at chroma resolution (from its key pass, four samples a texel)
// for the four luma columns of fragment column `texel.x`, in chroma row `row`: interpolated
// between chroma samples as a bilinear texture with centred chroma would be, the picture's
// edge samples repeated outwards.
vec4 keyRow(sampler2D keyAlphas, Fused layer, ivec2 texel, int row) {
    int columns = int(layer.size.x) / 2;
    int k = texel.x >> 1;
    bool odd = (texel.x & 1) == 1;
    int r = clamp(row, 0, int(layer.size.y) - 1);
    vec4 here = texelFetch(keyAlphas, ivec2(k, r), 0);
    vec4 there = texelFetch(keyAlphas, ivec2(clamp(odd ? k + 1 : k - 1, 0, columns - 1), r), 0);
    // Chroma samples 2m - 1 to 2m + 2 for luma columns 4m to 4m + 3.
    vec4 a = odd ? vec4(here.yzw, there.x) : vec4(there.w, here.xyz);
    if (!odd && k == 0) { a.x = a.y; }
    if (odd && k == columns - 1) { a.w = a.z; }
    return 0.75 * a.yyzz + 0.25 * a.xzyw;
}

// The key's alpha for the fragment's two rows of four luma samples: each row 3/4 its own
// chroma row and 1/4 the neighbouring one.
void keyAlphas(sampler2D keyAlphas, Fused layer, ivec2 texel, out vec4 top, out vec4 bottom) {
    vec4 middle = keyRow(keyAlphas, layer, texel, texel.y);
    top = 0.75 * middle + 0.25 * keyRow(keyAlphas, layer, texel, texel.y - 1);
    bottom = 0.75 * middle + 0.25 * keyRow(keyAlphas, layer, texel, texel.y + 1);
}

// Eight luma samples of a fused layer, four of each of two rows, each with the Cb and Cr it was
// subsampled with (which the two rows share).
void stackFused(
    Fused layer, sampler2D yPlane, sampler2D cbPlane, sampler2D crPlane, sampler2D keyAlpha,
    sampler2D excesses, Matte matte, sampler2D matteY, int uses, ivec2 fragment,
    inout Planes planes) {
    ivec2 t = fragment - ivec2(layer.origin);
    ivec2 row = ivec2(t.x, t.y * 2);
    vec4 tops = texelFetch(yPlane, row, 0);
    vec4 bottoms = texelFetch(yPlane, row + ivec2(0, 1), 0);
    mat3 m = layer.toOutput;
    // The chroma's weight in Y' is zero unless the picture has another matrix than the
    // output's: then any value gives the same result.
    vec4 chroma = vec4(0.5 * (m[1][0] + m[2][0]));
    if ((uses & FUSED_OTHER_PLANES) != 0) {
        ivec2 c = ivec2(t.x >> 1, t.y);
        vec4 cbs = texelFetch(cbPlane, c, 0);
        vec4 crs = texelFetch(crPlane, c, 0);
        vec2 cbPair = (t.x & 1) == 0 ? cbs.xy : cbs.zw;
        vec2 crPair = (t.x & 1) == 0 ? crs.xy : crs.zw;
        chroma = m[1][0] * cbPair.xxyy + m[2][0] * crPair.xxyy;
    }
    vec4 topY = m[0][0] * tops + chroma + layer.outputOffset.x;
    vec4 bottomY = m[0][0] * bottoms + chroma + layer.outputOffset.x;
    vec4 topA = vec4(layer.opacity);
    vec4 bottomA = topA;
    if ((uses & FUSED_KEYED) != 0) {
        // The key's alpha from the key pass, interpolated per luma sample; the spill, which
        // moves colour rather than coverage, from each pixel's own chroma sample.
        vec4 keyTop;
        vec4 keyBottom;
        keyAlphas(keyAlpha, layer, t, keyTop, keyBottom);
        topA *= keyTop;
        bottomA *= keyBottom;
        vec4 pairs = texelFetch(excesses, ivec2(t.x >> 1, t.y), 0);
        vec4 excess = (t.x & 1) == 0 ? pairs.xxyy : pairs.zzww;
        topY += layer.spillShift.x * excess;
        bottomY += layer.spillShift.x * excess;
    }
    if ((uses & FUSED_MATTED) != 0) {
        topA *= matteAlpha(matte, texelFetch(matteY, row, 0));
        bottomA *= matteAlpha(matte, texelFetch(matteY, row + ivec2(0, 1), 0));
    }
    planes.top = mix(planes.top, topY, topA);
    planes.bottom = mix(planes.bottom, bottomY, bottomA);
#ifdef TRANSPARENT
    planes.topAlpha = mix(planes.topAlpha, vec4(1.0), topA);
    planes.bottomAlpha = mix(planes.bottomAlpha, vec4(1.0), bottomA);
#endif
}

#else

// A prepared layer's four chroma samples under the fragment.
void stackPrepared(
    Prepared layer, sampler2D cbs, sampler2D crs, sampler2D alphas, ivec2 fragment,
    inout Planes planes) {
    ivec2 t = fragment - ivec2(layer.origin);
    if (!inside(layer, t)) { return; }
    float o = layer.opacity;
    vec4 a = texelFetch(alphas, t, 0) * o;
    planes.cb = texelFetch(cbs, t, 0) * o + planes.cb * (1.0 - a);
    planes.cr = texelFetch(crs, t, 0) * o + planes.cr * (1.0 - a);
#ifdef TRANSPARENT
    planes.alpha = a + planes.alpha * (1.0 - a);
#endif
}

// Four chroma samples of a fused layer, each with the mean of the two luma samples of its upper
// row.
void stackFused(
    Fused layer, sampler2D yPlane, sampler2D cbPlane, sampler2D crPlane, sampler2D keyAlpha,
    sampler2D excesses, Matte matte, sampler2D matteY, int uses, ivec2 fragment,
    inout Planes planes) {
    ivec2 t = fragment - ivec2(layer.origin);
    vec4 cbs = texelFetch(cbPlane, t, 0);
    vec4 crs = texelFetch(crPlane, t, 0);
    mat3 m = layer.toOutput;
    // Y's weight in Cb and Cr is zero unless the picture has another matrix than the output's:
    // then any value gives the same result.
    vec4 lumas = vec4(0.5);
    if ((uses & FUSED_OTHER_PLANES) != 0) {
        ivec2 l = t * 2;
        vec4 left = texelFetch(yPlane, l, 0);
        vec4 right = texelFetch(yPlane, l + ivec2(1, 0), 0);
        lumas = 0.5 * vec4(left.x + left.y, left.z + left.w, right.x + right.y, right.z + right.w);
    }
    vec4 outCb = m[0][1] * lumas + m[1][1] * cbs + m[2][1] * crs + layer.outputOffset.y;
    vec4 outCr = m[0][2] * lumas + m[1][2] * cbs + m[2][2] * crs + layer.outputOffset.z;
    vec4 a = vec4(layer.opacity);
    if ((uses & FUSED_KEYED) != 0) {
        // Alpha and spill excess as the key pass computed them for these samples.
        a *= texelFetch(keyAlpha, t, 0);
        vec4 excess = texelFetch(excesses, t, 0);
        outCb += layer.spillShift.y * excess;
        outCr += layer.spillShift.z * excess;
    }
    if ((uses & FUSED_MATTED) != 0) {
        // The mean of the four matte samples the chroma sample stands for.
        ivec2 mt = t * 2;
        vec4 a0 = texelFetch(matteY, mt, 0);
        vec4 b0 = texelFetch(matteY, mt + ivec2(1, 0), 0);
        vec4 a1 = texelFetch(matteY, mt + ivec2(0, 1), 0);
        vec4 b1 = texelFetch(matteY, mt + ivec2(1, 1), 0);
        vec4 sums = vec4(a0.x + a0.y + a1.x + a1.y, a0.z + a0.w + a1.z + a1.w,
                         b0.x + b0.y + b1.x + b1.y, b0.z + b0.w + b1.z + b1.w);
        a *= matteAlpha(matte, 0.25 * sums);
    }
    planes.cb = mix(planes.cb, outCb, a);
    planes.cr = mix(planes.cr, outCr, a);
#ifdef TRANSPARENT
    planes.alpha = mix(planes.alpha, vec4(1.0), a);
#endif
}

#endif

// The batch's layers, bottom first: made for the program (StackCode.swift), after this file.
void stackLayers(ivec2 fragment, inout Planes planes);

layout(location = 0) out vec4 stacked0;
layout(location = 1) out vec4 stacked1;
#ifdef TRANSPARENT
layout(location = 2) out vec4 stacked2;
#ifdef LUMA
layout(location = 3) out vec4 stacked3;
#endif
#endif

void main() {
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    // Over premultiplied zero when transparent, so the alpha fields start at zero too.
    Planes planes;
#ifdef LUMA
    planes.topAlpha = vec4(0.0);
    planes.bottomAlpha = vec4(0.0);
#if defined(READS_PREVIOUS)
    planes.top = texelFetch(previous0, fragment, 0);
    planes.bottom = texelFetch(previous1, fragment, 0);
#ifdef TRANSPARENT
    planes.topAlpha = texelFetch(previous2, fragment, 0);
    planes.bottomAlpha = texelFetch(previous3, fragment, 0);
#endif
#elif defined(TRANSPARENT)
    planes.top = vec4(0.0);
    planes.bottom = vec4(0.0);
#else
    planes.top = vec4(background.x);
    planes.bottom = planes.top;
#endif
    stackLayers(fragment, planes);
    stacked0 = planes.top;
    stacked1 = planes.bottom;
#ifdef TRANSPARENT
    stacked2 = planes.topAlpha;
    stacked3 = planes.bottomAlpha;
#endif
#else
    planes.alpha = vec4(0.0);
#if defined(READS_PREVIOUS)
    planes.cb = texelFetch(previous0, fragment, 0);
    planes.cr = texelFetch(previous1, fragment, 0);
#ifdef TRANSPARENT
    planes.alpha = texelFetch(previous2, fragment, 0);
#endif
#elif defined(TRANSPARENT)
    planes.cb = vec4(0.0);
    planes.cr = vec4(0.0);
#else
    planes.cb = vec4(background.y);
    planes.cr = vec4(background.z);
#endif
    stackLayers(fragment, planes);
    stacked0 = planes.cb;
    stacked1 = planes.cr;
#ifdef TRANSPARENT
    stacked2 = planes.alpha;
#endif
#endif
}

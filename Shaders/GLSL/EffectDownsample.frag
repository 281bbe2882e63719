#version 300 es

// EffectDownsample.frag: the first step of a wide blur (EffectPasses.swift). Each texel is the
// mean of a `factor` x `factor` block of a premultiplied layer (Y'*alpha, Cb*alpha, Cr*alpha,
// alpha), so the Gaussian that follows works on a picture `factor` times smaller with a
// standard deviation `factor` times smaller: a blur of any width costs about one pass over
// the layer. Texels past the source's edge count as transparent.

precision highp float;
precision highp int;

uniform sampler2D source;
uniform int factor;

out vec4 averaged;

void main() {
    ivec2 first = ivec2(gl_FragCoord.xy) * factor;
    ivec2 size = textureSize(source, 0);
    vec4 sum = vec4(0.0);
    for (int y = 0; y < factor; y++) {
        for (int x = 0; x < factor; x++) {
            ivec2 p = first + ivec2(x, y);
            if (p.x < size.x && p.y < size.y) { sum += texelFetch(source, p, 0); }
        }
    }
    averaged = sum / float(factor * factor);
}

#version 300 es

// Corner.frag: rounded corners (README.md, "Effects": corner_radius), the one home
// of their maths. The preparation (PlaceMain.frag) multiplies a layer's alpha by `cornerCoverage`
// for each output pixel, in the unrotated frame the layer's box lives in, so the corners turn
// with the layer. `CornerEffect.swift` sets the `Corner` uniform.

precision highp float;
precision highp int;

struct Corner {
    // The drawn picture's rectangle (x0, y0, x1, y1) in unrotated output pixels, and the
    // corners' radius in output pixels (at most half the shorter side).
    vec4 rect;
    float radius;
};

// How much of a sample (a square of side 2 * halfSize around `position`) lies inside the
// rounded corner it is near: 1 away from the corners, where the rectangle's own coverage
// already makes the straight edges smooth, and near a corner a ramp one sample wide across
// the arc, so the curve is as smooth as the edges at any radius.
float cornerCoverage(Corner corner, vec2 position, float halfSize) {
    vec2 center = 0.5 * (corner.rect.xy + corner.rect.zw);
    vec2 inner = 0.5 * (corner.rect.zw - corner.rect.xy) - corner.radius;
    vec2 d = abs(position - center) - inner;
    if (corner.radius <= 0.0 || d.x <= 0.0 || d.y <= 0.0) { return 1.0; }
    return clamp(0.5 - (length(d) - corner.radius) / (2.0 * halfSize), 0.0, 1.0);
}

#version 300 es

// Fills the target with one colour: clears a layer, and is the smallest pass the tests render.

precision highp float;

in vec2 textureCoordinate;

// The colour to fill with, premultiplied RGBA in [0, 1].
uniform vec4 color;

out vec4 fragmentColor;

void main() {
    fragmentColor = color;
}

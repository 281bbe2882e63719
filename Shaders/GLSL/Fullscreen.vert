#version 300 es

// The vertex stage of every pass: one triangle that covers the whole viewport, built from
// gl_VertexID so no vertex buffer is needed (draw 3 vertices with no attributes). A triangle
// rather than a quad leaves no diagonal seam where two triangles would meet.
//
// textureCoordinate runs from (0, 0) at the first row the framebuffer stores (what
// glReadPixels returns first) to (1, 1) at the last, the same order as texture uploads, so a
// pass that copies a texture keeps its rows in order.

out vec2 textureCoordinate;

void main() {
    // Vertex 0, 1, 2 -> (0, 0), (2, 0), (0, 2) in texture space: (-1, -1), (3, -1), (-1, 3) in
    // clip space.
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    textureCoordinate = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}

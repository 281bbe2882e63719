import Testing

@testable import Compositing

/// A prepared layer's textures never have a side that is a power of two, so llvmpipe compiles
/// each stacking program once, not once for every mix of power-of-two sides among its twenty
/// textures (a cold render of 100 moving fills: 25 CPU s before, 5 after).
@Suite("prepared layers: texture sides that keep llvmpipe's shader variants to one")
struct PreparedCapacityTests {
  private func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }

  @Test(
    "every size from 1×1 to 400×200 gets a capacity that holds it, on the grid, no side a power of two"
  )
  func capacities() {
    for width in 1...400 {
      for height in stride(from: 1, through: 200, by: 3) {
        let capacity = PreparedLayer.capacity(holding: SIMD2(width, height))
        #expect(capacity.x >= width && capacity.y >= height)
        #expect(capacity.x % 8 == 0 && capacity.y % 2 == 0)
        // Luma textures are x / 4 by y, chroma x / 8 by y / 2.
        for side in [capacity.x / 4, capacity.y, capacity.x / 8, capacity.y / 2] {
          #expect(!isPowerOfTwo(side), "\(width)×\(height) → \(capacity)")
        }
        // At most one texel more than the grid needs, on each side.
        #expect(capacity.x <= max(24, ((width + 7) / 8 + 1) * 8))
        #expect(capacity.y <= max(6, ((height + 1) / 2 + 1) * 2))
      }
    }
  }
}

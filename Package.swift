// swift-tools-version: 6.0
import PackageDescription

// The module stack, bottom to top (see docs in README.md and docs/ARCHITECTURE.md):
// Diagnostics, Timeline → ProjectFile → RenderPlan → (Media, GPU, Typesetting) → Renderer →
// chromake. Our C is reached only through the CFFmpeg, CEGL and CPangoCairo system libraries,
// imported by Media, GPU and Typesetting (and Yams' own libyaml, which ProjectFile's prescan
// of aliases reads before Yams builds a tree).
let package = Package(
  name: "chromake",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "chromake", targets: ["chromake"])
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    // SHA-256 for render fingerprints: BoringSSL's hardware-accelerated hashing, which a
    // fingerprint of gigabytes of sources needs, and no C library of our own to bind.
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
  ],
  targets: [
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev", "libavfilter-dev",
        ])
      ]
    ),
    .systemLibrary(
      name: "CEGL",
      pkgConfig: "egl",
      providers: [.apt(["libegl-dev", "libgles-dev", "libegl-mesa0", "libgl1-mesa-dri"])]
    ),
    .systemLibrary(
      name: "CPangoCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "fonts-dejavu-core"])]
    ),
    .target(name: "Diagnostics"),
    // Values both halves speak: the reader makes them, the plan carries them, the renderer
    // draws with them, so the renderer needs nothing from ProjectFile.
    .target(name: "PlanValues", dependencies: ["Timeline"]),
    .target(name: "Timeline"),
    .target(
      name: "ProjectFile",
      dependencies: [
        "Diagnostics", "Timeline", "PlanValues", .product(name: "Yams", package: "Yams"),
      ]
    ),
    .target(
      name: "RenderPlan", dependencies: ["ProjectFile", "Diagnostics", "Timeline", "PlanValues"]),
    .target(name: "Media", dependencies: ["CFFmpeg", "Timeline", "PlanValues"]),
    .target(name: "Shaders", path: "Shaders", resources: [.embedInCode("GLSL")]),
    .target(name: "GPU", dependencies: ["CEGL", "Shaders"]),
    .target(name: "Typesetting", dependencies: ["CPangoCairo"]),
    .target(
      name: "Renderer",
      dependencies: [
        "RenderPlan", "PlanValues", "Media", "GPU", "Typesetting",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .executableTarget(
      name: "chromake",
      dependencies: [
        "Renderer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
    .testTarget(
      name: "ProjectFileTests",
      // Renderer for the typesetter that fits text while planning, as `chromake plan` does.
      dependencies: ["ProjectFile", "RenderPlan", "Renderer", "TestSupport"],
      exclude: ["Fixtures"]
    ),
    .target(name: "TestSupport", dependencies: ["TestIsolation"], path: "Tests/TestSupport"),
    // Gives the test process caches of its own (XDG_CACHE_HOME), made before any test runs.
    .target(name: "TestIsolation", path: "Tests/TestIsolation"),
    .testTarget(name: "MediaTests", dependencies: ["Media", "PlanValues", "TestSupport"]),
    .testTarget(name: "GPUTests", dependencies: ["GPU"]),
    .testTarget(name: "TypesettingTests", dependencies: ["Typesetting"]),
    .testTarget(name: "RendererTests", dependencies: ["Renderer", "TestSupport"]),
    .testTarget(name: "CLITests", dependencies: ["chromake", "TestSupport"]),
  ]
)

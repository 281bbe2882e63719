// swift-tools-version: 6.0
import PackageDescription

// The module stack, bottom to top (see docs in README.md and docs/ARCHITECTURE.md):
// Diagnostics, Timeline → PlanValues, Looks → ProjectFile, RenderPlan (the plan's types) →
// Planning → (Media, GPU, Typesetting) → Outputs → Builds → (Mixing, Compositing) → Rendering;
// Session (which needs Builds' records and Outputs' cancellation) → chromake. Every module a
// target imports is declared here (scripts/check-imports, run by CI, fails otherwise). Rendering and the modules it runs
// see the plan and nothing of the project file it came from. Our C is reached only through
// the CFFmpeg, CEGL, CPangoCairo and CEspeakNG system libraries, imported by Media, GPU,
// Typesetting and Speech (and Yams' own libyaml, which ProjectFile's prescan of aliases reads
// before Yams builds a tree).
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
    // `chromake preview`'s HTTP server: no dependencies of its own (about 17 s of a cold build
    // against SwiftNIO-based servers' 100 s on 2 cores), epoll on Linux, bodies streamed outside
    // its request timeout (server-sent events), Swift 6 concurrency.
    .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
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
    .systemLibrary(
      name: "CEspeakNG",
      pkgConfig: "espeak-ng",
      providers: [.apt(["libespeak-ng-dev"])]
    ),
    .target(name: "Diagnostics"),
    // Values both halves speak: the reader makes them, the plan carries them, the renderer
    // draws with them, so the renderer needs nothing from ProjectFile.
    .target(name: "PlanValues", dependencies: ["Timeline", "Diagnostics"]),
    .target(name: "Timeline"),
    // `.cube` colour look-up tables, read with located errors: by the reader that checks a
    // project and by the renderer that draws through them.
    .target(name: "Looks", dependencies: ["Diagnostics"]),
    .target(
      name: "ProjectFile",
      dependencies: [
        "Diagnostics", "Timeline", "PlanValues", "Looks", .product(name: "Yams", package: "Yams"),
      ]
    ),
    // The plan's types: what the planner writes and the renderer reads.
    .target(name: "RenderPlan", dependencies: ["Timeline", "PlanValues"]),
    .target(
      name: "Planning",
      dependencies: ["ProjectFile", "RenderPlan", "Diagnostics", "Timeline", "PlanValues"]),
    .target(name: "Media", dependencies: ["CFFmpeg", "Timeline", "PlanValues"]),
    .target(name: "Shaders", path: "Shaders", resources: [.embedInCode("GLSL")]),
    .target(name: "GPU", dependencies: ["CEGL", "Shaders"]),
    .target(name: "Typesetting", dependencies: ["CPangoCairo", "PlanValues"]),
    // Files put in place whole or not at all, and a render stopped cleanly by a signal.
    .target(name: "Outputs", dependencies: ["PlanValues"]),
    // What must be rendered again: fingerprints, build records, depfiles, segment digests.
    .target(
      name: "Builds",
      dependencies: [
        "Outputs", "RenderPlan", "PlanValues", "Media", "GPU", "Shaders", "Typesetting",
        "Timeline", "Diagnostics", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // Speech from text with espeak-ng's library: samples and word timings, the engine's
    // identity for cache keys, WAV files put in place whole.
    .target(
      name: "Speech",
      dependencies: [
        "CEspeakNG", "Outputs", "Timeline", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // The plan's sound: streams decoded, mixed, ducked, limited and brought to loudness.
    .target(
      name: "Mixing",
      dependencies: ["RenderPlan", "Media", "Timeline", "Diagnostics"],
      // Optimised in debug builds too: the loudness meter, true peak and limiter run per sample
      // (the true peak 4× oversampled), and unoptimised they take 16× the processor time (3.3 s
      // against 0.2 s to render a 2 s sound to a loudness target), which was a third of the
      // test suite's time. `-O` keeps overflow and precondition checks; Mixing has no `assert`.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
    ),
    // The plan's pictures: layers, stills, effects and transitions drawn on the GPU.
    .target(
      name: "Compositing",
      dependencies: [
        "RenderPlan", "PlanValues", "Looks", "Media", "GPU", "Shaders", "Typesetting", "Timeline",
      ]
    ),
    // A render run: the pipeline that decodes, composites, mixes and encodes, a render only
    // when the build record says so, progress, and the lanes of a segmented render.
    .target(
      name: "Rendering",
      dependencies: [
        "Outputs", "Builds", "Mixing", "Compositing", "RenderPlan", "PlanValues", "Media", "GPU",
        "Timeline", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // The front half of every command: a project loaded with its children, its media probed,
    // its fonts found, planned, and its output's build record read.
    .target(
      name: "Session",
      dependencies: [
        "ProjectFile", "Planning", "RenderPlan", "PlanValues", "Diagnostics", "Media",
        "Typesetting", "Outputs", "Builds", "Timeline", "Speech",
      ]
    ),
    // `chromake preview`: one session kept alive behind a local HTTP server, planned again when
    // a watched input is saved, its frames drawn on demand on one GPU thread, and the page
    // (`Page/`) embedded in the binary.
    .target(
      name: "Preview",
      dependencies: [
        "Session", "Rendering", "Builds", "RenderPlan", "PlanValues", "Diagnostics", "Media",
        "GPU", "Timeline", .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      resources: [.embedInCode("Page")]
    ),
    .executableTarget(
      name: "chromake",
      dependencies: [
        "Preview", "Session", "Rendering", "Builds", "Mixing", "Outputs", "Planning", "ProjectFile",
        "RenderPlan", "PlanValues", "Media", "GPU", "Timeline", "Diagnostics",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Test-only libraries: temp folders, tools and media for every target's tests; the fixture
    // projects planned with a font-free text measurer.
    .target(name: "TestSupport", dependencies: ["TestIsolation"], path: "Tests/TestSupport"),
    // Gives the test process caches of its own (XDG_CACHE_HOME), made before any test runs.
    .target(name: "TestIsolation", path: "Tests/TestIsolation"),
    .target(
      name: "ProjectFixtures",
      dependencies: ["Planning", "ProjectFile", "RenderPlan", "PlanValues", "Diagnostics"],
      path: "Tests/ProjectFixtures", exclude: ["Fixtures"]
    ),
    // One test target per module, named after it.
    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
    .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
    .testTarget(name: "PlanValuesTests", dependencies: ["PlanValues", "Timeline"]),
    .testTarget(
      name: "LooksTests",
      dependencies: ["Looks", "ProjectFile", "Diagnostics", "TestSupport"]),
    .testTarget(
      name: "ProjectFileTests",
      dependencies: [
        "ProjectFile", "Looks", "RenderPlan", "Diagnostics", "PlanValues", "Timeline",
        "TestSupport", "ProjectFixtures",
      ]
    ),
    .testTarget(
      name: "RenderPlanTests",
      dependencies: ["RenderPlan", "PlanValues", "Timeline", "ProjectFixtures"]),
    .testTarget(
      name: "PlanningTests",
      dependencies: [
        "Planning", "RenderPlan", "PlanValues", "Diagnostics", "Timeline", "ProjectFixtures",
        "TestSupport",
      ]),
    .testTarget(
      name: "MediaTests", dependencies: ["Media", "PlanValues", "Timeline", "TestSupport"]),
    .testTarget(name: "ShadersTests", dependencies: ["Shaders"]),
    .testTarget(name: "GPUTests", dependencies: ["GPU", "Shaders"]),
    .testTarget(
      name: "TypesettingTests", dependencies: ["Typesetting", "PlanValues", "TestSupport"]),
    .testTarget(
      name: "OutputsTests", dependencies: ["Outputs", "Builds", "PlanValues", "TestSupport"]),
    .testTarget(
      name: "BuildsTests",
      dependencies: [
        "Builds", "Rendering", "RenderPlan", "PlanValues", "Session", "Timeline", "TestSupport",
      ]),
    .testTarget(
      name: "SpeechTests", dependencies: ["Speech", "Outputs", "Timeline", "TestSupport"]),
    .testTarget(
      name: "MixingTests", dependencies: ["Mixing", "Media", "RenderPlan", "TestSupport"]),
    .testTarget(
      name: "CompositingTests",
      dependencies: [
        "Compositing", "RenderPlan", "PlanValues", "Media", "GPU", "Timeline", "TestSupport",
      ]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "Builds", "Compositing", "RenderPlan", "PlanValues", "Media", "GPU",
        "Session", "Timeline", "TestSupport",
      ]),
    .testTarget(
      name: "SessionTests",
      dependencies: ["Session", "RenderPlan", "Diagnostics", "Timeline", "TestSupport"]),
    // What the end-to-end tests share: the built chromake run as a user runs it, media made by
    // the ffmpeg command, and judges of its pictures and sound (ffprobe, ffmpeg, numpy).
    .target(name: "EndToEndSupport", dependencies: ["TestSupport"], path: "Tests/EndToEndSupport"),
    .testTarget(name: "CLITests", dependencies: ["chromake", "TestSupport", "EndToEndSupport"]),
  ]
)

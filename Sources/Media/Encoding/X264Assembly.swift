internal import Foundation

/// The assembly libx264 may use, named for its `asm` parameter: every instruction set this
/// processor has up to AVX2, never AVX-512.
///
/// libx264 164's AVX-512 code reads memory it has not written: the same frames at the same
/// settings encode to other bytes as the allocator's leftovers change (measured with
/// `MALLOC_PERTURB_` on an AVX-512 machine, preset medium, one thread: three values, three
/// outputs; capped at AVX2, one output, no slower). Its bytes must be a function of its input,
/// so the sets are named here from the processor's flags rather than left to its detection,
/// which also makes the bytes the same on every x86-64 machine from SSSE3 up.
enum X264Assembly {
  /// The `asm` value, or nil on a processor other than x86-64, where libx264 chooses.
  static let parameter: String? = {
    #if arch(x86_64)
      let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
      let line = info.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
      let flags = Set(line.split(separator: " ").map(String.init))
      // Linux's name for each set, and libx264's, in libx264's order.
      let sets = [
        ("sse2", "SSE2"), ("pni", "SSE3"), ("ssse3", "SSSE3"), ("sse4_1", "SSE4.1"),
        ("sse4_2", "SSE4.2"), ("avx", "AVX"), ("fma", "FMA3"), ("bmi1", "BMI1"),
        ("bmi2", "BMI2"), ("abm", "LZCNT"), ("avx2", "AVX2"),
      ]
      let names = sets.filter { flags.contains($0.0) }.map(\.1)
      return names.isEmpty ? nil : names.joined(separator: ",")
    #else
      return nil
    #endif
  }()
}

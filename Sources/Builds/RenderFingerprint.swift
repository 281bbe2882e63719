import Foundation
import Media
public import RenderPlan
import Shaders

/// What a render's output is a function of, and its SHA-256: the plan's canonical bytes, each
/// input's and each font file's content hash, the shader sources, the versions of chromake,
/// FFmpeg and the other libraries it renders with, and the executable itself.
public struct RenderFingerprint: Sendable, Equatable {
  /// The chromake version.
  public var chromake: String
  /// The FFmpeg libraries' versions.
  public var ffmpeg: String
  /// SHA-256 over every embedded shader's name and text.
  public var shaders: String
  /// SHA-256 of the plan's canonical JSON.
  public var plan: String
  /// Each input's content hash, by the path the plan names it by.
  public var inputs: [String: String]
  /// Each font file's content hash, by its path.
  public var fonts: [String: String]
  /// The executable and the other libraries.
  public var environment: RenderEnvironment

  /// The fingerprint of `plan` rendered by this build, given its inputs' and font files'
  /// content hashes, in `environment`.
  public init(
    plan: RenderPlan, inputHashes: [String: String], fontHashes: [String: String] = [:],
    chromake: String, environment: RenderEnvironment = .current
  ) throws {
    self.chromake = chromake
    ffmpeg = FFmpegVersion.description
    shaders = Self.shaderHash
    self.plan = ContentHash.of(try Self.withoutLocations(plan).canonicalJSON())
    inputs = inputHashes
    fonts = fontHashes
    self.environment = environment
  }

  /// The SHA-256 that a record compares: over a canonical JSON of all of the above.
  public var value: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let parts = Parts(
      chromake: chromake, ffmpeg: ffmpeg, shaders: shaders, plan: plan, inputs: inputs,
      fonts: fonts, executable: environment.executable, libraries: environment.libraries)
    // Encoding strings and dictionaries of strings cannot fail.
    return ContentHash.of((try? encoder.encode(parts)) ?? Data())
  }

  private struct Parts: Encodable {
    var chromake, ffmpeg, shaders, plan: String
    var inputs, fonts: [String: String]
    var executable: String
    var libraries: [String: String]
  }

  /// The plan without the project-file lines it keeps for messages: a comment that moves the
  /// lines changes nothing rendered. Times written as references go too: the plan's times are
  /// what they resolved to, and rewriting `3s` as `voice.end` renders the same.
  public static func withoutLocations(_ plan: RenderPlan) -> RenderPlan {
    var plan = plan
    plan.writtenTimes = nil
    let nowhere = PlanLocation(line: 0, column: 0)
    for index in plan.layers.indices { plan.layers[index].location = nowhere }
    for index in plan.audio.indices { plan.audio[index].location = nowhere }
    for index in plan.ducking.indices { plan.ducking[index].location = nowhere }
    for index in plan.sequences.indices {
      plan.sequences[index].location = nowhere
      for t in plan.sequences[index].transitions.indices {
        plan.sequences[index].transitions[t].location = nowhere
      }
    }
    for index in plan.compositions.indices {
      plan.compositions[index].plan = withoutLocations(plan.compositions[index].plan)
    }
    // Whether speech was made or found is this run's news, not what it renders: the key, in
    // the WAV's path, is.
    plan.speech = plan.speech?.map { speech in
      var speech = speech
      speech.location = nowhere
      speech.fromCache = false
      return speech
    }
    return plan
  }

  /// The hash of every shader source, computed once.
  static let shaderHash: String = {
    var text = ""
    for file in ShaderSource.all {
      text += "\(file.name)\n\(file.text.utf8.count)\n\(file.text)\n"
    }
    return ContentHash.of(Data(text.utf8))
  }()
}

import ArgumentParser
import Foundation
import Media
import Mixing
import Session

/// `chromake loudness`: a file's loudness as delivery specifications state it.
struct LoudnessCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loudness",
    abstract: "Measure a file's integrated loudness, loudness range and true peak."
  )

  @Argument(help: "The media file to measure.")
  var file: String

  @Option(help: "Which audio stream to measure, counted among the audio streams from 0.")
  var stream = 0

  @Flag(help: "Print the measurement as JSON.")
  var json = false

  func validate() throws {
    guard stream >= 0 else { throw ValidationError("--stream must be 0 or more") }
  }

  func run() throws {
    let measurement: LoudnessMeasurement
    do {
      measurement = try LoudnessMeasurement.measure(path: file, audioStream: stream)
    } catch {
      // The error names the file and what is wrong with it, escaped as `say` does.
      Terminal.say("chromake: \(error)\n")
      throw ExitCode.failure
    }
    Terminal.writeOutput(json ? try measurement.json() : measurement.text)
  }
}

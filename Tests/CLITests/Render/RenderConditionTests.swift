import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `when:` leaves a layer or an audio track out of the project when a value says so, with its
/// files never opened.
@Suite("Render: layers and audio tracks shown only when a value says so", .tags(.endToEnd))
struct RenderConditionTests {
  /// A plate, a band shown when `{{badge}}` says so, a layer and an audio track whose files do
  /// not exist, both hidden.
  static func project(in folder: ScratchFolder) throws -> String {
    let plate = try TestVideo.still(
      "plate.mp4", in: folder, .flat(width: 320, height: 180, RenderFillTests.plateColor))
    return """
      version: 1
      variables: { badge: "" }
      output:
        file: out.mp4
        size: 320x180
        fps: 10
        video: { crf: 0, preset: ultrafast }
      layers:
        - { name: plate, source: \(plate) }
        - { name: band, fill: "#C03020", box: [0, 100, 320, 40], when: "{{badge}}" }
        - { name: gone, source: not-there.mp4, when: "no" }
      audio:
        - { name: music, source: not-there.m4a, when: "{{badge}}x" }
      """
  }

  @Test("a blank value hides the band; yes shows it; hidden layers' missing files are never opened")
  func shownAndHidden() throws {
    try withScratchFolder { folder in
      var yaml = try Self.project(in: folder)
      // The audio track's condition reads 'x' when the badge is blank: an error at the value.
      let bad = try StillProject.run("render", yaml, in: folder)
      #expect(bad.status == 65, "\(bad.stderr)")
      #expect(bad.stderr.contains("[bad-condition]"), "\(bad.stderr)")
      #expect(bad.stderr.contains("found 'x'"), "\(bad.stderr)")
      yaml = yaml.replacingOccurrences(of: "\"{{badge}}x\"", with: "false")
      let plate = YCbCrCoding.output.codes(
        YCbCrCoding(matrix: .bt709, fullRange: false).decoded(RenderFillTests.plateColor))
      let band = YCbCrCoding.output.codes(rgb8(0xC0, 0x30, 0x20))
      let hidden = try StillProject.frames(yaml, in: folder, extra: [])
      try #require(!hidden.isEmpty)
      #expect(hidden[0].worstDeviation(in: RenderFillTests.band, from: plate) <= 2)
      let shown = try StillProject.frames(yaml, in: folder, extra: ["--set", "badge=yes"])
      try #require(!shown.isEmpty)
      RenderFillTests.expectBand(shown[0], band, within: 2)
    }
  }
}

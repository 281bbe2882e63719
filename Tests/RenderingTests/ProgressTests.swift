import Testing

@testable import Rendering

@Suite struct ProgressSnapshotTests {
  @Test func derivedValues() throws {
    let snapshot = ProgressSnapshot(framesDone: 120, frameCount: 300, elapsedSeconds: 2.4)
    #expect(snapshot.fraction == 0.4)
    #expect(abs(snapshot.framesPerSecond - 50) < 1e-9)
    #expect(abs(try #require(snapshot.secondsLeft) - 3.6) < 1e-9)
    #expect(!snapshot.isComplete)
  }

  @Test func noEstimateBeforeTheFirstFrame() {
    #expect(ProgressSnapshot(framesDone: 0, frameCount: 300, elapsedSeconds: 3).secondsLeft == nil)
    #expect(ProgressSnapshot(framesDone: 1, frameCount: 300, elapsedSeconds: 0).secondsLeft == nil)
    #expect(
      ProgressSnapshot(framesDone: 0, frameCount: 300, elapsedSeconds: 0).framesPerSecond == 0)
    #expect(ProgressSnapshot(framesDone: 300, frameCount: 300, elapsedSeconds: 6).secondsLeft == 0)
    #expect(ProgressSnapshot(framesDone: 0, frameCount: 0, elapsedSeconds: 0).fraction == 0)
  }

  @Test func autoMeansABarOnlyOnATerminal() {
    #expect(ProgressOption.auto.resolved(stderrIsTerminal: true) == .bar)
    #expect(ProgressOption.auto.resolved(stderrIsTerminal: false) == .none)
    #expect(ProgressOption.json.resolved(stderrIsTerminal: true) == .json)
    #expect(ProgressOption.bar.resolved(stderrIsTerminal: false) == .bar)
    #expect(ProgressOption.none.resolved(stderrIsTerminal: true) == .none)
  }
}

@Suite struct ProgressFormatTests {
  private let midway = ProgressSnapshot(framesDone: 123, frameCount: 300, elapsedSeconds: 2.7)

  @Test func barLine() {
    #expect(ProgressFormat.barWidth(frameCount: 300) == 30)
    #expect(
      ProgressFormat.bar(midway, width: 30, finished: false)
        == "[############------------------]  123/300 frames  45.6 fps  0:04 left")
    #expect(
      ProgressFormat.bar(
        ProgressSnapshot(framesDone: 7, frameCount: 300, elapsedSeconds: 0.5), width: 20,
        finished: false) == "[--------------------]    7/300 frames  14.0 fps  0:21 left")
    #expect(
      ProgressFormat.bar(
        ProgressSnapshot(framesDone: 0, frameCount: 300, elapsedSeconds: 0.2), width: 10,
        finished: false) == "[----------]    0/300 frames  0.0 fps  -:-- left")
    #expect(
      ProgressFormat.bar(
        ProgressSnapshot(framesDone: 300, frameCount: 300, elapsedSeconds: 6.6), width: 10,
        finished: true) == "[##########]  300/300 frames  45.5 fps  done in 0:07")
  }

  @Test func barFitsEightyColumnsForLongRenders() {
    for frameCount: Int64 in [1, 300, 90_000, 10_000_000] {
      let width = ProgressFormat.barWidth(frameCount: frameCount)
      let worst = ProgressSnapshot(
        framesDone: 1, frameCount: frameCount, elapsedSeconds: 1 / 9999.9)
      let slow = ProgressSnapshot(framesDone: 1, frameCount: frameCount, elapsedSeconds: 35)
      #expect(ProgressFormat.bar(worst, width: width, finished: false).count <= 79)
      #expect(ProgressFormat.bar(slow, width: width, finished: false).count <= 79)
    }
  }

  @Test func jsonLine() {
    #expect(
      ProgressFormat.json(midway, done: false)
        == #"{"frame":123,"frames":300,"fps":45.6,"seconds_left":3.9,"elapsed":2.7,"done":false}"#)
    #expect(
      ProgressFormat.json(
        ProgressSnapshot(framesDone: 0, frameCount: 300, elapsedSeconds: 0.25), done: false)
        == #"{"frame":0,"frames":300,"fps":0.0,"seconds_left":null,"elapsed":0.3,"done":false}"#)
    #expect(
      ProgressFormat.json(
        ProgressSnapshot(framesDone: 300, frameCount: 300, elapsedSeconds: 6), done: true)
        == #"{"frame":300,"frames":300,"fps":50.0,"seconds_left":0.0,"elapsed":6.0,"done":true}"#)
  }

  @Test func clockAndDecimals() {
    #expect(ProgressFormat.clock(0) == "0:00")
    #expect(ProgressFormat.clock(4.2) == "0:05")
    #expect(ProgressFormat.clock(59.5) == "1:00")
    #expect(ProgressFormat.clock(3600) == "1:00:00")
    #expect(ProgressFormat.clock(3725) == "1:02:05")
    #expect(ProgressFormat.decimal(45.25) == "45.3")
    #expect(ProgressFormat.decimal(0.00001) == "0.0")
    #expect(ProgressFormat.decimal(1234.04) == "1234.0")
  }
}

@Suite struct ProgressReporterTests {
  private func reporter(_ style: ProgressStyle, frames: Int64 = 300)
    -> (ProgressReporter, TextSink, ManualClock)
  {
    let sink = TextSink()
    let clock = ManualClock(at: 100)
    let reporter = ProgressReporter(
      style: style, frameCount: frames, write: { sink.write($0) }, clock: { clock.now })
    return (reporter, sink, clock)
  }

  @Test func theBarIsThrottledToTenLinesASecond() {
    let (reporter, sink, clock) = reporter(.bar)
    clock.set(100.5)
    reporter.update(framesDone: 1)
    for (time, frame) in [(100.55, 2), (100.59, 3), (100.625, 4), (100.7, 5)] {
      clock.set(time)
      reporter.update(framesDone: Int64(frame))
    }
    #expect(sink.written.count == 2)
    #expect(sink.written.allSatisfy { $0.hasPrefix("\r[") && !$0.hasSuffix("\n") })
    #expect(sink.written[1].contains("  4/300 frames"))
  }

  @Test func jsonIsThrottledToTwoLinesASecond() {
    let (reporter, sink, clock) = reporter(.json)
    for step in 0...20 {
      clock.set(100 + Double(step) * 0.1)
      reporter.update(framesDone: Int64(step))
    }
    // Lines at 0, 0.5, 1.0, 1.5 and 2.0 seconds.
    #expect(sink.written.count == 5)
    #expect(sink.written.allSatisfy { $0.hasPrefix("{\"frame\":") && $0.hasSuffix("}\n") })
  }

  @Test func theLastFrameAndTheFinishAreAlwaysWritten() {
    let (reporter, sink, clock) = reporter(.json, frames: 3)
    clock.set(100.1)
    reporter.update(framesDone: 1)
    clock.set(100.2)
    reporter.update(framesDone: 2)
    clock.set(100.3)
    reporter.update(framesDone: 3)
    reporter.finish()
    reporter.finish()
    reporter.update(framesDone: 3)
    #expect(
      sink.written == [
        #"{"frame":1,"frames":3,"fps":10.0,"seconds_left":0.2,"elapsed":0.1,"done":false}"# + "\n",
        #"{"frame":3,"frames":3,"fps":10.0,"seconds_left":0.0,"elapsed":0.3,"done":false}"# + "\n",
        #"{"frame":3,"frames":3,"fps":10.0,"seconds_left":0.0,"elapsed":0.3,"done":true}"# + "\n",
      ])
  }

  @Test func anInterruptedRenderIsNotDone() {
    let (reporter, sink, clock) = reporter(.json)
    clock.set(101)
    reporter.update(framesDone: 10)
    reporter.finish()
    #expect(sink.written.last?.contains(#""done":false"#) == true)
  }

  @Test func theBarEndsItsLineAndCoversLongerOnes() {
    let (reporter, sink, clock) = reporter(.bar, frames: 100)
    clock.set(100.1)
    reporter.update(framesDone: 50)  // 500 fps
    clock.set(111)
    reporter.update(framesDone: 99)  // 9 fps: shorter text
    reporter.finish()
    let lines = sink.written
    #expect(lines.count == 3)
    #expect(lines[1].count == lines[0].count)
    #expect(lines[1].hasSuffix(" "))
    #expect(lines[2].hasSuffix("left\n"))
  }

  @Test func aCompleteBarShowsTheTotalTime() {
    let (reporter, sink, clock) = reporter(.bar, frames: 10)
    clock.set(102)
    reporter.update(framesDone: 10)
    reporter.finish()
    #expect(sink.written.last?.hasSuffix("done in 0:02\n") == true)
  }

  @Test func noneWritesNothing() {
    let (reporter, sink, clock) = reporter(.none)
    clock.set(101)
    reporter.update(framesDone: 300)
    reporter.finish()
    #expect(sink.written.isEmpty)
  }
}

import Foundation
public import GPU

/// The summary of a batch: one entry per row, and the totals; `--report` writes it as JSON.
public struct BatchReport: Codable, Sendable {
  /// What happened to one row.
  public enum Status: String, Codable, Sendable {
    /// Rendered now.
    case rendered
    /// Skipped: nothing it depends on changed.
    case upToDate = "up-to-date"
    /// Invalid, or its render failed.
    case failed
    /// Another shard's: not looked at by this run beyond validation.
    case otherShard = "other-shard"
    /// Not started because the batch was interrupted.
    case notStarted = "not-started"
  }

  /// One row's outcome.
  public struct Row: Codable, Sendable {
    /// 1-based row number among the data rows.
    public var row: Int
    /// The data file's line where the row starts.
    public var line: Int
    /// The output file, when the row could be planned.
    public var output: String?
    /// Its status.
    public var status: Status
    /// Why it failed, or why it was rendered (`--explain`'s reasons).
    public var reasons: [String]
    /// Seconds spent on it.
    public var seconds: Double?
    /// Frames written, when rendered.
    public var frames: Int64?

    /// A row's outcome.
    public init(
      row: Int, line: Int, output: String?, status: Status, reasons: [String] = [],
      seconds: Double? = nil, frames: Int64? = nil
    ) {
      self.row = row
      self.line = line
      self.output = output
      self.status = status
      self.reasons = reasons
      self.seconds = seconds
      self.frames = frames
    }
  }

  /// Counts by status.
  public struct Totals: Codable, Sendable, Equatable {
    /// Rows rendered now.
    public var rendered = 0
    /// Rows up to date.
    public var upToDate = 0
    /// Rows that failed.
    public var failed = 0
    /// Rows left to other shards.
    public var otherShard = 0
    /// Rows not started (interrupted).
    public var notStarted = 0
  }

  /// The project file.
  public var project: String
  /// The data file.
  public var data: String
  /// `I/N`.
  public var shard: String
  /// Jobs run at once.
  public var jobs: Int
  /// Wall-clock seconds for the whole batch.
  public var seconds: Double
  /// Every row, in data order.
  public var rows: [Row]
  /// Counts by status, over `rows`.
  public var totals: Totals
  /// How long the batch's jobs held the GPU driver's one lock, and waited for it: the share of
  /// the batch's time its jobs cannot overlap (`GPUContext.driverLock`).
  public var driverLock: DriverLock.Use?

  /// A report; the totals are counted from `rows`.
  public init(
    project: String, data: String, shard: String, jobs: Int, seconds: Double, rows: [Row],
    driverLock: DriverLock.Use? = nil
  ) {
    self.driverLock = driverLock
    self.project = project
    self.data = data
    self.shard = shard
    self.jobs = jobs
    self.seconds = seconds
    self.rows = rows
    totals = Totals()
    for row in rows {
      switch row.status {
      case .rendered: totals.rendered += 1
      case .upToDate: totals.upToDate += 1
      case .failed: totals.failed += 1
      case .otherShard: totals.otherShard += 1
      case .notStarted: totals.notStarted += 1
      }
    }
  }

  /// Sorted-key JSON, written in one step.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(0x0A)
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}

import GPU

/// What a batch worker process says of each row it was given: one JSON line on the pipe to
/// the batch, so that the batch's report and summary are as if it had rendered the row itself.
struct BatchWorkerReply: Codable {
  /// The row's outcome.
  var row: BatchReport.Row
  /// The worker's time in the GPU driver while it was on the row.
  var driverLock: DriverLock.Use
}

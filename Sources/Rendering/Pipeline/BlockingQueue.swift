import Foundation

/// A bounded first-in-first-out hand-off between two threads: `push` waits while the queue is
/// full, `pop` while it is empty, so a fast stage waits for a slow one and memory stays
/// bounded. `close` wakes both sides for good: a stage that fails or stops closes its queues,
/// and the others see it at their next push or pop.
///
/// Elements cross threads through the lock, each taken by exactly one consumer, so an element
/// type need not be `Sendable` as long as the producer lets go of what it pushes.
final class BlockingQueue<Element>: @unchecked Sendable {
  let capacity: Int
  private let condition = NSCondition()
  /// A ring of `capacity` slots; a slot is emptied as its element is taken, so the queue
  /// never keeps a consumed element (a decoded picture, an encoder frame) alive.
  private var slots: [Element?]
  private var head = 0
  private var count = 0
  private var isClosed = false
  private var wasAbandoned = false

  init(capacity: Int) {
    precondition(capacity > 0, "a queue holds at least one element")
    self.capacity = capacity
    slots = Array(repeating: nil, count: capacity)
  }

  /// Adds `element`, waiting for room; false (and the element dropped) once the queue is closed.
  @discardableResult
  func push(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !isClosed && count == capacity {
      condition.wait()
    }
    guard !isClosed else { return false }
    slots[(head + count) % capacity] = element
    count += 1
    condition.broadcast()
    return true
  }

  /// The oldest element, waiting for one; nil once the queue is closed and empty.
  func pop() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while !isClosed && count == 0 {
      condition.wait()
    }
    guard count > 0, let element = slots[head].take() else { return nil }
    head = (head + 1) % capacity
    count -= 1
    condition.broadcast()
    return element
  }

  /// Ends the queue: pushes fail from now on, pops drain what is left and then give nil.
  func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether a stage gave up on the queue: work for it may stop.
  var isAbandoned: Bool {
    condition.lock()
    defer { condition.unlock() }
    return wasAbandoned
  }

  /// Closes the queue and drops what it still holds (a stage that gave up on it).
  func abandon() {
    condition.lock()
    isClosed = true
    wasAbandoned = true
    slots = Array(repeating: nil, count: capacity)
    count = 0
    condition.broadcast()
    condition.unlock()
  }
}

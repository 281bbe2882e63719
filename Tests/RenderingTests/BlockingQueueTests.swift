import Foundation
import Testing

@testable import Rendering

@Suite("BlockingQueue: bounded, ordered, closable, and holding nothing it handed out")
struct BlockingQueueTests {
  /// A class element, so a `weak` reference can tell whether anyone still holds it.
  final class Token: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  /// Numbers shared between threads.
  final class Counters: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    private var list: [Int] = []

    func add(_ name: String) { lock.withLock { values[name, default: 0] += 1 } }
    subscript(name: String) -> Int { lock.withLock { values[name, default: 0] } }
    func append(_ value: Int) { lock.withLock { list.append(value) } }
    var appended: [Int] { lock.withLock { list } }
  }

  /// Runs `body` on a new thread; the semaphore is signalled when it returns.
  private func thread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
      body()
      done.signal()
    }.start()
    return done
  }

  /// Polls `condition` for up to `seconds`.
  private func eventually(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(1000)
    }
    return condition()
  }

  @Test("1000 elements cross two threads through 2 slots, in order, none lost or doubled")
  func fifoAcrossThreads() {
    let queue = BlockingQueue<Int>(capacity: 2)
    let received = Counters()
    let producer = thread {
      for value in 0..<1000 { queue.push(value) }
      queue.close()
    }
    let consumer = thread {
      while let value = queue.pop() { received.append(value) }
    }
    #expect(producer.wait(timeout: .now() + 60) == .success)
    #expect(consumer.wait(timeout: .now() + 60) == .success)
    #expect(received.appended == Array(0..<1000))
  }

  @Test("push waits while the queue is full: a producer is never more than capacity ahead")
  func pushWaitsWhileFull() {
    let capacity = 3
    let queue = BlockingQueue<Int>(capacity: capacity)
    let counters = Counters()
    let producer = thread {
      for value in 0..<40 {
        guard queue.push(value) else { return }
        counters.add("pushed")
      }
    }
    var popped = 0
    var sawFull = false
    while popped < 40 {
      // Give the producer time to run ahead as far as it can.
      usleep(5000)
      let ahead = counters["pushed"] - popped
      #expect(ahead <= capacity, "the producer got \(ahead) ahead of the consumer")
      if ahead == capacity { sawFull = true }
      #expect(queue.pop() == popped)
      popped += 1
    }
    #expect(producer.wait(timeout: .now() + 60) == .success)
    #expect(sawFull, "the producer never filled the queue: the check above proved nothing")
  }

  @Test("a full queue's push returns only once a pop makes room")
  func pushResumesAfterPop() {
    let queue = BlockingQueue<Int>(capacity: 2)
    #expect(queue.push(1) && queue.push(2))
    let counters = Counters()
    let producer = thread {
      counters.add(queue.push(3) ? "pushed" : "refused")
    }
    usleep(100_000)
    #expect(counters["pushed"] + counters["refused"] == 0, "push returned on a full queue")
    #expect(queue.pop() == 1)
    #expect(producer.wait(timeout: .now() + 10) == .success)
    #expect(counters["pushed"] == 1)
    #expect(queue.pop() == 2)
    #expect(queue.pop() == 3)
  }

  @Test("close: pushes fail, pops drain what is left and then give nil")
  func closeDrains() {
    let queue = BlockingQueue<Int>(capacity: 4)
    #expect(queue.push(1) && queue.push(2))
    queue.close()
    #expect(!queue.push(3))
    #expect(queue.pop() == 1)
    #expect(queue.pop() == 2)
    #expect(queue.pop() == nil)
    #expect(queue.pop() == nil)
    queue.close()
    #expect(!queue.push(4))
  }

  @Test("close wakes a consumer waiting on an empty queue and a producer waiting on a full one")
  func closeWakesWaiters() {
    let empty = BlockingQueue<Int>(capacity: 1)
    let full = BlockingQueue<Int>(capacity: 1)
    #expect(full.push(0))
    let counters = Counters()
    let consumer = thread {
      counters.add(empty.pop() == nil ? "nil" : "value")
    }
    let producer = thread {
      counters.add(full.push(1) ? "pushed" : "refused")
    }
    usleep(100_000)
    #expect(counters["nil"] + counters["value"] + counters["pushed"] + counters["refused"] == 0)
    empty.close()
    full.close()
    #expect(consumer.wait(timeout: .now() + 10) == .success)
    #expect(producer.wait(timeout: .now() + 10) == .success)
    #expect(counters["nil"] == 1 && counters["refused"] == 1)
    // The element pushed before the close is still there to drain.
    #expect(full.pop() == 0)
    #expect(full.pop() == nil)
  }

  @Test("abandon drops what the queue holds, at once")
  func abandonDrops() {
    let queue = BlockingQueue<Token>(capacity: 3)
    weak var first: Token?
    weak var second: Token?
    do {
      let a = Token(1)
      let b = Token(2)
      first = a
      second = b
      #expect(queue.push(a) && queue.push(b))
    }
    #expect(first != nil && second != nil, "the queue should hold both")
    queue.abandon()
    #expect(first == nil && second == nil, "abandon kept its elements alive")
    #expect(queue.pop() == nil)
    #expect(!queue.push(Token(3)))
  }

  @Test(
    "a popped element is not kept by the queue while others wait in it",
    arguments: [1, 2, 5])
  func poppedElementIsReleased(rounds: Int) {
    let queue = BlockingQueue<Token>(capacity: 2)
    // Rounds wrap the ring, so every slot is emptied and refilled at least once.
    for round in 0..<rounds {
      weak var taken: Token?
      weak var waiting: Token?
      do {
        let a = Token(2 * round)
        let b = Token(2 * round + 1)
        taken = a
        waiting = b
        #expect(queue.push(a) && queue.push(b))
      }
      do {
        let popped = queue.pop()
        #expect(popped?.id == 2 * round)
      }
      #expect(taken == nil, "round \(round): the queue kept a consumed element alive")
      #expect(waiting != nil, "round \(round): the waiting element was lost")
      #expect(queue.pop()?.id == 2 * round + 1)
      #expect(waiting == nil)
    }
  }
}

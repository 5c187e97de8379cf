/// A binary min-heap of scheduled actions ordered by (time, insertion sequence), so that actions
/// for one instant come out first-in, first-out.
///
/// - Complexity: O(log n) per push and pop. `comparisons` counts element comparisons so that
///   tests can check the growth rate without timing anything.
struct ActionHeap {
  struct Entry {
    let time: Int
    let sequence: UInt64
    let action: ScheduledAction

    @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      time != other.time ? time < other.time : sequence < other.sequence
    }
  }

  private(set) var storage: [Entry] = []
  private(set) var comparisons: Int = 0

  var isEmpty: Bool { storage.isEmpty }
  var count: Int { storage.count }
  var first: Entry? { storage.first }

  // The sifts swap through the buffer's pointer: an entry moves without retaining and
  // releasing its action, which `Array.swapAt` did at every level.

  mutating func push(_ entry: Entry) {
    storage.append(entry)
    var comparisons = self.comparisons
    storage.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        comparisons += 1
        guard heap[child].precedes(heap[parent]) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }
    self.comparisons = comparisons
  }

  mutating func pop() -> Entry? {
    guard !storage.isEmpty else { return nil }
    if storage.count == 1 { return storage.removeLast() }
    let top = storage[0]
    storage[0] = storage.removeLast()
    var comparisons = self.comparisons
    storage.withUnsafeMutableBufferPointer { heap in
      var parent = 0
      let count = heap.count
      while true {
        let left = 2 * parent + 1
        guard left < count else { break }
        var best = left
        let right = left + 1
        if right < count {
          comparisons += 1
          if heap[right].precedes(heap[left]) { best = right }
        }
        comparisons += 1
        guard heap[best].precedes(heap[parent]) else { break }
        heap.swapAt(best, parent)
        parent = best
      }
    }
    self.comparisons = comparisons
    return top
  }
}

/// One queued action of a `VirtualTimeScheduler`; disposing it cancels it.
final class ScheduledAction: Disposable, @unchecked Sendable {
  // Invariant: only touched on the virtual scheduler's thread.
  // Unchecked exclusivity: only touched on the scheduler's thread, never in overlapping accesses.
  @exclusivity(unchecked) var work: (() -> Void)?
  /// The steps of a series (`scheduleSeries`), run by the scheduler's loop; `work` is then only
  /// `seriesMarker`, so that a series is live, or disposed, like any action.
  @exclusivity(unchecked) var series: ActionSeries?

  /// The `work` of a series action.
  static let seriesMarker: @Sendable () -> Void = {}
  // Strong: a caller may drop a `VirtualQueue` after scheduling on it. No cycle, since a queue
  // holds its scheduler weakly.
  let queue: (any Scheduler)?

  /// An action that was never queued (its scheduler is closed or gone).
  static var dropped: ScheduledAction { ScheduledAction(work: nil, queue: nil) }

  init(work: (() -> Void)?, queue: (any Scheduler)?) {
    self.work = work
    self.queue = queue
  }

  var isDisposed: Bool { work == nil }
  func dispose() {
    work = nil
    series?.isCancelled = true
    series = nil
  }
}

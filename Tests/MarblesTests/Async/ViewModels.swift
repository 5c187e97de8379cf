import Foundation
import Observation

// View models written as an app writes them: `@MainActor @Observable`, a `Task {}` per user
// action, an injected clock. AsyncSteppingTests and Guides/AsyncTesting.md drive them.

/// A search screen: each query change cancels the search in flight, waits 300 ms for the typing
/// to settle, then asks the API (which takes 100 ms here), showing a spinner meanwhile.
@MainActor @Observable final class SearchViewModel {
  private(set) var query = ""
  private(set) var isSearching = false
  private(set) var results: [String] = []
  @ObservationIgnored private var search: Task<Void, Never>?
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let api: SearchAPI

  init(clock: any Clock<Duration>, api: SearchAPI) {
    self.clock = clock
    self.api = api
  }

  /// The user typed: search for `query` once the typing has settled.
  func queryChanged(_ query: String) {
    self.query = query
    search?.cancel()
    search = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
        isSearching = true
        results = try await api.search(query)
        isSearching = false
      } catch {
        // Cancelled by the next query, which owns the spinner now.
      }
    }
  }
}

/// A search API that answers after 100 ms on the clock it is given.
struct SearchAPI: Sendable {
  let clock: any Clock<Duration>

  func search(_ query: String) async throws -> [String] {
    try await clock.sleep(for: .milliseconds(100))
    return ["\(query)ift", "\(query)ing"]
  }
}

/// A thread-safe log for tests.
final class Log: @unchecked Sendable {
  // Invariant: `entries` is only touched with `lock` held.
  private let lock = NSLock()
  private var entries: [String] = []

  func append(_ entry: String) {
    lock.withLock { entries.append(entry) }
  }

  var all: [String] { lock.withLock { entries } }
}

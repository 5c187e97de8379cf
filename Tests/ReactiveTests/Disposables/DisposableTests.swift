import Dispatch
import Testing

@testable import Reactive

@Suite struct DisposableTests {
  @Test func actionDisposableRunsOnce() {
    var runs = 0
    let disposable = ActionDisposable { runs += 1 }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(runs == 1)
    #expect(disposable.isDisposed)
    let empty = ActionDisposable()
    empty.dispose()
    #expect(empty.isDisposed)
  }

  @Test func compositeDisposesEveryItemInOrderOnce() {
    var log: [Int] = []
    let composite = CompositeDisposable([ActionDisposable { log.append(1) }])
    composite.add(ActionDisposable { log.append(2) })
    composite.add { log.append(3) }
    composite.add(nil as (any Disposable)?)
    composite.dispose()
    composite.dispose()
    #expect(log == [1, 2, 3])
    #expect(composite.isDisposed)
  }

  @Test func addingToADisposedCompositeDisposesAtOnce() {
    let composite = CompositeDisposable()
    composite.dispose()
    let late = ActionDisposable()
    #expect(composite.add(late) == nil)
    #expect(late.isDisposed)
  }

  @Test func removingAnItemDoesNotDisposeIt() {
    let composite = CompositeDisposable()
    let kept = ActionDisposable()
    let token = composite.add(kept)
    composite.remove(token)
    composite.remove(nil)
    composite.dispose()
    #expect(!kept.isDisposed)
  }

  @Test func serialReplacesWithoutDisposingTheOldOne() {
    let serial = SerialDisposable()
    let first = ActionDisposable()
    let second = ActionDisposable()
    serial.inner = first
    let old = serial.swap(second)
    #expect(old === first)
    #expect(!first.isDisposed)
    #expect(serial.inner === second)
    serial.dispose()
    #expect(second.isDisposed)
    #expect(serial.isDisposed)
    let late = ActionDisposable()
    serial.inner = late
    #expect(late.isDisposed)
    #expect(serial.inner == nil)
  }

  @Test func scopedDisposesWhenReleased() {
    let wrapped = ActionDisposable()
    do {
      let scoped = wrapped.scoped()
      #expect(!scoped.isDisposed)
    }
    #expect(wrapped.isDisposed)
    let other = ActionDisposable()
    let scoped = ScopedDisposable(other)
    scoped.dispose()
    #expect(other.isDisposed && scoped.isDisposed)
  }

  @Test func compositeIsSafeUnderConcurrentAdds() {
    let composite = CompositeDisposable()
    let disposed = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<500 { composite.add { disposed.withLock { $0 += 1 } } }
    }
    composite.dispose()
    #expect(disposed.value == 2_000)
  }
}

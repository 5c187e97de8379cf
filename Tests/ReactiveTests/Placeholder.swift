import Testing
@testable import Reactive

@Test func smoke() throws {
  let s = VirtualTimeScheduler()
  var log: [String] = []
  let src = Signal<Int> { sub in
    let d = CompositeDisposable()
    for (i, v) in [1, 2, 3].enumerated() { d.add(s.schedule(after: 2 * (i + 1)) { sub.sendNext(v) }) }
    d.add(s.schedule(after: 8) { sub.sendCompleted() })
    return d
  }
  src.map { $0 * 10 }.filter { $0 != 20 }.scan(0, +).deliverOn(s.main)
    .observe { log.append("\(s.now):\($0)") }
  try s.run()
  #expect(log == ["2:next(10)", "6:next(40)", "8:completed"])
  let outer = Signal<Signal<Int>>.from([Signal.from([1, 2]), Signal.from([3])])
  var got: [Int] = []
  outer.switchToLatest().subscribe(next: { got.append($0) })
  outer.concat().subscribe(next: { got.append($0) })
  Signal.combineLatest([Signal.from([1, 2]), Signal.from([5])]).subscribe(next: { got.append($0.reduce(0, +)) })
  #expect(got == [1, 2, 3, 1, 2, 3, 7])
}

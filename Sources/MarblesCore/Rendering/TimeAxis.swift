/// The frames a diagram draws one by one, and the long empty stretches it draws as one
/// progression instead (` 999999999ms `, as a marble string writes them), so that what a
/// diagram costs follows what it shows, not how far apart in time it happens.
///
/// A stretch of more than `elidedOver` frames in which nothing is drawn (no mark, no start or
/// end of a row, no ruler end) is a gap. Every row draws a gap at the same columns, so the
/// frames on either side stay aligned with the ruler; within a drawn stretch every frame has
/// the same width as before, so distances there still read true.
package struct TimeAxis {
  /// Empty stretches longer than this many frames are drawn as a progression.
  package static let elidedOver = 1000

  /// One part of the axis, in frame order.
  package enum Segment: Equatable {
    /// Frames drawn one by one.
    case frames(ClosedRange<Int>)
    /// An empty stretch drawn as its length (`999999999ms`).
    case gap(ClosedRange<Int>)
  }

  /// The first and last frame drawn.
  let first: Int
  let last: Int
  /// The elided stretches, in order, none touching another.
  package let gaps: [ClosedRange<Int>]
  /// For each gap, how many frames the gaps before it hold.
  private let elidedBefore: [Int]

  /// The axis from `first` to `last` where `busy` (in any order, possibly outside) are the
  /// frames that draw something.
  /// `elidedOver`: the longest empty stretch drawn frame by frame (failure diffs that would not
  /// fit a terminal use a shorter one).
  init(first: Int, last: Int, busy: [Int], elidedOver: Int = TimeAxis.elidedOver) {
    self.first = first
    self.last = max(last, first)
    guard self.last - first > elidedOver else {
      gaps = []
      elidedBefore = []
      return
    }
    let end = self.last
    var frames = busy.filter { $0 > first && $0 < end }
    frames.append(first)
    frames.append(end)
    frames.sort()
    var gaps: [ClosedRange<Int>] = []
    for index in frames.indices.dropFirst() {
      let (a, b) = (frames[index - 1], frames[index])
      if b - a - 1 > elidedOver { gaps.append((a + 1)...(b - 1)) }
    }
    self.gaps = gaps
    var before: [Int] = []
    var total = 0
    for gap in gaps {
      before.append(total)
      total += gap.count
    }
    elidedBefore = before
  }

  /// The segments from `first` to `last`.
  var segments: [Segment] {
    var out: [Segment] = []
    var next = first
    for gap in gaps {
      if gap.lowerBound > next { out.append(.frames(next...(gap.lowerBound - 1))) }
      out.append(.gap(gap))
      next = gap.upperBound + 1
    }
    if next <= last { out.append(.frames(next...last)) }
    return out
  }

  /// The text of a gap: its length as a marble time progression.
  static func label(_ gap: ClosedRange<Int>) -> String {
    "\(gap.count)ms"
  }

  /// How many frames are drawn before `frame` and how many gaps come before it (a frame inside
  /// a gap counts as the gap's start).
  func position(of frame: Int) -> (frames: Int, gaps: Int) {
    // The gaps wholly before `frame`: binary search.
    var low = 0
    var high = gaps.count
    while low < high {
      let middle = (low + high) / 2
      if gaps[middle].upperBound < frame { low = middle + 1 } else { high = middle }
    }
    let elided = low == 0 ? 0 : elidedBefore[low - 1] + gaps[low - 1].count
    var frames = frame - first - elided
    if low < gaps.count, gaps[low].contains(frame) {
      frames -= frame - gaps[low].lowerBound
    }
    return (frames, low)
  }
}

import MarblesCore
import Reactive

extension ScriptRun {
  /// The run as a quiz shows it (`--quiz`): the lanes that draw marble sources, every other
  /// lane hidden (no events, `isHidden`) to be predicted. Returns the hidden lanes' labels.
  package var quiz: (run: ScriptRun, hidden: [String]) { quiz(revealed: 0) }

  /// The run as a quiz shows it once the first `revealed` lanes to predict (in `show` order)
  /// are uncovered; the others are hidden.
  ///
  /// Nothing drawn lets a student read a hidden lane: a source drawn without subscribing
  /// (`show x.recorded`) is drawn once, as its marble (not one row per subscription, whose
  /// windows would show when an operator resubscribes or unsubscribes), hidden lanes keep only
  /// their label and subscription frame, the source logs and expectations are left out, and the
  /// run ends where what is drawn ends (so the ruler and the step count do not tell how long
  /// the hidden lanes run). Once every lane is revealed it is `oneRowPerSubscription`.
  package func quiz(revealed: Int) -> (run: ScriptRun, hidden: [String]) {
    let toPredict = lanes.reduce(0) { $0 + ($1.isMarbleSource ? 0 : 1) }
    guard revealed < toPredict else { return (oneRowPerSubscription, []) }
    var run = self
    var hidden: [String] = []
    var seen = 0
    var last = Swift.max(firstFrame, Swift.min(0, lastFrame))
    run.lanes = lanes.map { lane in
      var lane = lane
      if lane.isMarbleSource {
        if let marble = lane.marble {
          lane.timeline = marble.timeline
          lane.subscriptionRows = nil
          last = Swift.max(last, marble.lastFrame)
        }
      } else {
        seen += 1
        if seen > revealed {
          hidden.append(lane.label)
          lane.events = []
          lane.before = []
          lane.subscription = SubscriptionLog(subscribed: lane.subscription.subscribed)
          lane.isHidden = true
        }
      }
      last = Swift.max(last, lane.subscription.subscribed, lane.subscription.unsubscribed ?? .min)
      for event in lane.events { last = Swift.max(last, event.frame) }
      return lane
    }
    if let stop = stopped { last = Swift.max(last, stop.frame) }
    run.lastFrame = stopped == nil ? last : Swift.min(lastFrame, last)
    run.subscriptions = []
    run.expectations = []
    return (run.oneRowPerSubscription, hidden)
  }

  /// `text` (drawn by `TextRenderer` from `quiz.run`) with the rows of the `hidden` lanes
  /// showing `?` instead of an empty line.
  package static func markingHidden(_ hidden: [String], in text: String) -> String {
    let labels = Set(hidden)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let plain = String(line)
      guard let label = labels.first(where: { plain.hasPrefix($0 + " ") }) else { return plain }
      let rest = plain.dropFirst(label.count)
      let lead = rest.prefix { $0 == " " }
      let body = rest.dropFirst(lead.count).filter { !"-─\u{1B}[0123456789;m>▶".contains($0) }
      guard body.isEmpty else { return plain }
      return label + lead + "?"
    }.joined(separator: "\n")
  }
}

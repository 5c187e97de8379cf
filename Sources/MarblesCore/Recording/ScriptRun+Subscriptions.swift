import ReactiveEvents

extension ScriptRun {
  /// The run as the diagrams draw it: a lane drawn without subscribing (`show x.recorded`) of a
  /// cold source subscribed several times becomes one row per subscription, labelled `x ·1`,
  /// `x ·2`, …, each from its own subscription to its own end (`|`, `#` or `!`) with the
  /// events delivered to that subscription. A source subscribed once keeps its one row. JSON
  /// writes the run as recorded (one lane), not this.
  package var oneRowPerSubscription: ScriptRun {
    guard lanes.contains(where: { $0.subscriptionRows != nil }) else { return self }
    var run = self
    run.lanes = lanes.flatMap { lane -> [TimelineLane] in
      guard let rows = lane.subscriptionRows, rows.windows.count > 1,
        rows.ofEvent.count == lane.events.count
      else { return [lane] }
      var byRow = Array(repeating: [TimelineEvent](), count: rows.windows.count)
      var orderByRow = Array(repeating: [EventOrder](), count: rows.windows.count)
      let order = lane.order.count == lane.events.count ? lane.order : []
      for (index, (event, row)) in zip(lane.events, rows.ofEvent).enumerated()
      where byRow.indices.contains(row) {
        byRow[row].append(event)
        if !order.isEmpty { orderByRow[row].append(order[index]) }
      }
      return rows.windows.indices.map { row in
        var split = TimelineLane(
          name: "\(lane.name) ·\(row + 1)", label: "\(lane.label) ·\(row + 1)", kind: lane.kind,
          timeline: Timeline(
            subscribed: rows.windows[row].subscribed, unsubscribed: rows.windows[row].unsubscribed,
            events: byRow[row], order: orderByRow[row]))
        split.isMarbleSource = lane.isMarbleSource
        return split
      }
    }
    return run
  }
}

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

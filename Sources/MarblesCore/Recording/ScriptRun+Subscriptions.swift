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

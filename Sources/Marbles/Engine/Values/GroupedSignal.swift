import Reactive

/// A group sent by `groupBy`: a signal of the values with one key, whose key a script reads as
/// `g.key`.
final class GroupedSignal: Signal<ScriptValue>, @unchecked Sendable {
  /// The key of the group's values (the closure's result for its first value).
  let key: ScriptValue

  init(key: ScriptValue, group: Signal<ScriptValue>) {
    self.key = key
    super.init { subscriber in group.subscribe(subscriber) }
  }
}

/// A script value as a dictionary key: equal when the values draw the same (`1` and `1.0`
/// are one key), as `distinct` compares them.
struct GroupKey: Hashable {
  /// The value itself, given to the script as the group's key.
  let value: ScriptValue
  /// What is compared and hashed.
  private let hashKey: TimelineValue

  init(_ value: ScriptValue) {
    self.value = value
    hashKey = value.hashKey
  }

  static func == (lhs: GroupKey, rhs: GroupKey) -> Bool { lhs.hashKey == rhs.hashKey }

  func hash(into hasher: inout Hasher) { hasher.combine(hashKey) }
}

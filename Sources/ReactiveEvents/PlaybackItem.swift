/// An item of a timeline kept in its caller's own array: an event at a frame (the Swift tests'
/// `Recorded`).
@usableFromInline package protocol PlaybackItem {
  /// The event's value type.
  associatedtype Value
  var frame: Int { get }
  var event: Event<Value> { get }
}

/// A mutable value shared by a subscription's closures: an operator's per-subscription state
/// (`scan`'s accumulator) without the dynamic exclusivity checks that a captured `var` costs on
/// every event.
///
/// Unchecked exclusivity is sound because an operator's event handler runs one event at a time
/// (the event grammar: a signal's sends do not overlap), and every access is a whole read or a
/// whole write, never held across a call that could reach the cell again.
@usableFromInline final class StateCell<State> {
  // Unchecked exclusivity: see above; reads and writes never overlap.
  @exclusivity(unchecked) @usableFromInline var value: State

  @inlinable init(_ value: State) { self.value = value }
}

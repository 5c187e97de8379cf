// `import MarblesTesting` is all a test file needs, and it brings only what a test names: the
// marble types below, beside this module's own (`TestScheduler`, `expectMarbles`, …). Operators
// are members of the signals `TestScheduler` makes, so they need no import of their own; a file
// that builds its own graph from Reactive's types (`Signal`, `Subject`) imports `Reactive`, as the
// code under test does. The count of what a test file sees is in Benchmarks/README.md.
@_exported import struct MarblesCore.MarbleError
@_exported import protocol MarblesCore.MarbleValueConvertible
@_exported import struct MarblesCore.Recorded
@_exported import class Reactive.Command
@_exported import enum ReactiveEvents.Event

// `import Reactive` brings what a signal sends and what a recording logs (`Event`,
// `SubscriptionLog`), which live in `ReactiveEvents` so that `MarblesCore` can build beside this
// library instead of after it.
@_exported import ReactiveEvents

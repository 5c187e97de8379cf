// `import MarblesTesting` is all a test file needs: it brings the marble types and the signals.
@_exported import MarblesCore
@_exported import Reactive

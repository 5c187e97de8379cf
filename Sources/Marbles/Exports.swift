// A program that embeds scripts imports `Marbles` alone: it brings marble strings, recordings
// and the renderers of `MarblesCore` too.
@_exported import MarblesCore

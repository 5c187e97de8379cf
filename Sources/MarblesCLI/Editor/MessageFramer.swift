import Foundation
import Marbles

/// Splits the bytes an editor sends into JSON-RPC messages, each after a header block with a
/// `Content-Length` (LSP's base protocol), and frames outgoing messages the same way.
package struct MessageFramer {
  /// What the next bytes held.
  package enum Frame: Equatable, Sendable {
    /// One message body.
    case message([UInt8])
    /// A header block that cannot be used (no `Content-Length`, or a bad one); its bytes are
    /// dropped and reading goes on after it.
    case badHeader(String)
    /// A body longer than `maximumLength`: its bytes are skipped as they come.
    case tooLarge(Int)
  }

  /// The longest body read; a longer one is skipped (and reported) instead of held in memory.
  package static let maximumLength = 64 << 20
  /// The longest header block looked at before it is declared broken.
  static let maximumHeaderLength = 8 << 10

  private var buffer: [UInt8] = []
  private var start = 0
  /// Bytes of an oversized body still to skip.
  private var skipping = 0

  package init() {}

  package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame, or nil until more bytes come.
  package mutating func next() -> Frame? {
    if skipping > 0 {
      let available = min(skipping, buffer.count - start)
      start += available
      skipping -= available
      if skipping > 0 { return nil }
    }
    guard let (headerEnd, bodyStart) = headerBlock() else {
      if buffer.count - start > Self.maximumHeaderLength {
        start = buffer.count
        return .badHeader("a header block longer than \(Self.maximumHeaderLength) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    var length: Int?
    for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length"
      else { continue }
      length = Int(parts[1].trimmingCharacters(in: .whitespaces))
    }
    guard let length, length >= 0 else {
      start = bodyStart
      return .badHeader("a message without a valid 'Content-Length' header")
    }
    if length > Self.maximumLength {
      start = bodyStart
      skipping = length
      _ = next()
      return .tooLarge(length)
    }
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<bodyStart + length])
    start = bodyStart + length
    return .message(body)
  }

  /// Where the header block ends (at its blank line) and the body starts.
  private func headerBlock() -> (Int, Int)? {
    var index = start
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
          return (index, index + 3)
        }
      }
      index += 1
      if index - start > Self.maximumHeaderLength { return nil }
    }
    return nil
  }

  /// `body` with its header, ready to write.
  package static func frame(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
  }
}

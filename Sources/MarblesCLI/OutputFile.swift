import Foundation
import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a read or write failed: the system's reason, lowercased ("no space left on device").
package struct IOFailure: Error, Sendable {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }
}

/// Low-level file and stream I/O for the `marbles` tool, on `open(2)`/`write(2)`/`read(2)` so
/// that every failure is an error message (Foundation's `FileHandle` convenience APIs trap).
package enum StreamIO {
  /// The reason for `errno`, lowercased as in our messages ("is a directory").
  static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Writes all of `bytes` to `descriptor`; throws the reason on failure.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(IOFailure) {
    let failure = bytes.withUnsafeBytes { buffer -> IOFailure? in
      do throws(IOFailure) {
        try writeAll(buffer, to: descriptor)
        return nil
      } catch { return error }
    }
    if let failure { throw failure }
  }

  /// Writes all of `bytes` to `descriptor`; throws the reason on failure.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    throws(IOFailure)
  {
    guard let start = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, start + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw IOFailure(reason(errno))
      }
      offset += written
    }
  }

  /// Reads `descriptor` to its end; throws the reason on failure.
  package static func readAll(from descriptor: Int32) throws(IOFailure) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw IOFailure(reason(errno))
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Whether `descriptor` is open.
  package static func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) != -1
  }

  /// Writes `text` to `path` for `-o`.
  static func writeOutput(_ text: String, to path: String) throws(IOFailure) {
    try writeOutput(to: path) { descriptor throws(IOFailure) in
      try writeAll(Array(text.utf8), to: descriptor)
    }
  }

  /// Writes what `produce` writes to the descriptor it is given to `path`, for `-o`.
  ///
  /// A regular file (or a new path) is replaced atomically (a temporary file in the same folder,
  /// then `rename(2)`) and keeps its permissions; a symbolic link is followed and its target
  /// replaced; a character device, pipe or socket (`/dev/null`, `/dev/stdout`) is written
  /// straight through and stays what it is. Throws the reason ("is a directory"); on failure
  /// nothing is left behind.
  static func writeOutput(
    to path: String, _ produce: (Int32) throws(IOFailure) -> Void
  ) throws(IOFailure) {
    let target = try resolveLinks(path)
    var info = stat()
    if stat(target, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw IOFailure(reason(EISDIR)) }
      if kind != S_IFREG {
        try writeInPlace(produce, to: target, truncate: false)
        return
      }
      if access(target, W_OK) != 0 { throw IOFailure(reason(errno)) }
      try writeAtomically(produce, to: target, mode: info.st_mode & 0o7777, owner: info)
    } else if errno == ENOENT {
      try writeAtomically(produce, to: target, mode: nil, owner: nil)
    } else {
      throw IOFailure(reason(errno))
    }
  }

  /// `path` with its symbolic links followed (the last target may not exist yet).
  static func resolveLinks(_ path: String) throws(IOFailure) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      if count < 0 { return current }
      let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let folder = (current as NSString).deletingLastPathComponent
        current = folder.isEmpty ? link : folder + "/" + link
      }
    }
    throw IOFailure(reason(ELOOP))
  }

  private static func writeInPlace(
    _ produce: (Int32) throws(IOFailure) -> Void, to path: String, truncate: Bool
  ) throws(IOFailure) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0))
    if descriptor < 0 { throw IOFailure(reason(errno)) }
    defer { close(descriptor) }
    try produce(descriptor)
  }

  private static func writeAtomically(
    _ produce: (Int32) throws(IOFailure) -> Void, to path: String, mode: mode_t?, owner: stat?
  ) throws(IOFailure) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "" : folder + "/") + ".\(name).marbles-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if descriptor < 0 {
      let failure = errno
      // An unwritable folder but a writable file: write the file in place.
      if mode != nil, access(path, W_OK) == 0 {
        try writeInPlace(produce, to: path, truncate: true)
        return
      }
      throw IOFailure(reason(failure))
    }
    // mkstemp filled in the X's; the name ends at the terminating NUL.
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(IOFailure) {
      defer { close(descriptor) }
      let permissions: mode_t
      if let mode {
        permissions = mode
      } else {
        let mask = umask(0)
        umask(mask)
        permissions = 0o666 & ~mask
      }
      fchmod(descriptor, permissions)
      if let owner { _ = fchown(descriptor, owner.st_uid, owner.st_gid) }
      try produce(descriptor)
      if fsync(descriptor) != 0 { throw IOFailure(reason(errno)) }
    } catch {
      unlink(temporary)
      throw error
    }
    if rename(temporary, path) != 0 {
      let failure = errno
      unlink(temporary)
      throw IOFailure(reason(failure))
    }
  }
}

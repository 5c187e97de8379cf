import Foundation
import Marbles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Low-level file and stream I/O for the `marbles` tool, on `open(2)`/`write(2)`/`read(2)` so
/// that every failure is an error message (Foundation's `FileHandle` convenience APIs trap).
///
/// **Every file the tool writes goes through `writeOutput`** (`-o`, `--junit`, and any later
/// command that writes or rewrites a file): call
///
///     try StreamIO.writeOutput(text, to: path, protecting: scriptsBeingRead)
///
/// or, to stream, `writeOutput(to:protecting:) { descriptor in try StreamIO.writeAll(…) }`, and
/// report a failure with `error.writeMessage(path)`. Never open a file for writing otherwise.
package enum StreamIO {
  /// The largest input read by default (`-`, a file, a pipe): 10 MB.
  package static let defaultInputLimit = 10 * 1024 * 1024

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
    // A large output (the JSON of a big run goes out 1 MB at a time): its pages start for the
    // disk now, so that the `fsync` of an atomic write finds little left to wait for.
    if bytes.count >= 1 << 20 { startWriteback(descriptor) }
  }

  /// Asks the kernel to start writing `descriptor`'s dirty pages to disk, without waiting:
  /// Linux's `sync_file_range(SYNC_FILE_RANGE_WRITE)`; nothing elsewhere, and nothing for a
  /// pipe or a device (the call fails, and is only a hint).
  static func startWriteback(_ descriptor: Int32) {
    #if os(Linux)
      _ = syncFileRange?(descriptor, 0, 0, 2)  // 2: SYNC_FILE_RANGE_WRITE
    #endif
  }

  #if os(Linux)
    /// glibc's `sync_file_range`, which the Glibc module does not export, looked up by name.
    /// Invariant: its C signature is `int (int, off64_t, off64_t, unsigned int)` (glibc 2.6 on;
    /// `WriterMatrixTests` writes a large output through it).
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
      guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()
  #endif

  /// Reads `descriptor` to its end, at most `limit` bytes; throws the reason on failure, or
  /// when there is more than `limit` ("it is larger than 10 MB, the input limit").
  package static func readAll(from descriptor: Int32, limit: Int = defaultInputLimit)
    throws(IOFailure) -> Data
  {
    var data = Data()
    // Not zeroed first: `read` fills what is used, and zeroing 64 KB for each script was a
    // tenth of the instructions of `marbles test` on a folder of small scripts.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw IOFailure(reason(errno))
      }
      if count == 0 { return data }
      if data.count + count > limit {
        throw IOFailure("it is larger than \(sizeName(limit)), the input limit")
      }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// `10 MB`, `64 KB`, `100 bytes`.
  static func sizeName(_ bytes: Int) -> String {
    if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
    if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
    return "\(bytes) bytes"
  }

  /// Reads the file at `path` to its end, at most `limit` bytes: a regular file, a pipe (`<(…)`,
  /// a FIFO, `/dev/stdin`) or a device. Throws why not ("is a directory", "permission denied",
  /// "it is larger than 10 MB, the input limit").
  package static func readFile(_ path: String, limit: Int = defaultInputLimit) throws(IOFailure)
    -> Data
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw IOFailure(reason(errno)) }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { throw IOFailure(reason(EISDIR)) }
      if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit {
        throw IOFailure("it is larger than \(sizeName(limit)), the input limit")
      }
    }
    return try readAll(from: descriptor, limit: limit)
  }

  package static func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) != -1
  }

  /// Writes `text` to `path` (see `writeOutput(to:protecting:_:)`).
  package static func writeOutput(_ text: String, to path: String, protecting inputs: [String] = [])
    throws(IOFailure)
  {
    try writeOutput(to: path, protecting: inputs) { descriptor throws(IOFailure) in
      try writeAll(Array(text.utf8), to: descriptor)
    }
  }

  /// The one careful writer: writes what `produce` writes to the descriptor it is given to
  /// `path`, as coreutils' most careful tools do.
  ///
  /// - A regular file (or a new path) is replaced atomically: a temporary file in the same
  ///   folder, written, `fsync`ed, then `rename(2)`d over it, keeping the old file's permissions
  ///   (and owner, when allowed). The old content is never rewritten in place: when no
  ///   temporary file can be made there, the write fails and the old file is left as it was.
  /// - A symbolic link is followed and its target replaced (also a dangling link's target).
  /// - A character device, FIFO or socket (`/dev/null`, a named pipe) is opened and written
  ///   straight through, and stays what it is. `/dev/stdout`, `/dev/stderr` and `/dev/fd/N`
  ///   are written to that descriptor itself (in order with the rest of the tool's output).
  /// - Refused: a folder, a read-only file (even for root), and any of `inputs` (the scripts
  ///   being read: `render s.marble -o s.marble` would destroy the script).
  /// - While the temporary file exists, SIGINT, SIGTERM and SIGHUP remove it, then end the
  ///   process as the signal would have.
  ///
  /// Throws the reason ("is a directory"); on failure no temporary file is left behind.
  package static func writeOutput(
    to path: String, protecting inputs: [String] = [], _ produce: (Int32) throws(IOFailure) -> Void
  ) throws(IOFailure) {
    if path.isEmpty { throw IOFailure(reason(ENOENT)) }
    // A descriptor named by path (`/dev/stdout`, `/dev/fd/3`): written to that descriptor
    // itself, sharing its offset with everything else the tool writes there; never replaced
    // (the shell holds the file open).
    if let descriptor = namedDescriptor(path) {
      guard StreamIO.isOpen(descriptor) else { throw IOFailure(reason(EBADF)) }
      try produce(descriptor)
      return
    }
    let target = try resolveLinks(path)
    var info = stat()
    if stat(target, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw IOFailure(reason(EISDIR)) }
      if isInput(info, inputs) {
        throw IOFailure("it is the script being read; give another path")
      }
      if kind != S_IFREG {
        try writeThrough(produce, to: target, flags: 0)
        return
      }
      if info.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
        throw IOFailure("the file is read-only")
      }
      try writeAtomically(produce, to: target, existing: info)
    } else if errno == ENOENT {
      try writeAtomically(produce, to: target, existing: nil)
    } else {
      throw IOFailure(reason(errno))
    }
  }

  /// The descriptor `path` names (`/dev/stdout` 1, `/dev/fd/3` 3), if it names one.
  static func namedDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdin": return 0
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        return Int32(path.dropFirst(prefix.count))
      }
      return nil
    }
  }

  /// Whether the file `info` describes is one of `inputs`.
  private static func isInput(_ info: stat, _ inputs: [String]) -> Bool {
    inputs.contains { input in
      var other = stat()
      return input != "-" && stat(input, &other) == 0 && other.st_dev == info.st_dev
        && other.st_ino == info.st_ino
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

  /// The process's umask, read without changing it where the system says it (Linux's
  /// `/proc/self/status`); elsewhere set and put back at once.
  static func currentUmask() -> mode_t {
    if let status = try? readFile("/proc/self/status", limit: 1 << 20),
      let line = String(decoding: status, as: UTF8.self).split(separator: "\n")
        .first(where: { $0.hasPrefix("Umask:") }),
      let mask = mode_t(
        line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
    {
      return mask
    }
    let mask = umask(0)
    umask(mask)
    return mask
  }

  /// Opens `path` (a device, a FIFO, a descriptor's name) and writes into it as it is.
  private static func writeThrough(
    _ produce: (Int32) throws(IOFailure) -> Void, to path: String, flags: Int32
  ) throws(IOFailure) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_WRONLY | O_CLOEXEC | flags)
    } while descriptor < 0
      && errno == EINTR
    if descriptor < 0 {
      throw IOFailure(errno == EACCES || errno == EROFS ? "the file is read-only" : reason(errno))
    }
    defer { close(descriptor) }
    try produce(descriptor)
  }

  private static func writeAtomically(
    _ produce: (Int32) throws(IOFailure) -> Void, to path: String, existing: stat?
  ) throws(IOFailure) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    // Said when the write fails and there was a file: it was not touched.
    let unchanged = existing == nil ? "" : "; the file is unchanged"
    // A name too long for the folder gets a shorter temporary name.
    let prefix =
      (folder.isEmpty ? "" : folder + "/") + (name.utf8.count > 200 ? "" : ".\(name)") + ".marbles-"
    let (descriptor, temporary) = TemporaryFiles.create(prefix: prefix)
    if descriptor < 0 {
      let failure = errno
      let shownFolder = folder.isEmpty ? "." : folder
      if failure == ENOENT || failure == ENOTDIR {
        throw IOFailure("no such directory '\(TerminalText.escaped(shownFolder))'")
      }
      throw IOFailure(
        "cannot create a temporary file in '\(TerminalText.escaped(shownFolder))' ("
          + reason(failure) + ")" + unchanged)
    }
    defer { TemporaryFiles.forget(temporary) }
    do throws(IOFailure) {
      defer { close(descriptor) }
      do throws(IOFailure) { try produce(descriptor) } catch {
        throw IOFailure(error.reason + unchanged)
      }
      // The old file's owner and permissions, after the writes (a write clears the
      // set-user-ID bit) and owner first (so does a change of owner).
      let permissions: mode_t
      if let existing {
        permissions = existing.st_mode & 0o7777
        _ = fchown(descriptor, existing.st_uid, existing.st_gid)
      } else {
        permissions = 0o666 & ~currentUmask()
      }
      fchmod(descriptor, permissions)
      if fsync(descriptor) != 0 { throw IOFailure(reason(errno) + unchanged) }
    } catch {
      unlink(temporary)
      throw error
    }
    if rename(temporary, path) != 0 {
      let failure = errno
      unlink(temporary)
      throw IOFailure(reason(failure) + unchanged)
    }
    // The rename itself made durable.
    let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
  }
}

/// The temporary files being written, removed by SIGINT, SIGTERM or SIGHUP before the signal
/// ends the process as it would have: the handlers are installed while at least one exists,
/// and the previous handlers put back after (a signal ignored, as under `nohup`, stays ignored).
private enum TemporaryFiles {
  /// Slots of `strdup`ed paths read by the signal handler (no lock there: a slot is a pointer).
  static let capacity = 64
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The actions in place before ours, by index in `signals`.
  nonisolated(unsafe) static let saved: UnsafeMutablePointer<sigaction> = {
    let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
    saved.initialize(repeating: sigaction(), count: 3)
    return saved
  }()
  nonisolated(unsafe) static var installed = [false, false, false]
  nonisolated(unsafe) static var count = 0
  static let lock = NSLock()

  /// Creates a new file `prefix` + six random characters, for writing (mode 0600), and
  /// returns its descriptor and path; registered for removal on a signal before it exists, the
  /// handlers installed first, so that no signal, delivered to any thread, can leave it behind.
  /// On failure returns -1 with `errno` set and nothing registered.
  static func create(prefix: String) -> (descriptor: Int32, path: String) {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let path =
        prefix
        + String(
          (0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
      let slot = register(path)
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if descriptor >= 0 { return (descriptor, path) }
      let failure = errno
      unregister(slot)
      errno = failure
      if failure != EEXIST { return (-1, path) }
    }
    errno = EEXIST
    return (-1, prefix)
  }

  /// Puts `path` in a free slot (installing the handlers for the first one); the slot, or nil
  /// when all are taken (then the file is still written, only not removed on a signal).
  private static func register(_ path: String) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    if count == 0 { install() }
    count += 1
    guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
    slots[free] = strdup(path)
    return free
  }

  private static func unregister(_ slot: Int?) {
    lock.lock()
    defer { lock.unlock() }
    if let slot, let path = slots[slot] {
      slots[slot] = nil
      free(path)
    }
    count -= 1
    if count == 0 { uninstall() }
  }

  /// Stops watching `path` (renamed or removed).
  static func forget(_ path: String) {
    let slot = lock.withLock {
      (0..<capacity).first { slots[$0].map { strcmp($0, path) == 0 } ?? false }
    }
    unregister(slot)
  }

  private static func install() {
    for (index, signal) in signals.enumerated() {
      var current = sigaction()
      sigaction(signal, nil, &current)
      guard !isIgnored(current) else { continue }
      saved[index] = current
      handleSignal(signal, with: handle)
      installed[index] = true
    }
  }

  private static func uninstall() {
    for (index, signal) in signals.enumerated() where installed[index] {
      sigaction(signal, saved + index, nil)
      installed[index] = false
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if os(Linux)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}

/// The signal handler: only async-signal-safe calls (unlink, sigaction, raise).
private func handle(_ signal: Int32) {
  for index in 0..<TemporaryFiles.capacity {
    if let path = TemporaryFiles.slots[index] { unlink(path) }
  }
  let index = signal == SIGINT ? 0 : signal == SIGTERM ? 1 : 2
  sigaction(signal, TemporaryFiles.saved + index, nil)
  // Delivered when the handler returns, with the previous action (by default: the end).
  raise(signal)
}

/// Installs `handler` for `signal`; without `restart` (SA_RESTART), a wait it interrupts (for a
/// key, a read) returns at once.
package func handleSignal(
  _ signal: Int32, with handler: @convention(c) (Int32) -> Void, restart: Bool = false
) {
  var action = sigaction()
  #if os(Linux)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = restart ? SA_RESTART : 0
  sigaction(signal, &action, nil)
}

import Foundation
import Marbles

/// The workshop `marbles serve` serves: its routes, the folder's exercises and the board's
/// counts. Requests come in on the server's worker threads; what they share is behind a lock.
///
/// It serves only its own pages and the scripts of its folder, found by name in the list made
/// at start (`exercises`), never by a path from the request.
final class ServeApp: @unchecked Sendable {
  /// One exercise: its name (the file name without `.marble`) and its file.
  struct Exercise: Sendable {
    var name: String
    var path: String
  }

  /// What one exercise's board shows: predictions checked and right, lanes revealed to all.
  struct Tally: Sendable, Equatable {
    var checked = 0
    var right = 0
    var revealed = 0
  }

  let exercises: [Exercise]
  /// The token the board's reveal needs (printed at start).
  let token: String
  let options: RunOptions
  let run: @Sendable (SourceFile, RunOptions) -> ScriptOutcome
  /// Sends a server-sent event to every open event stream.
  var broadcast: @Sendable (String) -> Void = { _ in }

  private let lock = NSLock()
  private var tallies: [String: Tally] = [:]

  /// The most predictions one Check may carry.
  static let maxPredictions = 32

  init(
    exercises: [Exercise], token: String, options: RunOptions,
    run: @escaping @Sendable (SourceFile, RunOptions) -> ScriptOutcome
  ) {
    self.exercises = exercises
    self.token = token
    self.options = options
    self.run = run
  }

  /// The `.marble` files directly in `folder`, sorted, whose names are plain (letters,
  /// digits, `-`, `_`, `.`): the names the pages use.
  static func exercises(in folder: String) -> [Exercise] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { file in
      guard file.hasSuffix(".marble") else { return nil }
      let name = String(file.dropLast(".marble".count))
      guard isPlainName(name) else { return nil }
      return Exercise(name: name, path: (folder as NSString).appendingPathComponent(file))
    }
  }

  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
      }
  }

  func tally(_ name: String) -> Tally {
    lock.withLock { tallies[name] ?? Tally() }
  }

  // MARK: - Routing

  /// What the server does with a request: answer it, or keep the connection as an event stream.
  enum Outcome: Sendable {
    case response(HTTPResponse)
    case eventStream
  }

  /// The answer to `request`.
  func handle(_ request: HTTPRequest) -> Outcome {
    let get = request.method == "GET" || request.method == "HEAD"
    switch (get, request.path) {
    case (true, "/"): return .response(.html(ServePages.list(exercises.map(\.name))))
    case (true, "/scratchpad"):
      return .response(.html(ServePages.scratchpad(exercises.map(\.name))))
    case (true, "/board"): return .response(.html(ServePages.board))
    case (true, "/static/app.js"):
      return .response(
        HTTPResponse(contentType: "text/javascript; charset=utf-8", text: ServePages.script))
    case (true, "/static/app.css"):
      return .response(HTTPResponse(contentType: "text/css; charset=utf-8", text: ServePages.css))
    case (true, "/events"): return .eventStream
    case (true, "/api/board"): return .response(board())
    case (true, "/api/exercise"):
      return .response(withExercise(request.query("name")) { exercise(request, $1) })
    case (true, "/api/quiz.svg"):
      return .response(withExercise(request.query("name")) { quizSVG(request, $1) })
    case (false, "/api/check"):
      return .response(
        withJSON(request) { body in
          withExercise(body["name"]?.stringValue) { check(body, $0, $1) }
        })
    case (false, "/api/run"): return .response(withJSON(request, runScratch))
    case (false, "/api/reveal"): return .response(withJSON(request, reveal))
    default:
      if get, request.path.hasPrefix("/exercise/") {
        let name = String(request.path.dropFirst("/exercise/".count))
        guard let exercise = exercises.first(where: { $0.name == name }) else {
          return .response(.error(404, "no such exercise"))
        }
        return .response(.html(ServePages.exercise(exercise.name)))
      }
      let known = [
        "/", "/scratchpad", "/board", "/static/app.js", "/static/app.css", "/events",
        "/api/board", "/api/exercise", "/api/quiz.svg", "/api/check", "/api/run", "/api/reveal",
      ]
      if known.contains(request.path) {
        return .response(
          HTTPResponse(
            status: 405, contentType: "text/plain; charset=utf-8",
            body: Array("405 Method Not Allowed\n".utf8),
            headers: [("Allow", get ? "POST" : "GET, HEAD")]))
      }
      return .response(.error(404, "no such page"))
    }
  }

  private func withJSON(_ request: HTTPRequest, _ body: (JSONValue) -> HTTPResponse)
    -> HTTPResponse
  {
    guard request.header("content-type")?.lowercased().hasPrefix("application/json") == true else {
      return .error(415, "send application/json")
    }
    switch JSONParser.parse(request.body) {
    case .failure: return .error(400, "the body is not JSON")
    case .success(let value): return body(value)
    }
  }

  /// `handle`'s response to the exercise named `name` and its script, read from its file (at
  /// most `--max-input`); 404 when there is no such exercise or its file cannot be read.
  private func withExercise(_ name: String?, _ handle: (Exercise, SourceFile) -> HTTPResponse)
    -> HTTPResponse
  {
    guard let name, let exercise = exercises.first(where: { $0.name == name }) else {
      return .error(404, "no such exercise")
    }
    guard let data = FileManager.default.contents(atPath: exercise.path),
      data.count <= options.budgets.maxInput,
      let text = String(data: data, encoding: .utf8)
    else { return .error(404, "the exercise cannot be read") }
    return handle(exercise, SourceFile(name: exercise.name + ".marble", text: text))
  }

  // MARK: - Exercises

  /// `{title, script, toPredict: [{name, label}], revealed, diagram: [lines]}`: the exercise
  /// with `revealed` lanes uncovered; the diagram is the ASCII quiz (hidden lanes as `?`).
  private func exercise(_ request: HTTPRequest, _ source: SourceFile) -> HTTPResponse {
    guard case .completed(let run) = self.run(source, options) else {
      return .json(.object([("error", .string("the exercise does not run"))]), status: 422)
    }
    let toPredict = run.lanes.filter { !$0.isMarbleSource }
    let revealed = max(
      min(Int(request.query("revealed") ?? "") ?? 0, toPredict.count),
      tally(source.name.dropSuffix).revealed)
    let (quiz, hidden) = run.quiz(revealed: revealed)
    let text =
      TextRenderer(options: .init(glyphs: .ascii)).render(quiz, limit: options.budgets.maxOutput)
      .map { ScriptRun.markingHidden(hidden, in: $0) } ?? "(the diagram is too large)\n"
    return .json(
      .object([
        ("title", .string(run.title ?? source.name)),
        ("script", .string(source.text)),
        (
          "toPredict",
          .array(
            toPredict.map { .object([("name", .string($0.name)), ("label", .string($0.label))]) })
        ),
        ("hidden", .array(hidden.map(JSONValue.string))),
        ("revealed", .int(revealed)),
        ("diagram", .string(text)),
      ]))
  }

  /// The exercise's quiz diagram as SVG, `revealed` lanes uncovered.
  private func quizSVG(_ request: HTTPRequest, _ source: SourceFile) -> HTTPResponse {
    guard case .completed(let run) = self.run(source, options) else {
      return .error(422, "the exercise does not run")
    }
    let revealed = max(Int(request.query("revealed") ?? "") ?? 0, 0)
    guard
      let svg = SVGRenderer(theme: .light, quiz: true, revealed: revealed).render(
        run, limit: options.budgets.maxOutput)
    else { return .error(422, "the diagram is too large") }
    return HTTPResponse(contentType: "image/svg+xml", text: svg)
  }

  /// A student's predictions (`{name, predictions: {lane: "-x--y|, x: 6"}}`) checked as
  /// `marbles check` checks them: `{text, right, total, verdicts: {lane: verdict}, errors}`.
  private func check(_ body: JSONValue, _ exercise: Exercise, _ source: SourceFile)
    -> HTTPResponse
  {
    guard case .object(let fields) = body["predictions"] ?? .object([]),
      fields.count <= Self.maxPredictions
    else { return .error(400, "predictions is an object of at most \(Self.maxPredictions) lanes") }
    guard case .completed(let plain) = self.run(source, options) else {
      return .json(.object([("error", .string("the exercise does not run"))]), status: 422)
    }
    // Only the lanes the exercise asks for, by their names in the run (never a name from the
    // request), each prediction on one line of its own.
    var script = source.text.hasSuffix("\n") ? source.text : source.text + "\n"
    var predicted = 0
    for lane in plain.lanes where !lane.isMarbleSource {
      guard let text = fields.first(where: { $0.0 == lane.name })?.1.stringValue else { continue }
      let typed = text.trimmingCharacters(in: .whitespaces)
      guard !typed.isEmpty else { continue }
      guard !typed.contains(where: { $0.isNewline }) else {
        return .error(400, "a prediction is one line")
      }
      script += "expect \(lane.name) == \(Self.expectation(typed))\n"
      predicted += 1
    }
    let checked = SourceFile(name: source.name, text: script)
    let outcome = self.run(checked, options)
    guard case .completed(let run) = outcome else {
      return .json(
        .object([
          ("errors", .string(outcome.diagnostics.render(in: checked))),
          ("text", .string("")), ("right", .int(0)), ("total", .int(0)),
        ]))
    }
    let report = MarblesTool.checkReport(run, glyphs: .ascii, color: false)
    let right = report.verdicts.filter { $0.verdict == "right" }.count
    lock.withLock {
      tallies[exercise.name, default: Tally()].checked += predicted
      tallies[exercise.name, default: Tally()].right += right
    }
    return .json(
      .object([
        ("text", .string(report.text)),
        ("right", .int(report.right)),
        ("total", .int(report.predictions)),
        ("verdicts", .object(report.verdicts.map { ($0.lane, .string($0.verdict)) })),
        ("errors", .string(run.diagnostics.render(in: checked))),
      ]))
  }

  /// What a prediction field holds as the right-hand side of an `expect`: as typed when it
  /// starts with a quote (`"-x-|", x: 6`), else the marble before the first comma quoted
  /// (`-x-|, x: 6` is `"-x-|", x: 6`).
  static func expectation(_ typed: String) -> String {
    if typed.hasPrefix("\"") { return typed }
    let parts = typed.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    let marble = parts[0].trimmingCharacters(in: .whitespaces)
    let quoted =
      "\""
      + marble.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    return parts.count > 1 ? quoted + "," + parts[1] : quoted
  }

  // MARK: - Scratchpad

  /// Any script (`{script}`) run within the budgets: `{svg, diagram, errors}` (the errors
  /// with their carets, as the CLI prints them).
  private func runScratch(_ body: JSONValue) -> HTTPResponse {
    guard let text = body["script"]?.stringValue else { return .error(400, "send {\"script\": …}") }
    let source = SourceFile(name: "scratchpad.marble", text: text)
    let outcome = self.run(source, options)
    var fields: [(String, JSONValue)] = [
      ("errors", .string(outcome.diagnostics.render(in: source)))
    ]
    switch outcome {
    case .completed(let run), .stopped(let run):
      // A run stopped by a budget is drawn up to the stop; `errors` says which budget.
      let svg = SVGRenderer(theme: .light).render(run, limit: options.budgets.maxOutput)
      fields.append(("svg", svg.map(JSONValue.string) ?? .null))
      let text = TextRenderer(options: .init(glyphs: .ascii)).render(
        run, limit: options.budgets.maxOutput)
      fields.append(("diagram", text.map(JSONValue.string) ?? .null))
    case .failed: break
    }
    return .json(.object(fields))
  }

  // MARK: - Board

  private func board() -> HTTPResponse {
    let rows = exercises.map { exercise -> JSONValue in
      let tally = self.tally(exercise.name)
      return .object([
        ("name", .string(exercise.name)), ("checked", .int(tally.checked)),
        ("right", .int(tally.right)), ("revealed", .int(tally.revealed)),
      ])
    }
    return .json(.object([("exercises", .array(rows))]))
  }

  /// The board's reveal (`{name, token}`): one more lane of the exercise on every page.
  private func reveal(_ body: JSONValue) -> HTTPResponse {
    guard let given = body["token"]?.stringValue, Self.sameToken(given, token) else {
      return .error(403, "the token is wrong (the server printed it at start)")
    }
    guard let name = body["name"]?.stringValue, exercises.contains(where: { $0.name == name })
    else {
      return .error(404, "no such exercise")
    }
    let revealed = lock.withLock { () -> Int in
      tallies[name, default: Tally()].revealed += 1
      return tallies[name, default: Tally()].revealed
    }
    let event = JSONValue.object([("name", .string(name)), ("revealed", .int(revealed))])
    broadcast("event: reveal\ndata: \(event.compact)\n\n")
    return .json(event)
  }

  /// Compares every byte, whatever differs first (no timing tells how much of a guess is right).
  static func sameToken(_ given: String, _ token: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(token.utf8))
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}

extension String {
  /// Without a trailing `.marble`.
  fileprivate var dropSuffix: String {
    hasSuffix(".marble") ? String(dropLast(".marble".count)) : self
  }
}

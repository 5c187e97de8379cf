import Foundation
import Testing

@testable import Marbles
@testable import MarblesCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The routes of `marbles serve` (called directly) and the server on a loopback socket: pages,
/// the quiz, Check, the scratchpad, the board's reveal, and hostile requests.
@Suite struct ServeAppTests {
  static let exercise = """
    title "Workshop 1: transform (map, scan)"
    let prices = cold("-a--b---c|", a: 3, b: 5, c: 2)
    let doubled = prices.map { p in p * 2 }
    let total = prices.scan(0) { sum, p in sum + p }
    show prices.recorded, doubled, total

    """

  /// A folder with the exercise, one with a hostile title, and a file that is not a script.
  static func makeApp(options: RunOptions = RunOptions()) throws -> ServeApp {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("marbles-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(exercise.utf8).write(to: folder.appendingPathComponent("01-transform.marble"))
    try Data("title \"<script>alert(1)</script>\"\nshow cold(\"-a|\").map { x in x }\n".utf8)
      .write(to: folder.appendingPathComponent("evil.marble"))
    try Data("secret".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Data("show cold(\"a|\")".utf8).write(to: folder.appendingPathComponent("bad name.marble"))
    return ServeApp(
      exercises: ServeApp.exercises(in: folder.path), token: "T0KEN", options: options,
      run: { source, options in ScriptEngine.run(source, options: options) })
  }

  static func get(_ path: String, query: [(String, String)] = []) -> HTTPRequest {
    HTTPRequest(method: "GET", path: path, query: query, headers: [], body: [], keepAlive: true)
  }

  static func post(_ path: String, _ json: String, type: String = "application/json") -> HTTPRequest
  {
    HTTPRequest(
      method: "POST", path: path, query: [], headers: [("content-type", type)],
      body: Array(json.utf8), keepAlive: true)
  }

  static func response(_ app: ServeApp, _ request: HTTPRequest) -> (status: Int, text: String) {
    guard case .response(let response) = app.handle(request) else { return (0, "event stream") }
    return (response.status, String(decoding: response.body, as: UTF8.self))
  }

  @Test func listsOnlyThePlainlyNamedScripts() throws {
    let app = try Self.makeApp()
    #expect(app.exercises.map(\.name) == ["01-transform", "evil"])
    let (status, page) = Self.response(app, Self.get("/"))
    #expect(status == 200)
    #expect(page.contains(#"href="/exercise/01-transform""#))
    #expect(!page.contains("notes") && !page.contains("bad name"))
  }

  /// Nothing is found by a path from the request: traversal and unknown names are 404.
  @Test(arguments: [
    "/exercise/../../etc/passwd", "/exercise/notes.txt", "/exercise/notes", "/exercise/",
    "/exercise/01-transform.marble", "/static/../Package.swift", "/etc/passwd", "/api/quiz.svg/x",
  ])
  func servesNothingByPath(_ path: String) throws {
    let app = try Self.makeApp()
    #expect(Self.response(app, Self.get(path)).status == 404)
    let byName = Self.response(app, Self.get("/api/exercise", query: [("name", "../notes.txt")]))
    #expect(byName.status == 404)
  }

  @Test func everyPageCarriesAContentSecurityPolicyAndNoInlineScript() throws {
    let app = try Self.makeApp()
    for path in ["/", "/scratchpad", "/board", "/exercise/01-transform", "/exercise/evil"] {
      guard case .response(let response) = app.handle(Self.get(path)) else {
        Issue.record("\(path) is a page")
        continue
      }
      let wire = String(decoding: response.serialized(keepAlive: true), as: UTF8.self)
      #expect(wire.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
      #expect(wire.contains("X-Content-Type-Options: nosniff"))
      let page = String(decoding: response.body, as: UTF8.self)
      #expect(page.components(separatedBy: "<script").count == 2, "\(path): one script, by src")
      #expect(page.contains(#"<script src="/static/app.js" defer></script>"#))
      #expect(!page.contains("onclick") && !page.contains("style="))
    }
  }

  /// A script's text (its title here) reaches a page only as JSON text, which the page's
  /// script puts in with `textContent`; the SVG escapes it.
  @Test func scriptTextIsEscaped() throws {
    let app = try Self.makeApp()
    let (_, json) = Self.response(app, Self.get("/api/exercise", query: [("name", "evil")]))
    #expect(
      json.contains(#""title": "<script>alert(1)</script>""#))
    let (_, svg) = Self.response(app, Self.get("/api/quiz.svg", query: [("name", "evil")]))
    #expect(svg.contains("&lt;script&gt;") && !svg.contains("<script>"))
    #expect(ServePages.script.contains("textContent") && !ServePages.script.contains("innerHTML"))
  }

  /// The quiz sent to a page holds no hidden event until the lane is revealed.
  @Test func quizHoldsNoHiddenLaneUntilRevealed() throws {
    let app = try Self.makeApp()
    let hiddenOnly = ["10", "16", "14"]
    let (_, quiz) = Self.response(app, Self.get("/api/exercise", query: [("name", "01-transform")]))
    let (_, svg) = Self.response(app, Self.get("/api/quiz.svg", query: [("name", "01-transform")]))
    for value in hiddenOnly {
      #expect(!svg.contains(">\(value)<"))
    }
    #expect(quiz.contains(#""hidden": ["doubled", "total"]"#))
    #expect(quiz.contains("doubled  ?"))
    let (_, one) = Self.response(
      app, Self.get("/api/exercise", query: [("name", "01-transform"), ("revealed", "1")]))
    #expect(one.contains(#""hidden": ["total"]"#))
    #expect(one.contains("doubled  -6--d---4|"))
    let (_, oneSVG) = Self.response(
      app, Self.get("/api/quiz.svg", query: [("name", "01-transform"), ("revealed", "1")]))
    #expect(oneSVG.contains(">6<") && !oneSVG.contains(">16<"))
  }

  @Test func checkAnswersAsMarblesCheck() throws {
    let app = try Self.makeApp()
    let body =
      #"{"name": "01-transform", "predictions": {"doubled": "-6--a---4|, a: 10", "total": "-x--y---z|, x: 3, y: 8, z: 11"}}"#
    let (status, json) = Self.response(app, Self.post("/api/check", body))
    #expect(status == 200)
    #expect(json.contains(#""right": 1"#) && json.contains(#""total": 2"#))
    #expect(json.contains(#""doubled": "right""#) && json.contains(#""total": "wrong""#))
    #expect(json.contains("expected next(11), got next(10)"))
    #expect(app.tally("01-transform") == ServeApp.Tally(checked: 2, right: 1, revealed: 0))
    // A lane the exercise does not ask for is not added to the script.
    let sneaky = #"{"name": "01-transform", "predictions": {"prices": "-|", "x\nlet y": "-|"}}"#
    let (_, ignored) = Self.response(app, Self.post("/api/check", sneaky))
    #expect(ignored.contains(#""right": 0"#) && ignored.contains(#""doubled": "notYet""#))
    let twoLines = #"{"name": "01-transform", "predictions": {"doubled": "-|\nshow doubled"}}"#
    #expect(Self.response(app, Self.post("/api/check", twoLines)).status == 400)
  }

  @Test func checkShowsAPredictionsErrorWithItsCaret() throws {
    let app = try Self.makeApp()
    let body = #"{"name": "01-transform", "predictions": {"doubled": "-x--(y|"}}"#
    let (status, json) = Self.response(app, Self.post("/api/check", body))
    #expect(status == 200)
    #expect(json.contains("^"))
  }

  @Test func scratchpadDrawsAndReportsErrors() throws {
    let app = try Self.makeApp()
    let (status, json) = Self.response(
      app, Self.post("/api/run", #"{"script": "show cold(\"-a|\")"}"#))
    #expect(status == 200 && json.contains(#""svg": "<svg"#))
    let (_, broken) = Self.response(app, Self.post("/api/run", #"{"script": "show nope"}"#))
    #expect(broken.contains("nope") && broken.contains("^"))
  }

  /// A script that hits a budget gets the budget's message; the server goes on.
  @Test func budgetsStopRunawayScripts() throws {
    var options = RunOptions(maxFrames: 1000)
    options.budgets.maxEvents = 10_000
    let app = try Self.makeApp(options: options)
    for script in [
      "show interval(1)", "show interval(1).map { x in x }",
      "let a = cold(\"-a|\").repeat()\nshow a",
    ] {
      let body = JSONValue.object([("script", .string(script))]).compact
      let (status, json) = Self.response(app, Self.post("/api/run", body))
      #expect(status == 200)
      #expect(
        json.contains("frame") || json.contains("events") || json.contains("budget"), "\(json)")
    }
  }

  @Test func refusesBadBodies() throws {
    let app = try Self.makeApp()
    #expect(Self.response(app, Self.post("/api/run", "{")).status == 400)
    #expect(Self.response(app, Self.post("/api/run", "{}", type: "text/plain")).status == 415)
    #expect(Self.response(app, Self.post("/api/run", #"{"script": 1}"#)).status == 400)
    #expect(Self.response(app, Self.get("/api/run")).status == 405)
    #expect(Self.response(app, Self.post("/", "{}")).status == 405)
  }

  @Test func revealNeedsTheToken() throws {
    let app = try Self.makeApp()
    let sent = Sent()
    app.broadcast = { sent.append($0) }
    let wrong = Self.response(
      app, Self.post("/api/reveal", #"{"name": "01-transform", "token": "guess"}"#))
    #expect(wrong.status == 403)
    #expect(sent.events.isEmpty)
    let right = Self.response(
      app, Self.post("/api/reveal", #"{"name": "01-transform", "token": "T0KEN"}"#))
    #expect(right.status == 200)
    let event = #"data: {"name": "01-transform", "revealed": 1}"#
    #expect(sent.events == ["event: reveal\n" + event + "\n\n"])
    // A page opened later starts with the lanes the board revealed.
    let (_, quiz) = Self.response(app, Self.get("/api/exercise", query: [("name", "01-transform")]))
    #expect(quiz.contains(#""revealed": 1"#))
  }

  final class Sent: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ event: String) { lock.withLock { stored.append(event) } }
    var events: [String] { lock.withLock { stored } }
  }
}

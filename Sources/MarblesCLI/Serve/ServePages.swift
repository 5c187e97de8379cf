import Marbles

/// The pages of `marbles serve`: small HTML shells, one stylesheet and one script, all served
/// by the server itself (the Content-Security-Policy allows no inline script or style). A page
/// holds no script text: the script fills it from the JSON routes, always as text
/// (`textContent`), never as markup, and diagrams come as SVG images (`<img>`), in which no
/// script runs. Names in the markup are the folder's plain file names, escaped all the same.
enum ServePages {
  private static func page(_ title: String, kind: String, body: String, data: String = "") -> String
  {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escapeXML(title))</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/static/app.css">
    <script src="/static/app.js" defer></script>
    </head>
    <body data-page="\(kind)"\(data)>
    <nav class="top"><a href="/">Exercises</a> <a href="/scratchpad">Scratchpad</a> <a href="/board">Board</a></nav>
    \(body)
    </body>
    </html>

    """
  }

  /// The folder's exercises.
  static func list(_ names: [String]) -> String {
    let items = names.map {
      "<li><a href=\"/exercise/\(escapeXML($0, attribute: true))\">\(escapeXML($0))</a></li>"
    }.joined(separator: "\n")
    return page(
      "Marbles workshop", kind: "list",
      body: """
        <h1>Marbles workshop</h1>
        <p>Pick an exercise: look at the inputs, predict each hidden lane, check, then reveal.</p>
        <ol class="exercises">
        \(items.isEmpty ? "<li>(no .marble files in the folder)</li>" : items)
        </ol>
        """)
  }

  /// One exercise: filled by the script from `/api/exercise`.
  static func exercise(_ name: String) -> String {
    page(
      name, kind: "exercise",
      body: """
        <h1 id="title">\(escapeXML(name))</h1>
        <p class="hint">Predict each hidden lane in the notation of the script (<code>-x--y|, x: 6</code>),
        then press Check. Your predictions are drawn under the ruler as you type.</p>
        <div class="columns">
        <section><h2>Script</h2><pre id="script" class="code"></pre></section>
        <section><h2>Diagram</h2><img id="quiz" alt="the exercise's inputs; the lanes to predict drawn as ?">
        <pre id="diagram" class="code"></pre>
        <form id="predictions" autocomplete="off"></form>
        <p><button type="button" id="check">Check</button>
        <button type="button" id="reveal">Reveal next lane</button></p>
        <p id="status" role="status"></p>
        <pre id="answer" class="code"></pre></section>
        </div>
        """, data: " data-name=\"\(escapeXML(name, attribute: true))\"")
  }

  /// Any script, drawn as it is typed.
  static func scratchpad(_ names: [String]) -> String {
    let options = names.map {
      "<option value=\"\(escapeXML($0, attribute: true))\">\(escapeXML($0))</option>"
    }.joined()
    return page(
      "Scratchpad", kind: "scratchpad",
      body: """
        <h1>Scratchpad</h1>
        <p>Start from <select id="start"><option value="">(empty)</option>\(options)</select>
        and edit: the diagram and any error follow as you type.</p>
        <div class="columns">
        <section><textarea id="editor" spellcheck="false" rows="18" cols="70" aria-label="script"></textarea></section>
        <section><pre id="errors" class="code errors"></pre><img id="drawing" alt="the diagram">
        <pre id="text" class="code"></pre></section>
        </div>
        """)
  }

  /// The projector's board.
  static let board = page(
    "Board", kind: "board",
    body: """
      <h1>Board</h1>
      <p class="hint">Predictions checked and right, per exercise, from every student, anonymous.
      Reveal uncovers the next lane on every open page of that exercise (it needs the token the
      server printed: open the address it printed, or add <code>#token=…</code>).</p>
      <table><thead><tr><th>exercise</th><th>checked</th><th>right</th><th>revealed</th><th></th></tr></thead>
      <tbody id="tally"></tbody></table>
      <p id="status" role="status"></p>
      """)

  static let css = """
    body { font-family: system-ui, sans-serif; margin: 0 24px 40px; color: #1f2328; background: #fff; }
    nav.top { padding: 10px 0; border-bottom: 1px solid #d0d7de; margin-bottom: 12px; }
    nav.top a { margin-right: 18px; }
    .columns { display: flex; flex-wrap: wrap; gap: 24px; }
    .columns > section { flex: 1 1 460px; min-width: 0; }
    .code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; background: #f6f8fa;
      border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 10px; overflow-x: auto; white-space: pre; }
    .code:empty { display: none; }
    .errors { color: #a40e26; }
    .kw { color: #8250df; font-weight: bold; } .str { color: #0a3069; } .com { color: #6e7781; font-style: italic; }
    .num { color: #0550ae; }
    img { max-width: 100%; display: block; margin-bottom: 10px; }
    form label { display: block; font-family: ui-monospace, Menlo, Consolas, monospace; margin: 6px 0; }
    form input { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 15px; width: 60%; }
    textarea { width: 100%; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; }
    button { font-size: 15px; padding: 4px 14px; }
    .right { color: #1a7f37; font-weight: bold; } .wrong { color: #cf222e; font-weight: bold; }
    table { border-collapse: collapse; font-size: 20px; } td, th { border-bottom: 1px solid #d0d7de; padding: 6px 14px; text-align: left; }
    .hint { color: #57606a; }

    """

  /// The one script of every page (plain ES5, no dependencies). Text from the server or the
  /// student goes into the page only through `textContent` and `img.src`.
  static let script = #"""
    (function () {
      "use strict";
      var body = document.body;
      var kind = body.getAttribute("data-page");

      function $(id) { return document.getElementById(id); }
      function text(node, value) { node.textContent = value == null ? "" : String(value); }

      function request(method, url, data, done) {
        var xhr = new XMLHttpRequest();
        xhr.open(method, url);
        if (data !== null) { xhr.setRequestHeader("Content-Type", "application/json"); }
        xhr.onload = function () {
          var json = null;
          try { json = JSON.parse(xhr.responseText); } catch (e) { json = null; }
          done(xhr.status, json, xhr.responseText);
        };
        xhr.onerror = function () { done(0, null, "the server cannot be reached"); };
        xhr.send(data === null ? null : JSON.stringify(data));
      }

      // Highlighting: the script split into tokens, each appended as a text node in a span.
      var keywords = /^(let|show|expect|title|use|as|in|true|false|nil|if|else|return)$/;
      function highlight(pre, source) {
        while (pre.firstChild) { pre.removeChild(pre.firstChild); }
        var pattern = /(\/\/[^\n]*)|("(?:[^"\\\n]|\\.)*"?)|([A-Za-z_][A-Za-z0-9_]*)|([0-9]+)|([\s\S])/g;
        var match;
        while ((match = pattern.exec(source)) !== null) {
          var cls = match[1] ? "com" : match[2] ? "str" : match[3] && keywords.test(match[3]) ? "kw" : match[4] ? "num" : null;
          if (cls) {
            var span = document.createElement("span");
            span.className = cls;
            span.textContent = match[0];
            pre.appendChild(span);
          } else {
            pre.appendChild(document.createTextNode(match[0]));
          }
        }
      }

      function exercisePage() {
        var name = body.getAttribute("data-name");
        var revealed = 0;
        var data = null;
        var fields = {};
        var form = $("predictions");

        function drawDiagram() {
          if (!data) { return; }
          // The ASCII quiz, each hidden lane's "?" replaced by what is typed for it.
          var lines = data.diagram.split("\n");
          var out = lines.map(function (line) {
            for (var i = 0; i < data.toPredict.length; i++) {
              var lane = data.toPredict[i];
              var field = fields[lane.name];
              if (data.hidden.indexOf(lane.label) < 0 || !field || field.value === "") { continue; }
              if (line.indexOf(lane.label + " ") === 0 && line.charAt(line.length - 1) === "?") {
                var typed = field.value.split(",")[0].replace(/^\s*"?|"?\s*$/g, "");
                return line.slice(0, line.length - 1) + typed + "   (your prediction)";
              }
            }
            return line;
          });
          text($("diagram"), out.join("\n"));
        }

        function load() {
          request("GET", "/api/exercise?name=" + encodeURIComponent(name) + "&revealed=" + revealed, null,
            function (status, json, raw) {
              if (status !== 200 || !json) { text($("status"), raw); return; }
              data = json;
              revealed = json.revealed;
              text($("title"), json.title);
              document.title = json.title;
              highlight($("script"), json.script);
              $("quiz").src = "/api/quiz.svg?name=" + encodeURIComponent(name) + "&revealed=" + revealed;
              json.toPredict.forEach(function (lane) {
                if (fields[lane.name]) { return; }
                var label = document.createElement("label");
                var input = document.createElement("input");
                input.name = lane.name;
                input.setAttribute("aria-label", "prediction for " + lane.label);
                input.placeholder = "-x--y|, x: 1, y: 2";
                input.addEventListener("input", drawDiagram);
                label.appendChild(document.createTextNode(lane.label + " "));
                label.appendChild(input);
                var verdict = document.createElement("span");
                verdict.className = "verdict";
                label.appendChild(document.createTextNode(" "));
                label.appendChild(verdict);
                form.appendChild(label);
                fields[lane.name] = input;
              });
              $("reveal").disabled = json.hidden.length === 0;
              text($("reveal"), json.hidden.length === 0 ? "All lanes revealed" : "Reveal next lane (" + json.hidden.length + " hidden)");
              drawDiagram();
            });
        }

        $("check").addEventListener("click", function () {
          var predictions = {};
          Object.keys(fields).forEach(function (lane) { predictions[lane] = fields[lane].value; });
          text($("status"), "Checking…");
          request("POST", "/api/check", { name: name, predictions: predictions }, function (status, json, raw) {
            if (status !== 200 || !json) { text($("status"), raw); return; }
            text($("status"), json.total ? json.right + " of " + json.total + " predictions right" : "");
            text($("answer"), (json.errors || "") + (json.text || ""));
            var verdicts = json.verdicts || {};
            Object.keys(fields).forEach(function (lane) {
              var span = fields[lane].parentNode.querySelector(".verdict");
              var verdict = verdicts[lane] || "";
              span.className = "verdict " + (verdict === "right" ? "right" : verdict === "wrong" ? "wrong" : "");
              text(span, verdict === "right" ? "RIGHT" : verdict === "wrong" ? "WRONG" : verdict === "notYet" ? "NOT YET" : "");
            });
          });
        });
        $("reveal").addEventListener("click", function () { revealed += 1; load(); });
        // The board's reveal reaches every open page of the exercise.
        if (window.EventSource) {
          var events = new EventSource("/events");
          events.addEventListener("reveal", function (event) {
            var message = null;
            try { message = JSON.parse(event.data); } catch (e) { return; }
            if (message && message.name === name && message.revealed > revealed) {
              revealed = message.revealed;
              load();
            }
          });
        }
        load();
      }

      function scratchpadPage() {
        var editor = $("editor");
        var timer = null;
        var sent = 0;
        function draw() {
          var number = ++sent;
          request("POST", "/api/run", { script: editor.value }, function (status, json, raw) {
            if (number !== sent) { return; }
            if (status !== 200 || !json) { text($("errors"), raw); return; }
            text($("errors"), (json.errors || "") + (json.stop ? json.stop + "\n" : ""));
            if (json.svg) {
              $("drawing").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(json.svg);
              $("drawing").style.display = "";
            } else {
              $("drawing").style.display = "none";
            }
            text($("text"), json.diagram || "");
          });
        }
        editor.addEventListener("input", function () {
          if (timer) { clearTimeout(timer); }
          timer = setTimeout(draw, 150);
        });
        $("start").addEventListener("change", function () {
          var name = $("start").value;
          if (!name) { editor.value = ""; draw(); return; }
          request("GET", "/api/exercise?name=" + encodeURIComponent(name), null, function (status, json) {
            if (status === 200 && json) { editor.value = json.script; draw(); }
          });
        });
      }

      function boardPage() {
        var match = /token=([A-Za-z0-9]+)/.exec(window.location.hash);
        var token = match ? match[1] : "";
        function refresh() {
          request("GET", "/api/board", null, function (status, json) {
            if (status !== 200 || !json) { return; }
            var tbody = $("tally");
            while (tbody.firstChild) { tbody.removeChild(tbody.firstChild); }
            json.exercises.forEach(function (row) {
              var tr = document.createElement("tr");
              [row.name, row.checked, row.right, row.revealed].forEach(function (value) {
                var td = document.createElement("td");
                text(td, value);
                tr.appendChild(td);
              });
              var td = document.createElement("td");
              var button = document.createElement("button");
              button.type = "button";
              button.className = "reveal";
              button.setAttribute("data-name", row.name);
              text(button, "Reveal next lane");
              button.addEventListener("click", function () {
                request("POST", "/api/reveal", { name: row.name, token: token }, function (status, json, raw) {
                  text($("status"), status === 200 ? "Revealed lane " + json.revealed + " of " + row.name : raw);
                  refresh();
                });
              });
              td.appendChild(button);
              tr.appendChild(td);
              tbody.appendChild(tr);
            });
          });
        }
        refresh();
        setInterval(refresh, 3000);
      }

      if (kind === "exercise") { exercisePage(); }
      if (kind === "scratchpad") { scratchpadPage(); }
      if (kind === "board") { boardPage(); }
    })();

    """#
}

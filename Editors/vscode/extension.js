// The Marbles extension: starts `marbles lsp` and speaks the Language Server Protocol to it
// over stdio, with no dependencies and no build step (plain JavaScript, Node's child_process).
// It maps the server's answers onto VS Code's providers and draws the live diagram preview
// from the server's `marbles/render` request.
'use strict';

const childProcess = require('child_process');

/** A JSON-RPC connection to a child process, framed with Content-Length headers. */
class Connection {
  constructor(command, args, onNotification, onExit) {
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.onNotification = onNotification;
    this.process = childProcess.spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout.on('data', (chunk) => this.receive(chunk));
    this.process.stderr.on('data', () => {});
    this.process.on('error', (error) => this.fail(error));
    this.process.on('exit', (code) => {
      this.fail(new Error(`marbles lsp exited with code ${code}`));
      if (onExit) onExit(code);
    });
  }

  fail(error) {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  write(message) {
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: '2.0' }, message)), 'utf8');
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  /** Sends a request; resolves with its result, rejects with its error. A cancellation token's
   *  request is passed on as `$/cancelRequest`. */
  request(method, params, token) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ id, method, params });
      if (token && token.onCancellationRequested) {
        token.onCancellationRequested(() => this.notify('$/cancelRequest', { id }));
      }
    });
  }

  notify(method, params) {
    this.write({ method, params });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = this.buffer.slice(0, end).toString('ascii');
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.slice(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.slice(end + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch (error) {
        continue;
      }
      if (message.id !== undefined && message.method === undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (!waiting) continue;
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      } else if (message.method !== undefined && message.id !== undefined) {
        // A request from the server (none is needed): answer so that it never waits.
        this.write({ id: message.id, result: null });
      } else if (message.method !== undefined) {
        this.onNotification(message.method, message.params);
      }
    }
  }

  async stop() {
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
    } catch (error) {
      this.process.kill();
    }
  }
}

/** Starts the server and wires it into VS Code. */
function activate(context) {
  const vscode = require('vscode');
  const diagnostics = vscode.languages.createDiagnosticCollection('marbles');
  const lspDiagnostics = new WeakMap();
  const selector = { language: 'marble' };
  let connection;
  let ready;

  const toRange = (r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  const fromRange = (r) => ({
    start: { line: r.start.line, character: r.start.character },
    end: { line: r.end.line, character: r.end.character },
  });
  const at = (document, position) => ({
    textDocument: { uri: document.uri.toString() },
    position: { line: position.line, character: position.character },
  });
  const severities = [
    vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint,
  ];

  function onNotification(method, params) {
    if (method === 'textDocument/publishDiagnostics') {
      const uri = vscode.Uri.parse(params.uri);
      diagnostics.set(uri, params.diagnostics.map((d) => {
        const diagnostic = new vscode.Diagnostic(toRange(d.range), d.message, severities[(d.severity || 1) - 1]);
        diagnostic.source = 'marbles';
        if (d.relatedInformation) {
          diagnostic.relatedInformation = d.relatedInformation.map((info) =>
            new vscode.DiagnosticRelatedInformation(
              new vscode.Location(vscode.Uri.parse(info.location.uri), toRange(info.location.range)), info.message));
        }
        lspDiagnostics.set(diagnostic, d);
        return diagnostic;
      }));
      previews.refresh(params.uri);
    } else if (method === 'window/showMessage') {
      (params.type === 1 ? vscode.window.showErrorMessage : vscode.window.showInformationMessage)(params.message);
    }
  }

  function start() {
    const settings = vscode.workspace.getConfiguration('marbles');
    connection = new Connection(
      settings.get('path') || 'marbles', ['lsp', '--max-frames', String(settings.get('maxFrames') || 100000)],
      onNotification);
    ready = connection.request('initialize', {
      processId: process.pid, rootUri: null, capabilities: {}, clientInfo: { name: 'vscode-marbles' },
    }).then(() => {
      connection.notify('initialized', {});
      for (const document of vscode.workspace.textDocuments) open(document);
    }, (error) => vscode.window.showErrorMessage(`Marbles: cannot start 'marbles lsp': ${error.message}`));
  }

  function open(document) {
    if (document.languageId !== 'marble') return;
    connection.notify('textDocument/didOpen', {
      textDocument: { uri: document.uri.toString(), languageId: 'marble', version: document.version, text: document.getText() },
    });
  }

  async function ask(method, params, token) {
    await ready;
    try {
      return await connection.request(method, params, token);
    } catch (error) {
      return null;
    }
  }

  start();
  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.languageId !== 'marble' || event.contentChanges.length === 0) return;
      connection.notify('textDocument/didChange', {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: event.contentChanges.map((change) => ({ range: fromRange(change.range), text: change.text })),
      });
      previews.schedule(event.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.languageId !== 'marble') return;
      connection.notify('textDocument/didClose', { textDocument: { uri: document.uri.toString() } });
    }),
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(document, position, token) {
        const hover = await ask('textDocument/hover', at(document, position), token);
        if (!hover) return null;
        return new vscode.Hover(new vscode.MarkdownString(hover.contents.value), hover.range && toRange(hover.range));
      },
    }),
    vscode.languages.registerCompletionItemProvider(selector, {
      async provideCompletionItems(document, position, token) {
        const list = await ask('textDocument/completion', at(document, position), token);
        if (!list) return [];
        return list.items.map((item) => {
          const completion = new vscode.CompletionItem(item.label, (item.kind || 1) - 1);
          completion.detail = item.detail;
          completion.documentation = item.documentation;
          completion.sortText = item.sortText;
          if (item.insertText) {
            completion.insertText = item.insertTextFormat === 2 ? new vscode.SnippetString(item.insertText) : item.insertText;
          }
          return completion;
        });
      },
    }, '.', ','),
    vscode.languages.registerDefinitionProvider(selector, {
      async provideDefinition(document, position, token) {
        const location = await ask('textDocument/definition', at(document, position), token);
        return location ? new vscode.Location(vscode.Uri.parse(location.uri), toRange(location.range)) : null;
      },
    }),
    vscode.languages.registerReferenceProvider(selector, {
      async provideReferences(document, position, context, token) {
        const params = Object.assign(at(document, position), { context: { includeDeclaration: context.includeDeclaration } });
        const locations = (await ask('textDocument/references', params, token)) || [];
        return locations.map((l) => new vscode.Location(vscode.Uri.parse(l.uri), toRange(l.range)));
      },
    }),
    vscode.languages.registerRenameProvider(selector, {
      async provideRenameEdits(document, position, newName, token) {
        await ready;
        const params = Object.assign(at(document, position), { newName });
        const result = await connection.request('textDocument/rename', params, token);
        const edit = new vscode.WorkspaceEdit();
        for (const [uri, edits] of Object.entries(result.changes)) {
          for (const e of edits) edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText);
        }
        return edit;
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      async provideDocumentSymbols(document, token) {
        const symbols = (await ask('textDocument/documentSymbol', { textDocument: { uri: document.uri.toString() } }, token)) || [];
        return symbols.map((s) => new vscode.DocumentSymbol(s.name, s.detail || '', s.kind - 1, toRange(s.range), toRange(s.selectionRange)));
      },
    }),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      async provideDocumentFormattingEdits(document, options, token) {
        const edits = (await ask('textDocument/formatting', { textDocument: { uri: document.uri.toString() }, options }, token)) || [];
        return edits.map((edit) => vscode.TextEdit.replace(toRange(edit.range), edit.newText));
      },
    }),
    vscode.languages.registerCodeActionsProvider(selector, {
      async provideCodeActions(document, range, context, token) {
        const sent = context.diagnostics.map((d) => lspDiagnostics.get(d)).filter(Boolean);
        if (sent.length === 0) return [];
        const actions = (await ask('textDocument/codeAction', {
          textDocument: { uri: document.uri.toString() }, range: fromRange(range), context: { diagnostics: sent },
        }, token)) || [];
        return actions.map((action) => {
          const fix = new vscode.CodeAction(action.title, vscode.CodeActionKind.QuickFix);
          fix.isPreferred = action.isPreferred;
          fix.diagnostics = context.diagnostics.filter((d) => sent.includes(lspDiagnostics.get(d)));
          const edit = new vscode.WorkspaceEdit();
          for (const [uri, edits] of Object.entries(action.edit.changes)) {
            for (const e of edits) edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText);
          }
          fix.edit = edit;
          return fix;
        });
      },
    }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    vscode.commands.registerCommand('marbles.showPreview', () => previews.show(vscode.window.activeTextEditor)),
    vscode.commands.registerCommand('marbles.restartServer', async () => {
      await connection.stop();
      start();
    }),
    { dispose: () => connection.stop() },
  );

  /** The preview panels: one per document, redrawn from `marbles/render` as the text changes. */
  const previews = {
    panels: new Map(),
    timers: new Map(),
    show(editor) {
      if (!editor || editor.document.languageId !== 'marble') return;
      const uri = editor.document.uri.toString();
      let panel = this.panels.get(uri);
      if (!panel) {
        panel = vscode.window.createWebviewPanel('marblesPreview', `Diagram: ${editor.document.fileName.split('/').pop()}`,
          { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: false });
        panel.onDidDispose(() => this.panels.delete(uri));
        this.panels.set(uri, panel);
      }
      panel.reveal(vscode.ViewColumn.Beside, true);
      this.refresh(uri);
    },
    schedule(document) {
      const uri = document.uri.toString();
      if (!this.panels.has(uri)) return;
      clearTimeout(this.timers.get(uri));
      this.timers.set(uri, setTimeout(() => this.refresh(uri), 150));
    },
    async refresh(uri) {
      const panel = this.panels.get(uri);
      if (!panel) return;
      const theme = vscode.workspace.getConfiguration('marbles').get('previewTheme') || 'auto';
      const drawn = await ask('marbles/render', { textDocument: { uri }, format: 'svg', theme });
      if (!drawn) return;
      const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const errors = drawn.diagnostics ? `<pre class="errors">${escape(drawn.diagnostics)}</pre>` : '';
      panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">
<style>body{margin:12px} .errors{color:var(--vscode-errorForeground);white-space:pre-wrap}</style></head>
<body>${errors}${drawn.content || ''}</body></html>`;
    },
  };
}

function deactivate() {}

module.exports = { activate, deactivate, Connection };

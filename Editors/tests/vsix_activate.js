// Activates the extension as packaged in the .vsix, under a stand-in for VS Code's `vscode` module,
// against the real `marbles lsp`: the package's `main` loads from the unpacked extension/ folder,
// activate() registers every command package.json contributes and a provider of each kind for
// the `marble` language, and the hover provider answers through the server for an open script.
// Usage: node vsix_activate.js UNPACKED_EXTENSION_FOLDER MARBLES EXAMPLE.marble
'use strict';
const assert = require('assert');
const fs = require('fs');
const Module = require('module');
const path = require('path');

const [folder, marbles, example] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
const registered = { commands: [], providers: [], errors: [] };
const disposable = () => ({ dispose() {} });

class Range {
  constructor(startLine, startCharacter, endLine, endCharacter) {
    this.start = { line: startLine, character: startCharacter };
    this.end = { line: endLine, character: endCharacter };
  }
}
class MarkdownString {
  constructor(value) { this.value = value; }
}
class Hover {
  constructor(contents, range) { this.contents = contents; this.range = range; }
}

/** What activate() and its providers use of the `vscode` module. */
const vscode = {
  Range, MarkdownString, Hover,
  Uri: { parse: (text) => ({ toString: () => text }) },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  CodeActionKind: { QuickFix: 'quickfix' },
  ViewColumn: { Beside: -2 },
  languages: {
    createDiagnosticCollection: () => ({ set() {}, dispose() {} }),
  },
  workspace: {
    textDocuments: [],
    getConfiguration: () => ({ get: (key) => ({ path: marbles, maxFrames: 100000 })[key] }),
    onDidOpenTextDocument: disposable,
    onDidChangeTextDocument: disposable,
    onDidCloseTextDocument: disposable,
  },
  window: {
    showErrorMessage: (message) => registered.errors.push(message),
    showInformationMessage: () => {},
  },
  commands: {
    registerCommand: (id) => { registered.commands.push(id); return disposable(); },
  },
};

/** A stand-in for the parts of the API this file does not model: callable, constructible, and
 *  every property of it another stand-in (so that an extension using more of the API loads). */
function anything() {
  const stub = new Proxy(function () {}, {
    get: (target, key) => (key === 'then' ? undefined : key === 'dispose' ? () => {} : anything()),
    apply: () => anything(),
    construct: () => anything(),
  });
  return stub;
}
const known = (object) => new Proxy(object, {
  get: (target, key) => {
    if (key in target) return target[key];
    const kind = typeof key === 'string' && /^register(.*)Provider$/.exec(key);
    if (kind) {
      return (selector, provider) => {
        registered.providers.push({ kind: kind[1], selector, provider });
        return disposable();
      };
    }
    return anything();
  },
});
for (const name of ['languages', 'workspace', 'window', 'commands']) vscode[name] = known(vscode[name]);
const api = known(vscode);

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? api : load.call(this, request, ...rest);
};

const timer = setTimeout(() => {
  console.error('vsix activate: FAILED -- no answer within 30 s');
  process.exit(1);
}, 30000);

(async () => {
  const main = path.resolve(folder, manifest.main);
  assert.ok(main.startsWith(path.resolve(folder) + path.sep), `main ${manifest.main} is outside the package`);
  const extension = require(main);
  const text = fs.readFileSync(example, 'utf8');
  const uri = 'file://' + path.resolve(example);
  const document = { languageId: 'marble', version: 1, uri: { toString: () => uri }, getText: () => text };
  vscode.workspace.textDocuments.push(document);
  const context = { subscriptions: [] };
  extension.activate(context);

  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  assert.deepStrictEqual(registered.commands.slice().sort(), contributed, 'the commands activate() registers');
  const kinds = registered.providers.map((p) => p.kind).sort();
  assert.ok(registered.providers.every((p) => p.selector.language === 'marble'), 'providers for marble');
  assert.ok(kinds.includes('Hover') && kinds.includes('DocumentFormattingEdit'), kinds.join(' '));

  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('.map {'));
  const character = lines[line].indexOf('.map {') + 2;
  const hoverProvider = registered.providers.find((p) => p.kind === 'Hover').provider;
  const hover = await hoverProvider.provideHover(document, { line, character }, undefined);
  assert.ok(hover && hover.contents.value.includes('map'), JSON.stringify(hover));
  assert.deepStrictEqual(registered.errors, []);
  for (const item of context.subscriptions) await item.dispose();
  clearTimeout(timer);
  console.log(`vsix activate: ${manifest.publisher}.${manifest.name} ${manifest.version} activates from the package: `
    + `${registered.commands.length} commands, ${kinds.length} providers (${kinds.join(', ')}); `
    + `hover on .map answers ${hover.contents.value.split('\n').length} lines`);
})().catch((error) => {
  console.error('vsix activate: FAILED --', error && error.stack ? error.stack : error);
  process.exit(1);
});

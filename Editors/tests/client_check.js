// Drives `marbles lsp` through the VS Code extension's own JSON-RPC client (the Connection of
// extension.js, without VS Code): initialize, open a script with an error, read the diagnostic,
// hover, render the preview, shut down. Usage: node client_check.js MARBLES EXAMPLE.marble
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const { Connection } = require('../vscode/extension.js');

const [marbles, example] = process.argv.slice(2);
const uri = 'file://' + path.resolve(example);
let onDiagnostics;
const diagnosticsArrived = new Promise((resolve) => { onDiagnostics = resolve; });
const connection = new Connection(marbles, ['lsp'], (method, params) => {
  if (method === 'textDocument/publishDiagnostics') onDiagnostics(params);
});

(async () => {
  const initialized = await connection.request('initialize', { processId: process.pid, capabilities: {} });
  assert.strictEqual(initialized.capabilities.hoverProvider, true);
  connection.notify('initialized', {});
  const text = fs.readFileSync(example, 'utf8').replace('.map {', '.mapp {');
  connection.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'marble', version: 1, text } });
  const published = await diagnosticsArrived;
  assert.ok(published.diagnostics.some((d) => d.message.includes("did you mean 'map'")), JSON.stringify(published));
  const render = await connection.request('marbles/render', { textDocument: { uri }, format: 'svg' });
  assert.strictEqual(render.content, null);
  assert.ok(render.diagnostics.includes('mapp'));
  const hover = await connection.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
  assert.ok(hover === null || hover.contents.value.length > 0);
  await connection.stop();
  console.log('vscode client: diagnostics, render and hover through extension.js: ok');
})().catch((error) => {
  console.error('vscode client: FAILED:', error.message);
  process.exit(1);
});

"""What `marbles lsp` shows beside the text, under pytest-lsp (a real client that checks every
message against LSP 3.17): semantic tokens, inlay hints, code lenses, signature help, document
highlights, folding ranges, workspace symbols and diagnostics, and quick fixes as commands for a
client without code action literals. Each feature is advertised only to a client that declares
it. The server is $MARBLES (else `marbles`)."""
import os
import pathlib
import tempfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

MARBLES = os.environ.get("MARBLES", "marbles")
HERE = pathlib.Path(__file__).parent
ROOT = HERE.parent.parent
EXAMPLES = ROOT / "Examples"
# A folder for workspace diagnostics: one script that fails, one that passes.
FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="marbles-lsp-folder-"))
(FOLDER / "broken.marble").write_text('let a = cold("-a|")\nlet b = a.mapp { x in x }\nshow b\n')
(FOLDER / "fine.marble").write_text('let a = cold("-a|")\nshow a\nexpect a == "-a|"\n')

TOKEN_TYPES = ["keyword", "variable", "function", "method", "property", "parameter", "number",
               "string", "operator", "comment", "enumMember"]

FEATURES = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        apply_edit=True, symbol=types.WorkspaceSymbolClientCapabilities()
    ),
    text_document=types.TextDocumentClientCapabilities(
        semantic_tokens=types.SemanticTokensClientCapabilities(
            requests=types.ClientSemanticTokensRequestOptions(full=True),
            token_types=TOKEN_TYPES,
            token_modifiers=["declaration", "defaultLibrary"],
            formats=[types.TokenFormat.Relative],
        ),
        inlay_hint=types.InlayHintClientCapabilities(),
        code_lens=types.CodeLensClientCapabilities(),
        signature_help=types.SignatureHelpClientCapabilities(),
        document_highlight=types.DocumentHighlightClientCapabilities(),
        folding_range=types.FoldingRangeClientCapabilities(line_folding_only=True),
        diagnostic=types.DiagnosticClientCapabilities(),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix"])
            )
        ),
    ),
)


async def start(lsp_client, capabilities, folder=None):
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            process_id=os.getpid(),
            root_uri=folder.resolve().as_uri() if folder else None,
        )
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def client(lsp_client: LanguageClient):
    await start(lsp_client, FEATURES, EXAMPLES)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def folder_client(lsp_client: LanguageClient):
    await start(lsp_client, FEATURES, FOLDER)
    yield
    await lsp_client.shutdown_session()


# Declares nothing but `workspace/applyEdit`: quick fixes come as commands the server applies.
@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def old_client(lsp_client: LanguageClient):
    await start(
        lsp_client,
        types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(apply_edit=True)),
    )
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def bare_client(lsp_client: LanguageClient):
    await start(lsp_client, types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def open_text(client, name, text):
    uri = (HERE / name).resolve().as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="marble", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return types.TextDocumentIdentifier(uri=uri)


def decode(data, lines, legend):
    """The tokens as (text, type, modifiers), from the relative encoding."""
    tokens, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[i:i + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        text = lines[line].encode("utf-16-le")[2 * start:2 * (start + length)].decode("utf-16-le")
        names = [m for bit, m in enumerate(legend.token_modifiers) if modifiers & (1 << bit)]
        tokens.append((text, legend.token_types[kind], names))
    return tokens


async def test_a_bare_client_is_offered_none_of_them(bare_client: LanguageClient):
    capabilities = bare_client.init_result.capabilities
    assert capabilities.semantic_tokens_provider is None
    assert capabilities.inlay_hint_provider is None
    # Code lenses are offered to every client (Neovim 0.7 shows them without declaring them).
    assert capabilities.code_lens_provider is not None
    assert capabilities.signature_help_provider is None
    assert capabilities.document_highlight_provider is None
    assert capabilities.folding_range_provider is None
    assert capabilities.workspace_symbol_provider is None
    assert capabilities.diagnostic_provider is None


async def test_semantic_tokens_colour_names_operators_and_marble_glyphs(client: LanguageClient):
    legend = client.init_result.capabilities.semantic_tokens_provider.legend
    text = 'let input = cold("-a-(bc)|", a: 1)  // a source\nlet out = input.map { x in x }\nshow out\n'
    doc = await open_text(client, "tokens.marble", text)
    answer = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc)
    )
    tokens = decode(answer.data, text.split("\n"), legend)
    assert ("let", "keyword", []) in tokens
    assert ("input", "variable", ["declaration"]) in tokens
    assert ("cold", "function", ["defaultLibrary"]) in tokens
    assert ("map", "method", ["defaultLibrary"]) in tokens
    assert ("x", "parameter", []) in tokens
    assert ("1", "number", []) in tokens
    assert ("// a source", "comment", []) in tokens
    # The marble's glyphs: its values, its completion and group, and the value key `a:`.
    assert ("a", "enumMember", []) in tokens and ("bc", "enumMember", []) in tokens
    assert ("|", "keyword", []) in tokens and ("(", "operator", []) in tokens
    assert ("a", "property", []) in tokens
    # Every character of the marble string is covered once, quotes included.
    start = tokens.index(("cold", "function", ["defaultLibrary"])) + 1
    end = tokens.index(("a", "property", []))
    assert "".join(t[0] for t in tokens[start:end]) == '"-a-(bc)|"'


async def test_inlay_hints_give_the_frames_a_marble_does_not_show(client: LanguageClient):
    text = 'let a = cold("-(ab)-c|")\nlet b = cold("a 10ms b|")\nlet c = cold("--x--|")\nshow a, b, c\n'
    doc = await open_text(client, "hints.marble", text)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=doc,
            range=types.Range(start=types.Position(line=0, character=0),
                              end=types.Position(line=3, character=0)),
        )
    )
    found = [(h.position.line, h.position.character, h.label) for h in hints]
    # `a` and `b` share the group's frame 1; after `10ms`, `b` is at frame 11 and `|` at 12;
    # `c` and `--x--|` are where their columns say: no hint.
    assert found == [(0, 17, "@1"), (0, 18, "@1"), (1, 22, "@11"), (1, 23, "@12")]
    # Only the lines asked for.
    later = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=doc,
            range=types.Range(start=types.Position(line=1, character=0),
                              end=types.Position(line=1, character=30)),
        )
    )
    assert [h.label for h in later] == ["@11", "@12"]


async def test_code_lenses_render_step_and_count_the_expects(client: LanguageClient):
    text = ('let a = cold("-a-b|")\nlet b = a.map { x in x }\nshow a, b\n'
            'expect a == "-a-b|"\nexpect b == "-a-c|"\n')
    doc = await open_text(client, "lenses.marble", text)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
    found = [(lens.range.start.line, lens.command.title) for lens in lenses]
    assert found == [(2, "▶ render"), (2, "▶ step"), (2, "✗ 1 of 2 fails"),
                     (3, "✓ passes"), (4, "✗ fails")]
    step = next(lens.command for lens in lenses if lens.command.title == "▶ step")
    stepped = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=step.command, arguments=step.arguments)
    )
    content = stepped["content"] if isinstance(stepped, dict) else stepped.content
    assert content.startswith("step 1 of ")


async def test_signature_help_follows_the_argument_being_written(client: LanguageClient):
    text = 'let a = cold("-1-2|")\nlet b = a.scan(0) { acc, x in acc + x }\nshow b\n'
    doc = await open_text(client, "signature.marble", text)

    async def at(character):
        return await client.text_document_signature_help_async(
            types.SignatureHelpParams(text_document=doc,
                                      position=types.Position(line=1, character=character))
        )

    line = text.split("\n")[1]
    inside = await at(line.index("(0") + 1)
    signature = inside.signatures[0]
    assert signature.label.startswith(".scan(")
    assert inside.active_parameter == 0
    assert signature.parameters[0].label in signature.label
    closure = await at(line.index("acc,") + 1)
    assert closure.active_parameter == len(signature.parameters) - 1
    assert signature.parameters[-1].label.startswith("{ ")
    # Outside any call: none.
    assert await at(2) is None


async def test_document_highlight_marks_the_binding_and_its_uses(client: LanguageClient):
    path = EXAMPLES / "map.marble"
    text = path.read_text()
    doc = await open_text(client, "highlight.marble", text)
    lines = text.split("\n")
    line = next(i for i, t in enumerate(lines) if t.startswith("let input"))
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc,
                                      position=types.Position(line=line, character=5))
    )
    kinds = [(h.range.start.line, h.kind) for h in highlights]
    uses = sum(t.count("input") for t in lines) - 1
    assert kinds[0] == (line, types.DocumentHighlightKind.Write)
    assert [k for _, k in kinds[1:]] == [types.DocumentHighlightKind.Read] * uses


async def test_folding_ranges_for_blocks_statements_and_comments(client: LanguageClient):
    text = ('// one\n// two\nlet a = cold("-a|")\nlet b = a.map { x in\n  x + 1\n}\n'
            'let c = merge(\n  a,\n  b)\nshow b, c\n')
    doc = await open_text(client, "folding.marble", text)
    ranges = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=doc)
    )
    found = [(r.start_line, r.end_line, r.kind) for r in ranges]
    assert found == [(0, 1, types.FoldingRangeKind.Comment), (3, 4, None), (6, 7, None)]


async def test_workspace_symbols_search_the_open_folder(client: LanguageClient):
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="output"))
    files = {pathlib.Path(s.location.uri).name for s in symbols}
    assert "map.marble" in files
    def in_order(name):  # the query's letters appear in the name in order
        rest = iter(name.lower())
        return all(letter in rest for letter in "output")

    assert symbols and all(in_order(s.name) for s in symbols)
    everything = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    assert len(everything) > len(symbols)


async def test_workspace_diagnostics_run_every_script_of_the_folder(folder_client: LanguageClient):
    client = folder_client
    report = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[])
    )
    by_file = {pathlib.Path(item.uri).name: [d.message for d in item.items] for item in report.items}
    assert by_file == {"broken.marble": ["unknown operator 'mapp'; did you mean 'map'?"],
                       "fine.marble": []}
    # One document, pulled.
    doc = await open_text(client, "pulled.marble", 'let a = cold("-a|")\nshow a\nexpect a == "-b|"\n')
    pulled = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=doc)
    )
    assert len(pulled.items) == 1 and pulled.items[0].range.start.line == 2


async def test_a_client_without_code_action_literals_gets_commands(old_client: LanguageClient):
    client = old_client
    edits = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        edits.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    doc = await open_text(client, "old.marble", 'let a = cold("-a|")\nlet b = a.mapp { x in x }\n')
    diagnostic = client.diagnostics[doc.uri][0]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc, range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert [type(a) for a in actions] == [types.Command]
    assert actions[0].title == "Replace 'mapp' with 'map'"
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=actions[0].command, arguments=actions[0].arguments)
    )
    # The server asked for the edit before it answered the command.
    assert [e.changes[doc.uri][0].new_text for e in edits] == ["map"]

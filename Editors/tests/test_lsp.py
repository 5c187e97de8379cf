"""End-to-end tests of `marbles lsp` under pytest-lsp, a real LSP client (pygls) that also checks
every message against the LSP 3.17 specification. The server is $MARBLES (else `marbles`)."""
import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

MARBLES = os.environ.get("MARBLES", "marbles")
HERE = pathlib.Path(__file__).parent
ROOT = HERE.parent.parent
BROKEN = HERE / "broken.marble"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid())
    )
    yield
    await lsp_client.shutdown_session()


# A client that declares every capability the server reads (see Guides/Editors.md).
FULL_CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    text_document=types.TextDocumentClientCapabilities(
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(
                snippet_support=True,
                documentation_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText],
            )
        ),
        hover=types.HoverClientCapabilities(
            content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]
        ),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
            related_information=True, version_support=True
        ),
        document_symbol=types.DocumentSymbolClientCapabilities(
            hierarchical_document_symbol_support=True
        ),
        rename=types.RenameClientCapabilities(prepare_support=True),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix"])
            ),
            is_preferred_support=True,
        ),
    ),
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MARBLES, "lsp"]))
async def full_client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=FULL_CAPABILITIES, process_id=os.getpid())
    )
    yield
    await lsp_client.shutdown_session()


# A frame bound so far away that `interval(1)` runs until the events budget stops it: seconds.
@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[MARBLES, "lsp", "--max-frames", "1000000000"])
)
async def far_client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid())
    )
    yield
    await lsp_client.shutdown_session()


async def open_document(client, path, text=None):
    uri = path.resolve().as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="marble", version=1, text=text if text is not None else path.read_text()
            )
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


async def test_an_error_is_a_diagnostic_with_a_quick_fix(full_client: LanguageClient):
    client = full_client
    uri = await open_document(client, BROKEN)
    diagnostics = client.diagnostics[uri]
    assert [d.message for d in diagnostics] == ["unknown operator 'mapp'; did you mean 'map'?"]
    diagnostic = diagnostics[0]
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (2, 19)
    assert (diagnostic.range.end.line, diagnostic.range.end.character) == (2, 23)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert [a.title for a in actions] == ["Replace 'mapp' with 'map'"]
    assert actions[0].edit.changes[uri][0].new_text == "map"


async def test_hover_completion_definition_and_symbols_on_an_example(full_client: LanguageClient):
    client = full_client
    path = ROOT / "Examples" / "map.marble"
    uri = await open_document(client, path)
    assert list(client.diagnostics[uri]) == []
    lines = path.read_text().split("\n")
    line = next(i for i, text in enumerate(lines) if ".map {" in text)
    column = lines[line].index(".map {") + 2
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=column),
        )
    )
    assert hover.contents.value.startswith("```marble\n.map { x in … }\n```")
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=column - 1),
        )
    )
    labels = {item.label for item in completion.items}
    assert {"map", "filter", "switchToLatest"} <= labels
    name_line = next(i for i, text in enumerate(lines) if text.startswith("let input"))
    use_line = next(i for i, text in enumerate(lines) if "input.map" in text)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=use_line, character=lines[use_line].index("input.map") + 1),
        )
    )
    assert definition.range.start.line == name_line
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert "input" in [s.name for s in symbols]


async def test_formatting_gives_the_canonical_layout(client: LanguageClient):
    uri = await open_document(client, HERE / "messy.marble", 'let a=cold("-a|")\nshow   a\n')
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert [e.new_text for e in edits] == ['let a = cold("-a|")\nshow a\n']


async def test_render_request_and_bad_requests(client: LanguageClient):
    uri = await open_document(client, ROOT / "Examples" / "map.marble")
    drawn = await client.protocol.send_request_async(
        "marbles/render", {"textDocument": {"uri": uri}, "format": "html"}
    )
    assert drawn.content.startswith("<!DOCTYPE html>")
    with pytest.raises(Exception, match="not open"):
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri="file:///nowhere.marble"),
                position=types.Position(line=0, character=0),
            )
        )
    with pytest.raises(Exception, match="unknown method"):
        await client.protocol.send_request_async("marbles/nothing", {})
    # The server still answers.
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert symbols


async def test_a_cancel_stops_a_running_request(far_client: LanguageClient):
    client = far_client
    # `a` is not shown, so opening the script runs only the short lane; a hover on `a` runs it
    # again with `show a`, which would go on until ten million events.
    uri = await open_document(
        client, HERE / "forever.marble", 'let a = interval(1)\nshow cold("-|")\n'
    )
    hover = asyncio.ensure_future(
        client.protocol.send_request_async(
            types.TEXT_DOCUMENT_HOVER,
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=4),
            ),
            msg_id=4242,
        )
    )
    # The server reads in order and never waits for a run: once a request sent after the hover
    # is answered, the hover is in flight (its run going on), and the cancel finds it there.
    await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=4242))
    # The timeout only guards against a hang; a cancelled run stops within milliseconds.
    with pytest.raises(Exception) as raised:
        await asyncio.wait_for(hover, timeout=60)
    assert getattr(raised.value, "code", None) == -32800, repr(raised.value)
    # The server still answers.
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [s.name for s in symbols] == ["a", 'show cold("-|")']


def position_params(uri, line, character):
    return types.TextDocumentPositionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character),
    )


async def every_request(client, name):
    """Sends each request the server has on a small script (pytest-lsp checks each answer
    against the specification, for the capabilities this client declared); returns them."""
    text = 'let input = cold("-a-b|", a: 1, b: 2)\nlet output = input.mapp { x in x }\nshow input\n'
    uri = await open_document(client, HERE / name, text)
    doc = types.TextDocumentIdentifier(uri=uri)
    answers = {}
    answers["hover"] = await client.text_document_hover_async(
        types.HoverParams(text_document=doc, position=types.Position(line=0, character=13))
    )
    answers["completion"] = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc, position=types.Position(line=1, character=20))
    )
    answers["definition"] = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=types.Position(line=2, character=6))
    )
    answers["references"] = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc,
            position=types.Position(line=2, character=6),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    answers["prepareRename"] = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc, position=types.Position(line=2, character=6))
    )
    answers["rename"] = await client.text_document_rename_async(
        types.RenameParams(
            text_document=doc, position=types.Position(line=2, character=6), new_name="feed"
        )
    )
    answers["symbols"] = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=doc)
    )
    answers["formatting"] = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=doc, options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    diagnostic = client.diagnostics[uri][0]
    answers["codeAction"] = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc,
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    answers["render"] = await client.protocol.send_request_async(
        "marbles/render", {"textDocument": {"uri": uri}, "format": "svg"}
    )
    answers["executeCommand"] = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="marbles.render", arguments=[uri, "svg"])
    )
    return uri, answers


async def test_every_request_under_a_client_that_declares_nothing(client: LanguageClient):
    uri, answers = await every_request(client, "bare.marble")
    # Plain text hovers, no snippets, flat symbols with locations.
    assert answers["hover"].contents.kind == types.MarkupKind.PlainText
    assert "```" not in answers["hover"].contents.value
    assert all(item.insert_text_format != types.InsertTextFormat.Snippet
               for item in answers["completion"].items)
    assert all(isinstance(s, types.SymbolInformation) for s in answers["symbols"])
    assert answers["definition"] is not None and len(answers["references"]) == 3
    assert answers["rename"].changes[uri][0].new_text == "feed"
    # The script has an error, so there is no drawing; the answer says why.
    assert answers["render"].content is None and "mapp" in answers["render"].diagnostics
    drawn = answers["executeCommand"]
    assert (drawn["format"] if isinstance(drawn, dict) else drawn.format) == "svg"
    assert [a.title for a in answers["codeAction"]] == ["Replace 'mapp' with 'map'"]


async def test_every_request_under_a_client_that_declares_everything(full_client: LanguageClient):
    uri, answers = await every_request(full_client, "full.marble")
    assert answers["hover"].contents.kind == types.MarkupKind.Markdown
    assert answers["hover"].contents.value.startswith("```marble")
    assert any(item.insert_text_format == types.InsertTextFormat.Snippet
               for item in answers["completion"].items)
    assert all(isinstance(s, types.DocumentSymbol) for s in answers["symbols"])
    assert answers["prepareRename"].placeholder == "input"
    assert answers["rename"].changes[uri][0].new_text == "feed"
    assert [a.title for a in answers["codeAction"]] == ["Replace 'mapp' with 'map'"]


async def test_completion_narrows_to_the_typed_prefix(client: LanguageClient):
    uri = await open_document(client, HERE / "narrow.marble", 'let a = cold("-a|")\nlet b = a.sw\n')
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=1, character=12),
        )
    )
    labels = [item.label for item in completion.items]
    assert "switchMap" in labels and all(label.lower().startswith("sw") for label in labels)
    # Without snippet support, the insert text is plain.
    assert all(item.insert_text_format != types.InsertTextFormat.Snippet for item in completion.items)


async def test_rename_refuses_a_name_a_closure_binds(full_client: LanguageClient):
    client = full_client
    uri = await open_document(
        client, HERE / "capture.marble",
        'let a = cold("-1|")\nlet b = a.map { y in a + y }\nshow b\n',
    )
    with pytest.raises(Exception, match="binds its own 'y'"):
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=4),
                new_name="y",
            )
        )

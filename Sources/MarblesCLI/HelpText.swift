import Marbles

/// The help texts of `marbles` (argument-parser layout: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS).
enum HelpText {
  static let general = """
    OVERVIEW: Simulate reactive signal flows in virtual time and draw them as marble diagrams.

    USAGE: marbles <command> [options]

    SUBCOMMANDS:
      render FILE...          Run scripts and print their lanes as aligned timelines
      run FILE...             Run scripts and print the recorded events as JSON
      test PATH...            Check every 'expect' in scripts (folders are searched for
                              *.marble); ends with 'N passed, M failed'
      check FILE...           Check a student's predictions: each lane derived from the
                              sources against the copy's 'expect' line for it
      step FILE               Show a script's diagram growing frame by frame, with the
                              order of the work inside each frame
      explain [OPERATOR]      List the operator catalogue, or explain one operator
      format PATH...          Rewrite scripts in the one canonical layout (--check: only
                              list the files that are not formatted)
      lsp                     Run the language server (LSP over standard input and output)
      serve [FOLDER]          Serve a folder's scripts as a workshop in the browser
      help [COMMAND]          Show help for a command

    OPTIONS:
      -h, --help              Show help
      --version               Show the version

    FILE may be '-' for standard input (once) or a pipe; '--' ends the options. Files written
    (-o, --junit, test --update) are replaced atomically. Exit codes: 0 success, 1 script
    errors, 64 bad arguments; 'test' and 'check' also exit 1 when an 'expect' fails (or, for
    'check', a lane has no prediction). 'render', 'run' and 'step' draw a failing 'expect'
    and exit 0.

    """

  static let render = """
    OVERVIEW: Run scripts and print their lanes as aligned timelines.

    USAGE: \(CLIParser.renderUsage)

    OPTIONS:
      --quiz                  Draw the marble sources and hide the lanes derived from them,
                              to be predicted; html reveals them with a button (not json)
      --format <format>       ascii (default), unicode, json, svg (a standalone image) or
                              html (one self-contained page that steps through the frames;
                              #frame=N in its address opens frame N); svg and html take
                              one FILE
      --theme <theme>         svg and html colours: auto (default: light, dark when the
                              viewer prefers dark), light or dark
      --color <mode>          auto (default: only on a terminal, and not with NO_COLOR),
                              always or never
      -o, --output <path>     Write to a file (atomically) instead of standard output
    \(limits)
      --width <n>             Wrap timelines at this width (default: the terminal's)
      --watch                 Draw the one FILE again after every save (for a projector;
                              Control-C stops)
      -h, --help              Show help

    """

  static let format = """
    OVERVIEW: Rewrite scripts in the one canonical layout (the layout of the language server's
    formatting); a script's tokens, and so its meaning, never change.

    USAGE: \(CLIParser.formatUsage)

    OPTIONS:
      --check                 Write nothing; list the files that are not formatted and exit 1
                              if there are any
      -h, --help              Show help

    PATH may be a folder (searched for *.marble) or '-' (standard input to standard output).
    A script with syntax errors is reported and left as it is.

    """

  static let lsp = """
    OVERVIEW: Run the language server: LSP 3.17 over standard input and output, for editors
    (diagnostics, hover, completion, definitions, references, renames, symbols, formatting,
    quick fixes, and a 'marbles/render' request that draws the script as SVG or HTML).

    USAGE: \(CLIParser.lspUsage)

    OPTIONS:
    \(limits)
      -h, --help              Show help

    Every run the server makes stays inside these bounds, so a script that never ends cannot
    freeze the editor.

    """

  static let serve = """
    OVERVIEW: Serve a folder's scripts as a workshop in the browser: a page per exercise
    (the inputs drawn, one prediction field per hidden lane, Check, Reveal), a scratchpad,
    and a board for the projector that reveals a lane on every student's page at once.

    USAGE: \(CLIParser.serveUsage)

    OPTIONS:
      --host <address>        The IPv4 address to listen on (default 127.0.0.1: this
                              computer only; 0.0.0.0: everyone on the network)
      --port <n>              The port (default 8080; 0 picks a free one)
    \(limits)
      -h, --help              Show help

    FOLDER (default: the current folder) is read for *.marble files, served by name only.
    Every run stays inside the bounds above; --max-input also bounds a request's body. The
    board's reveal needs the token printed at start. Control-C stops the server.

    """

  /// The options that bound a run, shared by every command that runs scripts.
  static let limits = """
      --max-frames <n>        Stop a run that would pass this virtual frame (default 100000,
                              at most 1000000000)
      --max-events <n>        Stop a run after this many events: values sent by sources,
                              closure calls, subscriptions, recorded events (default 10000000)
      --max-subscriptions <n> Stop a run with more subscriptions open at once (default 10000)
      --max-value-size <n>    Stop a run when a value (nested ones included) is made or
                              recorded with more characters or elements (default 1000000)
      --max-output <n>        Stop writing past this many bytes of output (default 100000000)
      --max-input <n>         Refuse a script larger than this many bytes (default 10485760)
    """

  static let run = """
    OVERVIEW: Run scripts and print the recorded events (JSON by default).

    USAGE: \(CLIParser.runUsage)

    OPTIONS:
      --format <format>       json (default), ascii, unicode, svg or html
      --theme <theme>         svg and html colours: auto (default), light or dark
      -o, --output <path>     Write to a file (atomically) instead of standard output
    \(limits)
      -h, --help              Show help

    """

  static let test = """
    OVERVIEW: Check every 'expect' in the given scripts and folders.

    USAGE: \(CLIParser.testUsage)

    Prints each script's result as soon as it has run (each failing expectation with an
    aligned diff), then 'N passed, M failed'. Exits 0 when everything passed, 1 otherwise.

    With --update, each failing 'expect' gets the actual timeline written into its marble
    string, in its own keys; a value its map has no key for gets a new key, added to the map.
    The rest of the file stays byte for byte. Scripts with errors are left alone; an 'expect'
    with a value no script can write (an inner signal, a command) is reported, not changed.

    OPTIONS:
      --update                Rewrite the failing 'expect' marbles with what the run recorded
      --format <format>       ascii (default) or unicode diffs
      --color <mode>          auto, always or never
    \(limits)
      --junit <path>          Also write the results as JUnit XML (one test case per 'expect')
      -h, --help              Show help

    """

  static let check = """
    OVERVIEW: Check a student's predictions against what the script does.

    USAGE: \(CLIParser.checkUsage)

    For each lane derived from the marble sources (every shown lane that is not a 'cold' or
    'hot' source itself), says RIGHT when the copy's 'expect' line for it passes, WRONG with
    the diff when it does not, and NOT YET when the copy has no 'expect' for it. Ends with
    'N of M predictions right'; exits 0 when all are right, 1 otherwise. Draw the exercise
    without the answers first: 'marbles render --quiz FILE'.

    OPTIONS:
      --format <format>       ascii (default) or unicode diffs
      --color <mode>          auto, always or never
    \(limits)
      -h, --help              Show help

    """

  static let step = """
    OVERVIEW: Show a script's diagram growing one frame at a time.

    USAGE: \(CLIParser.stepUsage)

    Each step draws the diagram up to one frame (as 'render' would) and lists, in order, the
    events of that frame: which lane emitted what, including a command's later hops on the
    main queue. On a terminal: Enter, 'n', space or the right arrow go to the next frame, 'p'
    or the left arrow to the previous one, 'q' quits; Control-Z suspends ('fg' resumes) and
    Control-C ends it. Without a terminal (input or output redirected) every step is printed
    once, each as soon as it is drawn. A step draws the last 120 frames up to its frame.
    The run goes only as far as the steps need: one longer than 4096 frames streams, its
    header 'step 5 of ?' until it ends.

    OPTIONS:
      --quiz                  Step through the sources only; the derived lanes show '?'
      --format <format>       ascii (default) or unicode
      --color <mode>          auto, always or never
    \(limits)
      -h, --help              Show help

    """

  static let explain = """
    OVERVIEW: List the operator catalogue, or explain one operator with a live example.

    USAGE: \(CLIParser.explainUsage)

    """
}

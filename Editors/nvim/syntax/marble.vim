" Marbles scripts: statements, names, numbers, comments, and the glyphs inside marble strings.
if exists('b:current_syntax') | finish | endif

syntax keyword marbleStatement let show expect title use
syntax keyword marbleKeyword in as subscribed
syntax keyword marbleConstant true false nil main empty never
syntax match marbleNumber '\<\d[0-9_]*\(\.\d\+\)\?\>'
syntax match marbleParameter '\$\d\+'
syntax match marbleComment '//.*$'
syntax region marbleString start=+"+ skip=+\\.+ end=+"\|$+ contains=marbleEscape
syntax region marbleTimeline matchgroup=marbleString start=+\(\<\(cold\|hot\)\s*(\s*\|==\s*\|\<subscribed\s\+\)\@<="+ skip=+\\.+ end=+"\|$+ contains=marbleEscape,marbleProgression,marbleFrame,marbleCompletion,marbleFailure,marbleSubscription,marbleGroup,marbleValue
syntax match marbleEscape '\\.' contained
syntax match marbleValue '[^ \t"\\]' contained
syntax match marbleFrame '-' contained
syntax match marbleCompletion '|' contained
syntax match marbleFailure '#' contained
syntax match marbleSubscription '[\^!]' contained
syntax match marbleGroup '[()]' contained
syntax match marbleProgression '\(\s\|"\)\@<=\d\+\(\.\d\+\)\?\(ms\|s\|m\)\(\s\|"\)\@=' contained

highlight default link marbleStatement Statement
highlight default link marbleKeyword Keyword
highlight default link marbleConstant Constant
highlight default link marbleNumber Number
highlight default link marbleParameter Identifier
highlight default link marbleComment Comment
highlight default link marbleString String
highlight default link marbleEscape SpecialChar
highlight default link marbleValue Identifier
highlight default link marbleFrame Comment
highlight default link marbleCompletion Statement
highlight default link marbleFailure Error
highlight default link marbleSubscription Special
highlight default link marbleGroup Delimiter
highlight default link marbleProgression Number

let b:current_syntax = 'marble'

;;; marble-mode.el --- Major mode for Marbles scripts (.marble)  -*- lexical-binding: t; -*-

;; Copyright (c) 2026 The Marbles authors
;; SPDX-License-Identifier: MIT
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages

;;; Commentary:

;; Editing Marbles scripts: marble-diagram simulations of a ReactiveObjC-style signal library.
;;
;; - Font-lock with the token classes of the TextMate grammar
;;   (Editors/vscode/syntaxes/marble.tmLanguage.json): statements, keywords, constants, numbers,
;;   `$0' parameters, operators, function calls and members, strings with their escapes,
;;   comments, and inside marble strings (the first argument of `cold'/`hot', the string after
;;   `==', each string of `== [ ... ]', the string after `subscribed') every glyph: frames `-',
;;   values, groups, time progressions, `|', `#', `^' and `!'.  Each class has its own face
;;   (`marble-frame-face', ...), inheriting a standard font-lock face.
;; - `//' comments (M-; and friends).
;; - Indentation as `marbles format' lays a script out: two spaces more than the line that
;;   opened the innermost bracket still open; a line that starts by closing it goes back to
;;   that line's indentation.
;; - The language server: eglot starts `marbles lsp' (see `marble-lsp-command') for
;;   `marble-mode' buffers.  M-x eglot (or `eglot-ensure' in `marble-mode-hook') gives
;;   diagnostics through flymake, hover through eldoc, completion, xref, rename and
;;   `eglot-format-buffer'.
;;
;; Set up:
;;   (add-to-list 'load-path "/path/to/marbles/Editors/emacs")
;;   (require 'marble-mode)
;;   (add-hook 'marble-mode-hook #'eglot-ensure)

;;; Code:

(defgroup marble nil
  "Marbles scripts (.marble)."
  :group 'languages
  :prefix "marble-")

(defcustom marble-indent-offset 2
  "Columns of indentation for each open bracket, as `marbles format' writes."
  :type 'integer
  :safe #'integerp)

(defcustom marble-lsp-command '("marbles" "lsp")
  "The command that runs the Marbles language server, for eglot."
  :type '(repeat string))

;;;; Faces: one per token class of the TextMate grammar.

(defface marble-statement-face '((t :inherit font-lock-keyword-face))
  "Statements: let, show, expect, title, use (keyword.other.statement).")
(defface marble-keyword-face '((t :inherit font-lock-keyword-face))
  "The keywords in, as and subscribed (keyword.other).")
(defface marble-constant-face '((t :inherit font-lock-constant-face))
  "true, false and nil (constant.language).")
(defface marble-builtin-face '((t :inherit font-lock-builtin-face))
  "main, empty and never (support.constant).")
(defface marble-number-face '((t :inherit font-lock-constant-face))
  "Numbers (constant.numeric).")
(defface marble-parameter-face '((t :inherit font-lock-variable-name-face))
  "Implicit closure parameters $0, $1 (variable.language.parameter).")
(defface marble-function-face '((t :inherit font-lock-function-name-face))
  "The name of a call (entity.name.function).")
(defface marble-member-face '((t :inherit font-lock-function-name-face))
  "The name after a dot: an operator or lane (entity.name.function.member).")
(defface marble-operator-face '((t :inherit font-lock-builtin-face))
  "Operators (keyword.operator).")
(defface marble-escape-face '((t :inherit font-lock-regexp-grouping-backslash))
  "Escapes in strings (constant.character.escape).")
(defface marble-frame-face '((t :inherit font-lock-comment-face))
  "A frame `-' of a marble string (punctuation.definition.frame).")
(defface marble-value-face '((t :inherit font-lock-variable-name-face))
  "A value of a marble string (variable.other.value).")
(defface marble-completion-face '((t :inherit font-lock-keyword-face :weight bold))
  "Completion `|' in a marble string (keyword.control.completion).")
(defface marble-failure-face '((t :inherit font-lock-warning-face))
  "Error `#' in a marble string (keyword.control.failure).")
(defface marble-subscription-face '((t :inherit font-lock-type-face))
  "Subscription `^' in a marble string (keyword.control.subscription).")
(defface marble-unsubscription-face '((t :inherit font-lock-type-face))
  "Unsubscription `!' in a marble string (keyword.control.unsubscription).")
(defface marble-group-face '((t :inherit font-lock-preprocessor-face))
  "Group parentheses in a marble string (punctuation.section.group).")
(defface marble-progression-face '((t :inherit font-lock-constant-face))
  "A time progression such as 10ms in a marble string (constant.numeric.time-progression).")

;;;; Syntax

(defvar marble-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?/ ". 12" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "w" table)  ; as in the grammar's \b: letters, digits and _
    (dolist (char '(?$ ?+ ?- ?* ?% ?< ?> ?! ?= ?? ?: ?& ?| ?# ?^ ?@ ?' ?. ?,))
      (modify-syntax-entry char "." table))
    table)
  "Syntax table of `marble-mode': `//' comments, one-line strings, brackets.")

(defun marble--syntax-propertize (start end)
  "Ends the strings that lines leave open, between START and END.
A Marbles string never runs past its line: an unterminated one gets
a string fence on its quote and on the line break, so that it does not
swallow the lines after it."
  (goto-char start)
  (while (< (point) end)
    (let ((ppss (syntax-ppss)))
      (cond
       ((nth 4 ppss) (forward-line 1))       ; in a comment: to the next line
       ((nth 3 ppss) (forward-line 1))       ; in a string left open above (already marked)
       ((re-search-forward "//\\|\"" (line-end-position) 'move)
        (if (equal (match-string 0) "//")
            (forward-line 1)
          (marble--propertize-string (match-beginning 0))))
       (t (forward-line 1))))))

(defun marble--propertize-string (open)
  "Scans the string whose quote is at OPEN; marks it when its line leaves it open."
  (goto-char (1+ open))
  (let ((done nil))
    (while (not done)
      (skip-chars-forward "^\"\\\\\n")
      (cond
       ((eobp) (setq done t))
       ((eq (char-after) ?\") (forward-char 1) (setq done t))
       ((eq (char-after) ?\\)
        (if (memq (char-after (1+ (point))) '(?\n nil))
            ;; A backslash at the end of a line escapes nothing.
            (progn (put-text-property (point) (1+ (point)) 'syntax-table '(1))
                   (forward-char 1))
          (forward-char 2)))
       (t ; the line ends inside the string
        (put-text-property open (1+ open) 'syntax-table '(15))
        (put-text-property (point) (1+ (point)) 'syntax-table '(15))
        (forward-char 1)
        (setq done t))))))

;;;; Font-lock

(defconst marble--glyph-faces
  '((?- . marble-frame-face) (?| . marble-completion-face) (?# . marble-failure-face)
    (?^ . marble-subscription-face) (?! . marble-unsubscription-face)
    (?\( . marble-group-face) (?\) . marble-group-face))
  "The face of each marble glyph that is not a value.")

(defconst marble--escape-regexp "\\\\\\(?:u{[0-9A-Fa-f]*}\\|.\\)"
  "An escape in a string, as the grammar's `escape' rule.")

(defun marble--face (start end face)
  "Puts FACE before the faces between START and END."
  (font-lock-prepend-text-property start end 'face face))

(defun marble--in-code-p (position)
  "Whether POSITION is outside strings and comments."
  (let ((ppss (save-excursion (syntax-ppss position))))
    (not (or (nth 3 ppss) (nth 4 ppss)))))

(defun marble--fontify-marble (start)
  "Gives each glyph of the marble string starting at START its face.
START is just after the opening quote.  The content ends at the
closing quote or the end of the line; returns the position after the
closing quote (or the end of the line)."
  (goto-char start)
  (let ((eol (line-end-position)) (done nil))
    (while (and (not done) (< (point) eol))
      (let ((char (char-after)))
        (cond
         ((eq char ?\") (setq done t))
         ((looking-at marble--escape-regexp)
          (marble--face (point) (match-end 0) 'marble-escape-face)
          (goto-char (match-end 0)))
         ((and (memq (char-before) '(?\s ?\t ?\"))
               (looking-at "[0-9]+\\(?:\\.[0-9]+\\)?\\(?:ms\\|s\\|m\\)\\(?:[ \t\"]\\|$\\)"))
          (let ((stop (if (memq (char-before (match-end 0)) '(?\s ?\t ?\"))
                          (1- (match-end 0))
                        (match-end 0))))
            (marble--face (point) stop 'marble-progression-face)
            (goto-char stop)))
         ((memq char '(?\s ?\t)) (forward-char 1))
         (t
          (marble--face (point) (1+ (point))
                        (or (cdr (assq char marble--glyph-faces)) 'marble-value-face))
          (forward-char 1)))))
    (if done (1+ (point)) (point))))

(defun marble--fontify-marbles (limit)
  "Font-lock matcher: fontifies the glyphs of every marble string before LIMIT.
Does the work itself and returns nil."
  (while (re-search-forward
          (concat "\\(?:\\_<\\(?:cold\\|hot\\)[ \t]*([ \t]*\\|==[ \t]*\\|\\_<subscribed[ \t]+\\)\\(\"\\)"
                  "\\|==[ \t]*\\(\\[\\)")
          limit t)
    (let ((begin (match-beginning 0)) (opening (match-beginning 1)) (bracket (match-beginning 2)))
      (cond
       ((not (marble--in-code-p begin)) (goto-char (1+ begin)))
       (opening (goto-char (marble--fontify-marble (1+ opening))))
       (t ; each string of a `== [ ... ]' list, up to `]' or the end of the line
        (goto-char (1+ bracket))
        (let ((eol (line-end-position)) (done nil))
          (while (and (not done) (< (point) eol))
            (skip-chars-forward "^\"]" eol)
            (cond ((eq (char-after) ?\") (goto-char (marble--fontify-marble (1+ (point)))))
                  ((eq (char-after) ?\]) (forward-char 1) (setq done t)))))))))
  nil)

(defun marble--escape-matcher (limit)
  "Font-lock matcher for escapes inside plain strings, before LIMIT."
  (let (found)
    (while (and (not found) (re-search-forward marble--escape-regexp limit t))
      (let ((ppss (save-excursion (syntax-ppss (match-beginning 0)))))
        (when (and (nth 3 ppss) (not (marble--has-face-p (match-beginning 0) 'marble-escape-face)))
          (setq found t))))
    found))

(defun marble--has-face-p (position face)
  "Whether FACE is among the faces at POSITION."
  (let ((faces (get-text-property position 'face)))
    (if (listp faces) (memq face faces) (eq face faces))))

(defconst marble-font-lock-keywords
  ;; In the order that gives the grammar's leftmost-first result where two rules overlap:
  ;; marble glyphs, then `.member' before keywords and calls, `$0' before numbers.  A rule
  ;; never overrides a face, so strings and comments (fontified first, from the syntax
  ;; table) keep theirs.
  `((marble--fontify-marbles (0 nil))
    (marble--escape-matcher (0 'marble-escape-face prepend))
    ("\\(\\.\\)[ \t]*\\([A-Za-z_][A-Za-z0-9_]*\\)" (2 'marble-member-face))
    (,(regexp-opt '("let" "show" "expect" "title" "use") 'words) . 'marble-statement-face)
    (,(regexp-opt '("in" "as" "subscribed") 'words) . 'marble-keyword-face)
    (,(regexp-opt '("true" "false" "nil") 'words) . 'marble-constant-face)
    (,(regexp-opt '("main" "empty" "never") 'words) . 'marble-builtin-face)
    ("\\$[0-9]+" . 'marble-parameter-face)
    ("\\b[0-9][0-9_]*\\(?:\\.[0-9]+\\)?\\b" . 'marble-number-face)
    ("\\b\\([A-Za-z_][A-Za-z0-9_]*\\)[ \t]*(" (1 'marble-function-face))
    ("==\\|!=\\|<=\\|>=\\|&&\\|||\\|[-+*/%<>!=?:]" . 'marble-operator-face))
  "Font-lock of `marble-mode': the token classes of the TextMate grammar.")

;;;; Indentation

(defun marble--line-indentation ()
  "The indentation `marbles format' gives the current line."
  (save-excursion
    (let* ((ppss (syntax-ppss (line-beginning-position)))
           (open (car (last (nth 9 ppss)))))
      (if (not open)
          0
        (let ((opener (save-excursion (goto-char open) (current-indentation))))
          (back-to-indentation)
          (if (and (looking-at "[])}]") (not (nth 3 ppss)))
              opener
            (+ opener marble-indent-offset)))))))

(defun marble-indent-line ()
  "Indents the current line as `marbles format' does."
  (interactive)
  (let ((indent (marble--line-indentation))
        (offset (- (current-column) (current-indentation))))
    (indent-line-to indent)
    (when (> offset 0) (move-to-column (+ indent offset)))))

;;;; The mode

;;;###autoload
(define-derived-mode marble-mode prog-mode "Marble"
  "Major mode for Marbles scripts (.marble).
Colours marble strings glyph by glyph, indents as `marbles format', and runs
`marbles lsp' under eglot (\\[eglot])."
  :syntax-table marble-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "//+[ \t]*")
  (setq-local syntax-propertize-function #'marble--syntax-propertize)
  (setq-local font-lock-defaults '(marble-font-lock-keywords))
  (setq-local indent-line-function #'marble-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width 2)
  (setq-local electric-indent-chars (append "])}" electric-indent-chars))
  (setq-local imenu-generic-expression
              '(("Names" "^[ \t]*let[ \t]+\\([A-Za-z_][A-Za-z0-9_]*\\)" 1)
                ("Shown" "^[ \t]*show[ \t]+\\([A-Za-z_][A-Za-z0-9_.]*\\)" 1))))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.marble\\'" . marble-mode))

(defun marble--eglot-contact (&optional _interactive)
  "The server eglot starts for `marble-mode': `marble-lsp-command'."
  marble-lsp-command)

;;;###autoload
(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs '(marble-mode . marble--eglot-contact)))

(provide 'marble-mode)
;;; marble-mode.el ends here

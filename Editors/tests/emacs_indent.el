;;; emacs_indent.el --- marble-mode indents formatted scripts as `marbles format' does  -*- lexical-binding: t; -*-

;; Run on files `marbles format' wrote:
;;   emacs --batch -Q -L Editors/emacs -l Editors/tests/emacs_indent.el FILE...
;; Each file has its indentation removed, then `indent-region' in marble-mode; every line
;; must come back as the formatter wrote it.  Exits 1 on the first differing lines.

;;; Code:

(require 'marble-mode)

(let ((problems 0) (lines 0) (files 0))
  (dolist (file command-line-args-left)
    (with-temp-buffer
      (insert-file-contents file)
      (let ((formatted (split-string (buffer-string) "\n")))
        (marble-mode)
        (goto-char (point-min))
        (while (re-search-forward "^[ \t]+" nil t) (replace-match ""))
        (let ((inhibit-message t)) (indent-region (point-min) (point-max)))
        (let ((number 0))
          (dolist (line (split-string (buffer-string) "\n"))
            (let ((expected (nth number formatted)))
              (setq number (1+ number) lines (1+ lines))
              (unless (equal (string-trim-right line) (string-trim-right expected))
                (setq problems (1+ problems))
                (when (<= problems 20)
                  (princ (format "%s:%d: marble-mode indents %S, marbles format %S\n"
                                 file number line expected)))))))
        (setq files (1+ files)))))
  (princ (format "emacs indentation: %d files, %d lines, %d differ from marbles format\n"
                 files lines problems))
  (setq command-line-args-left nil)
  (kill-emacs (if (and (> files 0) (= problems 0)) 0 1)))

;;; emacs_indent.el ends here

;;; emacs_eglot.el --- marble-mode and eglot against the real `marbles lsp'  -*- lexical-binding: t; -*-

;; Batch Emacs with eglot (Debian's elpa-eglot; `emacs --batch' without -Q, so that the
;; site start files put it on the load path):
;;   MARBLES=/path/to/marbles emacs --batch -L Editors/emacs -l Editors/tests/emacs_eglot.el
;; In a temporary folder, as a user would with (add-hook 'marble-mode-hook #'eglot-ensure):
;; 1. diagnostics: Editors/tests/broken.marble gets flymake's diagnostic for `mapp', from
;;    eglot's publishDiagnostics, at its line and column;
;; 2. hover: eglot's eldoc hover function on `map' of Examples/map.marble answers with the
;;    operator's documentation;
;; 3. formatting: `eglot-format-buffer' on an unformatted buffer gives the formatter's layout.
;; Every wait is bounded (`marble-check-timeout' seconds); exits 0 when all three hold.

;;; Code:

(require 'marble-mode)
(require 'eglot)
(require 'flymake)

(defvar marble-check-timeout 30 "Seconds each step may wait for the server.")
(defvar marble-check-failures 0)
(defvar marble-check-here (file-name-directory (or load-file-name buffer-file-name)))

(defun marble-check (name ok detail)
  "Reports step NAME as passed when OK, with DETAIL (on one line)."
  (princ (format "emacs eglot %s: %s%s\n" name (if ok "ok" "FAILED")
                 (if detail (concat " -- " (replace-regexp-in-string "\n" "\\\\n" detail)) "")))
  (unless ok (setq marble-check-failures (1+ marble-check-failures))))

(defun marble-check-wait (predicate)
  "Waits until PREDICATE is non-nil, at most `marble-check-timeout' s.
Returns the value of PREDICATE."
  (let ((deadline (+ (float-time) marble-check-timeout)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun marble-check-open (source folder)
  "Visits a copy of SOURCE in FOLDER, with eglot connected; the buffer."
  (let ((copy (expand-file-name (file-name-nondirectory source) folder)))
    (unless (equal (expand-file-name source) copy) (copy-file source copy t))
    (let ((buffer (find-file-noselect copy)))
      (switch-to-buffer buffer)  ; eglot answers eldoc only for a buffer in a window
      (run-hooks 'post-command-hook)  ; where `eglot-ensure' connects
      (marble-check-wait (lambda () (and (eglot-current-server) eglot--managed-mode)))
      buffer)))

(let* ((marbles (or (getenv "MARBLES") "marbles"))
       (root (expand-file-name "../.." marble-check-here))
       (folder (make-temp-file "marble-eglot" t))
       (eglot-connect-timeout marble-check-timeout)
       (eglot-sync-connect marble-check-timeout)
       (eglot-autoreconnect nil)
       (flymake-no-changes-timeout nil)
       (marble-lsp-command (list marbles "lsp")))
  (add-hook 'marble-mode-hook #'eglot-ensure)
  (unwind-protect
      (condition-case failure
	  (progn
            ;; 1. Diagnostics through flymake.
            (with-current-buffer (marble-check-open (expand-file-name "Editors/tests/broken.marble" root) folder)
              (marble-check "connect" (eq major-mode 'marble-mode)
                            (format "%s in %s, server %s" (buffer-name) major-mode
                                    (and (eglot-current-server) (eglot--project-nickname (eglot-current-server)))))
              (let* ((diagnostics (marble-check-wait
				   (lambda () (flymake-start) (flymake-diagnostics))))
                     (first (car diagnostics))
                     (line (and first (line-number-at-pos (flymake-diagnostic-beg first))))
                     (column (and first (save-excursion (goto-char (flymake-diagnostic-beg first))
							(1+ (current-column))))))
		(marble-check "diagnostics"
                              (and (= (length diagnostics) 1) (eql line 3) (eql column 20)
				   (eq (flymake-diagnostic-type first) 'eglot-error)
				   (string-match-p "unknown operator 'mapp'; did you mean 'map'\\?"
						   (flymake-diagnostic-text first)))
                              (mapconcat (lambda (d) (format "%s:%s: %s" line column (flymake-diagnostic-text d)))
					 diagnostics " | "))))
            ;; 2. Hover through eldoc.
            (with-current-buffer (marble-check-open (expand-file-name "Examples/map.marble" root) folder)
              (goto-char (point-min))
              (search-forward ".map")
              (backward-char 2)
              (let* ((answer nil)
                     (asked (eglot-hover-eldoc-function
                             (lambda (info &rest _) (setq answer (or info "")) t))))
		(marble-check-wait (lambda () answer))
		(marble-check "hover"
                              (and asked (stringp answer)
				   (string-match-p "map" answer)
				   (string-match-p "^input +-+[^ ]" answer))  ; the catalogue's diagram
                              (format "%S" (truncate-string-to-width (or answer "no answer") 240)))))
            ;; 3. Formatting through eglot-format-buffer.
            (let ((unformatted (expand-file-name "unformatted.marble" folder)))
              (with-temp-file unformatted
		(insert "title   \"format me\"\nlet   input=cold(\"--a--|\",a:1)\n"
			"let output=input.map{ x in x*2 }\nshow input,output\n"))
              (with-current-buffer (marble-check-open unformatted folder)
		(condition-case error (eglot-format-buffer)
		  (error (marble-check "format" nil (error-message-string error))))
		(let ((expected (concat "title \"format me\"\nlet input  = cold(\"--a--|\", a: 1)\n"
					"let output = input.map { x in x * 2 }\nshow input, output\n")))
		  (marble-check "format" (equal (buffer-string) expected) (format "%S" (buffer-string)))))))
        (error (marble-check "run" nil (error-message-string failure))))
    (dolist (server (hash-table-values eglot--servers-by-project))
      (dolist (s server) (ignore-errors (eglot-shutdown s nil 5))))
    (delete-directory folder t))
  (princ (format "emacs eglot: %s\n" (if (= marble-check-failures 0) "all passed"
                                       (format "%d failed" marble-check-failures))))
  (kill-emacs (if (= marble-check-failures 0) 0 1)))

;;; emacs_eglot.el ends here

;;; emacs_faces.el --- Prints the faces marble-mode gives every character of some files  -*- lexical-binding: t; -*-

;; For check_emacs_faces.py.  Run:
;;   emacs --batch -Q -L Editors/emacs -l Editors/tests/emacs_faces.el FILE...
;; Prints one JSON object a file: {"file": FILE, "lines": [[FACE, ...], ...]}, the first face
;; of each character of each line ("nil" for none).

;;; Code:

(require 'marble-mode)
(require 'json)

(dolist (file command-line-args-left)
  (with-temp-buffer
    (insert-file-contents file)
    (marble-mode)
    (font-lock-ensure)
    (let ((lines nil))
      (goto-char (point-min))
      (while (not (eobp))
        (let ((faces nil))
          (while (not (eolp))
            (let ((face (get-text-property (point) 'face)))
              (push (format "%s" (if (consp face) (car face) face)) faces))
            (forward-char 1))
          (push (vconcat (nreverse faces)) lines))
        (forward-line 1))
      (princ (json-encode (list (cons 'file file) (cons 'lines (vconcat (nreverse lines))))))
      (terpri))))
(setq command-line-args-left nil)

;;; emacs_faces.el ends here

;;; lsp-mode-test.el --- pctlint in Emacs 28 with lsp-mode 8 (Debian's elpa-lsp-mode)  -*- lexical-binding: t -*-
;;
;;   PCTLINT_BIN=build/server/pctlint emacs --batch -l tests/editors/emacs/lsp-mode-test.el </dev/null
;;
;; lsp-mode turns an LSP `character' into a buffer position with `forward-char', that is, it counts
;; characters (code points), not UTF-16 code units: after an emoji its positions are one off.
;; The client set up as editors/emacs/README.md says asks the server for UTF-32 (code points)
;; through initializationOptions.positionEncoding; this checks the positions with it, and that
;; they are off without it, and with "utf-8" (ALE's setting, which counts bytes). Prints "emacs-lsp-mode: N passed, N failed".

(require 'package)
(package-initialize)
(require 'lsp-mode)
(require 'cl-lib)

(defvar pctlint-test-bin
  (or (getenv "PCTLINT_BIN")
      (expand-file-name "../../../build/server/pctlint"
                        (file-name-directory (or load-file-name buffer-file-name)))))
(defvar pctlint-test-passed 0)
(defvar pctlint-test-failed 0)
(defvar pctlint-test-init-options nil)

(defun pctlint-test-out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defmacro pctlint-test (name &rest body)
  (declare (indent 1))
  `(condition-case err
       (progn ,@body
              (cl-incf pctlint-test-passed)
              (pctlint-test-out "emacs-lsp-mode: ok   %s" ,name))
     (error (cl-incf pctlint-test-failed)
            (pctlint-test-out "emacs-lsp-mode: FAIL %s: %s" ,name (error-message-string err)))))

(defun pctlint-test-wait (what pred &optional timeout)
  (let ((end (+ (float-time) (or timeout 10))) result)
    (while (and (not (setq result (funcall pred))) (< (float-time) end))
      (accept-process-output nil 0.05))
    (or result (error "Timed out waiting for %s" what))))

(defun pctlint-test-pos (line needle)
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (search-forward needle (line-end-position))
    (- (point) (length needle))))

(defun pctlint-test-diags (file)
  "pctlint's diagnostics for FILE as lsp-mode places them: (CODE BEG), sorted."
  (sort (cl-loop for d in (gethash file (lsp-diagnostics t))
                 collect (list (lsp:diagnostic-code? d)
                               (car (lsp--range-to-region (lsp:diagnostic-range d)))))
        (lambda (a b) (< (cadr a) (cadr b)))))

;; The setup from editors/emacs/README.md (plus the variable, to run it both ways).
(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection (lambda () (list pctlint-test-bin "--stdio")))
  :activation-fn (lambda (&rest _) t)
  :server-id 'pctlint
  :add-on? t
  :initialization-options (lambda () pctlint-test-init-options)))

(let* ((dir (make-temp-file "pctlint-lsp-mode-" t))
       (file (expand-file-name "app.py" dir))
       (inhibit-message t))
  (setq lsp-session-file (expand-file-name "session" dir)
        lsp-server-install-dir (expand-file-name "servers" dir)
        lsp-enabled-clients '(pctlint)
        lsp-auto-guess-root t
        lsp-guess-root-without-session t
        lsp-keep-workspace-alive nil
        lsp-restart 'ignore
        lsp-log-io nil
        lsp-diagnostics-provider :none
        lsp-enable-file-watchers nil
        lsp-modeline-code-actions-enable nil
        lsp-headerline-breadcrumb-enable nil
        lsp-enable-snippet nil
        make-backup-files nil)
  (with-temp-file file
    (insert "# Ärger 😀\n"
            "URL = {\"😀é\": 'https://x.example/caf%c3%a9/my file.pdf'}\n"))
  (with-temp-file (expand-file-name ".pctlint.json" dir) (insert "{}\n"))
  (dolist (case '(("utf-32" 0) (nil 1) ("utf-8" 4)))
    (setq pctlint-test-init-options (and (car case) (list :positionEncoding (car case))))
    (find-file file)
    (lsp)
    (pctlint-test (pcase (car case)
                    ("utf-32" "positions after an emoji with positionEncoding utf-32 (characters, as lsp-mode counts)")
                    ('nil "without it (UTF-16), lsp-mode is one character too far right after an emoji")
                    ("utf-8" "with utf-8 (bytes, ALE's fix) lsp-mode is 4 characters off: utf-32 it is"))
      (pctlint-test-wait "diagnostics" (lambda () (= (length (pctlint-test-diags file)) 2)))
      (let ((want (list (list "PCT001" (+ (cadr case) (pctlint-test-pos 2 "%c3")))
                        (list "PCT003" (+ (cadr case) (pctlint-test-pos 2 " file")))))
            (got (pctlint-test-diags file)))
        (unless (equal got want) (error "got %S, want %S" got want))))
    (lsp-workspace-shutdown (car (lsp-workspaces)))
    (kill-buffer (get-file-buffer file))
    (pctlint-test-wait "the server to stop" (lambda () (null (lsp--session-workspaces (lsp-session))))))
  (delete-directory dir t))

(pctlint-test-out "emacs-lsp-mode: %d passed, %d failed" pctlint-test-passed pctlint-test-failed)
(kill-emacs (if (zerop pctlint-test-failed) 0 1))

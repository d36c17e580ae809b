;;; test.el --- pctlint in Emacs 28 with eglot, against the real server  -*- lexical-binding: t -*-
;;
;;   PCTLINT_BIN=build/server/pctlint emacs --batch -l tests/editors/emacs/test.el
;;
;; Opens a CRLF file whose URLs stand after non-ASCII text and a tab, checks where Flymake puts
;; the diagnostics, the hover text, a quick-fix through `eglot-code-actions' (the command's own
;; menu, answered by a stand-in for the minibuffer), fix-all as source.fixAll.pctlint, then changes
;; a severity by saving .pctlint.json (eglot watches it: the server registered the watcher) and by
;; `eglot-workspace-configuration' + `eglot-signal-didChangeConfiguration'.
;; Prints "emacs: N passed, N failed"; exits non-zero on a failure.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'cl-lib)

(defvar pctlint-test-bin
  (or (getenv "PCTLINT_BIN")
      (expand-file-name "../../../build/server/pctlint"
                        (file-name-directory (or load-file-name buffer-file-name)))))
(defvar pctlint-test-passed 0)
(defvar pctlint-test-failed 0)

(defun pctlint-test-out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defmacro pctlint-test (name &rest body)
  (declare (indent 1))
  `(condition-case err
       (progn ,@body
              (cl-incf pctlint-test-passed)
              (pctlint-test-out "emacs: ok   %s" ,name))
     (error (cl-incf pctlint-test-failed)
            (pctlint-test-out "emacs: FAIL %s: %s" ,name (error-message-string err)))))

(defun pctlint-test-wait (what pred &optional timeout)
  "Run timers and process output until PRED returns non-nil, or fail after TIMEOUT seconds."
  (let ((end (+ (float-time) (or timeout 10))) result)
    (while (and (not (setq result (funcall pred))) (< (float-time) end))
      ;; What eglot's idle timer does (batch mode is never idle): send the buffer's changes.
      (dolist (buffer (buffer-list))
        (with-current-buffer buffer
          (when (and (bound-and-true-p eglot--managed-mode) eglot--recent-changes)
            (eglot--signal-textDocument/didChange))))
      (accept-process-output nil 0.02)
      ;; File notifications arrive as special events, which batch mode handles only while it
      ;; reads an event (stdin is /dev/null: nothing else arrives).
      (read-event nil nil 0.03))
    (or result (error "Timed out waiting for %s" what))))

(defun pctlint-test-diags ()
  "Flymake's pctlint diagnostics in this buffer: (CODE TYPE BEG END), sorted."
  (sort (cl-loop for d in (flymake-diagnostics)
                 for lsp = (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d)))
                 when (equal (plist-get lsp :source) "pctlint")
                 collect (list (plist-get lsp :code) (flymake-diagnostic-type d)
                               (flymake-diagnostic-beg d) (flymake-diagnostic-end d)))
        (lambda (a b) (< (nth 2 a) (nth 2 b)))))

(defun pctlint-test-find (code)
  (assoc code (pctlint-test-diags)))

(defun pctlint-test-pos (line needle)
  "The buffer position of NEEDLE on LINE (1-based)."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (search-forward needle (line-end-position))
    (- (point) (length needle))))

(defun pctlint-test-line (line)
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(let* ((dir (make-temp-file "pctlint-emacs-" t))
       (file (expand-file-name "app.py" dir))
       (config (expand-file-name ".pctlint.json" dir))
       (inhibit-message t))
  (setq eglot-sync-connect 10
        eglot-autoreconnect nil
        eglot-events-buffer-size 0
        eglot-confirm-server-initiated-edits nil
        flymake-no-changes-timeout 0.1
        python-indent-guess-indent-offset nil
        make-backup-files nil)
  ;; A CRLF file: Emacs shows it without the CRs (and sends the server the text without them).
  (let ((coding-system-for-write 'utf-8-unix))
   (with-temp-file file
    (insert "# Ärger 😀 — pctlint in Emacs\r\n"
            "URL = {\"😀é\":\t'https://x.example/caf%c3%a9/my file.pdf'}\r\n"
            "OTHER = \"https://y.example/?q=%u00E4\"\r\n"
            "DOCS = \"https://z.example/a%2Fb\"\r\n")))
  (with-temp-file config (insert "{ \"rules\": { \"PCT010\": \"info\" } }\n"))
  ;; The project is the directory (no VCS): eglot watches the directories of its files.
  (with-temp-file (expand-file-name ".project" dir) (insert ""))
  (add-to-list 'eglot-server-programs `(python-mode . (,pctlint-test-bin "--stdio")))
  (find-file file)
  (switch-to-buffer (current-buffer))
  (pctlint-test "the file is read as CRLF"
    (unless (eq (coding-system-eol-type buffer-file-coding-system) 1)
      (error "coding system %s" buffer-file-coding-system)))
  ;; What M-x eglot does (eglot-ensure waits for a command loop that batch mode does not run).
  (apply #'eglot (eglot--guess-contact))
  (pctlint-test-wait "eglot to connect" (lambda () (eglot-current-server)) 20)
  (flymake-start)

  (pctlint-test "Flymake diagnostics at the right places after non-ASCII text and a tab, CRLF file"
    (pctlint-test-wait "4 diagnostics" (lambda () (= (length (pctlint-test-diags)) 4)))
    (let ((want (list (list "PCT001" 'eglot-warning (pctlint-test-pos 2 "%c3") (+ (pctlint-test-pos 2 "%c3") 6))
                      (list "PCT003" 'eglot-error (pctlint-test-pos 2 " file") (1+ (pctlint-test-pos 2 " file")))
                      (list "PCT006" 'eglot-error (pctlint-test-pos 3 "%u00E4") (+ (pctlint-test-pos 3 "%u00E4") 6))
                      (list "PCT010" 'eglot-note (pctlint-test-pos 4 "%2F") (+ (pctlint-test-pos 4 "%2F") 3))))
          (got (pctlint-test-diags)))
      (unless (equal got want) (error "got %S, want %S" got want))))

  (pctlint-test "hover (eglot's eldoc function) shows the URL decoded and canonical"
    (goto-char (1+ (pctlint-test-pos 2 "%c3")))
    (let (doc)
      (eglot-hover-eldoc-function (lambda (info &rest _) (setq doc (or info ""))))
      (pctlint-test-wait "the hover" (lambda () doc))
      (unless (and (string-match-p "/café/my file\\.pdf" doc)
                   (string-match-p (regexp-quote "https://x.example/caf%C3%A9/my%20file.pdf") doc))
        (error "hover: %S" doc))))

  (pctlint-test "a quick-fix chosen in M-x eglot-code-actions' menu"
    ;; The command as a person runs it, with point on the URL's opening quote: the region is the
    ;; string literal (the sexp at point), which holds two findings; the menu (completing-read) is
    ;; answered with one fix's title.
    (goto-char (1- (pctlint-test-pos 2 "https:")))
    (let* ((offered nil)
           (completing-read-function
            (lambda (_prompt collection &rest _)
              (setq offered (mapcar #'car collection))
              "Use uppercase hex: %C3%A9"))
           (last-nonmenu-event 13)) ; a key, not a mouse click: the minibuffer, not a popup
      (call-interactively #'eglot-code-actions)
      (pctlint-test-wait "the fixed line"
                         (lambda () (string-match-p "caf%C3%A9/my file" (pctlint-test-line 2))))
      (dolist (title '("Disable PCT001 for this line" "Percent-encode it: %20" "Disable PCT003 for this line"))
        (unless (member title offered) (error "%S not offered: %S" title offered)))))

  (pctlint-test "fix-all (source.fixAll.pctlint) and save"
    (pctlint-test-wait "PCT001 gone" (lambda () (not (pctlint-test-find "PCT001"))))
    (eglot-code-actions (point-min) (point-max) "source.fixAll.pctlint" t)
    (save-buffer)
    (let ((text (with-temp-buffer
                  (set-buffer-multibyte nil)
                  (insert-file-contents-literally file)
                  (buffer-string))))
      (unless (equal text (encode-coding-string (concat "# Ärger 😀 — pctlint in Emacs\r\n"
                                  "URL = {\"😀é\":\t'https://x.example/caf%C3%A9/my%20file.pdf'}\r\n"
                                  "OTHER = \"https://y.example/?q=%C3%A4\"\r\n"
                                  "DOCS = \"https://z.example/a%2Fb\"\r\n") 'utf-8-unix))
        (error "on disk: %S" text))))

  (pctlint-test "saving .pctlint.json changes a severity (workspace/didChangeWatchedFiles)"
    (pctlint-test-wait "only PCT010 left, as a note"
                       (lambda () (equal (mapcar #'car (pctlint-test-diags)) '("PCT010"))))
    (when (zerop (hash-table-count (eglot--file-watches (eglot-current-server))))
      (error "the server registered no file watcher"))
    (let ((app (current-buffer)))
      (with-current-buffer (find-file-noselect config)
        (erase-buffer)
        (insert "{ \"rules\": { \"PCT010\": \"error\" } }\n")
        (save-buffer)
        (kill-buffer))
      (set-buffer app)
      (pctlint-test-wait "PCT010 as an error"
                         (lambda () (eq (nth 1 (pctlint-test-find "PCT010")) 'eglot-error)))))

  (pctlint-test "eglot-workspace-configuration + didChangeConfiguration turns a rule off"
    (setq-default eglot-workspace-configuration '((:pctlint . (:rules (:PCT010 "off")))))
    (eglot-signal-didChangeConfiguration (eglot-current-server))
    (pctlint-test-wait "PCT010 gone" (lambda () (null (pctlint-test-diags)))))

  (ignore-errors (let ((eglot-autoreconnect nil)) (eglot-shutdown (eglot-current-server))))
  (delete-directory dir t))

(pctlint-test-out "emacs: %d passed, %d failed" pctlint-test-passed pctlint-test-failed)
(kill-emacs (if (zerop pctlint-test-failed) 0 1))

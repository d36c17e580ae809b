;;; test.el --- pctlint in Emacs 28 with eglot, against the real server  -*- lexical-binding: t -*-
;;
;;   PCTLINT_BIN=build/server/pctlint emacs --batch -l tests/editors/emacs/test.el </dev/null
;;
;; Sets eglot up with the recipe of editors/emacs/README.md, read from the README's first elisp
;; block of its eglot section and evaluated as it stands (the server it names, "pctlint", is
;; PCTLINT_BIN through a directory put first on `exec-path'); servers start as the recipe starts
;; them, by `eglot-ensure' when a command ends (batch mode runs no command loop: the test runs
;; `post-command-hook' where one would).
;;
;; Then opens a CRLF shell script whose URLs stand after non-ASCII text and a tab, checks where
;; Flymake puts the diagnostics, the hover text, a quick-fix through `eglot-code-actions' (the
;; command's own menu, answered by a stand-in for the minibuffer), fix-all as
;; source.fixAll.pctlint, then changes a severity by saving .pctlint.json (eglot watches it: the
;; server registered the watcher) and by `eglot-workspace-configuration' +
;; `eglot-signal-didChangeConfiguration'. Then opens a .json, a .yaml, a .md, conf files (.ini,
;; .toml, .properties, .conf), a .sh and a .html of one project and checks that all have their
;; diagnostics from ONE server (eglot 1.9 starts a server per mode it was not started for). Last,
;; the README's second block (JSON in a mode of its own on Emacs 28): .json and .yaml still share
;; one server, and .js (js-mode) is left to eglot's JavaScript server.
;; Needs elpa-yaml-mode and elpa-markdown-mode (as .ci/editors installs them).
;; Prints "emacs: N passed, N failed"; exits non-zero on a failure.

(require 'package)
(package-initialize)
(require 'flymake)
(require 'cl-lib)

(defvar pctlint-test-here (file-name-directory (or load-file-name buffer-file-name)))
(defvar pctlint-test-bin
  (if (getenv "PCTLINT_BIN")
      (expand-file-name (getenv "PCTLINT_BIN")) ; relative to the current directory
    (expand-file-name "../../../build/server/pctlint" pctlint-test-here)))
(defvar pctlint-test-readme (expand-file-name "../../../editors/emacs/README.md" pctlint-test-here))
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

(defun pctlint-test-command-ends ()
  "What the command loop does when a command ends: `eglot-ensure' connects from there."
  (run-hooks 'post-command-hook))

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

(defun pctlint-test-servers ()
  "Every live eglot server, of every project."
  (cl-loop for servers being the hash-values of eglot--servers-by-project
           append (cl-remove-if-not #'jsonrpc-running-p servers)))

(defun pctlint-test-processes ()
  "The live pctlint processes of this Emacs."
  (cl-remove-if-not (lambda (p) (and (process-live-p p)
                                     (equal (car (process-command p)) "pctlint")))
                    (process-list)))

(defun pctlint-test-shutdown-all ()
  (dolist (server (pctlint-test-servers))
    (ignore-errors (let ((eglot-autoreconnect nil)) (eglot-shutdown server))))
  (pctlint-test-wait "no pctlint left running" (lambda () (null (pctlint-test-processes)))))

(defun pctlint-test-write (file text)
  (let ((coding-system-for-write 'utf-8-unix))
    (with-temp-file file (insert text))))

;;; The README's recipe

(defun pctlint-test-readme-blocks ()
  "The elisp blocks of the README's eglot section (from \"## eglot\" to the next \"## \"), as
strings, in order: the recipe, then the Emacs 28 JSON mode."
  (with-temp-buffer
    (insert-file-contents pctlint-test-readme)
    (goto-char (point-min))
    (re-search-forward "^## eglot")
    (let ((end (save-excursion (if (re-search-forward "^## " nil t) (match-beginning 0) (point-max))))
          blocks)
      (while (re-search-forward "^```elisp\n" end t)
        (let ((beg (point)))
          (re-search-forward "^```$" end)
          (push (buffer-substring-no-properties beg (match-beginning 0)) blocks)))
      (nreverse blocks))))

(defun pctlint-test-eval-block (text)
  "Evaluate every form of TEXT in order, as loading it from an init file would."
  (let ((pos 0) form)
    (while (setq form (condition-case nil (read-from-string text pos) (end-of-file nil)))
      (setq pos (cdr form))
      (eval (car form) t))))

(defvar pctlint-test-recipe nil "The README's eglot recipe.")
(defvar pctlint-test-json-mode nil "The README's Emacs 28 JSON mode.")

(pctlint-test "the README's eglot section has the recipe and the JSON mode block"
  (let ((blocks (pctlint-test-readme-blocks)))
    (setq pctlint-test-recipe (nth 0 blocks)
          pctlint-test-json-mode (nth 1 blocks))
    (unless (and pctlint-test-recipe
                 (string-match-p "eglot-server-programs" pctlint-test-recipe)
                 (string-match-p "eglot-ensure" pctlint-test-recipe))
      (error "the first elisp block of the eglot section is not the recipe: %S" pctlint-test-recipe))
    (unless (and pctlint-test-json-mode (string-match-p "js-json-mode" pctlint-test-json-mode))
      (error "the second elisp block is not the JSON mode: %S" pctlint-test-json-mode))))

;; The recipe names "pctlint": here that is the server under test.
(defvar pctlint-test-bin-dir (make-temp-file "pctlint-emacs-bin-" t))
(make-symbolic-link pctlint-test-bin (expand-file-name "pctlint" pctlint-test-bin-dir))
(setq exec-path (cons pctlint-test-bin-dir exec-path))
(setenv "PATH" (concat pctlint-test-bin-dir path-separator (getenv "PATH")))

;; As in an init file: the recipe before eglot is loaded (`eglot-ensure' loads it).
(pctlint-test-eval-block pctlint-test-recipe)
(require 'eglot)
(setq eglot-sync-connect 10
      eglot-autoreconnect nil
      eglot-events-buffer-size 0
      eglot-confirm-server-initiated-edits nil
      flymake-no-changes-timeout 0.1
      make-backup-files nil
      inhibit-message t)

;;; One file, every feature

(let* ((dir (make-temp-file "pctlint-emacs-" t))
       (file (expand-file-name "app.sh" dir))
       (config (expand-file-name ".pctlint.json" dir)))
  ;; A CRLF file: Emacs shows it without the CRs (and sends the server the text without them).
  (pctlint-test-write file (concat "# Ärger 😀 — pctlint in Emacs\r\n"
                                   "URL=(\"😀é\"\t'https://x.example/caf%c3%a9/my file.pdf')\r\n"
                                   "OTHER=\"https://y.example/?q=%u00E4\"\r\n"
                                   "DOCS=\"https://z.example/a%2Fb\"\r\n"))
  (pctlint-test-write config "{ \"rules\": { \"PCT010\": \"info\" } }\n")
  (find-file file)
  (switch-to-buffer (current-buffer))
  (pctlint-test "the file is read as CRLF, in sh-mode"
    (unless (eq (coding-system-eol-type buffer-file-coding-system) 1)
      (error "coding system %s" buffer-file-coding-system))
    (unless (eq major-mode 'sh-mode) (error "major mode %s" major-mode)))
  (pctlint-test-command-ends)
  (pctlint-test "the recipe's eglot-ensure starts pctlint"
    (pctlint-test-wait "eglot to connect" (lambda () (eglot-current-server)) 20)
    (unless (equal (process-command (jsonrpc--process (eglot-current-server))) '("pctlint" "--stdio"))
      (error "server %S" (process-command (jsonrpc--process (eglot-current-server))))))
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
                                  "URL=(\"😀é\"\t'https://x.example/caf%C3%A9/my%20file.pdf')\r\n"
                                  "OTHER=\"https://y.example/?q=%C3%A4\"\r\n"
                                  "DOCS=\"https://z.example/a%2Fb\"\r\n") 'utf-8-unix))
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

  (setq-default eglot-workspace-configuration nil)
  (pctlint-test-command-ends) ; a pending eglot-ensure of .pctlint.json's buffer, now killed
  (pctlint-test-shutdown-all)
  (mapc #'kill-buffer (cl-remove-if-not #'buffer-file-name (buffer-list)))
  (delete-directory dir t))

;;; Many kinds of files, one server

(defun pctlint-test-open-all (dir files)
  "Visit FILES ((NAME MODE TEXT) ...) in DIR one after the other, each as a command would (a
server starts when it ends), and wait for each one's PCT001. Returns the buffers."
  (cl-loop
   for (name mode text) in files
   collect
   (let ((buffer (find-file-noselect (expand-file-name name dir))))
     (with-current-buffer buffer
       (pctlint-test-command-ends)
       (unless (eq major-mode mode)
         (error "%s opened in %s, not %s%s" name major-mode mode
                (if (fboundp mode) "" (format " (%s is not installed)" mode))))
       (pctlint-test-wait (format "a server for %s" name) #'eglot-current-server)
       (flymake-start) ; what Flymake defers to the next command or idle time
       (pctlint-test-wait (format "%s's diagnostic (%S)" name text)
                          (lambda () (pctlint-test-find "PCT001"))))
     buffer)))

(defun pctlint-test-one-server (buffers)
  "All BUFFERS are served by one server, the only one of their project, the only pctlint running."
  (let ((servers (cl-remove-duplicates
                  (mapcar (lambda (b) (with-current-buffer b (eglot-current-server))) buffers)))
        (by-project (with-current-buffer (car buffers)
                      (gethash (eglot--current-project) eglot--servers-by-project))))
    (unless (= (length servers) 1)
      (error "%d servers: %S" (length servers)
             (mapcar (lambda (s) (eglot--major-modes s)) servers)))
    (unless (equal by-project servers)
      (error "%d servers in the project" (length by-project)))
    (unless (= (length (pctlint-test-processes)) 1)
      (error "%d pctlint processes" (length (pctlint-test-processes))))))

(let* ((dir (make-temp-file "pctlint-emacs-modes-" t))
       (url "https://x.example/caf%c3%a9")
       (files `(("data.json" ,(if (fboundp 'js-json-mode) 'js-json-mode 'js-mode)
                 ,(format "{ \"docs\": \"%s\" }\n" url))
                ("docs.yaml" yaml-mode ,(format "docs: %s\n" url))
                ("README.md" markdown-mode ,(format "# Notes\n\nSee [the docs](%s).\n" url))
                ("settings.ini" conf-unix-mode ,(format "[links]\ndocs = %s\n" url))
                ("pyproject.toml" conf-toml-mode ,(format "[tool.x]\ndocs = \"%s\"\n" url))
                ("app.properties" conf-javaprop-mode ,(format "docs=%s\n" url))
                ;; conf-mode guesses a .conf's syntax: the ':' of URLs counts for conf-colon-mode.
                ("mirrors.conf" conf-colon-mode ,(format "mirror %s\nmirror %s\n" url url))
                ("server.conf" conf-space-mode ,(format "docs %s\nretries 3\ntimeout 10\n" url))
                ("fetch.sh" sh-mode ,(format "#!/bin/sh\ncurl \"%s\"\n" url))
                ("page.html" mhtml-mode ,(format "<!doctype html>\n<a href=\"%s\">docs</a>\n" url)))))
  (dolist (f files) (pctlint-test-write (expand-file-name (car f) dir) (nth 2 f)))
  (pctlint-test "one server for .json, .yaml, .md, .ini, .toml, .properties, two .conf, .sh and .html of a project"
    (pctlint-test-one-server (pctlint-test-open-all dir files)))
  (pctlint-test-shutdown-all)
  (mapc #'kill-buffer (cl-remove-if-not #'buffer-file-name (buffer-list)))
  (delete-directory dir t))

;;; The README's JSON mode for Emacs 28, before the recipe (as in a fresh init file)

(let* ((dir (make-temp-file "pctlint-emacs-json-" t))
       (url "https://x.example/caf%c3%a9")
       (files `(("data.json" js-json-mode ,(format "{ \"docs\": \"%s\" }\n" url))
                ("docs.yaml" yaml-mode ,(format "docs: %s\n" url)))))
  (dolist (f files) (pctlint-test-write (expand-file-name (car f) dir) (nth 2 f)))
  (pctlint-test-write (expand-file-name "app.js" dir) (format "const docs = \"%s\";\n" url))
  ;; Undo the recipe, then an init file with both blocks.
  (remove-hook 'after-change-major-mode-hook 'my-pctlint-eglot-ensure)
  (setq eglot-server-programs (cl-remove '("pctlint" "--stdio") eglot-server-programs
                                         :key #'cdr :test #'equal))
  (makunbound 'my-pctlint-modes)
  (pctlint-test-eval-block pctlint-test-json-mode)
  (pctlint-test-eval-block pctlint-test-recipe)
  (pctlint-test "with the JSON mode: .json and .yaml share one server, .js keeps the JavaScript server"
    (let ((buffers (pctlint-test-open-all dir files)))
      (pctlint-test-one-server buffers)
      (with-current-buffer (find-file-noselect (expand-file-name "app.js" dir))
        (pctlint-test-command-ends)
        (unless (eq major-mode 'js-mode) (error ".js in %s" major-mode))
        (when (eglot-current-server) (error "pctlint serves .js"))
        (unless (equal (nth 2 (eglot--lookup-mode 'js-mode)) '("typescript-language-server" "--stdio"))
          (error "eglot's server for js-mode: %S" (nth 2 (eglot--lookup-mode 'js-mode)))))))
  (pctlint-test-shutdown-all)
  (mapc #'kill-buffer (cl-remove-if-not #'buffer-file-name (buffer-list)))
  (delete-directory dir t))

(delete-directory pctlint-test-bin-dir t)
(pctlint-test-out "emacs: %d passed, %d failed" pctlint-test-passed pctlint-test-failed)
(kill-emacs (if (zerop pctlint-test-failed) 0 1))

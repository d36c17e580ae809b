# Ärger 😀 — pctlint in VS Code
URL = {"😀é": 'https://x.example/caf%c3%a9/my file.pdf'}
OTHER = "https://y.example/?q=%u00E4"
DOCS = "https://z.example/a%2Fb"

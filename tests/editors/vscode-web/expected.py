# Ärger 😀 — pctlint in VS Code
URL = {"😀é": 'https://x.example/caf%C3%A9/my%20file.pdf'}
OTHER = "https://y.example/?q=%C3%A4"
DOCS = "https://z.example/a%2Fb"

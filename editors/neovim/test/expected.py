# Ärger 😀 — a fixture for the Neovim test
URL = 'https://x.example/caf%C3%A9/my%20file.pdf'  # é中
OTHER = "https://y.example/?q=%C3%A4"
DOCS = "https://z.example/a%2Fb"
NAME = ("Ärger 😀", "https://w.example/~user")

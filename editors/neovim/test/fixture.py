# Ärger 😀 — a fixture for the Neovim test
URL = 'https://x.example/caf%c3%a9/my file.pdf'  # é中
OTHER = "https://y.example/?q=%u00E4"
DOCS = "https://z.example/a%2Fb"
NAME = ("Ärger 😀", "https://w.example/%7euser")
